/** One record of delimited text and the line of the file (1-based) where it ends. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Quoted delimited text in its regular form: quotes only around whole cells ("" inside
 * them), records ending in LF or CRLF, empty lines skipped, lines counted as csv-parse
 * counts them. Returns null at anything else (a quote inside an unquoted cell, text after
 * a closing quote, a lone CR, an unclosed quote, a title line to skip that is not a record), which the
 * caller hands to csv-parse and its relaxed rules and messages. Several times faster than
 * csv-parse on the ISPRA, ISTAT and ANPR files, which are all regular.
 */
export function splitRegularQuoted(text: string, delimiter: string, skipLines: number): CsvRecord[] | null {
  const n = text.length;
  let i = 0;
  let line = 1;
  // Lines before the header (titles): each must be a regular record of its own line, which csv-parse would parse and drop.
  for (; line <= skipLines && i < n; line++) {
    const end = text.indexOf('\n', i);
    const stop = end < 0 ? n : end;
    const content = text.slice(i, end >= 0 && text.charCodeAt(stop - 1) === CR ? stop - 1 : stop);
    if (splitRegularQuoted(content, delimiter, 0) === null) return null;
    i = end < 0 ? n : end + 1;
  }
  const delim = delimiter.charCodeAt(0);
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let lastQuoted = false;
  while (i < n) {
    let cell: string;
    if (text.charCodeAt(i) === QUOTE) {
      const closed = quotedCell(text, i);
      if (closed === null) return null;
      cell = closed.cell;
      i = closed.end;
      for (let k = cell.indexOf('\n'); k >= 0; k = cell.indexOf('\n', k + 1)) line++;
      lastQuoted = true;
    } else {
      let j = i;
      for (let c = text.charCodeAt(j); j < n && c !== delim && c !== LF && c !== CR && c !== QUOTE;)
        c = text.charCodeAt(++j);
      if (j < n && text.charCodeAt(j) === QUOTE) return null;
      cell = text.slice(i, j);
      i = j;
      lastQuoted = false;
    }
    cells.push(cell);
    const c = text.charCodeAt(i);
    if (c === delim) {
      i++;
      if (i === n) cells.push('');
      if (i < n) continue;
    } else if (c === CR && text.charCodeAt(i + 1) === LF) i += 2;
    else if (c === LF) i++;
    else if (i < n) return null;
    // An empty line is skipped; a line of "" is a record of one empty cell, as csv-parse has it.
    if (cells.length > 1 || cells[0] !== '' || lastQuoted) out.push({ cells, line });
    cells = [];
    line++;
  }
  return out;
}

/** The cell of a quoted field starting at `start` and the index after its closing quote; null if it never closes. */
function quotedCell(text: string, start: number): { cell: string; end: number } | null {
  let cell = '';
  let from = start + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q < 0) return null;
    cell += text.slice(from, q);
    if (text.charCodeAt(q + 1) !== QUOTE) {
      // csv-parse counts a CR as a line of its own, even before an LF, inside quotes: such a cell is left to it.
      if (cell.includes('\r')) return null;
      return { cell, end: q + 1 };
    }
    cell += '"';
    from = q + 2;
  }
}
