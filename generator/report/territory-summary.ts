import type { TerritoryReport } from '../join/territory.ts';

const counts = (byKey: Record<string, number | undefined>) =>
  Object.entries(byKey)
    .map(([key, n]) => `${key} ${n ?? 0}`)
    .join(', ');

/** The territorial crosswalk in one line of the build's output: the figures the build report details. */
export function territorySummary(t: TerritoryReport): string {
  const links = t.comuni_cessati - t.non_accertati.length;
  const noInference = t.registro_istat.discordanze.filter((d) => d.successore_dedotto === null).length;
  return (
    `Storia territoriale (report/build-report.json → territorio): ${t.codici_istat_mappati} codici ISTAT mappati; ` +
    `${links} collegamenti (${counts(t.collegamenti_per_metodo)}); esiti: ${counts(t.collegamenti_per_esito)}; ` +
    `${t.non_accertati.length} comuni cessati senza successore (${counts(t.non_accertati_per_categoria)}); ` +
    `registro ISTAT: ${t.registro_istat.collegamenti} successori, l'inferenza concorda su ${t.registro_istat.concordanti}, ` +
    `${t.registro_istat.discordanze.length} differenze elencate in territorio.registro_istat.discordanze ` +
    `(${noInference} senza inferenza, ${t.registro_istat.discordanze.length - noInference} stesso comune attuale con altra data o altro passo di catena).`
  );
}
