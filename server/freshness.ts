import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';

/**
 * True when public/ must be (re)built: no previous build, or a source file newer than
 * it. The build's /api/status.json marks when the output was last written.
 */
export async function needsBuild(publicDir: string, dataDir: string): Promise<{ build: boolean; reason: string }> {
  const built = await stat(join(publicDir, 'api', 'status.json')).catch(() => null);
  if (!built) return { build: true, reason: `${publicDir} has no build yet` };
  const sources = await fg('**/*', { cwd: dataDir, absolute: true, onlyFiles: true, stats: true });
  const newer = sources.find((s) => (s.stats?.mtimeMs ?? 0) > built.mtimeMs);
  return newer ? { build: true, reason: `${newer.path} is newer than the last build` } : { build: false, reason: 'public/ is up to date' };
}
