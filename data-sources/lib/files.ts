import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SourceFile, SourceMeta } from './source.ts';

/** Default location of the publishers' files: the shared mirror beside the project. */
export const DEFAULT_DATA_DIR = resolve(import.meta.dirname, '../../../shared/data-sources');

export class MissingSourceError extends Error {
  constructor(
    readonly meta: SourceMeta,
    readonly file: SourceFile,
    readonly absolutePath: string,
  ) {
    super(
      `Missing source file ${absolutePath}\n` +
        `  source "${meta.id}": ${meta.dataset} (${meta.publisher}).\n` +
        `  Download it from ${file.url}${file.zipMember ? ` (member ${file.zipMember})` : ''} into that path ` +
        `(npm run data:fetch -- --only ${meta.id}), or point DATA_DIR / --data-dir at the folder that holds the mirror.`,
    );
    this.name = 'MissingSourceError';
  }
}

export function sourcePath(dataDir: string, file: SourceFile): string {
  return join(dataDir, file.path);
}

/** Reads one declared file of a source, failing with a message that names the file and the fix. */
export async function readSourceFile(dataDir: string, meta: SourceMeta, file: SourceFile): Promise<Uint8Array> {
  const path = sourcePath(dataDir, file);
  try {
    await access(path);
  } catch {
    throw new MissingSourceError(meta, file, path);
  }
  return readFile(path);
}
