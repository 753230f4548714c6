import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { readLock, type LockFile } from '../fetch/lock.ts';
import { hashSourceFiles, sha256ByPath } from './source-hashes.ts';

export interface FetchDates {
  /** Source id → when its files were last fetched (ISO 8601). */
  dates: Map<string, string>;
  /** Files in the data directory whose bytes are not the ones the lock records (edited, replaced or never fetched). */
  unmatched: string[];
  /** Why the lock could not be read (the build goes on without dates). */
  problem: string | null;
}

/**
 * When each source was downloaded, from data-sources/sources.lock.json (written by
 * npm run data:fetch). A source gets the newest fetch date of its files only if every one
 * of its files present in the data directory has the checksum the lock records: a lock
 * written for another data directory, or a file changed by hand since, dates nothing.
 * No lock: no dates; a malformed one is reported, and dates nothing.
 */
export async function sourceFetchDates(
  dataDir: string,
  sources: readonly SourceMeta[],
  lockPath: string,
  hashes?: ReadonlyMap<string, string>,
): Promise<FetchDates> {
  const dates = new Map<string, string>();
  const unmatched: string[] = [];
  let lock: LockFile;
  try {
    lock = await readLock(lockPath);
  } catch (error) {
    return { dates, unmatched, problem: (error as Error).message };
  }
  if (Object.keys(lock.files).length === 0) return { dates, unmatched, problem: null };
  const sums = hashes ?? sha256ByPath(hashSourceFiles(dataDir, sources));
  for (const meta of sources) {
    let newest: string | null = null;
    let complete = true;
    for (const file of meta.files) {
      const sha256 = sums.get(file.path);
      if (sha256 === undefined) continue;
      const entry = lock.files[file.path];
      if (!entry || entry.sha256 !== sha256) {
        unmatched.push(file.path);
        complete = false;
      } else if (newest === null || entry.fetched_at > newest) newest = entry.fetched_at;
    }
    if (complete && newest !== null) dates.set(meta.id, newest);
  }
  return { dates, unmatched, problem: null };
}

/** One line for the build log when some fetch dates are unknown for a reason the maintainer can fix. */
export function fetchDatesNote({ unmatched, problem }: FetchDates): string | null {
  if (problem) return `Date di download non disponibili: ${problem}`;
  if (unmatched.length === 0) return null;
  const shown = unmatched.slice(0, 3).join(', ');
  return `Date di download: ${unmatched.length} file della cartella dati non corrispondono a data-sources/sources.lock.json (${shown}${unmatched.length > 3 ? ', …' : ''}); le loro fonti restano senza data (npm run data:fetch li registra).`;
}
