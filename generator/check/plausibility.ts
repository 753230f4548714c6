import type { SourceMeta } from '../../data-sources/lib/source.ts';
import type { Inquinante } from '../../data-sources/ispra-aria.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { STATION_BOUNDS } from './air-stations.ts';

/** One figure of a comune in one year, with the source that published it. */
interface Point {
  anno: number;
  valore: number | null;
  fonte: string | null;
  /** The figure's weight for `largeRange`: residents, for a rate. */
  base?: number;
}

/**
 * Bounds for one published series, checked on EVERY year (not only the default one).
 * Data-driven: a new series adds an entry here. The bounds were set from the real
 * vintages (largest genuine moves noted beside them) with a margin, so they catch a
 * truncated number, an extra digit, a column read as another, or a file cut short.
 */
export interface SeriesCheck {
  id: string;
  /** How the figure is named in messages. */
  label: string;
  points: (c: ComuneData) => Point[];
  /** Bounds of one comune's figure in any year. */
  range: { min: number; max: number };
  /** Narrower bounds where the point's base is at least minBase: a rate of a comune of 1,000 residents cannot swing as one of 50 does. */
  largeRange?: { minBase: number; min: number; max: number };
  /** Change between two consecutive available years of a comune: at most ×maxRatio up or down, when the larger value is at least minMagnitude. */
  yearOnYear?: { maxRatio: number; minMagnitude: number };
  /** National sum per year: bounds, and the largest change against the previous year with data. */
  national?: { min: number; max: number; maxChange: number };
  /** Comuni with a value in a year, as a share of those with a value in the previous year: at least this. */
  coverage?: { minShareOfPrevious: number };
  /** The yearly record whose `avvisi` name this series' known anomalies (yearly-warnings.ts). */
  sezione: 'demografia' | 'redditi' | 'ambiente';
  /**
   * Known genuine anomalies: the figures of these years stand as the publisher prints them. The year-on-year check
   * does not compare into or out of them, and each of those comune-years carries the reason in its `avvisi`.
   */
  exceptions?: { codice: string; anni: number[]; motivo: string }[];
}

/**
 * Rates per 1,000 of ISTAT's balance (2025, the one year published), all comuni and those of at least 1,000
 * mean residents. Measured: births 0–26.14 (Carrega Ligure, 76.5 residents), 0–20.1 at 1,000+ (Rodengo);
 * deaths 0–71.64 (Galliavola, 167.5), 2.16–35.37 at 1,000+ (Casal Cermelli); migration −195.12 (Rocca
 * de' Giorgi, 41) to +204.08 (Monastero di Lanzo, 367.5), −71.56 (Chiarano) to +144.81 (Soriano Calabro) at 1,000+.
 */
const RATES = [
  ['natalita', 'nati', { min: 0, max: 40 }, { min: 0, max: 30 }],
  ['mortalita', 'morti', { min: 0, max: 100 }, { min: 0, max: 50 }],
  ['migratorio', 'saldo migratorio', { min: -300, max: 300 }, { min: -120, max: 220 }],
] as const;

export const SERIES_CHECKS: SeriesCheck[] = [
  {
    id: 'popolazione',
    sezione: 'demografia',
    label: 'popolazione residente',
    points: (c) =>
      c.demografia.map((d) => ({
        anno: d.anno,
        valore: d.popolazione_totale,
        fonte: d.fonti.popolazione_totale?.fonte ?? null,
      })),
    // Roma 2.87 M; the smallest comune 29 residents.
    range: { min: 1, max: 5_000_000 },
    // Largest genuine move 2018–2026: ×1.63 (Alagna Valsesia 2020, 448 → 730).
    yearOnYear: { maxRatio: 2, minMagnitude: 100 },
    // 59.2–60.3 M; largest national move ×1.011 (2018 → 2019, census revision).
    national: { min: 55_000_000, max: 65_000_000, maxChange: 0.03 },
    coverage: { minShareOfPrevious: 0.98 },
  },
  {
    id: 'maschi_femmine',
    sezione: 'demografia',
    label: 'residenti maschi + femmine',
    points: (c) =>
      c.demografia.map((d) => {
        const same = d.fonti.sesso !== null && d.fonti.sesso.fonte === d.fonti.popolazione_totale?.fonte;
        return {
          anno: d.anno,
          valore:
            !same || d.maschi === null || d.femmine === null
              ? null
              : d.maschi + d.femmine - (d.popolazione_totale ?? Number.NaN),
          fonte: d.fonti.sesso?.fonte ?? null,
        };
      }),
    // Balance identity: maschi + femmine − totale = 0 where one source publishes all three (ANPR's total and
    // ISTAT POSAS's split of the same year differ by a few residents: different counts, not an error).
    range: { min: 0, max: 0 },
  },
  {
    id: 'contribuenti',
    sezione: 'redditi',
    label: 'contribuenti IRPEF',
    points: (c) => c.redditi.map((r) => ({ anno: r.anno, valore: r.contribuenti, fonte: r.fonte.fonte })),
    // Roma 1.99 M.
    range: { min: 0, max: 3_000_000 },
    // Largest genuine move outside the exceptions below: ×2.30 (Maccastorna 2004 → 2005, 44 → 101), ×2.08 at scale (Baranzate 2005 → 2006, its first full year).
    yearOnYear: { maxRatio: 3, minMagnitude: 100 },
    // 36.9 M (2000) – 42.8 M (2024); largest national move 3% (2001 → 2002).
    national: { min: 30_000_000, max: 50_000_000, maxChange: 0.06 },
    // 7,532 comuni in 2000, 7,896 since 2023; never a drop.
    coverage: { minShareOfPrevious: 0.97 },
    exceptions: [
      {
        codice: '001316',
        anni: [2012, 2013, 2014, 2015],
        motivo:
          'Mappano è stato istituito nel 2017: negli anni prima della costituzione il MEF gli attribuisce solo 4–12 contribuenti (valore pubblicato, non il comune di oggi).',
      },
      {
        codice: '015250',
        anni: [2004],
        motivo: 'Baranzate è stato istituito nel 2004: anno parziale, il MEF gli attribuisce solo 50 contribuenti.',
      },
      {
        codice: '022047',
        anni: [2013],
        motivo:
          "Il MEF pubblica per il 2013 4.293 contribuenti, contro circa 1.780 negli anni vicini e 2.307 residenti: valore anomalo del file, servito com'è.",
      },
    ],
  },
  {
    id: 'reddito_medio',
    sezione: 'redditi',
    label: 'reddito medio (euro)',
    points: (c) => c.redditi.map((r) => ({ anno: r.anno, valore: r.reddito_medio_euro, fonte: r.fonte.fonte })),
    // 5,233–99,874 euro over 2000–2024.
    range: { min: 1_000, max: 250_000 },
    // Largest move ×3.2 (Solonghello 2023: small comuni whose 2022 total is the sum of suppressed brackets).
    yearOnYear: { maxRatio: 4, minMagnitude: 0 },
  },
  ...RATES.map(([field, label, range, largeRange]): SeriesCheck => ({
    id: field,
    sezione: 'demografia',
    label: `${label} ogni 1.000 abitanti`,
    points: (c) =>
      c.demografia.map((d) => ({
        anno: d.anno,
        valore: d.tassi_per_1000?.[field] ?? null,
        fonte: d.fonti.bilancio?.fonte ?? null,
        base: d.tassi_per_1000?.popolazione_media,
      })),
    range,
    largeRange: { minBase: 1_000, ...largeRange },
  })),
  ...(Object.keys(STATION_BOUNDS) as Inquinante[]).map((p): SeriesCheck => ({
    id: p,
    sezione: 'ambiente',
    label: `${p.toUpperCase()} media annua (µg/m³)`,
    points: (c) =>
      (c.ambiente.aria[p]?.serie_storica ?? []).map((s) => ({
        anno: s.anno,
        valore: s.valore_ug_m3,
        fonte: 'ispra-aria',
      })),
    // The mean of a comune's stations: the stations' bounds (air-stations.ts, where year-on-year moves are checked per station).
    range: { min: 0, max: STATION_BOUNDS[p].max },
  })),
];

/** The checks with other bounds for the national sums (a partial mirror's, BuildConfig.scale); the rest unchanged. */
export function withNationalBounds(
  bounds: Record<string, { min: number; max: number }> = {},
  checks: readonly SeriesCheck[] = SERIES_CHECKS,
): SeriesCheck[] {
  return checks.map((c) => (c.national && bounds[c.id] ? { ...c, national: { ...c.national, ...bounds[c.id] } } : c));
}

/** A figure outside its bounds: enough to find the row in the publisher's file. */
export interface PlausibilityFailure {
  serie: string;
  codice: string | null;
  anno: number;
  fonte: string | null;
  message: string;
}

// Grouping always (it-IT leaves 4-digit numbers ungrouped: "6861" beside "20.938.000").
const fmt = (n: number) =>
  n.toLocaleString('it-IT', {
    useGrouping: 'always',
    maximumFractionDigits: Number.isInteger(n) ? 0 : 3,
  } as Intl.NumberFormatOptions);

export function checkPlausibility(
  dataset: Pick<Dataset, 'comuni'>,
  checks: readonly SeriesCheck[] = SERIES_CHECKS,
): PlausibilityFailure[] {
  const failures: PlausibilityFailure[] = [];
  for (const check of checks) {
    const anomalous = new Set((check.exceptions ?? []).flatMap((e) => e.anni.map((anno) => `${e.codice}/${anno}`)));
    const national = new Map<number, { sum: number; count: number; fonte: string | null }>();
    for (const c of dataset.comuni) {
      const { codice_istat: codice, nome } = c.anagrafica;
      const who = `${codice} ${nome}`;
      const points = check
        .points(c)
        .filter((p) => p.valore !== null)
        .sort((a, b) => a.anno - b.anno);
      let previous: Point | null = null;
      for (const p of points) {
        const v = p.valore!;
        const fail = (message: string) =>
          failures.push({
            serie: check.id,
            codice,
            anno: p.anno,
            fonte: p.fonte,
            message: `${check.label}, ${who}, ${p.anno}: ${message}`,
          });
        const large = check.largeRange && (p.base ?? 0) >= check.largeRange.minBase ? check.largeRange : null;
        const range = large ?? check.range;
        if (!Number.isFinite(v) || v < range.min || v > range.max) {
          fail(
            range.min === range.max
              ? `${fmt(v)} invece di ${fmt(range.min)}`
              : `${fmt(v)} fuori dai limiti ${fmt(range.min)}–${fmt(range.max)}${large ? ` (comuni con almeno ${fmt(large.minBase)} abitanti; questo ${fmt(p.base!)})` : ''}`,
          );
          // Not a reference for the next year (its change would only repeat this failure), nor part of the national sum.
          continue;
        } else if (
          check.yearOnYear &&
          previous &&
          !anomalous.has(`${codice}/${p.anno}`) &&
          !anomalous.has(`${codice}/${previous.anno}`)
        ) {
          const a = previous.valore!;
          const ratio = Math.max(a, v) / Math.min(a, v);
          if (Math.max(a, v) >= check.yearOnYear.minMagnitude && !(ratio <= check.yearOnYear.maxRatio)) {
            fail(
              `${fmt(v)} contro ${fmt(a)} nel ${previous.anno} (×${fmt(v / a)}), oltre il limite di variazione ×${fmt(1 / check.yearOnYear.maxRatio)}–×${fmt(check.yearOnYear.maxRatio)}`,
            );
          }
        }
        const t = national.get(p.anno) ?? { sum: 0, count: 0, fonte: p.fonte };
        t.sum += v;
        t.count++;
        national.set(p.anno, t);
        previous = p;
      }
    }
    const years = [...national.keys()].sort((a, b) => a - b);
    years.forEach((anno, i) => {
      const t = national.get(anno)!;
      const before = i > 0 ? { anno: years[i - 1]!, ...national.get(years[i - 1]!)! } : null;
      const fail = (message: string) =>
        failures.push({
          serie: check.id,
          codice: null,
          anno,
          fonte: t.fonte,
          message: `${check.label}, Italia, ${anno}: ${message}`,
        });
      if (check.national) {
        const { min, max, maxChange } = check.national;
        if (t.sum < min || t.sum > max) {
          fail(`totale nazionale ${fmt(t.sum)} fuori dai limiti ${fmt(min)}–${fmt(max)}`);
          // The next year is compared with the last plausible total, not with this one.
          national.set(anno, before ? { ...t, sum: before.sum } : t);
        } else if (before && Math.abs(t.sum / before.sum - 1) > maxChange) {
          fail(
            `totale nazionale ${fmt(t.sum)} contro ${fmt(before.sum)} nel ${before.anno} (${fmt((t.sum / before.sum - 1) * 100)}%), oltre il limite di ±${fmt(maxChange * 100)}%`,
          );
        }
      }
      if (check.coverage && before && t.count < before.count * check.coverage.minShareOfPrevious) {
        fail(
          `${fmt(t.count)} comuni con un valore contro ${fmt(before.count)} nel ${before.anno}: ne mancano più del ${fmt((1 - check.coverage.minShareOfPrevious) * 100)}% (file troncato?)`,
        );
      }
    });
  }
  return failures;
}

/** The declared file of a source that holds a year's figures (by its `year`, else the only file). */
export function fileForYear(meta: SourceMeta, anno: number): string | null {
  const byYear = meta.files.filter((f) => f.year === anno);
  if (byYear.length === 1) return byYear[0]!.path;
  return meta.files.length === 1 ? meta.files[0]!.path : null;
}
