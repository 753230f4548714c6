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
import { IncomeYear, type IncomeYearParts } from '../join/income-year.ts';
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
  /** Rendered from a PortableComune, so that another thread can write it (generator/write/records-thread.ts). */
  portable: boolean;
}

/**
 * What the portable documents read of a comune, as plain data: a structured clone of it is all their thread
 * gets. The income years (IncomeYear, a class) travel as their parts and are made again there.
 */
export interface PortableComune {
  anagrafica: ComuneData['anagrafica'];
  redditi: IncomeYearParts[];
}

/** What the portable documents read of the dataset, beside each comune's PortableComune. */
export type PortableDataset = Pick<Dataset, 'predefiniti' | 'redditiAggregati'>;

const portableComune = ({ anagrafica, redditi }: ComuneData): PortableComune => ({
  anagrafica,
  redditi: redditi.map((y) => y.parts()),
});

/** What the portable documents read: the dataset's part, and each comune's PortableComune by code, made when asked for. */
export function portableInput(dataset: Dataset): {
  dataset: PortableDataset;
  comune: (code: string) => PortableComune;
} {
  const byCode = new Map(dataset.comuni.map((c) => [c.anagrafica.codice_istat, c]));
  const { predefiniti, redditiAggregati } = dataset;
  return { dataset: { predefiniti, redditiAggregati }, comune: (code) => portableComune(byCode.get(code)!) };
}

const record = <C>(
  dominio: string,
  route: RouteId,
  render: (c: C) => unknown,
  portable = false,
): ComuneDocument<C> => ({ dominio, route, schema: SCHEMAS[routeById(route).schema], render, portable });

/**
 * The documents another thread renders: the income records, half the bytes of all records (~480 of ~960 MB)
 * from ~35 MB of input. Listed where comuneDocuments puts them.
 */
export function portableDocuments(dataset: PortableDataset): { redditi: ComuneDocument<PortableComune> } {
  return {
    redditi: record(
      'redditi',
      'redditi.get',
      ({ anagrafica, redditi }: PortableComune) =>
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
      true,
    ),
  };
}

export function comuneDocuments(dataset: Dataset, quality: QualityResult): ComuneDocument[] {
  const portable = portableDocuments(dataset);
  // On this thread (coverageReport), a portable document renders from the same parts its thread is sent.
  const here = (d: ComuneDocument<PortableComune>): ComuneDocument => ({
    ...d,
    render: (c) => d.render(portableComune(c)),
  });
  return [
    record('anagrafica', 'comuni.get', (c: ComuneData) => comuneRecord(c, dataset)),
    record('demografia', 'demografia.get', (c: ComuneData) => demografiaRecord(c, dataset)),
    here(portable.redditi),
    record('ambiente', 'ambiente.get', (c: ComuneData) => ambienteRecord(c)),
    { dominio: 'servizi', route: null, schema: SCHEMAS.Servizi, render: (c) => c.servizi, portable: false },
    { dominio: 'sicurezza', route: null, schema: SCHEMAS.Sicurezza, render: (c) => c.sicurezza, portable: false },
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
