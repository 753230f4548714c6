import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { edgeIndexFiles } from '../generator/write/write-edge-index.ts';
import { PROJECT_ROOT } from '../generator/config.ts';
import { median, round } from './stats.ts';

const run = promisify(execFile);
/** The binary shipped by the `deno` npm package: Netlify's edge functions run on Deno. */
const DENO = join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
const SCRIPT = 'bench/edge-cold-start.ts';

export interface ColdStartFigures {
  runtime: string;
  runs: number;
  /** Medians, milliseconds: import of the function and its index, first answer, their sum. */
  importMs: number;
  firstRequestMs: number;
  coldStartMs: number;
  /** Slowest sum of the runs. */
  maxColdStartMs: number;
  /** The runtime's own boot before the script runs, and the whole process as the parent saw it. */
  bootMs: number;
  processMs: number;
}

export interface FilesSize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
}

/** The index's files in a build's output tree (generated/edge-index.js only re-exports them), all bundled into the function. */
export interface IndexSize {
  /** Loaded at every cold start. */
  startup: FilesSize;
  /** Everything, with the year files loaded on first use. */
  all: FilesSize;
}

async function filesSize(paths: readonly string[]): Promise<FilesSize> {
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const bytes = await readFile(path);
      return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    }),
  );
  return {
    files: paths.length,
    rawBytes: sizes.reduce((t, s) => t + s.raw, 0),
    gzipBytes: sizes.reduce((t, s) => t + s.gzip, 0),
  };
}

export async function indexSize(outDir: string): Promise<IndexSize> {
  const { startup, onDemand } = await edgeIndexFiles(outDir);
  return { startup: await filesSize(startup), all: await filesSize([...startup, ...onDemand]) };
}

/**
 * Starts the edge function `runs` times in fresh Deno processes, after one unmeasured run
 * that fills Deno's transpile cache (Netlify deploys a bundle, so TypeScript is not
 * compiled on a real cold start).
 */
export async function measureColdStart(generatedDir: string, runs: number): Promise<ColdStartFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-edge-'));
  try {
    const importMap = join(dir, 'import-map.json');
    const imports = {
      [pathToFileURL(join(PROJECT_ROOT, 'generated', 'edge-index.js')).href]: pathToFileURL(
        join(generatedDir, 'edge-index.js'),
      ).href,
    };
    await writeFile(importMap, JSON.stringify({ imports }));
    const once = async () => {
      const started = performance.now();
      const { stdout } = await run(DENO, ['run', '--quiet', '--no-prompt', '--import-map', importMap, SCRIPT], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      });
      const processMs = performance.now() - started;
      const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
        bootMs: number;
        importMs: number;
        firstRequestMs: number;
      };
      return { ...figures, processMs };
    };
    const { stdout: version } = await run(DENO, ['--version']);
    await once();
    const samples: Awaited<ReturnType<typeof once>>[] = [];
    for (let i = 0; i < runs; i++) samples.push(await once());
    const total = samples.map((s) => s.importMs + s.firstRequestMs);
    const med = (pick: (s: (typeof samples)[number]) => number) => round(median(samples.map(pick)), 1);
    return {
      runtime: version.split('\n')[0]!.trim(),
      runs,
      importMs: med((s) => s.importMs),
      firstRequestMs: med((s) => s.firstRequestMs),
      coldStartMs: round(median(total), 1),
      maxColdStartMs: round(Math.max(...total), 1),
      bootMs: med((s) => s.bootMs),
      processMs: med((s) => s.processMs),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
