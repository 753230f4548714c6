import * as anprPopolazione from './anpr-popolazione.ts';
import * as comuniIta from './comuni-ita.ts';
import * as dipeUrbanIndex from './dipe-urban-index.ts';
import * as giDbComuni from './gi-db-comuni.ts';
import * as giscoOspedali from './gisco-ospedali.ts';
import * as internoDelitti from './interno-delitti.ts';
import * as ispraAria from './ispra-aria.ts';
import * as ispraSuolo from './ispra-suolo.ts';
import * as istatAreeInterne from './istat-aree-interne.ts';
import * as istatDelitti from './istat-delitti.ts';
import * as istatElencoComuni from './istat-elenco-comuni.ts';
import * as istatPopolazione2018_2021 from './istat-popolazione-2018-2021.ts';
import * as istatPopolazione2020 from './istat-popolazione-2020.ts';
import * as istatPosas from './istat-posas.ts';
import type { SourceMeta } from './lib/source.ts';
import * as mefIrpef2024Sintesi from './mef-irpef-2024-sintesi.ts';
import * as mefIrpefComunale from './mef-irpef-comunale.ts';

/** What every upstream source module exports: its metadata and a loader of its declared files. */
export interface SourceModule {
  meta: SourceMeta;
  load: (dataDir: string) => Promise<unknown>;
}

/**
 * Every upstream source module, in registry order. A new source module must be added here
 * (test/fetch/registry.test.ts fails otherwise): the fetcher (`npm run data:fetch`) and
 * /api/fonti iterate this list.
 */
export const SOURCE_MODULES: readonly SourceModule[] = [
  giDbComuni,
  istatElencoComuni,
  comuniIta,
  anprPopolazione,
  istatPopolazione2020,
  istatPopolazione2018_2021,
  istatPosas,
  mefIrpefComunale,
  mefIrpef2024Sintesi,
  ispraAria,
  ispraSuolo,
  istatAreeInterne,
  dipeUrbanIndex,
  istatDelitti,
  internoDelitti,
  giscoOspedali,
];

export const ALL_SOURCE_META: SourceMeta[] = SOURCE_MODULES.map((m) => m.meta);
