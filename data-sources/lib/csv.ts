import { parse } from 'csv-parse/sync';

export interface Table {
  /** Header cells with inner line breaks and repeated spaces folded, trimmed. */
  header: string[];
  /** Data rows, each cut or padded to the header's width. */
  rows: string[][];
}

/**
 * Parses delimited text as publishers write it: CRLF, LF or both mixed, quoted cells
 * with line breaks inside, and "phantom" trailing columns (a header ending in `;` or
 * `; `) which are dropped together with the empty cells under them.
 */
export function parseTable(text: string, delimiter: ';' | ',', options: { skipLines?: number } = {}): Table {
  const records = text.includes('"') ? parseQuoted(text, delimiter, options.skipLines ?? 0) : splitPlain(text, delimiter, options.skipLines ?? 0);
  const [rawHeader, ...body] = records;
  if (!rawHeader) return { header: [], rows: [] };
  const header = rawHeader.map(normalizeHeader);
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const width = header.length;
  const rows = body
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => (row.length === width ? row : fitRow(row, width)));
  return { header, rows };
}

/** A row cut or padded with '' to `width` cells (every MEF row has phantom columns: slice, not a cell-by-cell copy). */
function fitRow(row: string[], width: number): string[] {
  if (row.length > width) return row.slice(0, width);
  const out = row.slice();
  while (out.length < width) out.push('');
  return out;
}

/**
 * Files without a single quote character cannot hold quoted delimiters or line breaks,
 * so they are split directly: several times faster than csv-parse on the MEF files,
 * whose ragged rows (phantom columns) make csv-parse build an error object per row.
 */
function splitPlain(text: string, delimiter: string, skipLines: number): string[][] {
  return text
    .split(/\r?\n/)
    .slice(skipLines)
    .filter((line) => line !== '')
    .map((line) => line.split(delimiter));
}

function parseQuoted(text: string, delimiter: string, skipLines: number): string[][] {
  return parse(text, {
    delimiter,
    // ISTAT files mix CRLF and LF; csv-parse would otherwise lock onto the first one it sees.
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    from_line: skipLines + 1,
  }) as string[][];
}

export function normalizeHeader(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim();
}

/**
 * Index of the first header matching any of the given names (a column renamed between
 * vintages is listed under all its names). Throws with the header it saw, so a
 * publisher's format change stops the build with a readable message.
 */
export function columnIndex(header: string[], names: string | string[], context: string): number {
  const wanted = (Array.isArray(names) ? names : [names]).map((n) => normalizeHeader(n).toLowerCase());
  const index = header.findIndex((h) => wanted.includes(h.toLowerCase()));
  if (index < 0) {
    throw new Error(`${context}: no column named ${wanted.map((w) => `"${w}"`).join(' or ')}; header is: ${header.join(' | ')}`);
  }
  return index;
}

/** Like columnIndex, but for a column that only some vintages have. */
export function optionalColumnIndex(header: string[], names: string | string[]): number | null {
  const wanted = (Array.isArray(names) ? names : [names]).map((n) => normalizeHeader(n).toLowerCase());
  const index = header.findIndex((h) => wanted.includes(h.toLowerCase()));
  return index < 0 ? null : index;
}

/**
 * Index of the header line of a file that opens with title lines (ISTAT demo.istat.it
 * exports): the first line whose first cell is `firstCell`, quoted or not. Found rather
 * than assumed at a fixed offset, so an added or removed title line does not shift the columns.
 */
export function headerLineIndex(text: string, firstCell: string, context: string): number {
  const wanted = firstCell.toLowerCase();
  const index = text.split(/\r?\n/).findIndex((line) => line.split(';')[0]!.trim().replace(/^"|"$/g, '').toLowerCase() === wanted);
  if (index < 0) throw new Error(`${context}: no header line starting with "${firstCell}"`);
  return index;
}
