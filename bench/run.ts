/**
 * `npm run bench`: measures on this machine and prints one table — the full build from the
 * raw sources, cold (cache of parsed sources emptied) and warm (every source from it), three
 * builds of each with the medians reported (one of each in --smoke), each as a multiple of
 * copying its own output, with the host's speed before and after them (calibrate.ts), the edge function's cold start and index size, in-process
 * handler latency, the search engine against fuse.js, and `npm start` under load over
 * loopback — against the targets. Writes bench/results.json
 * (machine, commit, every figure); a previous results file of the same mode adds a column to
 * compare with.
 *
 *   npm run bench [-- --smoke] [--data-dir DIR] [--out DIR] [--results FILE] [--port N]
 *
 * --smoke: the same steps with few iterations and short loads (CI runs it so the benchmark
 * cannot rot); its results go to build/bench/results-smoke.json unless --results says otherwise.
 * The build goes to --out (default build/bench): never public/.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_SOURCE_CACHE_DIR, PROJECT_ROOT, resolveConfig, type EntryBuildConfig } from '../generator/config.ts';
import { importIndexData } from '../server/index-module.ts';
import { calibrate, type Calibration } from './calibrate.ts';
import { measureCopyFloor } from './copy-floor.ts';
import { indexSize, measureColdStart } from './cold-start.ts';
import { checkWorkload, measureHandler, type HandlerFigures } from './handler-latency.ts';
import { measureHttp, startServer, type HttpFigures } from './http.ts';
import { currentCommit, describeMachine } from './machine.ts';
import { measureBuilds, type BuildFigures } from './measure-build.ts';
import { runSearchComparison } from './search-compare.ts';
import { renderTable, type Row } from './table.ts';
import { DYNAMIC_WORKLOADS, STATIC_WORKLOADS } from './workloads.ts';

interface Settings {
  /** Full builds measured, with the source cache emptied (cold) and filled (warm); the median of each is reported (see measureBuilds). */
  buildRuns: { cold: number; warm: number };
  coldStartRuns: number;
  handlerIterations: number;
  searchIterations: number;
  fuseIterations: number;
  /** One connection: a request's own latency. Several: throughput, and latency with requests queueing. */
  httpConnections: [number, number];
  httpSeconds: number;
  httpWarmupSeconds: number;
}

const FULL: Settings = {
  buildRuns: { cold: 3, warm: 3 },
  coldStartRuns: 9,
  handlerIterations: 10_000,
  searchIterations: 10_000,
  fuseIterations: 1_000,
  httpConnections: [1, 10],
  httpSeconds: 5,
  httpWarmupSeconds: 1,
};
const SMOKE: Settings = {
  buildRuns: { cold: 1, warm: 1 },
  coldStartRuns: 5,
  handlerIterations: 300,
  searchIterations: 300,
  fuseIterations: 30,
  httpConnections: [1, 10],
  httpSeconds: 1,
  httpWarmupSeconds: 0.5,
};

/** The targets for this 2-core machine. */
export const TARGETS = {
  buildWallS: 30,
  buildPeakRssGB: 1.5,
  /** The cold build's wall time as a multiple of copying its own output (issue #38). */
  buildFloorMultiple: 3,
  coldStartMs: 100,
  indexGzipMB: 5,
  cercaP99Ms: 1,
  confrontaWizardP99Ms: 2,
  httpCercaP99Ms: 5,
};

/** The step whose time the source cache saves. */
const SOURCES_STEP = 'lettura delle fonti';
const stepMs = (figures: BuildFigures, name: string) => figures.steps.find((st) => st.step === name)?.ms ?? NaN;

/** Bytes of every file under `dir` (0 if there is none). */
async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(join(e.parentPath, e.name))));
  return sizes.reduce((sum, st) => sum + st.size, 0);
}

function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

const ms = (x: number, digits = 2) => `${x.toFixed(digits)} ms`;
const s = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const latency = (l: { p50: number; p99: number; max: number }) => `${ms(l.p50, 3)} / ${ms(l.p99, 3)} / ${ms(l.max, 1)}`;

/** The host's speed beside the build's figures: the same build code took 31 to 56 s on 25 November 2026. */
function hostRows(before: Calibration, after: Calibration): Row[] {
  const line = (key: keyof Calibration, label: string, unit: (x: number) => string): Row => ({
    key: `host.${key}`,
    label: `  host, before / after the build: ${label}`,
    figure: `${unit(before[key])} / ${unit(after[key])}`,
    value: Math.max(before[key], after[key]),
  });
  return [
    line('cpuLoopMs', 'fixed CPU loop', (x) => ms(x, 0)),
    line('freshMemoryMsPerGiB', 'first touch of fresh memory, per GiB', s),
    line('fileCreationMsPer10k', 'creating 10,000 files', s),
  ];
}

async function main() {
  const argv = process.argv.slice(2);
  const smoke = argv.includes('--smoke');
  const settings = smoke ? SMOKE : FULL;
  const root = resolve(flag(argv, '--out') ?? join(PROJECT_ROOT, 'build', 'bench'));
  const base = resolveConfig(flag(argv, '--data-dir') ? ['--data-dir', flag(argv, '--data-dir')!] : []);
  const config: EntryBuildConfig = { ...base, outDir: join(root, 'public'), generatedDir: join(root, 'generated') };
  const resultsPath = resolve(
    flag(argv, '--results') ?? (smoke ? join(root, 'results-smoke.json') : join(PROJECT_ROOT, 'bench', 'results.json')),
  );
  const port = flag(argv, '--port') ?? process.env.BENCH_PORT;
  if (!existsSync(config.dataDir))
    throw new Error(
      `no data mirror at ${config.dataDir}: the benchmark builds from the raw sources (set DATA_DIR or --data-dir)`,
    );

  const machine = describeMachine();
  const commit = currentCommit();
  const previous = await readFile(resultsPath, 'utf8').then(
    (t) => JSON.parse(t) as { mode: string; rows: Row[] },
    () => null,
  );
  const log = (line: string) => console.log(line);
  log(
    `comuni-api bench (${smoke ? 'smoke' : 'full'}) on ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}; load ${machine.loadAtStart.join(' ')}`,
  );
  log(
    `commit ${commit.sha?.slice(0, 12) ?? 'unknown'}${commit.dirty ? ' (with uncommitted changes)' : ''}; build in ${root}\n`,
  );

  log('▸ host speed (CPU, fresh memory, file creation)…');
  // The calibration's files and the repeated builds are removed at the very end: freed before a
  // build, their inodes would slow its own file creation (see calibrate.ts).
  const scratch = join(root, `scratch-${process.pid}`);
  await mkdir(scratch, { recursive: true });
  const hostBefore = await calibrate(scratch);
  log(
    `▸ full build from the raw sources, cold (source cache emptied, ${settings.buildRuns.cold}×) then warm (every source from the cache, ${settings.buildRuns.warm}×)…`,
  );
  const { cold: builds, warm: warmBuilds } = await measureBuilds(config, scratch, settings.buildRuns);
  const build = builds.median;
  const warm = warmBuilds.median;
  const sourceCache = await folderBytes(DEFAULT_SOURCE_CACHE_DIR);
  const hostAfter = await calibrate(scratch);
  log('▸ floor: copying the build output…');
  const floor = await measureCopyFloor(config.outDir, join(scratch, 'copy-floor'));

  log('▸ edge function cold start (Deno)…');
  const index = await indexSize(config.outDir);
  const coldStart = await measureColdStart(config.generatedDir, settings.coldStartRuns);

  log('▸ handler latency in process…');
  const indexData = await importIndexData(join(config.generatedDir, 'edge-index.js'));
  const handler: HandlerFigures[] = [];
  for (const workload of DYNAMIC_WORKLOADS) {
    await checkWorkload(config.outDir, indexData, workload);
    handler.push(await measureHandler(config.outDir, indexData, workload, settings.handlerIterations));
  }

  log('▸ search engine against fuse.js…');
  const search = runSearchComparison({
    dataDir: config.dataDir,
    iterations: settings.searchIterations,
    fuseIterations: settings.fuseIterations,
  });

  log('▸ npm start under load over loopback…');
  const server = await startServer(config, port ? Number(port) : undefined);
  const http: HttpFigures[] = [];
  try {
    for (const workload of [...STATIC_WORKLOADS, ...DYNAMIC_WORKLOADS]) {
      for (const connections of settings.httpConnections)
        http.push(await measureHttp(server, workload, connections, settings.httpSeconds, settings.httpWarmupSeconds));
    }
  } finally {
    await server.stop();
  }

  const handlerOf = (id: string) => handler.find((h) => h.workload === id)!;
  const peakRss = Math.max(...[...builds.runs, ...warmBuilds.runs].map((b) => b.peakRssBytes));
  const runsNote = (runs: BuildFigures[]) => (runs.length > 1 ? `, median of ${runs.length}` : '');
  const wallFigure = (median: BuildFigures, runs: BuildFigures[]) =>
    runs.length > 1 ? `${s(median.wallMs)} (runs: ${runs.map((b) => s(b.wallMs)).join(', ')})` : s(median.wallMs);
  const rows: Row[] = [
    {
      key: 'build.wall',
      label: `Build, cold (source cache emptied): wall time (process)${runsNote(builds.runs)}`,
      figure: wallFigure(build, builds.runs),
      value: build.wallMs / 1000,
      target: `≤ ${TARGETS.buildWallS} s`,
      ok: build.wallMs / 1000 <= TARGETS.buildWallS,
    },
    {
      key: 'build.floor',
      label: 'Build: floor, copying its own output (same files, same disk, same run)',
      figure: `${s(floor.ms)} for ${int(floor.files)} files`,
      value: floor.ms / 1000,
    },
    {
      key: 'build.multiple',
      label: '  cold build wall time as a multiple of the floor',
      figure: `${(build.wallMs / floor.ms).toFixed(2)}×`,
      value: build.wallMs / floor.ms,
      target: `≤ ${TARGETS.buildFloorMultiple}×`,
      ok: build.wallMs / floor.ms <= TARGETS.buildFloorMultiple,
    },
    {
      key: 'build.warm.wall',
      label: `Build, warm (every source from the cache): wall time (process)${runsNote(warmBuilds.runs)}`,
      figure: wallFigure(warm, warmBuilds.runs),
      value: warm.wallMs / 1000,
    },
    {
      key: 'build.warm.multiple',
      label: '  warm build wall time as a multiple of the floor',
      figure: `${(warm.wallMs / floor.ms).toFixed(2)}×`,
      value: warm.wallMs / floor.ms,
    },
    {
      key: 'build.warm.cpu',
      label: `  warm build CPU time (user + system, all threads)${warmBuilds.runs.length > 1 ? ', median run' : ''}`,
      figure: `${s(warm.cpuMs)} (${s(warm.cpuUserMs)} + ${s(warm.cpuSystemMs)})`,
      value: warm.cpuMs / 1000,
    },
    {
      key: 'build.warm.sources',
      label: '  warm build step: lettura delle fonti (cold: see its step below)',
      figure: s(stepMs(warm, SOURCES_STEP)),
      value: stepMs(warm, SOURCES_STEP) / 1000,
    },
    {
      key: 'build.cache',
      label: `Source cache on disk (${DEFAULT_SOURCE_CACHE_DIR.slice(PROJECT_ROOT.length + 1)})`,
      figure: mb(sourceCache),
      value: sourceCache / 1e6,
    },
    {
      key: 'build.cpu',
      label: `Build, cold: CPU time (user + system, all threads)${builds.runs.length > 1 ? ', median run' : ''}`,
      figure: `${s(build.cpuMs)} (${s(build.cpuUserMs)} + ${s(build.cpuSystemMs)})`,
      value: build.cpuMs / 1000,
    },
    {
      key: 'build.rss',
      label: `Build: peak RSS${builds.runs.length + warmBuilds.runs.length > 1 ? ', highest run, cold or warm' : ''}`,
      figure: `${(peakRss / 1e9).toFixed(2)} GB`,
      value: peakRss / 1e9,
      target: `≤ ${TARGETS.buildPeakRssGB} GB`,
      ok: peakRss <= TARGETS.buildPeakRssGB * 1e9,
    },
    {
      key: 'build.files',
      label: 'Build: files and bytes written',
      figure: `${int(build.files)} files, ${(build.bytes / 1e6).toFixed(0)} MB`,
      value: build.files,
    },
    ...hostRows(hostBefore, hostAfter),
    ...build.steps.map((step) => ({
      key: `build.step.${step.step}`,
      label: `  cold build step: ${step.step}`,
      figure: s(step.ms),
      value: step.ms / 1000,
    })),
    {
      key: 'edge.cold',
      label: `Edge cold start: import + first request (median of ${coldStart.runs})`,
      figure: `${ms(coldStart.coldStartMs, 1)} (${ms(coldStart.importMs, 1)} + ${ms(coldStart.firstRequestMs, 1)}; max ${ms(coldStart.maxColdStartMs, 1)})`,
      value: coldStart.coldStartMs,
      target: `≤ ${TARGETS.coldStartMs} ms`,
      ok: coldStart.coldStartMs <= TARGETS.coldStartMs,
    },
    {
      key: 'edge.process',
      label: '  whole Deno process (boot, import, answer, exit)',
      figure: ms(coldStart.processMs, 1),
      value: coldStart.processMs,
    },
    {
      key: 'edge.index',
      label: `Edge index, all ${index.all.files} files (public/_edge/, bundled into the function)`,
      figure: `${mb(index.all.rawBytes)} raw, ${mb(index.all.gzipBytes)} gzip`,
      value: index.all.gzipBytes / 1e6,
      target: `≤ ${TARGETS.indexGzipMB} MB gzip`,
      ok: index.all.gzipBytes <= TARGETS.indexGzipMB * 1e6,
    },
    {
      key: 'edge.index.startup',
      label: '  loaded at every cold start (edge-index.js, .json)',
      figure: `${mb(index.startup.rawBytes)} raw, ${mb(index.startup.gzipBytes)} gzip`,
      value: index.startup.gzipBytes / 1e6,
    },
    ...DYNAMIC_WORKLOADS.map((w) => {
      const h = handlerOf(w.id);
      const limit =
        w.id === 'cerca'
          ? TARGETS.cercaP99Ms
          : w.id === 'confronta' || w.id === 'wizard'
            ? TARGETS.confrontaWizardP99Ms
            : undefined;
      return {
        key: `handler.${w.id}`,
        label: `Handler: ${w.label}, p50 / p99 / max (${int(h.count)} req., ${h.urls} URLs)`,
        figure: latency(h),
        value: h.p99,
        ...(limit === undefined ? {} : { target: `p99 ≤ ${limit} ms`, ok: h.p99 <= limit }),
      };
    }),
    ...search.engines.map((e, k) => ({
      key: `search.${k === 0 ? 'shipped' : 'fuse'}`,
      label: `Search ${k === 0 ? '(shipped)' : '(alternative)'}: ${e.engine}`,
      figure: `p50 ${ms(e.latencyMs.p50, 3)}, p99 ${ms(e.latencyMs.p99, 3)}; first ${(e.top1 * 100).toFixed(0)}%, top 5 ${(e.top5 * 100).toFixed(0)}% of ${search.queryMix}; index ${(e.indexGzipBytes / 1024).toFixed(0)} KiB gzip`,
      value: e.latencyMs.p99,
    })),
    ...[...STATIC_WORKLOADS, ...DYNAMIC_WORKLOADS].flatMap((w) => {
      const [single, loaded] = settings.httpConnections.map((c) =>
        http.find((h) => h.workload === w.id && h.connections === c)!,
      );
      return [
        {
          key: `http.${w.id}`,
          label: `npm start: ${w.label}, 1 conn. p50 / p99 / max`,
          figure: latency(single!),
          value: single!.p99,
          ...(w.id === 'cerca'
            ? { target: `p99 ≤ ${TARGETS.httpCercaP99Ms} ms`, ok: single!.p99 <= TARGETS.httpCercaP99Ms }
            : {}),
        },
        {
          key: `http.${w.id}.loaded`,
          label: `  ${loaded!.connections} conn.: req/s; p50 / p99`,
          figure: `${int(loaded!.requestsPerSecond)} req/s; ${ms(loaded!.p50, 2)} / ${ms(loaded!.p99, 2)}`,
          value: loaded!.requestsPerSecond,
        },
      ];
    }),
  ];

  const loadAtEnd = loadavg().map((l) => Math.round(l * 100) / 100);
  log(`\n${renderTable(rows, previous?.mode === (smoke ? 'smoke' : 'full') ? previous.rows : null)}\n`);
  const missed = rows.filter((r) => r.ok === false);
  log(missed.length ? `Targets missed: ${missed.map((r) => r.label.trim()).join('; ')}.` : 'Every target met.');
  const busiest = Math.max(machine.loadAtStart[0]!, loadAtEnd[0]!);
  if (busiest > machine.cores)
    log(
      `Note: load average up to ${busiest} on ${machine.cores} cores: other work competed for the CPU, so wall times and latency tails are inflated.`,
    );

  await mkdir(resolve(resultsPath, '..'), { recursive: true });
  const results = {
    mode: smoke ? 'smoke' : 'full',
    date: new Date().toISOString(),
    machine: { ...machine, loadAtEnd, host: { beforeBuild: hostBefore, afterBuild: hostAfter } },
    commit,
    settings,
    targets: TARGETS,
    build,
    buildRuns: builds.runs,
    buildWarm: warm,
    buildWarmRuns: warmBuilds.runs,
    sourceCacheBytes: sourceCache,
    floor,
    index,
    coldStart,
    handler,
    search,
    http,
    rows,
  };
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  log(`Results: ${resultsPath}`);
  await rm(scratch, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
