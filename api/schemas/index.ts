import type { TSchema } from '@sinclair/typebox';
import { Ambiente } from './ambiente.ts';
import { Problem } from './common.ts';
import { Comune } from './comune.ts';
import { Demografia } from './demografia.ts';
import { Classifica, ComuniList, Confronto, SearchResults } from './lists.ts';
import { Copertura, Fonte, Fonti, Metodologia, OpenApi, Province, Regioni, Status } from './meta.ts';
import { MedieNazionali } from './nazionale.ts';
import { ClassificaQualita, QualitaVita, Wizard } from './qualita.ts';
import { Redditi } from './redditi.ts';
import { Servizi, Sicurezza } from './servizi.ts';
import { CessatiList, ComuneCessato } from './territorio.ts';

/** Every response schema by the name the route table uses. */
export const SCHEMAS: Record<string, TSchema> = {
  ComuniList,
  SearchResults,
  Comune,
  CessatiList,
  ComuneCessato,
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
