import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem } from '../api/problem.ts';
import { routeById, ROUTE_LIST } from '../api/routes.ts';
import { computeList } from '../api/handler.ts';
import { precomputedListVariants, staticFilePath } from '../api/static-files.ts';
import { buildDataset } from './build-dataset.ts';
import { buildSnapshot, CHANGES_PATH, changeTable, compareSnapshots, parseSnapshot, SNAPSHOT_PATH } from './change-report.ts';
import { buildRuntimeIndex } from './build-index.ts';
import { resolveConfig, type BuildConfig } from './config.ts';
import { coverageReport, coverageTable } from './coverage.ts';
import type { Dataset } from './dataset.ts';
import { dataCreated, datiRelease } from './dati-release.ts';
import { fetchDatesNote, sourceFetchDates, sourceFileHashes } from './fetch-dates.ts';
import { DEFAULT_LOCK_PATH } from './fetch/lock.ts';
import { loadSources, requireLoaded } from './load-sources.ts';
import { methodologyDoc } from './methodology.ts';
import { nationalAverages, nationalYears } from './national-averages.ts';
import { OutputWriter } from './output.ts';
import { Progress } from './progress.ts';
import { buildQualitaVitaRecord, computeQualityIndex, toQualityColumns, type QualityResult } from './quality-index.ts';
import { qualityInputs } from './quality-inputs.ts';
import { ambienteRecord, comuneRecord, demografiaRecord, redditiRecord } from './render-records.ts';
import { fonteDoc, provinceDoc, regioniDoc, statusDoc } from './render-meta.ts';
import { validateDataset } from './validate-dataset.ts';
import { writeDati } from './write-dati.ts';
import { writeEdgeIndex } from './write-edge-index.ts';
import { writeSite } from './write-site.ts';
import { renderRedirects } from './netlify-config.ts';
import { cessatiRecords, territoryIndex } from './territory-records.ts';
import type { ComuneCessato } from '../api/schemas/territorio.ts';
import type { RuntimeIndex } from '../api/runtime-index.ts';
import { openApiDocument } from './openapi.ts';

/** Version of the input data: a hash of every source file's checksum (same files → same version). */
function dataVersion(fileHashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, sha256] of [...fileHashes].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${path}\0${sha256}\n`);
  return hash.digest('hex').slice(0, 16);
}

async function writeRecords(writer: OutputWriter, dataset: Dataset, quality: QualityResult, progress: Progress) {
  const tick = progress.bar('schede dei comuni', dataset.comuni.length);
  let done = 0;
  for (const c of dataset.comuni) {
    const code = c.anagrafica.codice_istat;
    const file = (id: Parameters<typeof routeById>[0]) => staticFilePath(routeById(id), { codice_istat: code });
    await writer.json(file('comuni.get'), comuneRecord(c, dataset), 'Comune');
    await writer.json(file('demografia.get'), demografiaRecord(c, dataset), 'Demografia');
    await writer.json(file('redditi.get'), redditiRecord(c, dataset), 'Redditi');
    await writer.json(file('ambiente.get'), ambienteRecord(c), 'Ambiente');
    await writer.json(file('qualita.get'), buildQualitaVitaRecord(quality, code, c.anagrafica), 'QualitaVita');
    tick(++done);
  }
}

/** Ceased comuni's records, and the Netlify redirects of former codes (the handler answers the same 301 locally). */
async function writeTerritory(writer: OutputWriter, cessati: ComuneCessato[], index: RuntimeIndex) {
  for (const c of cessati) await writer.json(staticFilePath(routeById('comuni.cessati.get'), { codice_catastale: c.codice_catastale }), c, 'ComuneCessato');
  await writer.text('/_redirects', renderRedirects(index.territorio.alias));
}

async function writeLists(writer: OutputWriter, index: RuntimeIndex, progress: Progress) {
  const variants = precomputedListVariants(index);
  const tick = progress.bar('elenchi e classifiche', variants.length);
  let done = 0;
  for (const { route, values } of variants) {
    await writer.json(staticFilePath(route, values), computeList(index, route, values), route.schema);
    tick(++done);
  }
  return variants.length;
}

async function writeDocuments(writer: OutputWriter, dataset: Dataset, index: RuntimeIndex, quality: QualityResult) {
  const national = routeById('confronta.national');
  await writer.json(staticFilePath(national, {}), nationalAverages(dataset, undefined), national.schema);
  for (const anno of nationalYears(dataset)) await writer.json(staticFilePath(national, { anno }), nationalAverages(dataset, anno), national.schema);
  const doc = (id: Parameters<typeof routeById>[0], body: unknown) => writer.json(staticFilePath(routeById(id), {}), body, routeById(id).schema);
  await doc('regioni.list', regioniDoc(dataset, index));
  await doc('province.list', provinceDoc(dataset));
  await doc('fonti.list', { totale: dataset.fonti.length, risultati: dataset.fonti.map(fonteDoc) });
  for (const s of dataset.fonti) await writer.json(staticFilePath(routeById('fonti.get'), { fonte: s.meta.id }), fonteDoc(s), 'Fonte');
  await doc('metodologia', methodologyDoc(dataset, quality.metodologia));
  // Body of Netlify's 404 for direct .json URLs that do not exist (see netlify.toml).
  await writer.json('/api/404.json', problem(404, "Nessuna risorsa a questo indirizzo. Gli indirizzi validi sono descritti in /api/openapi.json.", '/api/'), 'Problem');
}

/**
 * Reads and joins the sources. The parsed files (~300 MB of heap) are garbage once joined:
 * kept in build()'s scope they would stay alive to the end and raise the peak RSS.
 */
async function loadDataset(config: BuildConfig, progress: Progress) {
  const { data, status } = await progress.step('lettura delle fonti', () => loadSources(config.dataDir));
  const dataset = await progress.step('unione per codice ISTAT', () => buildDataset(data, status));
  return { dataset, validita: requireLoaded(data.gi, 'gi-db-comuni').validita };
}

export async function build(config: BuildConfig): Promise<{ files: number; bytes: number; seconds: number; steps: Progress['steps'] }> {
  const progress = new Progress();
  const started = performance.now();
  console.log(`comuni-api build\n  fonti: ${config.dataDir}\n  output: ${config.outDir}`);
  const { dataset, validita } = await loadDataset(config, progress);
  const problems = await progress.step('controlli di validità', () => validateDataset(dataset));
  if (problems.length > 0) throw new Error(`the joined dataset fails ${problems.length} check(s):\n  ${problems.join('\n  ')}`);
  const quality = await progress.step('indice di qualità della vita', () => computeQualityIndex(qualityInputs(dataset)));
  const loaded = dataset.fonti.filter((s) => s.mancante === null).map((s) => s.meta);
  // Every source file is hashed once: for the data version and to match the fetch lock.
  const fileHashes = await sourceFileHashes(config.dataDir, loaded);
  const versione = dataVersion(fileHashes);
  const fetched = await sourceFetchDates(config.dataDir, loaded, config.lockPath ?? DEFAULT_LOCK_PATH, fileHashes);
  const release = datiRelease(versione, await dataCreated(config.dataDir, loaded, fetched.dates), config.siteUrl ?? null);
  // The snapshot of the build about to be replaced: what the change report compares with.
  const previous = parseSnapshot(await readFile(join(config.outDir, SNAPSHOT_PATH), 'utf8').catch(() => null));
  const cessati = cessatiRecords(dataset);
  const index = buildRuntimeIndex(dataset, toQualityColumns(quality, dataset.comuni.map((c) => c.anagrafica.codice_istat)), versione, territoryIndex(dataset, cessati));
  const writer = await OutputWriter.create(config.outDir);
  try {
    await progress.step('schede per comune', () => writeRecords(writer, dataset, quality, progress));
    await progress.step('comuni cessati e codici precedenti', () => writeTerritory(writer, cessati, index));
    await progress.step('elenchi e classifiche', () => writeLists(writer, index, progress));
    await progress.step('documenti', () => writeDocuments(writer, dataset, index, quality));
    const scored = new Set(quality.comuni.filter((c) => c.punteggio !== null).map((c) => c.codice_istat));
    const coverage = coverageReport(dataset, (c) => scored.has(c.anagrafica.codice_istat));
    await writer.json(staticFilePath(routeById('copertura'), {}), coverage, 'Copertura');
    const dati = await progress.step('dataset in blocco (dati/)', () => writeDati(writer, dataset, quality, release));
    await progress.step('sito di documentazione', () => writeSite(writer, { dataset, quality, coverage, routes: ROUTE_LIST, dati, fetchedAt: fetched.dates }));
    // After every other answer is on disk: its examples are the handler's real answers.
    await writer.flush();
    await writer.json(staticFilePath(routeById('openapi'), {}), await openApiDocument(ROUTE_LIST, index, writer.root), 'OpenApi');
    await writer.text('/report/build-report.json', `${JSON.stringify({ versione_dati: versione, ...dataset.report, sensibilita_qualita: quality.sensibilita }, null, 2)}\n`);
    const snapshot = buildSnapshot({ dataset, versione, coverage, scores: new Map(quality.comuni.map((c) => [c.codice_istat, c.punteggio])) });
    const changes = compareSnapshots(previous, snapshot, { validita });
    await writer.text(SNAPSHOT_PATH, JSON.stringify(snapshot));
    await writer.text(CHANGES_PATH, `${JSON.stringify(changes, null, 2)}\n`);
    // /api/status is the one file with a timestamp; it counts itself.
    const cambiamenti = { rispetto_a: changes.versione_dati.prima, rapporto: CHANGES_PATH };
    await writer.json(staticFilePath(routeById('status'), {}), statusDoc(dataset, release, new Date().toISOString(), writer.files + 1, fetched.dates, cambiamenti), 'Status');
    await writer.commit(config.outDir);
    const edge = await writeEdgeIndex(config.generatedDir, index);
    const seconds = (performance.now() - started) / 1000;
    console.log(`\nCopertura dei campi (anche in /api/copertura):\n${coverageTable(coverage)}\n`);
    console.log(`${changeTable(changes)}\n`);
    const fetchNote = fetchDatesNote(fetched);
    if (fetchNote) console.warn(`${fetchNote}\n`);
    console.log(`Indice per l'edge function: ${edge.path} (${(edge.bytes / 1e6).toFixed(2)} MB)`);
    console.log(`Fatto: ${writer.files} file, ${(writer.bytes / 1e6).toFixed(1)} MB in ${config.outDir}, ${seconds.toFixed(1)} s.`);
    return { files: writer.files, bytes: writer.bytes, seconds, steps: progress.steps };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build(resolveConfig(process.argv.slice(2))).catch((error: unknown) => {
    console.error(`\nBuild failed; the previous output (if any) is untouched.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
