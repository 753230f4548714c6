import type { IrpefSintesi2024 } from '../../data-sources/mef-irpef-2024-sintesi.ts';
import {
  reviveIrpefRow,
  type IrpefComune,
  type IrpefYear,
  type Pair,
  type Scaglione,
} from '../../data-sources/mef-irpef-comunale.ts';
import { provenance, type SourceMeta } from '../../data-sources/lib/source.ts';
import type { RedditiAnno } from '../../api/schemas/redditi.ts';
import { estimateMedianFromBrackets } from '../derive/estimate-median.ts';
import { aggregateYear, type AggregateRow, type IncomeAggregates } from '../derive/income-aggregates.ts';
import { meanIncomeBounds } from '../derive/income-bounds.ts';
import type { TerritoryLookup } from './rekey-sources.ts';
import { IncomeYear, type IncomeHeadline, type IncomeRecipe, type YearSource } from './income-year.ts';
import { ratio } from '../../api/numbers.ts';
import { foldText } from '../../lib/text.ts';

export interface IncomeReport {
  anno_predefinito: number;
  anni: {
    anno: number;
    fonte: string;
    comuni_con_valore: number;
    codici_non_attuali: { codice: string; nome: string }[];
    righe_non_comunali: number;
  }[];
}

const coppia = (p: Pair | null | undefined) => ({
  frequenza: p?.frequenza ?? null,
  ammontare_euro: p?.ammontare ?? null,
});

/** Each income type's pair, in the source's order; a plain loop, since it runs for every comune and year (~200,000). */
function perTipo(types: IrpefComune['per_tipo']): Record<string, ReturnType<typeof coppia> | null> {
  const out: Record<string, ReturnType<typeof coppia> | null> = {};
  for (const k of Object.keys(types) as (keyof typeof types)[]) {
    const v = types[k];
    out[k] = v ? coppia(v) : null;
  }
  return out;
}

/** Total of the 8 brackets, when none is suppressed (the total MEF publishes only from 2023). */
function totalFromBrackets(scaglioni: Scaglione[]): Pair | null {
  if (scaglioni.some((s) => s.frequenza === null || s.ammontare === null)) return null;
  return {
    frequenza: scaglioni.reduce((t, s) => t + s.frequenza!, 0),
    ammontare: scaglioni.reduce((t, s) => t + s.ammontare!, 0),
  };
}

/** MEF's brackets with the API's field names. */
const apiBrackets = (scaglioni: Scaglione[]): NonNullable<RedditiAnno['scaglioni']> =>
  scaglioni.map((s) => ({ da_euro: s.da, a_euro: s.a, frequenza: s.frequenza, ammontare_euro: s.ammontare }));

/** Repeated in every year of every comune: the full text is in /api/metodologia#redditi. */
export const MEDIAN_METHOD_SHORT =
  'Stima: interpolazione lineare nello scaglione che contiene la mediana (/api/metodologia#redditi).';

const NO_TOTAL =
  'Totale MEF non pubblicato prima del 2023 e non derivabile: almeno uno scaglione è oscurato per riservatezza.';
const COMPARABLE = 'Per confronti fra anni e comuni: reddito_imponibile_medio_euro, noto ogni anno.';

/**
 * Mean taxable income: MEF never suppresses the imponibile pair of a comune, so it exists every
 * year. Where it is null, the reason goes into `missing` (a headline keeps no reasons).
 */
function taxableMean(p: Pair, missing?: Record<string, string>): number | null {
  const mean = ratio(p.ammontare, p.frequenza, 0);
  if (mean === null && missing)
    missing.reddito_imponibile_medio_euro =
      p.frequenza === 0
        ? 'Nessun contribuente con reddito imponibile.'
        : 'Reddito imponibile oscurato per riservatezza.';
  return mean;
}

/** The figures of a MEF row that its headline and its full year share. */
function mefFigures(c: IrpefComune) {
  // Read once: a parsed row makes its pairs and brackets each time they are read.
  const scaglioni = c.scaglioni;
  const published = c.reddito_complessivo;
  const total = published ?? totalFromBrackets(scaglioni);
  const mean = ratio(total?.ammontare, total?.frequenza, 0);
  const median = estimateMedianFromBrackets(scaglioni, published?.frequenza ?? undefined);
  return { scaglioni, published, total, mean, median };
}

/** A MEF row's headline (income-year.ts): what redditiAnno gives for it, without pairs, brackets, types and reasons. */
function mefHeadline(meta: SourceMeta, anno: number, c: IrpefComune): IncomeHeadline {
  const { mean, median } = mefFigures(c);
  return {
    anno,
    contribuenti: c.contribuenti,
    reddito_medio_euro: mean,
    reddito_imponibile_medio_euro: taxableMean(c.reddito_imponibile),
    reddito_mediano_stimato_euro: median?.valore ?? null,
    fonte: provenance(meta, anno),
  };
}

const SUPPRESSED = 'Valore oscurato dal MEF per riservatezza.';

/** A pair of the year with a blank (suppressed) count or amount gets its reason, unless it has one already. */
function explainSuppressedPairs(
  c: Record<'reddito_imponibile' | 'imposta_netta' | 'addizionale_regionale' | 'addizionale_comunale', Pair>,
  missing: Record<string, string>,
): void {
  for (const key of ['reddito_imponibile', 'imposta_netta', 'addizionale_regionale', 'addizionale_comunale'] as const)
    if (c[key].frequenza === null || c[key].ammontare === null) missing[key] ??= SUPPRESSED;
}

export function redditiAnno(meta: SourceMeta, anno: number, c: IrpefYear['comuni'][number]): RedditiAnno {
  const missing: Record<string, string> = {};
  const { scaglioni, published, total, mean, median } = mefFigures(c);
  if (!total) missing.reddito_complessivo = NO_TOTAL;
  let limits: RedditiAnno['reddito_medio_limiti_euro'] = null;
  if (mean === null && total) missing.reddito_medio_euro = 'Nessun contribuente con reddito complessivo.';
  if (mean === null && !total) {
    const bounds = meanIncomeBounds(scaglioni, c.contribuenti, published?.frequenza ?? null);
    if ('motivo' in bounds) {
      missing.reddito_medio_euro = `${NO_TOTAL} ${COMPARABLE}`;
      missing.reddito_medio_limiti_euro = bounds.motivo;
    } else {
      limits = bounds;
      missing.reddito_medio_euro = `${NO_TOTAL} Cade fra i limiti in reddito_medio_limiti_euro. ${COMPARABLE}`;
    }
  }
  if (!median) {
    missing.reddito_mediano_stimato_euro = scaglioni.some((s) => s.frequenza === null)
      ? 'Non stimabile: scaglioni oscurati rendono incerta la posizione della mediana.'
      : 'Non stimabile: la mediana cade in uno scaglione aperto o non ci sono contribuenti.';
  }
  if (c.contribuenti === null) missing.contribuenti = SUPPRESSED;
  explainSuppressedPairs(c, missing);
  if (scaglioni.some((s) => s.frequenza === null || s.ammontare === null))
    missing.scaglioni =
      'Celle degli scaglioni oscurate dal MEF per riservatezza (null in `frequenza` e `ammontare_euro`).';
  return {
    anno,
    contribuenti: c.contribuenti,
    reddito_complessivo: { ...coppia(total), derivato_da_scaglioni: !published },
    reddito_medio_euro: mean,
    reddito_medio_limiti_euro: limits,
    reddito_imponibile_medio_euro: taxableMean(c.reddito_imponibile, missing),
    reddito_mediano_stimato_euro: median?.valore ?? null,
    mediana: median ? { stimata: true, metodo: MEDIAN_METHOD_SHORT, scaglione: median.scaglione } : null,
    reddito_imponibile: coppia(c.reddito_imponibile),
    imposta_netta: coppia(c.imposta_netta),
    addizionale_regionale: coppia(c.addizionale_regionale),
    addizionale_comunale: coppia(c.addizionale_comunale),
    per_tipo: perTipo(c.per_tipo),
    scaglioni: apiBrackets(scaglioni),
    fonte: provenance(meta, anno),
    valori_mancanti: missing,
  };
}

function redditiSintesi(meta: SourceMeta, anno: number, c: IrpefSintesi2024['comuni'][number]): RedditiAnno {
  const noBrackets = `Per l'anno d'imposta ${anno} è disponibile solo la sintesi (senza scaglioni né redditi per tipo): il file MEF completo non è ancora tra le fonti.`;
  const missing: Record<string, string> = {
    scaglioni: noBrackets,
    per_tipo: noBrackets,
    reddito_mediano_stimato_euro: `Mediana non stimabile: ${noBrackets}`,
  };
  const mean = ratio(c.reddito_complessivo.ammontare, c.reddito_complessivo.frequenza, 0);
  if (mean === null) missing.reddito_medio_euro = 'Reddito complessivo oscurato per riservatezza.';
  if (c.contribuenti === null) missing.contribuenti = SUPPRESSED;
  explainSuppressedPairs(c, missing);
  return {
    anno,
    contribuenti: c.contribuenti,
    reddito_complessivo: { ...coppia(c.reddito_complessivo), derivato_da_scaglioni: false },
    reddito_medio_euro: mean,
    reddito_medio_limiti_euro: null,
    reddito_imponibile_medio_euro: taxableMean(c.reddito_imponibile, missing),
    reddito_mediano_stimato_euro: null,
    mediana: null,
    reddito_imponibile: coppia(c.reddito_imponibile),
    imposta_netta: coppia(c.imposta_netta),
    addizionale_regionale: coppia(c.addizionale_regionale),
    addizionale_comunale: coppia(c.addizionale_comunale),
    per_tipo: null,
    scaglioni: null,
    fonte: provenance(meta, anno),
    valori_mancanti: missing,
  };
}

/**
 * Where MEF rows meet today's comuni: the only place that matches codes. MEF files use the
 * codes in force in each year; a row attaches to the current comune with the same code,
 * and rows of codes suppressed or re-coded since are returned apart (reported, and still
 * counted in the national and regional aggregates, which cover every row of the year).
 */
function attachToCurrent<T extends { codice_istat: string }>(
  rows: readonly T[],
  current: ReadonlySet<string>,
): { attached: Map<string, T>; notCurrent: T[] } {
  const attached = new Map<string, T>();
  const notCurrent: T[] = [];
  for (const row of rows) {
    if (current.has(row.codice_istat)) attached.set(row.codice_istat, row);
    else notCurrent.push(row);
  }
  return { attached, notCurrent };
}

/** Letters only, no accents, lower case: "Valle d'Aosta/Vallée d'Aoste" and "VALLE D'AOSTA" meet at "valledaosta". */
const regionKey = (name: string) => foldText(name.split('/')[0]!).replace(/ /g, '');

/** The autonomous provinces, which some MEF years write instead of their region (2008–2011: "PROV. AUTONOMA BOLZANO"). */
const PROVINCE_AUTONOME = /^provautonoma(bolzano|trento)$/;

/**
 * Region of a MEF row from the region name the file writes (rows of past codes have no
 * current comune to take it from). Spellings drift ("EMILIAROMAGNA", "Trentino Alto
 * Adige(P.A.Bolzano)"): a name matches the region whose key it starts with. An unknown
 * name stops the build, naming it.
 */
function regionResolver(regioni: readonly { codice: string; nome: string }[]) {
  const keys = regioni.map((r) => ({ key: regionKey(r.nome), codice: r.codice }));
  const trentino = keys.find((k) => k.key === 'trentinoaltoadige');
  // A few dozen spellings over ~200,000 rows: each is folded once.
  const known = new Map<string, string>();
  return (name: string, context: string): string => {
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    const key = regionKey(name);
    const found = PROVINCE_AUTONOME.test(key) ? trentino : keys.find((k) => key.startsWith(k.key));
    if (found === undefined)
      throw new Error(
        `${context}: regione "${name}" sconosciuta (nomi attesi: ${regioni.map((r) => r.nome).join(', ')})`,
      );
    known.set(name, found.codice);
    return found.codice;
  };
}

const sources = new WeakMap<IncomeRecipe, YearSource<never>>();

/**
 * The source of a MEF year or of the summary year, one per recipe: made by the join, and made again from a
 * year's parts in the records' thread (generator/write/records-worker.ts).
 */
export function incomeSource<Row>(recipe: IncomeRecipe): YearSource<Row> {
  let source = sources.get(recipe) as YearSource<Row> | undefined;
  if (source) return source;
  const { meta, anno } = recipe;
  if (recipe.kind === 'mef') {
    const mef: YearSource<IrpefComune> = {
      recipe,
      revive: reviveIrpefRow,
      headline: (c) => mefHeadline(meta, anno, c),
      brackets: (c) => apiBrackets(c.scaglioni),
      publishedTaxpayers: (c) => c.reddito_complessivo?.frequenza ?? null,
      build: (c) => redditiAnno(meta, anno, c),
    };
    source = mef as YearSource<Row>;
  } else {
    // ~7,900 rows without brackets or types: the headline is read off the whole year.
    const build = (c: IrpefSintesi2024['comuni'][number]) => redditiSintesi(meta, anno, c);
    const summary: YearSource<IrpefSintesi2024['comuni'][number]> = {
      recipe,
      // Plain objects: the clone is the row.
      revive: (c) => c,
      headline: build,
      brackets: () => null,
      publishedTaxpayers: (c) => c.reddito_complessivo.frequenza,
      build,
    };
    source = summary as YearSource<Row>;
  }
  sources.set(recipe, source as YearSource<never>);
  return source;
}

export interface IncomeComune {
  codice_istat: string;
  regione: { codice: string };
}

/**
 * Builds every comune's income series, one entry per tax year, and the national and
 * regional aggregates of every year. The default year is the newest complete one (with
 * brackets); a newer summary-only year is served through `anno` and the series.
 */
export function joinIncome(
  comuni: readonly IncomeComune[],
  regioni: readonly { codice: string; nome: string }[],
  years: IrpefYear[],
  meta: SourceMeta,
  sintesi: IrpefSintesi2024 | null,
  sintesiMeta: SourceMeta,
  /** The crosswalk's re-keying of a year's rows onto today's comuni (generator/join/rekey-sources.ts); exact codes when absent. */
  rekeyed?: {
    attach: (y: IrpefYear) => { attached: Map<string, IrpefYear['comuni'][number]>; notCurrent: IrpefYear['comuni'] };
    territorio: TerritoryLookup;
  },
) {
  const current = new Set(comuni.map((c) => c.codice_istat));
  const regionOfCode = new Map(comuni.map((c) => [c.codice_istat, c.regione.codice]));
  const regionOfName = regionResolver(regioni);
  const series = new Map<string, IncomeYear[]>(comuni.map((c) => [c.codice_istat, []]));
  const aggregates: IncomeAggregates = { nazionale: new Map(), regioni: new Map() };
  const report: IncomeReport = { anno_predefinito: Math.max(...years.map((y) => y.anno)), anni: [] };
  const sorted = [...years].sort((a, b) => a.anno - b.anno);
  for (const y of sorted) {
    const { attached, notCurrent } = rekeyed ? rekeyed.attach(y) : attachToCurrent(y.comuni, current);
    const source = incomeSource<IrpefComune>({ kind: 'mef', meta, anno: y.anno });
    for (const [code, c] of attached)
      series.get(code)!.push(new IncomeYear(c, source, rekeyed?.territorio(y.anno, code)));
    const rows: AggregateRow[] = y.comuni.map((c) => ({
      regione: regionOfName(c.regione, `MEF IRPEF ${y.anno}, ${c.codice_istat} ${c.nome}`),
      contribuenti: c.contribuenti,
      reddito_imponibile: c.reddito_imponibile,
      reddito_complessivo: c.reddito_complessivo ?? totalFromBrackets(c.scaglioni),
    }));
    aggregateYear(y.anno, meta.id, rows, aggregates);
    report.anni.push(yearReport(y.anno, meta.id, attached.size, notCurrent, y.scartati.length));
  }
  if (sintesi && !years.some((y) => y.anno === sintesi.anno)) {
    const { attached, notCurrent } = attachToCurrent(sintesi.comuni, current);
    const source = incomeSource<IrpefSintesi2024['comuni'][number]>({
      kind: 'sintesi',
      meta: sintesiMeta,
      anno: sintesi.anno,
    });
    for (const [code, c] of attached) series.get(code)!.push(new IncomeYear(c, source));
    // The summary uses today's codes; a row of another code would have no region to go to.
    const rows: AggregateRow[] = [...attached].map(([code, c]) => ({
      regione: regionOfCode.get(code)!,
      contribuenti: c.contribuenti,
      reddito_imponibile: c.reddito_imponibile,
      reddito_complessivo: c.reddito_complessivo,
    }));
    aggregateYear(sintesi.anno, sintesiMeta.id, rows, aggregates);
    report.anni.push(yearReport(sintesi.anno, sintesiMeta.id, attached.size, notCurrent, sintesi.scartati.length));
  }
  const allYears = report.anni.map((a) => a.anno);
  return { series, years: allYears, defaultYear: report.anno_predefinito, report, aggregates };
}

function yearReport(
  anno: number,
  fonte: string,
  attached: number,
  notCurrent: { codice_istat: string; nome: string }[],
  scartati: number,
) {
  return {
    anno,
    fonte,
    comuni_con_valore: attached,
    codici_non_attuali: notCurrent.map((c) => ({ codice: c.codice_istat, nome: c.nome })),
    righe_non_comunali: scartati,
  };
}
