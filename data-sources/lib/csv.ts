import { parse } from 'csv-parse/sync';
import { splitRegularQuoted, type CsvRecord } from './csv-regular.ts';
import { DataFormatError } from './errors.ts';

export interface Table {
  /** Header cells with inner line breaks and repeated spaces folded, trimmed. */
  header: string[];
  /** Data rows, each exactly the header's width (phantom trailing cells dropped). */
  rows: string[][];
  /** Line of the file (1-based) where each row ends, for messages that name a row. */
  lines: number[];
}

/**
 * Parses delimited text as publishers write it: CRLF, LF or both mixed, quoted cells
 * with line breaks inside, and "phantom" trailing columns (a header ending in `;` or
 * `; `) which are dropped together with the empty cells under them.
 *
 * Strict on shape (`notes` lets one-cell text rows through, padded): a row with fewer cells than the header, or with a value under a column
 * that has no name, is an error naming the line and showing the row. A file cut mid-row
 * otherwise yields a short row whose missing cells would read as blanks, and blanks mean
 * "suppressed for privacy" to the parsers: a truncated figure would be served as a gap.
 */
export function parseTable(
  text: string,
  delimiter: ';' | ',',
  options: { skipLines?: number; notes?: boolean } = {},
): Table {
  const skip = options.skipLines ?? 0;
  const records = text.includes('"')
    ? (splitRegularQuoted(text, delimiter, skip) ?? parseQuoted(text, delimiter, skip))
    : splitPlain(text, delimiter, skip);
  const [rawHeader, ...body] = records;
  if (!rawHeader) return { header: [], rows: [], lines: [] };
  const header = rawHeader.cells.map(normalizeHeader);
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const width = header.length;
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { cells, line } of body) {
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    // A publisher's note (ISTAT's "Note: p = dato provvisorio…") is one cell of text; a row cut in its first field starts with a digit.
    if (options.notes && cells.length === 1 && !/^\s*\d/.test(cells[0]!)) {
      rows.push([cells[0]!, ...Array<string>(width - 1).fill('')]);
      lines.push(line);
      continue;
    }
    if (cells.length < width) {
      throw new DataFormatError(
        `riga ${line}: ${cells.length} campi invece dei ${width} dell'intestazione (file troncato o riga spezzata?): «${snippet(cells, delimiter)}»`,
        line,
      );
    }
    if (cells.length > width) {
      const extra = cells.slice(width).findIndex((cell) => cell.trim() !== '');
      if (extra >= 0) {
        throw new DataFormatError(
          `riga ${line}: ${cells.length} campi invece dei ${width} dell'intestazione, con il valore "${cells[width + extra]}" sotto una colonna senza nome: «${snippet(cells, delimiter)}»`,
          line,
        );
      }
      rows.push(cells.slice(0, width));
    } else rows.push(cells);
    lines.push(line);
  }
  return { header, rows, lines };
}

function snippet(cells: string[], delimiter: string): string {
  const text = cells.join(delimiter);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * Files without a single quote character cannot hold quoted delimiters or line breaks,
 * so they are split directly: several times faster than csv-parse on the MEF files,
 * whose ragged rows (phantom columns) make csv-parse build an error object per row.
 */
function splitPlain(text: string, delimiter: string, skipLines: number): CsvRecord[] {
  const out: CsvRecord[] = [];
  // Split on LF and drop the CR of a CRLF: the same lines as splitting on /\r?\n/, without a regular expression.
  const lines = text.split('\n');
  const last = lines.length - 1;
  for (let i = skipLines; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = i < last && raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line !== '') out.push({ cells: line.split(delimiter), line: i + 1 });
  }
  return out;
}

function parseQuoted(text: string, delimiter: string, skipLines: number): CsvRecord[] {
  const parsed = parse(text, {
    delimiter,
    // ISTAT files mix CRLF and LF; csv-parse would otherwise lock onto the first one it sees.
    record_delimiter: ['\r\n', '\n'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    from_line: skipLines + 1,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  return parsed.map(({ record, info }) => ({ cells: record, line: info.lines }));
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
    throw new Error(
      `${context}: nessuna colonna di nome ${wanted.map((w) => `"${w}"`).join(' o ')}; l'intestazione è: ${header.join(' | ')}`,
    );
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
  const index = text
    .split(/\r?\n/)
    .findIndex((line) => line.split(';')[0]!.trim().replace(/^"|"$/g, '').toLowerCase() === wanted);
  if (index < 0) throw new Error(`${context}: nessuna riga di intestazione che inizi con "${firstCell}"`);
  return index;
}
