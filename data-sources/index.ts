import * as agcomCoperturaFtth from './agcom-copertura-ftth.ts';
import * as anprArchivioComuni from './anpr-archivio-comuni.ts';
import * as anprPopolazione from './anpr-popolazione.ts';
import * as comuniIta from './comuni-ita.ts';
import * as dipeUrbanIndex from './dipe-urban-index.ts';
import * as giDbComuni from './gi-db-comuni.ts';
import * as giscoOspedali from './gisco-ospedali.ts';
import * as internoDelitti from './interno-delitti.ts';
import * as ispraAria from './ispra-aria.ts';
import * as ispraSuolo from './ispra-suolo.ts';
import * as ispraConsumoSuoloComuni from './ispra-consumo-suolo-comuni.ts';
import * as istatBilancioDemografico from './istat-bilancio-demografico.ts';
import * as istatAreeInterne from './istat-aree-interne.ts';
import * as istatClassificazioniComuni from './istat-classificazioni-comuni.ts';
import * as istatConfini2025 from './istat-confini-2025.ts';
import * as istatDelitti from './istat-delitti.ts';
import * as istatElencoComuni from './istat-elenco-comuni.ts';
import * as istatPopolazione2018_2021 from './istat-popolazione-2018-2021.ts';
import * as istatPopolazione2020 from './istat-popolazione-2020.ts';
import * as istatPopolazione2022_2023 from './istat-popolazione-2022-2023.ts';
import * as istatPopolazione2022Sesso from './istat-popolazione-2022-sesso.ts';
import * as istatPopolazione2024 from './istat-popolazione-2024.ts';
import * as istatPosas from './istat-posas.ts';
import * as istatVariazioniComuni from './istat-variazioni-comuni.ts';
import * as istatSardegna2026 from './istat-codici-sardegna.ts';
import type { ParsedCache, SourceMeta } from './lib/source.ts';
import * as mefIrpef2024Sintesi from './mef-irpef-2024-sintesi.ts';
import * as mefIrpefComunale from './mef-irpef-comunale.ts';
import * as mimScuoleStatali from './mim-scuole-statali.ts';
import * as openpolisConfini2019 from './openpolis-confini-2019.ts';

/** What every upstream source module exports: its metadata and a loader of its declared files. */
export interface SourceModule {
  meta: SourceMeta;
  load: (dataDir: string) => Promise<unknown>;
  /** How the build's source cache keeps the loaded value, where v8's clone alone does not (see ParsedCache). */
  parsedCache?: ParsedCache;
}

/**
 * Every upstream source module, by the name the build's join uses. A new source module
 * must be added here (test/fetch/registry.test.ts fails otherwise): the build, the
 * fetcher (`npm run data:fetch`) and /api/fonti all iterate this registry.
 */
export const SOURCES = {
  gi: giDbComuni,
  elenco: istatElencoComuni,
  comuniIta,
  archivio: anprArchivioComuni,
  variazioni: istatVariazioniComuni,
  sardegna2026: istatSardegna2026,
  classificazioni: istatClassificazioniComuni,
  confini2019: openpolisConfini2019,
  confini2025: istatConfini2025,
  anpr: anprPopolazione,
  bilancio: istatBilancioDemografico,
  pop2020: istatPopolazione2020,
  pop1821: istatPopolazione2018_2021,
  pop2223: istatPopolazione2022_2023,
  pop22sesso: istatPopolazione2022Sesso,
  pop2024: istatPopolazione2024,
  posas: istatPosas,
  irpef: mefIrpefComunale,
  irpef2024: mefIrpef2024Sintesi,
  aria: ispraAria,
  suolo: ispraSuolo,
  suoloComuni: ispraConsumoSuoloComuni,
  areeInterne: istatAreeInterne,
  dipe: dipeUrbanIndex,
  delitti: istatDelitti,
  interno: internoDelitti,
  gisco: giscoOspedali,
  scuole: mimScuoleStatali,
  ftth: agcomCoperturaFtth,
} as const;

export const SOURCE_MODULES: readonly SourceModule[] = Object.values(SOURCES);

export const ALL_SOURCE_META: SourceMeta[] = SOURCE_MODULES.map((m) => m.meta);
