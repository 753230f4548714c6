import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problem } from '../api/problem.ts';
import { routeById, ROUTE_LIST } from '../api/routes.ts';
import { csvTwinPath, toCsv } from '../api/csv.ts';
import { computeList } from '../api/handler.ts';
import { NOT_FOUND_FILE, precomputedListVariants, routeFiles, staticFilePath } from '../api/static-files.ts';
import { undeclaredOrMissingFiles } from './check/declared-files.ts';
import { CHANGES_PATH, compareSnapshots } from './report/change-report.ts';
import { changeTable } from './report/change-table.ts';
import { buildSnapshot, parseSnapshot, SNAPSHOT_PATH } from './report/snapshot.ts';
import { buildRuntimeIndex, incomeRankingsByYear, inMemoryIndexData } from './render/build-index.ts';
import { resolveConfig, type BuildConfig } from './config.ts';
import { coverageTable } from './report/coverage.ts';
import type { Dataset } from './join/dataset.ts';
import { dataCreated, datiRelease, zipAliasRedirect } from './render/dati-release.ts';
import { fetchDatesNote, sourceFetchDates } from './load/fetch-dates.ts';
import { DEFAULT_LOCK_PATH } from './fetch/lock.ts';
import { fromCacheNote, loadSources, requireLoaded } from './load/load-sources.ts';
import { SourceCache } from './load/source-cache.ts';
import { methodologyDoc } from './render/methodology.ts';
import { nationalAverages } from './derive/national-averages.ts';
import { OutputWriter } from './write/output.ts';
import { recoverOutputs } from './write/swap.ts';
import { defaultEffects, Progress, type BuildEffects } from './report/progress.ts';
import { computeQualityIndex, toQualityColumns, type QualityResult } from './quality-index/index.ts';
import { qualityInputs } from './derive/quality-inputs.ts';
import { fonteDoc, provinceDoc, regioniDoc, statusDoc } from './render/render-meta.ts';
import { validateDataset } from './check/validate-dataset.ts';
import { boundariesResource, writeBoundaries } from './write/write-boundaries.ts';
import { DatiPacker } from './write/dati-packer.ts';
import { RecordsThread } from './write/records-thread.ts';
import { writeRecords } from './write/write-records.ts';
import { writeDati, type DatiFile } from './write/write-dati.ts';
import { writeEdgeIndex, writeEdgeIndexEntry } from './write/write-edge-index.ts';
import { writeSite } from './write/write-site.ts';
import { renderRedirects } from './write/netlify-config.ts';
import { listFileRules } from '../api/cdn-layer.ts';
import { ceasedCodes, writeCeasedProblems } from './write/write-ceased-problems.ts';
import { cessatiRecords, territoryIndex } from './render/territory-records.ts';
import type { ComuneCessato } from '../api/schemas/territorio.ts';
import { territorySummary } from './report/territory-summary.ts';
import type { FullIndexData, RuntimeIndex } from '../api/runtime-index.ts';
import { openApiDocument } from './render/openapi.ts';
import { ALL_SOURCE_META, SOURCE_MODULES } from '../data-sources/index.ts';
import { buildFingerprint, codeHash } from './write/build-fingerprint.ts';
import { buildDataset, populationSources } from './join/build-dataset.ts';
import { gateChanges, DEFAULT_ACK_PATH } from './report/change-gate.ts';
import { checkCrossSources } from './check/cross-source.ts';
import { checkSources, type SourceFailure } from './check/source-checks.ts';
import { lockMismatchMessage, verifyInputs } from './load/input-lock.ts';
import { countLines, locateRow } from './check/locate-row.ts';
import { checkPlausibility, fileForYear, withNationalBounds, type PlausibilityFailure } from './check/plausibility.ts';

/** Version of the input data: a hash of every source file's checksum (same files → same version). */
function dataVersion(fileHashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, sha256] of [...fileHashes].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`${path}\0${sha256}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Ceased comuni's records, those the route declares. */
async function writeTerritory(writer: OutputWriter, cessati: ComuneCessato[], index: RuntimeIndex) {
  const route = routeById('comuni.cessati.get');
  const byCode = new Map(cessati.map((c) => [c.codice_catastale, c]));
  for (const values of routeFiles(route, index))
    await writer.json(staticFilePath(route, values), byCode.get(String(values.codice_catastale)), route.schema);
}

async function writeLists(writer: OutputWriter, data: FullIndexData, progress: Progress) {
  const variants = precomputedListVariants(data.index);
  const tick = progress.bar('elenchi e classifiche', variants.length);
  let done = 0;
  for (const { route, values } of variants) {
    const path = staticFilePath(route, values);
    const body = await computeList(data, route, values);
    await writer.json(path, body, route.schema);
    // The CSV twin, converted by the handler's own function (api/csv.ts), so static and dynamic CSV agree.
    if (route.csv) await writer.text(csvTwinPath(path), toCsv(body, route.csv));
    tick(++done);
  }
  return variants.length;
}

async function writeDocuments(writer: OutputWriter, dataset: Dataset, index: RuntimeIndex, quality: QualityResult) {
  const national = routeById('confronta.national');
  for (const values of routeFiles(national, index))
    await writer.json(
      staticFilePath(national, values),
      nationalAverages(dataset, values.anno as number | undefined),
      national.schema,
    );
  const doc = (id: Parameters<typeof routeById>[0], body: unknown) =>
    writer.json(staticFilePath(routeById(id), {}), body, routeById(id).schema);
  await doc('regioni.list', regioniDoc(dataset, index));
  await doc('province.list', provinceDoc(dataset));
  await doc('fonti.list', { totale: dataset.fonti.length, risultati: dataset.fonti.map(fonteDoc) });
  const source = routeById('fonti.get');
  for (const values of routeFiles(source, index))
    await writer.json(
      staticFilePath(source, values),
      fonteDoc(dataset.fonti.find((s) => s.meta.id === values.fonte)!),
      source.schema,
    );
  await doc('metodologia', methodologyDoc(dataset, quality.metodologia));
  // Body of Netlify's 404 for direct .json URLs that do not exist (see netlify.toml).
  await writer.json(
    NOT_FOUND_FILE,
    problem(
      404,
      'Nessuna risorsa a questo indirizzo. Gli indirizzi validi sono descritti in /api/openapi.json.',
      '/api/',
    ),
    'Problem',
  );
}

/**
 * Reads and joins the sources. The parsed files (~190 MB of heap) are garbage once joined:
 * kept in build()'s scope they would stay alive to the end and raise the peak RSS.
 */
async function loadDataset(config: BuildConfig, progress: Progress, fileHashes: ReadonlyMap<string, string>) {
  const { data, status } = await progress.step(
    'lettura delle fonti',
    async () =>
      loadSources(config.dataDir, {
        cache: config.sourceCacheDir
          ? await SourceCache.open(config.sourceCacheDir, config.dataDir, fileHashes)
          : undefined,
      }),
    fromCacheNote,
  );
  const dataset = await progress.step('unione per codice ISTAT', () => buildDataset(data, status));
  const crossSource = checkCrossSources(populationSources(data));
  const meaning = checkSources(data, dataset);
  return {
    meaning,
    dataset,
    validita: requireLoaded(data.gi, 'gi-db-comuni').validita,
    confini: requireLoaded(data.confini2025, 'istat-confini-2025'),
    crossSource,
  };
}

/** A failed plausibility check with the file and, where it can be found, the row to look at. */
async function describeFailure(dataDir: string, f: PlausibilityFailure): Promise<string> {
  const meta = ALL_SOURCE_META.find((m) => m.id === f.fonte);
  const path = meta ? fileForYear(meta, f.anno) : null;
  if (!path) return f.message;
  if (f.codice === null) {
    const lines = await countLines(dataDir, path);
    return `${f.message}
      file ${path}${lines === null ? '' : ` (${lines.toLocaleString('it-IT')} righe)`}`;
  }
  const row = await locateRow(dataDir, path, f.codice);
  return `${f.message}
      file ${path}${row ? `, riga ${row.line}: «${row.text}»` : ''}`;
}

/** Every check on the joined data, all failures together: invariants, plausibility of every year of every series, agreement between sources. */
async function checkDataset(
  config: BuildConfig,
  dataset: Dataset,
  crossSource: string[],
  meaning: SourceFailure[],
): Promise<void> {
  const invariants = validateDataset(dataset, config.scale);
  const plausibility = checkPlausibility(dataset, withNationalBounds(config.scale?.totali));
  if (invariants.length + plausibility.length + crossSource.length + meaning.length === 0) return;
  const shown = await Promise.all(plausibility.slice(0, 25).map((f) => describeFailure(config.dataDir, f)));
  const meaningShown = await Promise.all(
    meaning.slice(0, 25).map(async (f) => {
      const row = f.file && f.codice ? await locateRow(config.dataDir, f.file, f.codice) : null;
      return f.file ? `${f.message}\n      file ${f.file}${row ? `, riga ${row.line}: «${row.text}»` : ''}` : f.message;
    }),
  );
  const sections = [
    invariants.length > 0
      ? `${invariants.length} ${invariants.length === 1 ? 'controllo' : 'controlli'} di coerenza non superati:\n  ${invariants.join('\n  ')}`
      : null,
    plausibility.length > 0
      ? `${plausibility.length} ${plausibility.length === 1 ? 'valore' : 'valori'} fuori dai limiti di plausibilità (generator/check/plausibility.ts):\n  ${shown.join('\n  ')}${plausibility.length > 25 ? `\n  … e altri ${plausibility.length - 25}` : ''}`
      : null,
    crossSource.length > 0
      ? `${crossSource.length} disaccordi tra fonti (generator/check/cross-source.ts):\n  ${crossSource.slice(0, 25).join('\n  ')}`
      : null,
    meaning.length > 0
      ? `${meaning.length} ${meaning.length === 1 ? 'controllo di significato non superato' : 'controlli di significato non superati'} (generator/check/source-checks.ts):\n  ${meaningShown.join('\n  ')}${meaning.length > 25 ? `\n  … e altri ${meaning.length - 25}` : ''}`
      : null,
  ];
  throw new Error(
    `${sections.filter(Boolean).join('\n')}\n\n` +
      'Un valore così viene quasi sempre da un file troncato o alterato: confronta la riga indicata con il file ufficiale e riscaricalo. ' +
      "Se il valore è genuino (fusione di comuni, revisione dell'editore), aggiungi un'eccezione motivata alla tabella dei controlli.",
  );
}

/** Builds the API from config.dataDir into config.outDir; prints and reads the clock only through `effects`. */
export async function build(
  config: BuildConfig,
  effects: BuildEffects = defaultEffects(),
): Promise<{ files: number; bytes: number; seconds: number; steps: Progress['steps'] }> {
  const { logger } = effects;
  const progress = new Progress(effects);
  const started = performance.now();
  // The bulk dataset's thread loads DuckDB, the records' thread its renderers, while the second core has room.
  DatiPacker.spare.prepare();
  RecordsThread.spare.prepare();
  logger.log(`comuni-api build\n  fonti: ${config.dataDir}\n  output: ${config.outDir}`);
  for (const line of await recoverOutputs(config.outDir)) logger.log(`  ${line} (build interrotta in precedenza)`);
  const lockPath = config.lockPath ?? DEFAULT_LOCK_PATH;
  // Every declared source file is hashed once, before a row is read: against the lock, for the data version and the fingerprint.
  const inputs = await progress.step('verifica degli input (sources.lock.json)', () =>
    verifyInputs(
      config.dataDir,
      SOURCE_MODULES.map((m) => m.meta),
      lockPath,
    ),
  );
  const mismatch = lockMismatchMessage(inputs, lockPath);
  if (mismatch) throw new Error(mismatch);
  const fingerprint = buildFingerprint(await codeHash(), inputs.hashes);
  const { dataset, validita, confini, crossSource, meaning } = await loadDataset(config, progress, inputs.hashes);
  await progress.step('controlli di validità e plausibilità', () =>
    checkDataset(config, dataset, crossSource, meaning),
  );
  const quality = await progress.step('indice di qualità della vita', () =>
    computeQualityIndex(qualityInputs(dataset)),
  );
  const loaded = dataset.fonti.filter((s) => s.mancante === null).map((s) => s.meta);
  const loadedPaths = new Set(loaded.flatMap((m) => m.files.map((f) => f.path)));
  const fileHashes = new Map([...inputs.hashes].filter(([path]) => loadedPaths.has(path)));
  const versione = dataVersion(fileHashes);
  const fetched = await sourceFetchDates(config.dataDir, loaded, lockPath, fileHashes);
  const release = datiRelease(
    versione,
    await dataCreated(config.dataDir, loaded, fetched.dates),
    config.siteUrl ?? null,
  );
  // The snapshot of the build about to be replaced: what the change report compares with.
  const previous = parseSnapshot(await readFile(join(config.outDir, SNAPSHOT_PATH), 'utf8').catch(() => null));
  const cessati = cessatiRecords(dataset);
  const index = await progress.step('indice delle risposte dinamiche', () =>
    buildRuntimeIndex(
      dataset,
      toQualityColumns(
        quality,
        dataset.comuni.map((c) => c.anagrafica),
      ),
      versione,
      territoryIndex(dataset, cessati),
    ),
  );
  const incomeByYear = incomeRankingsByYear(dataset);
  const indexData = inMemoryIndexData(index, incomeByYear);
  const writer = await OutputWriter.create(config.outDir);
  // Every step writes through `writer`: a failed one discards the whole tree. The bulk dataset's
  // step is awaited (or its failure caught) before anything else can throw past it.
  let dati: Promise<DatiFile[]> | null = null;
  try {
    const boundaries = await progress.step('confini dei comuni', () => writeBoundaries(writer, dataset, confini));
    // Its Parquet (DuckDB) and zip (zlib) work runs on their own threads while the records are rendered.
    dati = progress.background('dataset in blocco (dati/)', () =>
      writeDati(writer, dataset, quality, release, [boundariesResource(boundaries)]),
    );
    // Handled where it is awaited; until then, a failure must not count as an unhandled rejection (which exits).
    dati.catch(() => undefined);
    const coverage = await progress.step('schede per comune', () =>
      writeRecords(writer, dataset, index, quality, progress),
    );
    await progress.step('comuni cessati e codici precedenti', () => writeTerritory(writer, cessati, index));
    await progress.step('elenchi e classifiche', () => writeLists(writer, indexData, progress));
    await progress.step('documenti', () => writeDocuments(writer, dataset, index, quality));
    await writer.json(staticFilePath(routeById('copertura'), {}), coverage, 'Copertura');
    // Netlify's redirects: the release's stable zip name, former codes (the handler answers the same 301s locally),
    // then ceased codes on the static layer, served as 404s with the handler's own problem bodies, written first.
    const ceased = ceasedCodes(index);
    await progress.step('404 dei codici cessati', () => writeCeasedProblems(writer, indexData, ceased));
    await writer.text(
      '/_redirects',
      renderRedirects(index.territorio.alias, ceased, [zipAliasRedirect(release)], listFileRules(index)),
    );
    const datiFiles = await dati;
    await progress.step('sito di documentazione', () =>
      writeSite(writer, {
        dataset,
        quality,
        coverage,
        routes: ROUTE_LIST,
        dati: datiFiles,
        fetchedAt: fetched.dates,
        boundaries,
      }),
    );
    // After every other answer is on disk: its examples are the handler's real answers.
    await writer.flush();
    // Before the OpenAPI document, whose examples would fail on a missing file less clearly; it and /api/status come
    // last (they describe the build). A comune without boundaries has none (build report: comuni_senza_confini).
    const boundaryRoute = routeById('comuni.confini');
    const notYet = [
      ...boundaries.senzaConfini.map((codice_istat) => staticFilePath(boundaryRoute, { codice_istat })),
      ...(['openapi', 'status'] as const).map((id) => staticFilePath(routeById(id), {})),
    ];
    const disagreements = undeclaredOrMissingFiles(writer.answers, index, new Set(notYet));
    if (disagreements.length)
      throw new Error(
        `File della build diversi da quelli dichiarati:\n  ${disagreements.slice(0, 20).join('\n  ')}${disagreements.length > 20 ? `\n  … e altri ${disagreements.length - 20}` : ''}`,
      );
    await progress.step('OpenAPI con esempi reali', async () =>
      writer.json(
        staticFilePath(routeById('openapi'), {}),
        await openApiDocument(ROUTE_LIST, indexData, writer.root),
        'OpenApi',
      ),
    );
    await writer.text(
      '/report/build-report.json',
      `${JSON.stringify({ versione_dati: versione, ...dataset.report, comuni_senza_confini: boundaries.senzaConfini, sensibilita_qualita: quality.sensibilita, indicatori_provinciali_qualita: quality.indicatori_provinciali }, null, 2)}\n`,
    );
    const snapshot = buildSnapshot({
      dataset,
      versione,
      coverage,
      scores: new Map(quality.comuni.map((c) => [c.codice_istat, c.punteggio])),
    });
    const changes = compareSnapshots(previous, snapshot, { validita });
    const gate = await gateChanges(changes, {
      accept: config.acceptChanges ?? false,
      ackPath: config.changesAckPath ?? DEFAULT_ACK_PATH,
      now: effects.clock(),
    });
    await writer.text(SNAPSHOT_PATH, JSON.stringify(snapshot));
    await writer.text(CHANGES_PATH, `${JSON.stringify(changes, null, 2)}\n`);
    const edge = await writeEdgeIndex(writer, index, incomeByYear, fingerprint);
    // /api/status is the one file with a timestamp; it counts itself.
    const cambiamenti = { rispetto_a: changes.versione_dati.prima, rapporto: CHANGES_PATH };
    await writer.json(
      staticFilePath(routeById('status'), {}),
      statusDoc(dataset, release, effects.clock().toISOString(), writer.files + 1, fetched.dates, cambiamenti),
      'Status',
    );
    await progress.step("scrittura degli ultimi file e scambio con l'output precedente", async () => {
      if (config.generatedDir) await writeEdgeIndexEntry(config.generatedDir, config.outDir);
      // On Netlify the published folder is a plain one: nothing serves it during the build, and a
      // link as publish directory is not something every deploy tool follows (docs/local-server.md).
      await writer.commit(config.outDir, { realDirectory: process.env.NETLIFY === 'true' });
    });
    const seconds = (performance.now() - started) / 1000;
    logger.log(`\nCopertura dei campi (anche in /api/copertura):\n${coverageTable(coverage)}\n`);
    logger.log(`${changeTable(changes)}\n`);
    logger.log(`${territorySummary(dataset.territorio.report)}\n`);
    const fetchNote = fetchDatesNote(fetched);
    if (fetchNote) logger.warn(`${fetchNote}\n`);
    if (gate.note) logger.warn(`${gate.note}\n`);
    logger.log(`Indice per l'edge function: ${edge.path} nell'output (${(edge.bytes / 1e6).toFixed(2)} MB)`);
    logger.log(
      `Fatto: ${writer.files} file, ${(writer.bytes / 1e6).toFixed(1)} MB in ${config.outDir}, ${seconds.toFixed(1)} s.`,
    );
    return { files: writer.files, bytes: writer.bytes, seconds, steps: progress.steps };
  } catch (error) {
    await dati?.catch(() => undefined);
    await writer.discard();
    throw error;
  }
}

/**
 * The build as a command (`npm run build`, through build-cli.mjs; or `node --import tsx
 * generator/build.ts`): a failure is printed and ends the process with exit code 1.
 */
export async function runBuildCli(argv: string[]): Promise<Awaited<ReturnType<typeof build>>> {
  try {
    return await build(resolveConfig(argv));
  } catch (error) {
    console.error(
      `\nBuild non riuscita: l'output precedente (se c'è) non è stato toccato.\n${error instanceof Error ? error.message : String(error)}`,
    );
    await Promise.all([DatiPacker.spare.discard(), RecordsThread.spare.discard()]).catch(() => undefined);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runBuildCli(process.argv.slice(2));
