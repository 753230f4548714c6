import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import type {
  BilancioComune,
  BilancioDemografico as BilancioFile,
} from '../../data-sources/istat-bilancio-demografico.ts';
import type { PosasLoad } from '../../data-sources/istat-posas.ts';
import { provenance, type SourceMeta } from '../../data-sources/lib/source.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import type { BilancioDemografico, Demografia, DemografiaAnno } from '../../api/schemas/demografia.ts';
import { ratio, round } from '../../api/numbers.ts';
import { territoryOf, type TerritoryLookup } from './rekey-sources.ts';

export interface PopulationSource {
  meta: SourceMeta;
  points: PopulationPoint[];
  /** Where the split by sex comes from, when another file than `meta` (checked against its totals: generator/join/sex-split.ts). */
  sexMeta?: SourceMeta;
}

export interface DemographicSources {
  /** ISTAT population totals of the years before the balance (per year, the first source listed that has it). */
  istatTotals: PopulationSource[];
  /** ISTAT demographic balance: population by sex at 1 January and 31 December, movements of the year. */
  bilancio: { meta: SourceMeta; data: BilancioFile };
  /** ANPR register counts: served beside the official series, never in it. */
  register: PopulationSource;
  /** POSAS (population by age at 1 January): only checked against the balance's 1 January figures. */
  posas: PosasLoad | null;
  /** Where a yearly figure came from when the source keyed it otherwise than today (points already re-keyed by the crosswalk). */
  territorio?: TerritoryLookup;
}

type Serie = 'ufficiale' | 'anagrafe';

export interface DemographicsReport {
  /** Per series and year: the one source used and the codes it has that are not current comuni (never attached to another comune). */
  anni: {
    serie: Serie;
    anno: number;
    fonte: string;
    data_riferimento: string;
    comuni_con_valore: number;
    codici_non_attuali: { codice: string; nome: string }[];
  }[];
  anno_predefinito: number;
  /** Other ISTAT files holding the same figures: comuni compared and those that disagree. */
  controlli_incrociati: {
    fonte: string;
    anno: number;
    confrontati: number;
    discordanti: { codice: string; serie: number; fonte: number }[];
  }[];
}

interface OfficialValue {
  totale: number;
  maschi: number | null;
  femmine: number | null;
  provvisorio: boolean;
}

/** One dated set of per-comune values from one source, before its codes meet today's comuni. */
interface Snapshot<T> {
  anno: number;
  data_riferimento: string;
  meta: SourceMeta;
  /** Source of the split by sex, when not `meta`. */
  sexMeta?: SourceMeta;
  /** The file's own Italy row, where it has one. */
  totale_italia?: number;
  valori: Map<string, T>;
  nomi: Map<string, string>;
}

/**
 * THE one place where a source's codes meet today's comuni. Today a figure is attached only
 * under a current comune's own code; codes of merged, suppressed or re-coded comuni are
 * reported and attached to nothing. The territorial crosswalk's re-keying step (old code →
 * current comune, merged predecessors summed) replaces this function, for every source at once.
 */
function attachToCurrentComuni<T>(snapshot: Snapshot<T>, current: ReadonlySet<string>) {
  const attached = new Map<string, T>();
  const nonAttuali: { codice: string; nome: string }[] = [];
  for (const [codice, value] of snapshot.valori) {
    if (current.has(codice)) attached.set(codice, value);
    else nonAttuali.push({ codice, nome: snapshot.nomi.get(codice) ?? '' });
  }
  nonAttuali.sort((a, b) => a.codice.localeCompare(b.codice));
  return { ...snapshot, valori: attached, nonAttuali };
}
type Attached<T> = ReturnType<typeof attachToCurrentComuni<T>>;

/** The balance's two population dates as official snapshots: 1 January (definitive) and 31 December = 1 January of the next year. */
function balanceSnapshots(meta: SourceMeta, data: BilancioFile): Snapshot<OfficialValue>[] {
  const at = (pick: 'popolazione_inizio' | 'popolazione_fine', provisional: (c: BilancioComune) => boolean) =>
    new Map([...data.comuni].map(([code, c]) => [code, { ...c.misure[pick], provvisorio: provisional(c) }]));
  const nomi = new Map([...data.comuni].map(([code, c]) => [code, c.nome]));
  return [
    // ISTAT: "Il dato della popolazione censita al 1° gennaio è definitivo."
    {
      anno: data.anno,
      data_riferimento: `${data.anno}-01-01`,
      meta,
      valori: at('popolazione_inizio', () => false),
      nomi,
    },
    {
      anno: data.anno + 1,
      data_riferimento: `${data.anno}-12-31`,
      meta,
      valori: at('popolazione_fine', (c) => c.provvisorio),
      nomi,
    },
  ];
}

function totalsSnapshot(source: PopulationSource, point: PopulationPoint): Snapshot<OfficialValue> {
  const valori = new Map(
    [...point.valori].map(([code, totale]) => [
      code,
      {
        totale,
        maschi: point.sesso?.maschi.get(code) ?? null,
        femmine: point.sesso?.femmine.get(code) ?? null,
        provvisorio: false,
      },
    ]),
  );
  return {
    anno: point.anno,
    data_riferimento: point.data_riferimento,
    meta: source.meta,
    ...(point.sesso && { sexMeta: source.sexMeta ?? source.meta }),
    ...(point.totale_italia !== undefined && { totale_italia: point.totale_italia }),
    valori,
    nomi: point.nomi,
  };
}

export const RATES_METHOD =
  "Conteggio dell'anno / popolazione media × 1.000, con popolazione media = (popolazione al 1° gennaio + popolazione al 31 dicembre) / 2 (definizione ISTAT), arrotondato a 2 decimali. " +
  'Saldo migratorio = saldo interno + saldo con l\'estero; iscritti e cancellati "per altri motivi" (in validazione) esclusi.';

function balanceBlock(c: BilancioComune, anno: number): BilancioDemografico {
  const { popolazione_inizio: _start, popolazione_fine: _end, ...movements } = c.misure;
  return { periodo: `${anno}-01-01/${anno}-12-31`, provvisorio: c.provvisorio, ...movements };
}

function rates(c: BilancioComune): DemografiaAnno['tassi_per_1000'] {
  const m = c.misure;
  const mean = (m.popolazione_inizio.totale + m.popolazione_fine.totale) / 2;
  const per1000 = (count: number) => ratio(count * 1000, mean, 2);
  const [natalita, mortalita, crescita_naturale, migratorio] = [
    m.nati.totale,
    m.morti.totale,
    m.saldo_naturale.totale,
    m.saldo_migratorio_interno.totale + m.saldo_migratorio_estero.totale,
  ].map(per1000);
  if (natalita == null || mortalita == null || crescita_naturale == null || migratorio == null) return null;
  return {
    natalita,
    mortalita,
    crescita_naturale,
    migratorio,
    popolazione_media: round(mean, 1),
    provvisorio: c.provvisorio,
    metodo: RATES_METHOD,
  };
}

/** ISTAT's population of Italy at one date: every comune row of the file the series uses that year. */
export interface NationalPopulation {
  totale: number;
  /** Comuni of that date (the file's rows), not today's. */
  comuni: number;
  /** True when the total is the file's own Italy row (the 2020 export lists merged comuni beside their parts: its rows overlap). */
  riga_italia: boolean;
  fonte: string;
  data_riferimento: string;
}

/**
 * Per year, the sum of every comune row of the official source the series uses (same order
 * of preference as joinDemographics), before any row meets today's comuni: the comuni of that
 * date, including those merged since, so nothing is left out and the sum is ISTAT's Italy figure.
 */
export function nationalPopulation(
  bilancio: DemographicSources['bilancio'],
  istatTotals: readonly PopulationSource[],
): Map<number, NationalPopulation> {
  const out = new Map<number, NationalPopulation>();
  for (const snapshot of [
    ...balanceSnapshots(bilancio.meta, bilancio.data),
    ...istatTotals.flatMap((s) => s.points.map((p) => totalsSnapshot(s, p))),
  ]) {
    if (out.has(snapshot.anno)) continue;
    let totale = 0;
    for (const v of snapshot.valori.values()) totale += v.totale;
    out.set(snapshot.anno, {
      totale: snapshot.totale_italia ?? totale,
      riga_italia: snapshot.totale_italia !== undefined,
      comuni: snapshot.valori.size,
      fonte: snapshot.meta.id,
      data_riferimento: snapshot.data_riferimento,
    });
  }
  return out;
}

/** Why a year has no official ISTAT population at all (the register count is never put in its place). */
export function noOfficialYearReason(anno: number, officialYears: readonly number[]): string {
  return `La popolazione ufficiale ISTAT al 1° gennaio ${anno} non è tra le fonti (anni ISTAT: ${officialYears.join(', ')}); il conteggio anagrafico ANPR non la sostituisce.`;
}

/**
 * Builds each comune's yearly demographic record from two series kept apart: the official
 * ISTAT population (totals 2018–2021, the balance's population by sex at 1 January and
 * 31 December) and the ANPR register counts, served beside it under `anagrafe`. The balance's
 * movements and per-1,000 rates go on the balance year. A comune's record lists the years
 * in which it has any figure; every null says why.
 */
export function joinDemographics(comuni: Anagrafica[], sources: DemographicSources) {
  const current = new Set(comuni.map((c) => c.codice_istat));
  const { bilancio, register } = sources;

  const officialByYear = new Map<number, Attached<OfficialValue>>();
  for (const snapshot of [
    ...balanceSnapshots(bilancio.meta, bilancio.data),
    ...sources.istatTotals.flatMap((s) => s.points.map((p) => totalsSnapshot(s, p))),
  ]) {
    if (!officialByYear.has(snapshot.anno)) officialByYear.set(snapshot.anno, attachToCurrentComuni(snapshot, current));
  }
  const registerByYear = new Map<number, Attached<number>>(
    register.points.map((p) => [p.anno, attachToCurrentComuni({ ...p, meta: register.meta }, current)]),
  );
  const balance = attachToCurrentComuni(
    {
      anno: bilancio.data.anno,
      data_riferimento: `${bilancio.data.anno}-01-01/${bilancio.data.anno}-12-31`,
      meta: bilancio.meta,
      valori: bilancio.data.comuni,
      nomi: new Map([...bilancio.data.comuni].map(([code, c]) => [code, c.nome])),
    },
    current,
  );
  const officialYears = [...officialByYear.keys()].sort((a, b) => a - b);
  const registerMonths = register.points.map((p) => p.data_riferimento).sort();
  const years = [...new Set([...officialYears, ...registerByYear.keys()])].sort((a, b) => a - b);

  const series = new Map<string, DemografiaAnno[]>();
  for (const c of comuni) {
    const code = c.codice_istat;
    const entries: DemografiaAnno[] = [];
    for (const anno of years) {
      const official = officialByYear.get(anno);
      const pop = official?.valori.get(code);
      const reg = registerByYear.get(anno);
      const count = reg?.valori.get(code);
      const bal = anno === balance.anno ? balance.valori.get(code) : undefined;
      if (!pop && count === undefined && !bal) continue;

      const missing: Record<string, string> = {};
      if (!pop) {
        missing.popolazione_totale = official
          ? `Il comune non compare con il codice attuale nella fonte ISTAT del ${anno} (istituito o ricodificato dopo).`
          : noOfficialYearReason(anno, officialYears);
      }
      if (pop?.maschi == null) {
        missing.maschi = missing.femmine = !pop
          ? missing.popolazione_totale!
          : official!.sexMeta
            ? `La fonte della ripartizione per sesso del ${anno} (${official!.sexMeta.id}) non ha questo comune con un totale uguale a quello ISTAT: solo il totale.`
            : `La fonte ISTAT del ${anno} ha solo il totale: nessun file del ${anno} per sesso tra le fonti.`;
      }
      if (!bal) {
        missing.nati =
          missing.morti =
          missing.bilancio =
          missing.tassi_per_1000 =
            anno === balance.anno + 1
              ? `Il bilancio demografico ISTAT del ${anno} non è ancora tra le fonti: per il ${anno} c'è la sola popolazione di inizio anno (al 31 dicembre ${anno - 1}).`
              : `Il bilancio demografico ISTAT del ${anno} non è tra le fonti (solo ${balance.anno}).`;
      }
      if (count === undefined) {
        missing.anagrafe = reg
          ? `Il comune non compare con il codice attuale nel file ANPR di ${reg.data_riferimento}.`
          : `Nessun conteggio ANPR del ${anno} tra le fonti (mesi disponibili: ${registerMonths.join(', ')}).`;
      }
      const density = pop ? ratio(pop.totale, c.superficie_km2, 1) : null;
      if (pop && density === null)
        missing.densita_ab_km2 = `Superficie del comune non disponibile: ${c.valori_mancanti.superficie_km2 ?? 'assente nella fonte.'}`;
      else if (!pop) missing.densita_ab_km2 = 'Manca la popolazione ufficiale.';
      const tassi = bal ? rates(bal) : null;
      if (bal && !tassi) missing.tassi_per_1000 = 'Popolazione media nulla: tassi non calcolabili.';

      entries.push({
        anno,
        data_riferimento: pop ? official!.data_riferimento : null,
        provvisorio: pop ? pop.provvisorio : null,
        popolazione_totale: pop?.totale ?? null,
        maschi: pop?.maschi ?? null,
        femmine: pop?.femmine ?? null,
        nati: bal?.misure.nati.totale ?? null,
        morti: bal?.misure.morti.totale ?? null,
        densita_ab_km2: density,
        bilancio: bal ? balanceBlock(bal, anno) : null,
        tassi_per_1000: tassi,
        anagrafe:
          count === undefined
            ? null
            : { residenti: count, mese_riferimento: reg!.data_riferimento, tipo: 'conteggio_anagrafico' },
        fonti: {
          popolazione_totale: pop ? provenance(official!.meta, anno, official!.data_riferimento) : null,
          sesso:
            pop?.maschi != null
              ? provenance(official!.sexMeta ?? official!.meta, anno, official!.data_riferimento)
              : null,
          bilancio: bal ? provenance(balance.meta, anno, balance.data_riferimento) : null,
          anagrafe: count === undefined ? null : provenance(reg!.meta, anno, reg!.data_riferimento),
        },
        valori_mancanti: missing,
        ...territoryOf(sources.territorio, anno, code),
      });
    }
    series.set(code, entries);
  }

  // The default year: the newest in which every current comune has every field of the spec's record.
  const complete = (e: DemografiaAnno | undefined) =>
    !!e && [e.popolazione_totale, e.maschi, e.femmine, e.nati, e.morti].every((v) => v !== null);
  const defaultYear = [...years]
    .reverse()
    .find((anno) => comuni.every((c) => complete(series.get(c.codice_istat)!.find((e) => e.anno === anno))));
  if (defaultYear === undefined)
    throw new Error('nessun anno demografico ha popolazione per sesso, nati e morti per tutti i comuni attuali');

  const reportYear = (serie: Serie, s: Attached<unknown>) => ({
    serie,
    anno: s.anno,
    fonte: s.meta.id,
    data_riferimento: s.data_riferimento,
    comuni_con_valore: s.valori.size,
    codici_non_attuali: s.nonAttuali,
  });
  const report: DemographicsReport = {
    anno_predefinito: defaultYear,
    anni: [
      ...officialYears.map((anno) => reportYear('ufficiale', officialByYear.get(anno)!)),
      ...[...registerByYear.values()].map((s) => reportYear('anagrafe', s)).sort((a, b) => a.anno - b.anno),
    ],
    controlli_incrociati: crossChecks(sources, officialByYear),
  };
  return { series, years, defaultYear, officialYears, report };
}

/**
 * Other ISTAT files with a figure of the official series (the 2020 export, POSAS at 1 January)
 * are compared with it, comune by comune: a disagreement is reported, not resolved silently.
 */
function crossChecks(
  sources: DemographicSources,
  official: Map<number, Attached<OfficialValue>>,
): DemographicsReport['controlli_incrociati'] {
  const checks: { fonte: string; point: PopulationPoint }[] = [
    ...sources.istatTotals.flatMap((s) => s.points.map((point) => ({ fonte: s.meta.id, point }))),
    ...(sources.posas ? [{ fonte: 'istat-posas', point: sources.posas.punto }] : []),
  ];
  return (
    checks
      // Same date as a point of the series, but another file than the one the series uses.
      .filter(
        ({ fonte, point }) =>
          official.get(point.anno)?.data_riferimento === point.data_riferimento &&
          official.get(point.anno)!.meta.id !== fonte,
      )
      .map(({ fonte, point }) => {
        const serie = official.get(point.anno)!.valori;
        const shared = [...point.valori].filter(([code]) => serie.has(code));
        return {
          fonte,
          anno: point.anno,
          confrontati: shared.length,
          discordanti: shared
            .filter(([code, v]) => serie.get(code)!.totale !== v)
            .map(([codice, v]) => ({ codice, serie: serie.get(codice)!.totale, fonte: v })),
        };
      })
  );
}

/**
 * % change of the official ISTAT population from the first year of the comune's series to
 * its newest definitive one: never across the register (ANPR) counts, never onto a provisional figure.
 */
export function populationTrend(series: DemografiaAnno[]): Demografia['variazione_popolazione'] {
  const official = series.filter((d) => d.popolazione_totale !== null);
  const first = official[0];
  const last = official.filter((d) => d.provvisorio === false).at(-1);
  if (!first || !last || first === last || !first.popolazione_totale) return null;
  const [from, to] = [first.fonti.popolazione_totale!, last.fonti.popolazione_totale!];
  const sources =
    from.fonte === to.fonte
      ? `fonte ${from.fonte}`
      : `fonti ${from.fonte} (${first.anno}) e ${to.fonte} (${last.anno}), entrambe ISTAT`;
  return {
    da_anno: first.anno,
    a_anno: last.anno,
    percentuale: round(((last.popolazione_totale! - first.popolazione_totale) / first.popolazione_totale) * 100, 2),
    metodo: `Variazione percentuale della popolazione ufficiale ISTAT tra il 1° gennaio ${first.anno} e il 1° gennaio ${last.anno} (${sources}; il dato ${last.anno} è rivisto con il censimento permanente). Confini: codice attuale del comune.`,
  };
}

/**
 * Years between the first and the last point of the official series without the official
 * total, and likewise for the split by sex (its own first and last year): what is missing, with why.
 */
export function officialGaps(
  series: DemografiaAnno[],
  officialYears: readonly number[],
): Demografia['lacune_serie_ufficiale'] {
  const gaps: Demografia['lacune_serie_ufficiale'] = [];
  const figures = [
    { dato: 'popolazione_totale', has: (d: DemografiaAnno) => d.popolazione_totale !== null },
    { dato: 'sesso', has: (d: DemografiaAnno) => d.maschi !== null },
  ] as const;
  for (const { dato, has } of figures) {
    const years = series.filter(has).map((d) => d.anno);
    if (years.length === 0) continue;
    for (let anno = years[0]!; anno < years.at(-1)!; anno++) {
      if (years.includes(anno)) continue;
      const entry = series.find((d) => d.anno === anno);
      const field = dato === 'sesso' ? 'maschi' : dato;
      // Not keyed "anno": record-slice.ts finds a year's entry by the text {"anno":YYYY,
      gaps.push({
        anno_senza_dato: anno,
        dato,
        motivo: entry?.valori_mancanti[field] ?? noOfficialYearReason(anno, officialYears),
      });
    }
  }
  return gaps;
}

/** The official series cut into runs of consecutive points from one source: a source change is always stated. */
export function officialSourceRuns(series: DemografiaAnno[]): Demografia['fonti_serie_ufficiale'] {
  const runs: Demografia['fonti_serie_ufficiale'] = [];
  for (const d of series) {
    const fonte = d.fonti.popolazione_totale?.fonte;
    if (!fonte) continue;
    const last = runs.at(-1);
    if (last?.fonte === fonte) last.anni.push(d.anno);
    else runs.push({ anni: [d.anno], fonte });
  }
  return runs;
}
