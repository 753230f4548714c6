import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { PROJECT_ROOT, type BuildConfig } from '../generator/config.ts';

/** The code that decides what the build writes: a change to it makes public/ stale, like new data. */
export const BUILD_CODE_DIRS = ['api', 'data-sources', 'generator', 'templates'].map((dir) => join(PROJECT_ROOT, dir));

/**
 * True when public/ must be (re)built: no previous build (or no edge index beside it),
 * or a raw data file or a file of the build's code newer than it. The build's
 * /api/status.json and the index module mark when the output was last written.
 */
export async function needsBuild(config: Pick<BuildConfig, 'outDir' | 'generatedDir' | 'dataDir'>, codeDirs = BUILD_CODE_DIRS): Promise<{ build: boolean; reason: string }> {
  const outputs = [join(config.outDir, 'api', 'status.json'), join(config.generatedDir, 'edge-index.js')];
  const built = await Promise.all(outputs.map((path) => stat(path).catch(() => null)));
  const missing = outputs.find((_, k) => !built[k]);
  if (missing) return { build: true, reason: `${missing} is missing` };
  const builtAt = Math.min(...built.map((s) => s!.mtimeMs));
  for (const dir of [config.dataDir, ...codeDirs]) {
    const files = await fg('**/*', { cwd: dir, absolute: true, onlyFiles: true, stats: true, ignore: ['**/node_modules/**'] });
    const newer = files.find((f) => (f.stats?.mtimeMs ?? 0) > builtAt);
    if (newer) return { build: true, reason: `${newer.path} is newer than the last build` };
  }
  return { build: false, reason: 'the build is up to date' };
}
