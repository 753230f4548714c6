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
  const { header, rows: records } = tableRows(text, delimiter, options);
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const { cells, line } of records) {
    rows.push(cells);
    lines.push(line);
  }
  return { header, rows, lines };
}

/**
 * parseTable's header, and its rows one at a time, each split and checked when it is reached.
 * For the largest files (MEF's years, ~8,000 rows of ~50 cells): held all at once, their cells
 * outlived young-generation collections and were copied into the old generation.
 */
export function tableRows(
  text: string,
  delimiter: ';' | ',',
  options: { skipLines?: number; notes?: boolean } = {},
): { header: string[]; rows: Generator<CsvRecord> } {
  const skip = options.skipLines ?? 0;
  const records: Iterator<CsvRecord> = text.includes('"')
    ? (splitRegularQuoted(text, delimiter, skip) ?? parseQuoted(text, delimiter, skip)).values()
    : plainRecords(text, delimiter, skip);
  const first = records.next();
  const header = first.done ? [] : first.value.cells.map(normalizeHeader);
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  return { header, rows: checkedRows(records, header.length, delimiter, options.notes ?? false) };
}

function* checkedRows(
  records: Iterator<CsvRecord>,
  width: number,
  delimiter: string,
  notes: boolean,
): Generator<CsvRecord> {
  for (let next = records.next(); !next.done; next = records.next()) {
    const { cells, line } = next.value;
    if (!cells.some((cell) => cell.trim() !== '')) continue;
    // A publisher's note (ISTAT's "Note: p = dato provvisorio…") is one cell of text; a row cut in its first field starts with a digit.
    if (notes && cells.length === 1 && !/^\s*\d/.test(cells[0]!)) {
      yield { cells: [cells[0]!, ...Array<string>(width - 1).fill('')], line };
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
      yield { cells: cells.slice(0, width), line };
    } else yield { cells, line };
  }
}

function snippet(cells: string[], delimiter: string): string {
  const text = cells.join(delimiter);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * Files without a single quote character cannot hold quoted delimiters or line breaks,
 * so they are split directly, a line at a time: several times faster than csv-parse on the
 * MEF files, whose ragged rows (phantom columns) make csv-parse build an error object per row.
 * Lines end in LF, with the CR of a CRLF dropped: the same lines as splitting on /\r?\n/.
 */
function* plainRecords(text: string, delimiter: string, skipLines: number): Generator<CsvRecord> {
  let line = 0;
  for (let start = 0; start <= text.length;) {
    const lf = text.indexOf('\n', start);
    const end = lf < 0 ? text.length : lf;
    line++;
    const content = lf >= 0 && text.charCodeAt(end - 1) === 0x0d ? text.slice(start, end - 1) : text.slice(start, end);
    if (line > skipLines && content !== '') yield { cells: content.split(delimiter), line };
    if (lf < 0) break;
    start = lf + 1;
  }
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
