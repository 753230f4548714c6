import { canonicalUrl } from '../../api/envelope.ts';
import { selectYear, type YearlyRecord } from '../../api/projection.ts';
import { routeById } from '../../api/routes.ts';
import { jsonLink } from '../../api/static-files.ts';
import type { Ambiente } from '../../api/schemas/ambiente.ts';
import type { Comune } from '../../api/schemas/comune.ts';
import type { Demografia, DemografiaAnno } from '../../api/schemas/demografia.ts';
import type { Redditi, RedditiAnno } from '../../api/schemas/redditi.ts';
import { provenance } from '../../data-sources/lib/source.ts';
import type { AvvisoAnno } from '../../api/schemas/common.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { yearlyWarnings } from '../derive/yearly-warnings.ts';
import { codiciStorici } from './territory-records.ts';
import { SOURCES } from '../../data-sources/index.ts';
import type { RegistryReport } from '../join/join-registry.ts';
import { officialGaps, officialSourceRuns, populationTrend } from '../join/join-demographics.ts';

const METHODOLOGY = '/api/metodologia';

/** The complete registry record of /api/comuni/{codice_istat}. */
export function comuneRecord(c: ComuneData, dataset: Dataset): Comune {
  const a = c.anagrafica;
  const code = a.codice_istat;
  const pop = c.demografia.find((d) => d.anno === dataset.predefiniti.demografia) ?? null;
  const elenco = dataset.fonti.find((s) => s.meta.id === SOURCES.elenco.meta.id)!.meta;
  const contatti = dataset.fonti.find((s) => s.meta.id === SOURCES.comuniIta.meta.id)!;
  return {
    ...a,
    ...codiciStorici(dataset.territorio, code, a.codice_catastale),
    popolazione:
      pop && pop.popolazione_totale !== null && pop.data_riferimento !== null
        ? {
            anno: pop.anno,
            data_riferimento: pop.data_riferimento,
            popolazione_totale: pop.popolazione_totale,
            densita_ab_km2: pop.densita_ab_km2,
          }
        : null,
    fonti: {
      anagrafica: provenance(SOURCES.gi.meta, 2025, SOURCES.gi.meta.referenceDate),
      nuts: provenance(elenco, 2023),
      superficie: areaProvenance(a, dataset),
      classificazione:
        a.classificazione && provenance(SOURCES.classificazioni.meta, 2026, SOURCES.classificazioni.meta.referenceDate),
      popolazione: pop?.fonti.popolazione_totale ?? null,
      contatti:
        a.contatti && contatti.mancante === null ? provenance(contatti.meta, null, contatti.meta.referenceDate) : null,
    },
    links: {
      self: `/api/comuni/${code}`,
      json: jsonLink('comuni.get', { codice_istat: code }),
      demografia: `/api/demografia/${code}`,
      redditi: `/api/redditi/${code}`,
      ambiente: `/api/ambiente/${code}`,
      qualita_vita: `/api/qualita-vita/${code}`,
      confronta: `/api/confronta?comuni=${code}`,
    },
  };
}

/** Where the area comes from: ISTAT's official table, or the registry for a comune that table lacks (see the build report). */
function areaProvenance(a: ComuneData['anagrafica'], dataset: Dataset): Comune['fonti']['superficie'] {
  if (a.superficie_km2 === null) return null;
  const { registro } = dataset.report as { registro: RegistryReport };
  return registro.superfici_dal_registro.includes(a.codice_istat)
    ? provenance(SOURCES.gi.meta, 2025, SOURCES.gi.meta.referenceDate)
    : provenance(SOURCES.classificazioni.meta, 2025, '2025-01-01');
}

/** A year's figures with its warnings, placed before `territorio` as the schema lists them. */
function withWarnings<T extends { territorio?: unknown }>(y: T, avvisi: AvvisoAnno[] | undefined): T {
  if (!avvisi) return y;
  const { territorio, ...rest } = y;
  return { ...rest, avvisi, ...(territorio === undefined ? {} : { territorio }) } as unknown as T;
}

/**
 * A per-comune record with a yearly series, written for the default year (or the
 * comune's newest year if it has none for the default) by the same projection the
 * handler uses for `anno`.
 */
function yearlyRecord<T extends { anno: number }, R extends YearlyRecord<T>>(
  c: Pick<ComuneData, 'anagrafica'>,
  id: 'demografia.get' | 'redditi.get',
  series: T[],
  defaultYear: number,
  extra: Record<string, unknown>,
  links: Record<string, string>,
): R | null {
  const code = c.anagrafica.codice_istat;
  const year = series.some((e) => e.anno === defaultYear) ? defaultYear : series.at(-1)?.anno;
  if (year === undefined) return null;
  const full = {
    codice_istat: code,
    nome: c.anagrafica.nome,
    serie_storica: series,
    anni_disponibili: series.map((e) => e.anno),
    ...extra,
    links: { self: '', json: jsonLink(id, { codice_istat: code }), comune: `/api/comuni/${code}`, ...links },
  };
  return selectYear<T, R>(full as never, year, canonicalUrl(routeById(id), { codice_istat: code }));
}

export function demografiaRecord(c: ComuneData, dataset: Dataset): Demografia | null {
  const extra = {
    fonti_serie_ufficiale: officialSourceRuns(c.demografia),
    lacune_serie_ufficiale: officialGaps(c.demografia, dataset.anni.demografia_ufficiale),
    variazione_popolazione: populationTrend(c.demografia),
    metodologia: `${METHODOLOGY}#demografia`,
  };
  const avvisi = yearlyWarnings(dataset, 'demografia');
  return yearlyRecord<DemografiaAnno, Demografia>(
    c,
    'demografia.get',
    c.demografia.map((y) => withWarnings(y, avvisi(c.anagrafica.codice_istat, y.anno))),
    dataset.predefiniti.demografia,
    extra,
    { redditi: `/api/redditi/${c.anagrafica.codice_istat}` },
  );
}

export function redditiRecord(
  c: Pick<ComuneData, 'anagrafica' | 'redditi'>,
  dataset: Pick<Dataset, 'predefiniti' | 'redditiAggregati'>,
): Redditi | null {
  const extra = { metodologia: `${METHODOLOGY}#redditi` };
  const avvisi = yearlyWarnings(dataset, 'redditi');
  const series = c.redditi.map((y) => withWarnings(y.full(), avvisi(c.anagrafica.codice_istat, y.anno)));
  return yearlyRecord<RedditiAnno, Redditi>(c, 'redditi.get', series, dataset.predefiniti.redditi, extra, {
    demografia: `/api/demografia/${c.anagrafica.codice_istat}`,
  });
}

export function ambienteRecord(c: Pick<ComuneData, 'anagrafica' | 'ambiente'>): Ambiente {
  const code = c.anagrafica.codice_istat;
  return {
    codice_istat: code,
    nome: c.anagrafica.nome,
    ...c.ambiente,
    metodologia: `${METHODOLOGY}#ambiente`,
    links: {
      self: `/api/ambiente/${code}`,
      json: jsonLink('ambiente.get', { codice_istat: code }),
      comune: `/api/comuni/${code}`,
    },
  };
}
