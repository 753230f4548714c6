import type { TSchema } from '@sinclair/typebox';
import { Ambiente } from './ambiente.ts';
import { Problem } from './common.ts';
import { Comune } from './comune.ts';
import { Confini } from './confini.ts';
import { Demografia } from './demografia.ts';
import { Classifica, ComuniList, Confronto, SearchResults } from './lists.ts';
import { Copertura, Fonte, Fonti, Metodologia, OpenApi, Province, Regioni, Status } from './meta.ts';
import { MedieNazionali } from './nazionale.ts';
import { ClassificaQualita, QualitaVita, Wizard } from './qualita.ts';
import { Redditi } from './redditi.ts';
import { Servizi, Sicurezza } from './servizi.ts';
import { CessatiList, ComuneCessato } from './territorio.ts';

const BY_NAME = {
  ComuniList,
  SearchResults,
  Comune,
  CessatiList,
  ComuneCessato,
  Confini,
  Demografia,
  Classifica,
  Redditi,
  Ambiente,
  ClassificaQualita,
  Wizard,
  QualitaVita,
  Confronto,
  MedieNazionali,
  Regioni,
  Province,
  Fonti,
  Fonte,
  Metodologia,
  Copertura,
  Status,
  OpenApi,
  Problem,
  // Dataset blocks that no single response carries whole; validated by the build.
  Servizi,
  Sicurezza,
};

/** Every response schema by the name the route table uses (`RouteSpec['schema']`, checked at compile time). */
export const SCHEMAS: Readonly<Record<string, TSchema>> & typeof BY_NAME = BY_NAME;
