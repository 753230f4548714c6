import { INDICATORI_USATI } from '../../data-sources/dipe-urban-index.ts';
import type { ComuneData, Dataset, SourceStatus } from './dataset.ts';
import { joinDemographics, nationalPopulation, type PopulationSource } from './join-demographics.ts';
import { joinEnvironment } from './join-environment.ts';
import { joinIncome } from './join-income.ts';
import { joinRegistry } from './join-registry.ts';
import { joinSafety } from './join-safety.ts';
import { joinServices } from './join-services.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { requireLoaded, type LoadedSources } from '../load/load-sources.ts';
import { rekeyIrpef, rekeyPopulation, rekeyTable } from './rekey-sources.ts';
import { buildTerritory } from './territory.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { rekeyFrom2026 } from './codes-2026.ts';
import { withSexSplit } from './sex-split.ts';
import { comuniPolygons } from '../../data-sources/istat-confini-2025.ts';

/**
 * ISTAT's population totals before the balance, in order of preference per year (the 2020
 * export covers three comuni more than the 2018–2021 file); 2022 carries the derived table's
 * split by sex where its totals equal ISTAT's.
 */
function istatTotals(sources: LoadedSources) {
  const pop2223 = requireLoaded(sources.pop2223, 'istat-popolazione-2022-2023');
  const split = sources.pop22sesso;
  const joined = pop2223.map((p) =>
    split && p.data_riferimento === split.data_riferimento ? withSexSplit(p, split) : null,
  );
  const list: PopulationSource[] = [
    { meta: SOURCES.pop2020.meta, points: sources.pop2020 ? [sources.pop2020] : [] },
    { meta: SOURCES.pop1821.meta, points: requireLoaded(sources.pop1821, 'istat-popolazione-2018-2021') },
    {
      meta: SOURCES.pop2223.meta,
      points: pop2223.map((p, i) => joined[i]?.point ?? p),
      ...(split && { sexMeta: SOURCES.pop22sesso.meta }),
    },
    { meta: SOURCES.pop2024.meta, points: [requireLoaded(sources.pop2024, 'istat-popolazione-2024')] },
  ];
  return { list, sexChecks: joined.filter((j) => j !== null).map((j) => j.report) };
}

/** The population series in order of preference: official ISTAT counts first, ANPR register counts for the years ISTAT files lack. */
export function populationSources(sources: LoadedSources): PopulationSource[] {
  return [
    ...istatTotals(sources).list,
    { meta: SOURCES.anpr.meta, points: requireLoaded(sources.anpr, 'anpr-popolazione') },
  ];
}

/**
 * Area of a province or region: the sum of its comuni's areas (ISTAT's official areas),
 * so it agrees with them; null when a comune lacks one rather than a sum that omits it.
 */
function summedArea(comuni: readonly Anagrafica[]): number | null {
  if (comuni.length === 0 || comuni.some((c) => c.superficie_km2 === null)) return null;
  return Math.round(comuni.reduce((t, c) => t + c.superficie_km2!, 0) * 1e4) / 1e4;
}

/** Joins every loaded source into one record per current comune, keyed by codice_istat. */
export function buildDataset(sources: LoadedSources, status: SourceStatus[]): Dataset {
  const missing = (id: string) => status.find((s) => s.meta.id === id)?.mancante ?? null;
  const gi = requireLoaded(sources.gi, 'gi-db-comuni');
  // ISTAT's table uses the 1 January 2026 codes (Sardinia re-coded): brought onto the 2025 basis.
  const classification = sources.classificazioni && {
    table: rekeyFrom2026(sources.classificazioni, sources.sardegna2026 ?? []),
    fonte: SOURCES.classificazioni.meta.id,
  };
  const registry = joinRegistry(
    gi,
    requireLoaded(sources.elenco, 'istat-elenco-comuni').comuni,
    sources.comuniIta?.contatti ?? null,
    classification,
  );
  const comuni = registry.comuni;
  const irpefYears = requireLoaded(sources.irpef, 'mef-irpef-comunale');
  const istat = istatTotals(sources);
  const anpr = requireLoaded(sources.anpr, 'anpr-popolazione');
  const territory = buildTerritory({
    archivio: requireLoaded(sources.archivio, 'anpr-archivio-comuni'),
    validita: gi.validita,
    comuni,
    irpef: irpefYears,
    population: [...istat.list.flatMap((s) => s.points), ...anpr],
    confini2019: requireLoaded(sources.confini2019, 'openpolis-confini-2019'),
    confini2025: comuniPolygons(requireLoaded(sources.confini2025, 'istat-confini-2025')),
    sardegna2026: sources.sardegna2026 ?? [],
    estinzioni: requireLoaded(sources.variazioni, 'istat-variazioni-comuni').estinzioni,
    // The registry's date: an extinction after it is a change still to come for the comuni served.
    basis: SOURCES.gi.meta.referenceDate,
  });
  // Every source keyed by a year's ISTAT code goes through the crosswalk (generator/join/crosswalk.ts) before its join.
  const cw = territory.crosswalk;
  const istatNow = istat.list.map((s) => ({ ...s, ...rekeyPopulation(cw, s.points) }));
  const anprNow = rekeyPopulation(cw, anpr);
  const territorio = (anno: number, codice: string) => {
    for (const s of [...istatNow, anprNow]) {
      const t = s.territorio(anno, codice);
      if (t) return t;
    }
    return undefined;
  };
  const irpefNow = rekeyIrpef(cw, irpefYears);
  const areeInterne = sources.areeInterne && {
    ...sources.areeInterne,
    // ISTAT/NUVAP 2020 classification: geography of 30 September 2020.
    mappa2020: rekeyTable(cw, sources.areeInterne.mappa2020, '2020-09-30').table,
    classi: rekeyTable(cw, sources.areeInterne.classi, '2020-09-30').table,
  };
  // Urban Index: 8,092 comuni, the set of 2011–2012.
  const urbanNow = sources.dipe && rekeyTable(cw, sources.dipe.valori, '2012-01-01');
  const urban = sources.dipe && { ...sources.dipe, valori: urbanNow!.table };

  const bilancio = { meta: SOURCES.bilancio.meta, data: requireLoaded(sources.bilancio, 'istat-bilancio-demografico') };
  const demographics = joinDemographics(comuni, {
    bilancio,
    istatTotals: istatNow.map(({ meta, points, sexMeta }) => ({ meta, points, ...(sexMeta && { sexMeta }) })),
    register: { meta: SOURCES.anpr.meta, points: anprNow.points },
    posas: sources.posas,
    territorio,
  });
  const income = joinIncome(
    comuni,
    gi.regioni,
    irpefYears,
    SOURCES.irpef.meta,
    sources.irpef2024,
    SOURCES.irpef2024.meta,
    irpefNow,
  );
  const soilPerCapita = INDICATORI_USATI.find((u) => u.codice === 'n1')!;
  const environment = joinEnvironment(comuni, {
    air: sources.aria,
    airMeta: SOURCES.aria.meta,
    airMissing: missing(SOURCES.aria.meta.id),
    soil: sources.suolo?.province ?? null,
    soilMeta: SOURCES.suolo.meta,
    soilComuni: sources.suoloComuni,
    soilComuniMeta: SOURCES.suoloComuni.meta,
    soilComuniMissing: missing(SOURCES.suoloComuni.meta.id),
    urban,
    urbanMeta: SOURCES.dipe.meta,
    soilPerCapita,
  });
  const services = joinServices(comuni, {
    areeInterne,
    areeInterneMeta: SOURCES.areeInterne.meta,
    urban,
    urbanMeta: SOURCES.dipe.meta,
    hospitals: sources.gisco,
    hospitalsMeta: SOURCES.gisco.meta,
    schools: sources.scuole,
    schoolsMeta: SOURCES.scuole.meta,
    // AGCOM keys by the 1 January 2026 codes (Sardinia re-coded): brought onto the 2025 basis.
    ftth: sources.ftth && rekeyFrom2026(sources.ftth, sources.sardegna2026 ?? []),
    ftthMeta: SOURCES.ftth.meta,
    population: (codice) => {
      const d = demographics.series.get(codice)?.find((y) => y.anno === demographics.defaultYear);
      return d?.popolazione_totale != null ? { anno: d.anno, valore: d.popolazione_totale } : null;
    },
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
    capPerCodice: gi.capPerCodice,
    regioni: gi.regioni
      .map((r) => ({
        codice: r.codice,
        nome: r.nome,
        tipologia: r.tipologia,
        ripartizione: r.ripartizione,
        superficie_km2: summedArea(comuni.filter((c) => c.regione.codice === r.codice)),
      }))
      .sort((a, b) => a.codice.localeCompare(b.codice)),
    province: gi.province
      .map((p) => ({
        sigla: p.sigla,
        nome: p.nome,
        codice_uts: p.codice_uts,
        tipologia: p.tipologia,
        codice_regione: p.codice_regione,
        superficie_km2: summedArea(comuni.filter((c) => c.provincia.sigla === p.sigla)),
      }))
      .sort((a, b) => a.sigla.localeCompare(b.sigla)),
    fonti: status,
    territorio: territory,
    anni: {
      demografia: demographics.years,
      demografia_ufficiale: demographics.officialYears,
      redditi: income.years,
      aria: airYear,
      suolo: environment.soilYear,
    },
    predefiniti: {
      demografia: demographics.defaultYear,
      redditi: income.defaultYear,
      aria: airYear ?? 0,
      suolo: environment.soilYear,
    },
    redditiAggregati: income.aggregates,
    popolazioneNazionale: nationalPopulation(bilancio, istat.list),
    report: {
      registro: registry.report,
      demografia: { ...demographics.report, ripartizione_per_sesso: istat.sexChecks },
      redditi: income.report,
      territorio: {
        ...territory.report,
        ricodifica_delle_fonti: {
          popolazione: [...istatNow.flatMap((s) => s.reports), ...anprNow.reports],
          redditi: irpefNow.reports,
          urban_index: urbanNow?.report ?? null,
        },
      },
      sicurezza: {
        territori_non_mappati: sources.delitti?.delitti.nonMappati ?? [],
        province_senza_dato: sources.delitti?.delitti.senzaDato ?? [],
      },
    },
  };
}
