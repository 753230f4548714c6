/**
 * Residents by sex, checked by meaning: a file whose "Maschi" and "Femmine" are swapped keeps
 * every total and every balance, so only the ratio between the two can tell. Pure functions
 * over counts by sex from any source (ISTAT's balance, POSAS, the 2022 and 2024 tables once loaded).
 */

/** One source's residents by sex at one date, by comune code of that date. */
export interface SexCounts {
  fonte: string;
  /** The file the counts come from, named in messages. */
  file: string;
  /** ISO date of the count. */
  data: string;
  valori: ReadonlyMap<string, { maschi: number; femmine: number }>;
}

/**
 * Bounds measured on the real vintages (bilancio 2025, 1 January and 31 December 2025: every region below 1,
 * from 0.939 in Liguria to 0.990 in Molise; provinces 0.930–1.018, Ragusa the one above 1).
 * Women outnumber men in every region; a region whose sexes are swapped moves from below 1 to above 1.
 */
export const REGION_RATIO = { min: 0.9, max: 1.0 };
/**
 * Two sources on the same comune: |log(M/F)| apart at most base + perYear × years between the counts, for
 * comuni of at least minResidents. Measured: the largest move of a comune's own ratio in 2025 (1 January to
 * 31 December) is 0.077 at the 99th percentile, 0.13 for comuni of 1,000 or more (Formicola 753/724 → 665/728).
 */
export const COMUNE_AGREEMENT = { base: 0.03, perYear: 0.15, minResidents: 1_000 };

const ratio = (m: number, f: number) => (f > 0 ? m / f : Number.NaN);
const fmt = (x: number) => x.toLocaleString('it-IT', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

function years(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / (365.25 * 86_400_000);
}

/**
 * Failures, one message each naming the file, the region or comune and the two values: the ratio of each
 * region against REGION_RATIO, and each comune's ratio against the same comune in every other source.
 */
export function checkSexRatios(
  sources: readonly SexCounts[],
  regionOf: (codice: string) => { codice: string; nome: string } | undefined,
  nameOf: (codice: string) => string = () => '',
): string[] {
  const failures: string[] = [];
  for (const s of sources) {
    const regions = new Map<string, { nome: string; m: number; f: number; comuni: number }>();
    for (const [codice, v] of s.valori) {
      const r = regionOf(codice);
      if (!r) continue;
      const t = regions.get(r.codice) ?? { nome: r.nome, m: 0, f: 0, comuni: 0 };
      t.m += v.maschi;
      t.f += v.femmine;
      t.comuni++;
      regions.set(r.codice, t);
    }
    for (const [codice, t] of regions) {
      const r = ratio(t.m, t.f);
      // A sample of a few comuni says nothing about a region.
      if (t.comuni < 20) continue;
      if (!(r >= REGION_RATIO.min && r <= REGION_RATIO.max))
        failures.push(
          `${s.file} (${s.fonte}, ${s.data}): regione ${codice} ${t.nome}, ${t.comuni} comuni: maschi/femmine ${fmt(r)} (${t.m.toLocaleString('it-IT')} maschi, ${t.f.toLocaleString('it-IT')} femmine), fuori dai limiti ${fmt(REGION_RATIO.min)}–${fmt(REGION_RATIO.max)}: colonne dei sessi scambiate?`,
        );
    }
  }
  for (let i = 0; i < sources.length; i++)
    for (let j = i + 1; j < sources.length; j++) {
      const [a, b] = [sources[i]!, sources[j]!];
      if (a.file === b.file) continue;
      const allowed = COMUNE_AGREEMENT.base + COMUNE_AGREEMENT.perYear * years(a.data, b.data);
      for (const [codice, vb] of b.valori) {
        const va = a.valori.get(codice);
        if (!va || va.maschi + va.femmine < COMUNE_AGREEMENT.minResidents) continue;
        const [ra, rb] = [ratio(va.maschi, va.femmine), ratio(vb.maschi, vb.femmine)];
        if (!(Math.abs(Math.log(rb / ra)) <= allowed))
          failures.push(
            `maschi/femmine, comune ${codice} ${nameOf(codice)}: ${b.file} (${b.data}) ${fmt(rb)} (${vb.maschi}/${vb.femmine}) contro ${a.file} (${a.data}) ${fmt(ra)} (${va.maschi}/${va.femmine}), oltre la tolleranza`,
          );
      }
    }
  return failures;
}
