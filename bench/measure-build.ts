import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BuildConfig } from '../generator/config.ts';

export interface BuildFigures {
  /** From starting the process to its exit: what `npm run build` costs, Node and tsx start-up included. */
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

const CHILD = fileURLToPath(new URL('./build-child.ts', import.meta.url));

/** One full build from the raw sources in a fresh process (so its peak RSS is the build's alone). */
export function measureBuild(config: BuildConfig): Promise<BuildFigures> {
  const args = ['--data-dir', config.dataDir, '--out', config.outDir, '--generated-dir', config.generatedDir];
  const started = performance.now();
  // execArgv is inherited: the child runs under tsx like the parent.
  const child = fork(CHILD, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
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
