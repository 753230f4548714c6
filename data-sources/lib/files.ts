import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { acceptedKinds, sniff, type ContentKind } from './shape.ts';
import type { SourceFile, SourceMeta } from './source.ts';

/** Default location of the publishers' files: the shared mirror beside the project. */
export const DEFAULT_DATA_DIR = resolve(import.meta.dirname, '../../../shared/data-sources');

const fetchCommand = (meta: SourceMeta) => `npm run data:fetch -- --only ${meta.id}`;

export class MissingSourceError extends Error {
  constructor(
    readonly meta: SourceMeta,
    readonly file: SourceFile,
    readonly absolutePath: string,
  ) {
    super(
      `Manca il file ${absolutePath}\n` +
        `  fonte "${meta.id}": ${meta.dataset} (${meta.publisher}).\n` +
        `  Scaricalo da ${file.url}${file.zipMember ? ` (membro ${file.zipMember})` : ''} in quel percorso ` +
        `(${fetchCommand(meta)}), oppure indica con DATA_DIR / --data-dir la cartella del mirror.`,
    );
    this.name = 'MissingSourceError';
  }
}

/**
 * A source file that cannot be read as its source declares: the message names the source,
 * the file (path in the data directory) and what the parser found, with its line.
 */
export class SourceFileError extends Error {
  constructor(
    readonly meta: SourceMeta,
    readonly file: SourceFile,
    detail: string,
  ) {
    super(`Fonte "${meta.id}", file ${file.path}: ${detail}`);
    this.name = 'SourceFileError';
  }
}

const KIND_IT: Record<ContentKind, string> = {
  empty: 'un file vuoto',
  html: 'una pagina HTML',
  zip: 'un archivio zip (zip/xlsx)',
  json: 'JSON',
  text: 'testo (CSV)',
  binary: 'un file binario',
};

export function sourcePath(dataDir: string, file: SourceFile): string {
  return join(dataDir, file.path);
}

/**
 * Reads one declared file of a source, failing with a message that names the file and the
 * fix: missing, or not the kind of file its name says (an HTML page saved as .csv is what
 * a publisher's moved download typically leaves behind).
 */
export async function readSourceFile(dataDir: string, meta: SourceMeta, file: SourceFile): Promise<Uint8Array> {
  const path = sourcePath(dataDir, file);
  try {
    await access(path);
  } catch {
    throw new MissingSourceError(meta, file, path);
  }
  const bytes = await readFile(path);
  const got = sniff(bytes);
  const accepted = acceptedKinds(file.path, file.url);
  if (got === 'empty' || got === 'html' || (accepted !== null && !accepted.includes(got))) {
    const what = got === 'text' && accepted?.includes('json') ? 'JSON non valido (troncato?)' : KIND_IT[got];
    const expected = accepted?.map((k) => KIND_IT[k]).join(' o ') ?? 'un file di dati';
    throw new SourceFileError(
      meta,
      file,
      `è ${what}, non ${expected} come dichiara la fonte. Riscarica il file (${fetchCommand(meta)}) o sostituiscilo con quello ufficiale (${file.url}).`,
    );
  }
  return bytes;
}

/**
 * Reads a declared file and parses it; any parse error becomes a SourceFileError that names
 * the source and the file in front of the parser's own message (which names line and cell).
 */
export async function parseSourceFile<T>(
  dataDir: string,
  meta: SourceMeta,
  file: SourceFile,
  parse: (bytes: Uint8Array) => T | Promise<T>,
): Promise<T> {
  const bytes = await readSourceFile(dataDir, meta, file);
  try {
    return await parse(bytes);
  } catch (error) {
    if (error instanceof SourceFileError || error instanceof MissingSourceError) throw error;
    throw new SourceFileError(meta, file, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Promise.all for the files of one source, except that a file that cannot be parsed is
 * reported before a file that is missing: the first is a fault in the data, the second
 * often only a mirror not yet complete.
 */
export async function allSourceFiles<T>(reads: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(reads);
  const errors = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (errors.length > 0) throw errors.find((e) => !(e instanceof MissingSourceError)) ?? errors[0];
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}
