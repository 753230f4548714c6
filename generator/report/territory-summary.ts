import type { TerritoryReport } from '../join/territory.ts';

const counts = (byKey: Record<string, number | undefined>) =>
  Object.entries(byKey)
    .map(([key, n]) => `${key} ${n ?? 0}`)
    .join(', ');

/** The territorial crosswalk in one line of the build's output: the figures the build report details. */
export function territorySummary(t: TerritoryReport): string {
  const links = t.comuni_cessati - t.non_accertati.length;
  return (
    `Storia territoriale (report/build-report.json → territorio): ${t.codici_istat_mappati} codici ISTAT mappati; ` +
    `${links} collegamenti (${counts(t.collegamenti_per_metodo)}); esiti: ${counts(t.collegamenti_per_esito)}; ` +
    `${t.non_accertati.length} comuni cessati senza successore (${counts(t.non_accertati_per_categoria)}).`
  );
}
