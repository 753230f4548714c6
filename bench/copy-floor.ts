import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface CopyFloor {
  ms: number;
  files: number;
}

/**
 * The floor under a build on this machine: copying the build's own output (the same files and
 * bytes, on the same disk, in the same run) into `target`. Absolute build times differ by up to
 * 2× between machines of one kind and between hours on one machine (docs/performance.md); the
 * build as a multiple of this copy compares across them. The copy is left for the caller to
 * remove at the end: deleting files slows creating them for minutes (calibrate.ts).
 */
export async function measureCopyFloor(source: string, target: string): Promise<CopyFloor> {
  const entries = await readdir(source, { recursive: true, withFileTypes: true });
  const started = performance.now();
  const dirs = new Set(entries.filter((e) => e.isDirectory()).map((e) => join(e.parentPath, e.name)));
  await mkdir(target, { recursive: true });
  for (const dir of [...dirs].sort()) await mkdir(join(target, dir.slice(source.length)), { recursive: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  // Two copies at a time, as the build has a writing thread beside its main thread.
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(file, join(target, file.slice(source.length)));
    }
  };
  await Promise.all([worker(), worker()]);
  return { ms: performance.now() - started, files: files.length };
}
