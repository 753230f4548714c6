import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * How fast the host is right now at the three things the build's wall time swings with on
 * this kind of virtual machine: CPU work, first touch of fresh memory, and creating files.
 * Taken before and after the build, so that a slow build can be told from a slow host (the
 * same build code took 31 to 56 s on 25 November 2026). Each figure is the fastest of
 * `rounds`, the least disturbed by other work.
 *
 * The files it creates are left for the caller to remove after the build. This file system
 * (ext4 mounted without a journal) skips inodes freed in the last few minutes when it
 * allocates new ones, scanning past each of them at every file it creates (`recently_deleted`
 * in the kernel's ialloc.c): one build right after deleting a previous 52,000-file tree nearby
 * took 42.2 s with 10.4 s of kernel time in the writing thread, against 30.6 s and 3.3 s for the
 * same code with no deletion in the minutes before.
 */
export interface Calibration {
  /** A fixed integer loop (5·10⁷ xorshift steps). */
  cpuLoopMs: number;
  /** Writing one byte into each 4 KiB page of a fresh 256 MiB buffer, per GiB. */
  freshMemoryMsPerGiB: number;
  /** Creating (and writing a few bytes into) 2,000 files in a new folder, per 10,000 files. */
  fileCreationMsPer10k: number;
}

export interface CalibrationSizes {
  loopSteps: number;
  memoryBytes: number;
  files: number;
  rounds: number;
}

const SIZES: CalibrationSizes = { loopSteps: 5e7, memoryBytes: 256 * 2 ** 20, files: 2000, rounds: 3 };
const PAGE = 4096;

function cpuLoop(steps: number): number {
  let x = 2463534242;
  for (let i = 0; i < steps; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x;
}

function touchFreshMemory(bytes: number): number {
  // allocUnsafeSlow: never from Node's pool, so the pages are new to the process.
  const buffer = Buffer.allocUnsafeSlow(bytes);
  for (let at = 0; at < bytes; at += PAGE) buffer[at] = 1;
  return buffer[0]!;
}

async function createFiles(dir: string, count: number): Promise<void> {
  const folder = await mkdtemp(join(dir, 'calibrate-'));
  // Synchronous calls, as the build's writing thread makes them.
  for (let i = 0; i < count; i++) writeFileSync(join(folder, `${i}.json`), '{}\n');
}

async function fastest(rounds: number, run: () => unknown): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Measures the host. `dir` is a folder on the build's file system where the files are created,
 * one new folder per round; the caller removes it once nothing is measured any more.
 */
export async function calibrate(dir: string, sizes: CalibrationSizes = SIZES): Promise<Calibration> {
  const loop = await fastest(sizes.rounds, () => cpuLoop(sizes.loopSteps));
  const memory = await fastest(sizes.rounds, () => touchFreshMemory(sizes.memoryBytes));
  const files = await fastest(sizes.rounds, () => createFiles(dir, sizes.files));
  return {
    cpuLoopMs: loop * (SIZES.loopSteps / sizes.loopSteps),
    freshMemoryMsPerGiB: memory * (2 ** 30 / sizes.memoryBytes),
    fileCreationMsPer10k: files * (10_000 / sizes.files),
  };
}
