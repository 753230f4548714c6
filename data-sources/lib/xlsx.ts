import readXlsxFile from 'read-excel-file/node';
import { normalizeHeader } from './csv.ts';

export type Cell = string | number | boolean | Date | null;

export interface Sheet {
  name: string;
  rows: Cell[][];
}

export async function readWorkbook(bytes: Uint8Array): Promise<Sheet[]> {
  const sheets = await readXlsxFile(Buffer.from(bytes));
  return sheets.map((s) => ({ name: s.sheet, rows: s.data as Cell[][] }));
}

/**
 * Publishers put titles and notes above the header. Finds the first row whose cells
 * include `firstHeader`, and returns the normalized header and the rows below it.
 */
export function tableBelowHeader(sheet: Sheet, firstHeader: string): { header: string[]; rows: Cell[][] } {
  const wanted = normalizeHeader(firstHeader).toLowerCase();
  const at = sheet.rows.findIndex((row) =>
    row.some((c) => typeof c === 'string' && normalizeHeader(c).toLowerCase() === wanted),
  );
  if (at < 0) throw new Error(`foglio "${sheet.name}": nessuna riga di intestazione con una cella "${firstHeader}"`);
  const header = sheet.rows[at]!.map((c) => (c == null ? '' : normalizeHeader(String(c))));
  const rows = sheet.rows.slice(at + 1).filter((row) => row.some((c) => c != null && c !== ''));
  return { header, rows };
}

export function findSheet(sheets: Sheet[], name: string | RegExp | undefined, context: string): Sheet {
  const sheet =
    name === undefined
      ? sheets[0]
      : sheets.find((s) => (typeof name === 'string' ? s.name === name : name.test(s.name)));
  if (!sheet)
    throw new Error(`${context}: nessun foglio ${String(name)}; i fogli sono ${sheets.map((s) => s.name).join(', ')}`);
  return sheet;
}

/**
 * Legacy BIFF8 workbooks (.xls), which read-excel-file cannot open: read with @e965/xlsx, the
 * maintained SheetJS build (no dependencies, parses BIFF8 whole; a hand-written cfb + record
 * reader would have to handle shared strings, RK/MULRK numbers and CONTINUE records again).
 * Raw cell values, empty cells and empty strings as null, like readWorkbook.
 */
export async function readLegacyWorkbook(bytes: Uint8Array): Promise<Sheet[]> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(bytes, { type: 'array', cellDates: true });
  return book.SheetNames.map((name) => ({
    name,
    rows: XLSX.utils
      .sheet_to_json<Cell[]>(book.Sheets[name]!, { header: 1, raw: true, defval: null, blankrows: false })
      .map((row) => row.map((c) => (c === '' ? null : c))),
  }));
}
