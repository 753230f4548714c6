import { INDICATORI_USATI } from '../data-sources/dipe-urban-index.ts';
import type { ComuneData, Dataset, SourceStatus } from './dataset.ts';
import { joinDemographics } from './join-demographics.ts';
import { joinEnvironment } from './join-environment.ts';
import { joinIncome } from './join-income.ts';
import { joinRegistry } from './join-registry.ts';
import { joinSafety } from './join-safety.ts';
import { joinServices } from './join-services.ts';
import { SOURCES } from '../data-sources/index.ts';
import { requireLoaded, type LoadedSources } from './load-sources.ts';

/** Joins every loaded source into one record per current comune, keyed by codice_istat. */
export function buildDataset(sources: LoadedSources, status: SourceStatus[]): Dataset {
  const missing = (id: string) => status.find((s) => s.meta.id === id)?.mancante ?? null;
  const gi = requireLoaded(sources.gi, 'gi-db-comuni');
  const registry = joinRegistry(gi, requireLoaded(sources.elenco, 'istat-elenco-comuni').comuni, sources.comuniIta?.contatti ?? null);
  const comuni = registry.comuni;

  const demographics = joinDemographics(comuni, {
    bilancio: { meta: SOURCES.bilancio.meta, data: requireLoaded(sources.bilancio, 'istat-bilancio-demografico') },
    // ISTAT totals of the years before the balance; for 2020 the ISTAT export covers three comuni more than the 2018–2021 file.
    istatTotals: [
      { meta: SOURCES.pop2020.meta, points: sources.pop2020 ? [sources.pop2020] : [] },
      { meta: SOURCES.pop1821.meta, points: requireLoaded(sources.pop1821, 'istat-popolazione-2018-2021') },
    ],
    register: { meta: SOURCES.anpr.meta, points: requireLoaded(sources.anpr, 'anpr-popolazione') },
    posas: sources.posas,
  });
  const income = joinIncome(comuni, gi.regioni, requireLoaded(sources.irpef, 'mef-irpef-comunale'), SOURCES.irpef.meta, sources.irpef2024, SOURCES.irpef2024.meta);
  const soilPerCapita = INDICATORI_USATI.find((u) => u.codice === 'n1')!;
  const environment = joinEnvironment(comuni, {
    air: sources.aria,
    airMeta: SOURCES.aria.meta,
    airMissing: missing(SOURCES.aria.meta.id),
    soil: sources.suolo?.province ?? null,
    soilMeta: SOURCES.suolo.meta,
    urban: sources.dipe,
    urbanMeta: SOURCES.dipe.meta,
    soilPerCapita,
  });
  const services = joinServices(comuni, {
    areeInterne: sources.areeInterne,
    areeInterneMeta: SOURCES.areeInterne.meta,
    urban: sources.dipe,
    urbanMeta: SOURCES.dipe.meta,
    hospitals: sources.gisco,
    hospitalsMeta: SOURCES.gisco.meta,
  });
  const safety = joinSafety(comuni, sources.delitti, SOURCES.delitti.meta);

  const records: ComuneData[] = comuni.map((anagrafica) => ({
    anagrafica,
    demografia: demographics.series.get(anagrafica.codice_istat)!,
    redditi: income.series.get(anagrafica.codice_istat)!,
    ambiente: environment.blocks.get(anagrafica.codice_istat)!,
    servizi: services.get(anagrafica.codice_istat)!,
    sicurezza: safety.get(anagrafica.codice_istat)!,
  }));
  const airYear = environment.airYear;
  return {
    comuni: records,
    regioni: gi.regioni.map((r) => ({ codice: r.codice, nome: r.nome, tipologia: r.tipologia, ripartizione: r.ripartizione })).sort((a, b) => a.codice.localeCompare(b.codice)),
    province: gi.province
      .map((p) => ({ sigla: p.sigla, nome: p.nome, codice_uts: p.codice_uts, tipologia: p.tipologia, codice_regione: p.codice_regione, superficie_km2: p.superficie_km2 }))
      .sort((a, b) => a.sigla.localeCompare(b.sigla)),
    fonti: status,
    anni: { demografia: demographics.years, demografia_ufficiale: demographics.officialYears, redditi: income.years, aria: airYear, suolo: environment.soilYear },
    predefiniti: { demografia: demographics.defaultYear, redditi: income.defaultYear, aria: airYear ?? 0, suolo: environment.soilYear },
    redditiAggregati: income.aggregates,
    report: {
      registro: registry.report,
      demografia: demographics.report,
      redditi: income.report,
      sicurezza: {
        territori_non_mappati: sources.delitti?.delitti.nonMappati ?? [],
        province_senza_dato: sources.delitti?.delitti.senzaDato ?? [],
      },
    },
  };
}
