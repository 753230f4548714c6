import { routeById } from '../../api/routes.ts';
import { routeFiles, staticFilePath } from '../../api/static-files.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import type { Dataset } from '../join/dataset.ts';
import type { QualityResult } from '../quality-index/index.ts';
import { comuneDocuments, portableDataset, type ComuneDocument } from '../render/comune-documents.ts';
import { CoverageTally, type CoverageReport } from '../report/coverage.ts';
import type { Progress } from '../report/progress.ts';
import type { OutputWriter } from './output.ts';
import { RecordsThread } from './records-thread.ts';

/** One comune's document: rendered, refused if a null has no reason, counted for coverage and, for a record, written. */
export async function writeDocument<C>(
  writer: OutputWriter,
  coverage: CoverageTally,
  document: ComuneDocument<C>,
  c: C,
  code: string,
): Promise<void> {
  const route = document.route && routeById(document.route);
  const body = document.render(c);
  // One walk of the record counts its fields and finds its nulls without a reason.
  const unexplained = coverage.add(document.dominio, code, body);
  if (unexplained.length)
    throw new Error(
      `${route ? staticFilePath(route, { codice_istat: code }) : `${document.dominio} di ${code}`}: null senza motivo in ${unexplained.join(', ')} (manca in valori_mancanti o motivo_mancante).`,
    );
  if (route) await writer.json(staticFilePath(route, { codice_istat: code }), body, route.schema);
}

/**
 * Every comune's documents, one kind after the other: the same validator, renderer and serializer run 7,896
 * times in a row (interleaving the kinds comune by comune took twice as long to validate). The portable kinds
 * go to the records' thread (records-thread.ts), the others are done here meanwhile; a record for each comune
 * its route declares (api/routes/files.ts), a dataset block for every comune.
 */
export async function writeRecords(
  writer: OutputWriter,
  dataset: Dataset,
  index: RuntimeIndex,
  quality: QualityResult,
  progress: Progress,
): Promise<CoverageReport> {
  const documents = comuneDocuments(dataset, quality);
  const all = dataset.comuni.map((c) => c.anagrafica.codice_istat);
  const codes = new Map(
    documents.map((d) => {
      const route = d.route && routeById(d.route);
      return [d.dominio, route ? routeFiles(route, index).map((v) => String(v.codice_istat)) : all] as const;
    }),
  );
  const tick = progress.bar(
    'schede dei comuni',
    [...codes.values()].reduce((n, list) => n + list.length, 0),
  );
  let done = 0;
  const byCode = new Map(dataset.comuni.map((c) => [c.anagrafica.codice_istat, c]));
  const portable = documents.filter((d) => d.portable);
  const thread = RecordsThread.start(
    {
      root: writer.root,
      dataset: portableDataset(dataset),
      codes: Object.fromEntries(portable.map((d) => [d.dominio, codes.get(d.dominio)!])),
    },
    (dominio, code) => portable.find((d) => d.dominio === dominio)!.portable!(byCode.get(code)!),
    (n) => tick((done += n)),
  );
  const coverage = new CoverageTally(documents);
  try {
    for (const document of documents.filter((d) => !d.portable))
      for (const code of codes.get(document.dominio)!) {
        if (thread.failed) throw thread.failed;
        await writeDocument(writer, coverage, document, byCode.get(code)!, code);
        tick(++done);
      }
  } catch (error) {
    await thread.stop();
    throw error;
  }
  const { coverage: part, ...written } = await thread.finish();
  writer.adoptAnswers(written);
  coverage.absorb(part);
  return coverage.report();
}
