import { sourcePath } from '../../data-sources/lib/files.ts';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { ReusedRead } from '../../lib/reused-read.mjs';
import { sha256Hex } from '../fetch/download.ts';

/** A declared source file's checksum and size. */
export interface SourceFileHash {
  source: string;
  sha256: string;
  bytes: number;
}

/**
 * sha256 and size of every file the sources declare that is present in the data directory, by
 * its path there (a missing file is the loader's business: required or optional). What the
 * build checks against the lock and `npm start` compares with the last build's fingerprint.
 * The files (89 MB in the mirror) go through one reused buffer: the loaders read them again
 * into their own, and memory first touched is slow to come by (see reused-read.mjs).
 */
export function hashSourceFiles(dataDir: string, sources: readonly SourceMeta[]): Map<string, SourceFileHash> {
  const reader = new ReusedRead();
  const hashes = new Map<string, SourceFileHash>();
  for (const meta of sources) {
    for (const file of meta.files) {
      const bytes = readOrNull(reader, sourcePath(dataDir, file));
      if (bytes !== null) hashes.set(file.path, { source: meta.id, sha256: sha256Hex(bytes), bytes: bytes.byteLength });
    }
  }
  return hashes;
}

/** Only the checksums, by path. */
export function sha256ByPath(hashes: ReadonlyMap<string, SourceFileHash>): Map<string, string> {
  return new Map([...hashes].map(([path, h]) => [path, h.sha256]));
}

function readOrNull(reader: ReusedRead, path: string): Uint8Array | null {
  try {
    return reader.read(path);
  } catch {
    return null;
  }
}
