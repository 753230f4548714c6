import { mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from './download.ts';

/**
 * data-sources/sources.lock.json: the checksum of every file the fetcher placed in the data
 * directory, keyed by the file's path relative to that directory. A later run compares
 * what the publisher serves at the same URL with the recorded checksum.
 */
export interface LockEntry {
  /** Source id (data-sources/<id>.ts). */
  source: string;
  /** The declared official URL (never the rewritten one). */
  url: string;
  /** The member extracted, when `url` is a zip. */
  zip_member?: string;
  /** SHA-256 (hex) and size of the file as written in the data directory. */
  sha256: string;
  bytes: number;
  /** When these bytes were fetched (ISO 8601); for a manual file, when it was first recorded. */
  fetched_at: string;
  /** The archive the member came from. */
  archive?: { sha256: string; bytes: number };
  /** Placed by hand (the URL is a landing page, or the file is derived from the download). */
  manual?: true;
}

export interface LockFile {
  version: 1;
  files: Record<string, LockEntry>;
}

export const DEFAULT_LOCK_PATH = resolve(import.meta.dirname, '../../data-sources/sources.lock.json');

export function emptyLock(): LockFile {
  return { version: 1, files: {} };
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Reads the lock; an absent file is an empty lock, a malformed one an error (never overwritten). */
export async function readLock(path: string): Promise<LockFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyLock();
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} non è JSON valido (${(error as Error).message}): correggilo o cancellalo`);
  }
  const lock = parsed as Partial<LockFile>;
  if (lock?.version !== 1 || typeof lock.files !== 'object' || lock.files === null) {
    throw new Error(`${path}: atteso {"version": 1, "files": {...}}`);
  }
  for (const [path_, entry] of Object.entries(lock.files)) {
    if (
      typeof entry?.url !== 'string' ||
      !HEX64.test(entry.sha256 ?? '') ||
      typeof entry.bytes !== 'number' ||
      typeof entry.fetched_at !== 'string'
    ) {
      throw new Error(`${path}: entry "${path_}" richiede url, sha256 (64 cifre esadecimali), bytes e fetched_at`);
    }
  }
  return lock as LockFile;
}

/** Writes the lock atomically, entries sorted by path and fields in a fixed order, for stable diffs. */
export async function writeLock(path: string, lock: LockFile): Promise<void> {
  const files: Record<string, LockEntry> = {};
  for (const key of Object.keys(lock.files).sort()) {
    const e = lock.files[key]!;
    files[key] = {
      source: e.source,
      url: e.url,
      ...(e.zip_member === undefined ? {} : { zip_member: e.zip_member }),
      sha256: e.sha256,
      bytes: e.bytes,
      fetched_at: e.fetched_at,
      ...(e.archive === undefined ? {} : { archive: { sha256: e.archive.sha256, bytes: e.archive.bytes } }),
      ...(e.manual ? { manual: true as const } : {}),
    };
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, JSON.stringify({ version: 1, files }, null, 2) + '\n');
}
