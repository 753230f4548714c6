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
import { IncomeYear } from '../join/income-year.ts';
import { incomeSource } from '../join/join-income.ts';
import { buildQualitaVitaRecord, type QualityResult } from '../quality-index/index.ts';
import { CoverageTally, type CoverageReport } from '../report/coverage.ts';
import { ambienteRecord, comuneRecord, demografiaRecord, redditiRecord } from './render-records.ts';

export interface ComuneDocument<C = ComuneData> {
  dominio: string;
  /** The route that serves it as one file per comune; none for a dataset block. */
  route: RouteId | null;
  schema: TSchema;
  render: (c: C) => unknown;
  /**
   * For a document another thread renders (generator/write/records-thread.ts): what it reads of a comune, as plain
   * data, since a structured clone of it is all that thread gets. Null: rendered on the main thread.
   */
  portable: ((c: ComuneData) => unknown) | null;
}

/** What the portable documents read of the dataset, beside what each reads of a comune. */
export type PortableDataset = Pick<Dataset, 'predefiniti' | 'redditiAggregati'>;

export const portableDataset = ({ predefiniti, redditiAggregati }: Dataset): PortableDataset => ({
  predefiniti,
  redditiAggregati,
});

const record = <C>(dominio: string, route: RouteId, render: (c: C) => unknown): ComuneDocument<C> => ({
  dominio,
  route,
  schema: SCHEMAS[routeById(route).schema],
  render,
  portable: null,
});

/** A document another thread renders from `read(c)`, made where it is rendered by the same `render`. */
const portableRecord = <P>(
  dominio: string,
  route: RouteId,
  read: (c: ComuneData) => P,
  render: (p: P) => unknown,
): ComuneDocument<P> => ({ ...record(dominio, route, render), portable: read });

/**
 * The documents another thread renders, listed where comuneDocuments puts them: the income records (half the
 * bytes of all records, ~480 of ~960 MB) and the environment records. The income years (IncomeYear, a class,
 * which a structured clone turns into a plain object without its methods) travel as their parts.
 */
export function portableDocuments(dataset: PortableDataset) {
  return {
    redditi: portableRecord(
      'redditi',
      'redditi.get',
      ({ anagrafica, redditi }) => ({ anagrafica, redditi: redditi.map((y) => y.parts()) }),
      ({ anagrafica, redditi }) =>
        redditiRecord(
          {
            anagrafica,
            redditi: redditi.map(({ row, recipe, territorio }) => {
              const source = incomeSource(recipe);
              return new IncomeYear(source.revive(row), source, territorio);
            }),
          },
          dataset,
        ),
    ),
    ambiente: portableRecord(
      'ambiente',
      'ambiente.get',
      ({ anagrafica, ambiente }) => ({ anagrafica, ambiente }),
      (c) => ambienteRecord(c),
    ),
  };
}

export function comuneDocuments(dataset: Dataset, quality: QualityResult): ComuneDocument[] {
  const portable = portableDocuments(dataset);
  // On this thread (coverageReport), a portable document renders from what its thread is sent.
  const here = <P>(d: ComuneDocument<P>): ComuneDocument => ({ ...d, render: (c) => d.render(d.portable!(c) as P) });
  return [
    record('anagrafica', 'comuni.get', (c: ComuneData) => comuneRecord(c, dataset)),
    record('demografia', 'demografia.get', (c: ComuneData) => demografiaRecord(c, dataset)),
    here(portable.redditi),
    here(portable.ambiente),
    { dominio: 'servizi', route: null, schema: SCHEMAS.Servizi, render: (c) => c.servizi, portable: null },
    { dominio: 'sicurezza', route: null, schema: SCHEMAS.Sicurezza, render: (c) => c.sicurezza, portable: null },
    record('qualita_vita', 'qualita.get', (c: ComuneData) =>
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
