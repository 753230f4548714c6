/** What the steps of one fetch run share (data directory, lock, options, output), and the file already in place. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SourceFile } from '../../data-sources/lib/source.ts';
import { sha256Hex, type DownloadOptions } from './download.ts';
import type { LockFile } from './lock.ts';
import type { Output } from './progress.ts';
import type { UrlMap } from './url-map.ts';

export interface FetchContext {
  dataDir: string;
  lockPath: string;
  lock: LockFile;
  accept: boolean;
  urlMap: UrlMap;
  download: DownloadOptions;
  out: Output;
  now: () => Date;
}

export async function fileSha(path: string): Promise<{ sha256: string; bytes: number } | null> {
  try {
    const bytes = await readFile(path);
    return { sha256: sha256Hex(bytes), bytes: bytes.length };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function exists(ctx: FetchContext, file: SourceFile): Promise<boolean> {
  return (await fileSha(join(ctx.dataDir, file.path))) !== null;
}
