/**
 * Every document the build makes for each comune, with the domain it belongs to: the records written as files
 * (by route id, schema from the route table) and the dataset blocks no single record carries whole (validated by
 * the build, served through the quality index and the bulk dataset). The record writer, the null-reason check
 * and the coverage report all read this one table.
 */
import type { TSchema } from '@sinclair/typebox';
import { routeById, type RouteId } from '../../api/routes.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { buildQualitaVitaRecord, type QualityResult } from '../quality-index/index.ts';
import { CoverageTally, type CoverageReport } from '../report/coverage.ts';
import { ambienteRecord, comuneRecord, demografiaRecord, redditiRecord } from './render-records.ts';

export interface ComuneDocument {
  dominio: string;
  /** The route that serves it as one file per comune; none for a dataset block. */
  route: RouteId | null;
  schema: TSchema;
  render: (c: ComuneData) => unknown;
}

export function comuneDocuments(dataset: Dataset, quality: QualityResult): ComuneDocument[] {
  const record = (dominio: string, route: RouteId, render: (c: ComuneData) => unknown): ComuneDocument => ({
    dominio,
    route,
    schema: SCHEMAS[routeById(route).schema],
    render,
  });
  return [
    record('anagrafica', 'comuni.get', (c) => comuneRecord(c, dataset)),
    record('demografia', 'demografia.get', (c) => demografiaRecord(c, dataset)),
    record('redditi', 'redditi.get', (c) => redditiRecord(c, dataset)),
    record('ambiente', 'ambiente.get', (c) => ambienteRecord(c)),
    { dominio: 'servizi', route: null, schema: SCHEMAS.Servizi, render: (c) => c.servizi },
    { dominio: 'sicurezza', route: null, schema: SCHEMAS.Sicurezza, render: (c) => c.sicurezza },
    record('qualita_vita', 'qualita.get', (c) =>
      buildQualitaVitaRecord(quality, c.anagrafica.codice_istat, c.anagrafica),
    ),
  ];
}

/** The coverage report of a dataset, rendering every document (the build counts them as it writes them instead). */
export function coverageReport(dataset: Dataset, quality: QualityResult): CoverageReport {
  const documents = comuneDocuments(dataset, quality);
  const tally = new CoverageTally(documents);
  for (const d of documents)
    for (const c of dataset.comuni) tally.add(d.dominio, c.anagrafica.codice_istat, d.render(c));
  return tally.report();
}
