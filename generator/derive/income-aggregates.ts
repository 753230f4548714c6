import type { Pair } from '../../data-sources/mef-irpef-comunale.ts';
import type { CoperturaRedditi, MediaRedditi, RedditiAggregati, SerieRedditi } from '../../api/schemas/nazionale.ts';
import { ratio, round } from '../../api/numbers.ts';

/** One MEF comune row of a tax year, reduced to what the aggregates need. */
export interface AggregateRow {
  /** Code of the (current) region the row's comune lies in. */
  regione: string;
  contribuenti: number | null;
  reddito_imponibile: Pair;
  /** Reddito complessivo where its total is known (published, or all brackets published); null otherwise. */
  reddito_complessivo: Pair | null;
}

export interface IncomeAggregates {
  /** Tax year → Italy. */
  nazionale: Map<number, RedditiAggregati>;
  /** Tax year → region code → region. */
  regioni: Map<number, Map<string, RedditiAggregati>>;
}

const known = (p: Pair | null): p is { frequenza: number; ammontare: number } =>
  p !== null && p.frequenza !== null && p.ammontare !== null;

function mean(
  rows: AggregateRow[],
  pick: (r: AggregateRow) => Pair | null,
  totals: { comuni: number; contribuenti: number },
  motivo: string,
): MediaRedditi {
  let amount = 0;
  let count = 0;
  let comuni = 0;
  let contribuenti = 0;
  for (const r of rows) {
    const p = pick(r);
    if (!known(p)) continue;
    amount += p.ammontare;
    count += p.frequenza;
    comuni++;
    contribuenti += r.contribuenti ?? 0;
  }
  const copertura: CoperturaRedditi = {
    comuni_inclusi: comuni,
    quota_comuni: ratio(comuni, totals.comuni, 4) ?? 0,
    contribuenti_inclusi: contribuenti,
    quota_contribuenti: ratio(contribuenti, totals.contribuenti, 4) ?? 0,
  };
  const valore = ratio(amount, count, 0);
  return {
    valore,
    frequenza: count,
    ammontare_euro: amount,
    copertura,
    motivo_mancante: valore === null ? motivo : null,
  };
}

/** Totals over a set of comune rows: every figure says which share of the rows it covers. */
export function aggregate(anno: number, fonte: string, rows: AggregateRow[]): RedditiAggregati {
  const totals = { comuni: rows.length, contribuenti: rows.reduce((t, r) => t + (r.contribuenti ?? 0), 0) };
  return {
    anno,
    fonte,
    comuni: totals.comuni,
    contribuenti: totals.contribuenti,
    reddito_imponibile_medio_euro: mean(
      rows,
      (r) => r.reddito_imponibile,
      totals,
      'Reddito imponibile non pubblicato per nessun comune.',
    ),
    reddito_complessivo_medio_euro: mean(
      rows,
      (r) => r.reddito_complessivo,
      totals,
      'Nessun comune con il totale del reddito complessivo noto (non pubblicato, e almeno uno scaglione oscurato in ogni comune).',
    ),
  };
}

/** Italy and each region for one tax year. */
export function aggregateYear(anno: number, fonte: string, rows: AggregateRow[], into: IncomeAggregates): void {
  into.nazionale.set(anno, aggregate(anno, fonte, rows));
  const byRegion = new Map<string, AggregateRow[]>();
  for (const r of rows) {
    const list = byRegion.get(r.regione);
    if (list) list.push(r);
    else byRegion.set(r.regione, [r]);
  }
  into.regioni.set(
    anno,
    new Map(
      [...byRegion].sort(([a], [b]) => a.localeCompare(b)).map(([code, rs]) => [code, aggregate(anno, fonte, rs)]),
    ),
  );
}

/** Coverage moving by more than this (share of taxpayers) between years makes a series non-comparable. */
export const COVERAGE_TOLERANCE = 0.01;

type SeriesKey = 'reddito_imponibile_medio_euro' | 'reddito_complessivo_medio_euro';

const DESCRIPTIONS: Record<SeriesKey, string> = {
  reddito_imponibile_medio_euro:
    'Reddito imponibile medio per contribuente con imponibile (totale su totale): pubblicato senza oscuramenti in ogni comune e anno.',
  reddito_complessivo_medio_euro:
    'Reddito complessivo medio per contribuente (totale su totale) sui comuni in cui il totale è noto: pubblicato dal 2023; prima solo dove nessuno scaglione è oscurato.',
};

/** A national series with its coverage per year, saying when coverage moves enough to make year-to-year changes unreliable. */
export function nationalSeries(aggregates: IncomeAggregates, key: SeriesKey, predefinita: boolean): SerieRedditi {
  const points = [...aggregates.nazionale.values()]
    .sort((a, b) => a.anno - b.anno)
    .map((a) => ({
      anno: a.anno,
      valore: a[key].valore,
      quota_contribuenti: a[key].copertura.quota_contribuenti,
      quota_comuni: a[key].copertura.quota_comuni,
    }));
  const shares = points.filter((p) => p.valore !== null).map((p) => p.quota_contribuenti);
  const min = shares.length ? Math.min(...shares) : null;
  const max = shares.length ? Math.max(...shares) : null;
  const steady = min === null || max! - min <= COVERAGE_TOLERANCE;
  const avvisi = definitionBreaks(aggregates, key);
  if (!steady) {
    avvisi.unshift(
      `La copertura varia fra gli anni dal ${round(min! * 100, 1)}% al ${round(max! * 100, 1)}% dei contribuenti: le variazioni da un anno all'altro possono dipendere dai comuni inclusi, non dai redditi.`,
    );
  }
  return {
    indicatore: key,
    descrizione: DESCRIPTIONS[key],
    predefinita,
    copertura_costante: steady,
    quota_contribuenti_min: min,
    quota_contribuenti_max: max,
    avvisi,
    punti: points,
  };
}

/**
 * Years in which the share of taxpayers having the measure departs from its usual level:
 * the measure then counts a different population (e.g. reddito imponibile in 2003–2006,
 * when the "no tax area" deductions were subtracted from the taxable base and about a
 * quarter of taxpayers had none). Found from the data, so a new year is checked too.
 */
export function definitionBreakYears(
  aggregates: IncomeAggregates,
  key: SeriesKey,
): { mediana: number; anni: { anno: number; quota: number }[] } {
  const shares = [...aggregates.nazionale.values()]
    .filter((a) => a[key].valore !== null && a[key].copertura.contribuenti_inclusi > 0)
    .map((a) => ({ anno: a.anno, quota: a[key].frequenza / a[key].copertura.contribuenti_inclusi }))
    .sort((a, b) => a.anno - b.anno);
  if (shares.length < 3) return { mediana: Number.NaN, anni: [] };
  const sorted = shares.map((s) => s.quota).sort((a, b) => a - b);
  const mediana = sorted[Math.floor(sorted.length / 2)]!;
  return { mediana, anni: shares.filter((s) => Math.abs(s.quota - mediana) > DEFINITION_TOLERANCE) };
}

function definitionBreaks(aggregates: IncomeAggregates, key: SeriesKey): string[] {
  const { mediana, anni } = definitionBreakYears(aggregates, key);
  if (anni.length === 0) return [];
  const list = anni.map((s) => `${s.anno} (${round(s.quota * 100, 1)}%)`).join(', ');
  return [
    `Quota di contribuenti con il valore lontana dal livello abituale (${round(mediana * 100, 1)}%) in: ${list}. In quegli anni la media è calcolata su una popolazione diversa (cambio di definizione fiscale): il confronto con gli altri anni va fatto con cautela.`,
  ];
}

/** A share of taxpayers with the measure this far (10 points) from the median marks a change of definition. */
const DEFINITION_TOLERANCE = 0.1;
