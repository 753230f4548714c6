import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SOURCE_CACHE_DIR, type EntryBuildConfig } from '../generator/config.ts';

export interface BuildFigures {
  /** From starting the process to its exit: what `npm run build` costs, Node's start-up and the bundling included. */
  wallMs: number;
  /** Inside build(). */
  buildMs: number;
  /** User + system CPU of every thread (main, libuv pool, GC). */
  cpuMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  peakRssBytes: number;
  files: number;
  bytes: number;
  steps: { step: string; ms: number }[];
}

interface ChildReport {
  files: number;
  bytes: number;
  seconds: number;
  steps: { step: string; ms: number }[];
  cpuUserMs: number;
  cpuSystemMs: number;
  peakRssBytes: number;
}

/**
 * The Node flags of package.json's build script (`node <flags> generator/build-cli.mjs`; npm
 * start's is `node <flags> server/start-cli.mjs`), read from it so that the benchmark
 * measures what `npm run build` runs. They size V8's young generation and heap growth and turn
 * off allocation-site pretenuring; why, in docs/performance.md.
 */
export function buildNodeFlags(buildScript: string): string[] {
  const words = buildScript.trim().split(/\s+/);
  const end = words.findIndex((w, i) => i > 0 && (w === '--import' || !w.startsWith('--')));
  if (words[0] !== 'node' || end < 0) throw new Error(`script di build inatteso: ${buildScript}`);
  return words.slice(1, end);
}

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: { build: string };
};

const CHILD = fileURLToPath(new URL('./build-child.mjs', import.meta.url));

/** Builds of one kind: the median run (by wall time) and every run. */
export interface MeasuredBuilds {
  median: BuildFigures;
  runs: BuildFigures[];
}

/**
 * Full builds, each in a fresh process: first `runs.cold` with the cache of parsed sources emptied
 * before each (what a first build, or one after a change to the parsing code, costs), then
 * `runs.warm` with every source in the cache (a rebuild with the same sources: docs/source-cache.md).
 * On this virtual machine one build's wall time swings by a quarter with the host (fresh memory
 * costs 4.1–6.6 s a GiB from one hour to the next), so the benchmark reports the median run of
 * each kind, and every run beside it. All but the last go into new folders under `scratch`, which
 * the caller removes once nothing is measured any more: a build right after a deletion nearby is
 * slowed by the file system (see calibrate.ts). The last goes over the previous build in
 * `config.outDir`, as `npm run build` does.
 */
export async function measureBuilds(
  config: EntryBuildConfig,
  scratch: string,
  runs: { cold: number; warm: number },
): Promise<{ cold: MeasuredBuilds; warm: MeasuredBuilds }> {
  const total = runs.cold + runs.warm;
  const cold: BuildFigures[] = [];
  const warm: BuildFigures[] = [];
  for (let i = 1; i <= total; i++) {
    const fresh = join(scratch, `build-${i}`);
    if (i <= runs.cold) await rm(DEFAULT_SOURCE_CACHE_DIR, { recursive: true, force: true });
    const figures = await measureBuild(
      i === total ? config : { ...config, outDir: join(fresh, 'public'), generatedDir: join(fresh, 'generated') },
    );
    (i <= runs.cold ? cold : warm).push(figures);
  }
  return { cold: medianOf(cold), warm: medianOf(warm) };
}

function medianOf(runs: BuildFigures[]): MeasuredBuilds {
  const byWall = [...runs].sort((a, b) => a.wallMs - b.wallMs);
  return { median: byWall[Math.floor((byWall.length - 1) / 2)]!, runs };
}

/** One full build from the raw sources in a fresh process (so its peak RSS is the build's alone). */
export function measureBuild(config: EntryBuildConfig): Promise<BuildFigures> {
  const args = ['--data-dir', config.dataDir, '--out', config.outDir, '--generated-dir', config.generatedDir];
  const started = performance.now();
  // Plain Node with the flags of package.json's build script, as `npm run build` runs: not under
  // the parent's tsx loader.
  const child = fork(CHILD, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: buildNodeFlags(PACKAGE.scripts.build),
    // With the cache of parsed sources as `npm run build` has it by default: measureBuilds empties it for a cold run.
    env: { ...process.env, NO_SOURCE_CACHE: undefined },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let report: ChildReport | undefined;
  child.on('message', (m: ChildReport) => (report = m));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0 || !report) return reject(new Error(`the build failed (exit ${code}):\n${output}`));
      const { files, bytes, seconds, steps, cpuUserMs, cpuSystemMs, peakRssBytes } = report;
      resolve({
        wallMs,
        buildMs: seconds * 1000,
        cpuMs: cpuUserMs + cpuSystemMs,
        cpuUserMs,
        cpuSystemMs,
        peakRssBytes,
        files,
        bytes,
        steps,
      });
    });
  });
}
