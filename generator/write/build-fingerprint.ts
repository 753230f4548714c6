import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../config.ts';

/** The code that decides what the build writes (and the locked dependency versions): a change makes public/ stale, like new data. */
export const BUILD_CODE = {
  dirs: ['api', 'data-sources', 'generator', 'lib', 'templates'].map((dir) => join(PROJECT_ROOT, dir)),
  files: [join(PROJECT_ROOT, 'package-lock.json')],
};

/**
 * sha256 over the content of every code file (path and bytes), in a fixed order. Modification times play no part.
 * `ignore`: file names in the folders that are not code (the acknowledged changes are data, whatever the set).
 */
export async function codeHash(
  code: { dirs: string[]; files: string[]; ignore?: string[] } = BUILD_CODE,
): Promise<string> {
  const ignore = ['**/node_modules/**', 'changes-ack.json', ...(code.ignore ?? [])];
  const listed = await Promise.all(
    code.dirs.map((cwd) => fg('**/*', { cwd, absolute: true, onlyFiles: true, ignore })),
  );
  const paths = [...listed.flat(), ...code.files].sort();
  const hash = createHash('sha256');
  for (const path of paths) {
    const bytes = await readFile(path).catch(() => null);
    if (bytes === null) continue;
    hash.update(`${relative(PROJECT_ROOT, path)}\0${createHash('sha256').update(bytes).digest('hex')}\n`);
  }
  return hash.digest('hex');
}

/**
 * What a build was made from: the code, and the checksum of every source file it read (by
 * its path in the data directory). Same fingerprint, same output: `npm start` rebuilds only
 * when it differs, so touching an unrelated file (or the mirror's MANIFEST.md) does nothing.
 */
export function buildFingerprint(code: string, inputs: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256').update(`code ${code}\n`);
  for (const [path, sha256] of [...inputs].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${path}\0${sha256}\n`);
  return hash.digest('hex').slice(0, 32);
}
