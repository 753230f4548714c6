import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';

export interface SexSplitReport {
  anno: number;
  /** Comuni whose split was taken: the other file's total equals ISTAT's and maschi + femmine = total. */
  confrontati: number;
  discordanti: { codice: string; totale_istat: number | null; totale_altra_fonte: number }[];
}

/**
 * The split by sex of another file (a derived table) attached to ISTAT's totals of the same
 * date, comune by comune, only where that file's total equals ISTAT's: the served total stays
 * ISTAT's, and a comune whose totals disagree keeps no split (reported).
 */
export function withSexSplit(totals: PopulationPoint, split: PopulationPoint) {
  if (split.data_riferimento !== totals.data_riferimento)
    throw new Error(`ripartizione per sesso del ${split.data_riferimento} su totali del ${totals.data_riferimento}`);
  const maschi = new Map<string, number>();
  const femmine = new Map<string, number>();
  const report: SexSplitReport = { anno: totals.anno, confrontati: 0, discordanti: [] };
  for (const [codice, totale] of split.valori) {
    const istat = totals.valori.get(codice) ?? null;
    const m = split.sesso?.maschi.get(codice);
    const f = split.sesso?.femmine.get(codice);
    report.confrontati++;
    if (istat !== totale || m === undefined || f === undefined || m + f !== totale) {
      report.discordanti.push({ codice, totale_istat: istat, totale_altra_fonte: totale });
      continue;
    }
    maschi.set(codice, m);
    femmine.set(codice, f);
  }
  return { point: { ...totals, sesso: { maschi, femmine } } as PopulationPoint, report };
}
