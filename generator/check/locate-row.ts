import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeText } from '../../data-sources/lib/text.ts';

/**
 * The line of a publisher's text file where a comune's row is: the first line with a field
 * equal to the code, padded or not (MEF writes 1001, ISTAT 001001). Used only to point a
 * failed plausibility check at the row to look at; null for binary files or no match.
 */
export async function locateRow(
  dataDir: string,
  path: string,
  codice: string,
): Promise<{ line: number; text: string } | null> {
  if (!/\.(csv|txt|tsv)$/i.test(path)) return null;
  const bytes = await readFile(join(dataDir, path)).catch(() => null);
  if (bytes === null) return null;
  const field = new RegExp(`(^|[;,"\\t])0*${Number(codice)}(["\\t;,]|$)`);
  const lines = decodeText(bytes, 'auto').split('\n');
  const at = lines.findIndex((l) => field.test(l));
  if (at < 0) return null;
  const text = lines[at]!.replace(/\r$/, '');
  return { line: at + 1, text: text.length > 120 ? `${text.slice(0, 117)}…` : text };
}

/** Lines in a text file, for a national figure that points at a file cut short. */
export async function countLines(dataDir: string, path: string): Promise<number | null> {
  const bytes = await readFile(join(dataDir, path)).catch(() => null);
  if (bytes === null) return null;
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a ? n + 1 : n;
}
