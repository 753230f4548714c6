/**
 * CSV writing for the bulk dataset (RFC 4180, UTF-8, comma, "\n" line ends as the
 * datapackage dialect declares). A missing value is an empty cell, never 0.
 */
export type CsvValue = string | number | boolean | null;

/** Numbers in plain decimal notation (no exponent, no grouping), so every reader parses them. */
function formatNumber(value: number): string {
  // Most cells: an integer below 2^53 never prints with an exponent.
  if (Number.isSafeInteger(value)) return String(value);
  if (!Number.isFinite(value)) throw new Error(`non è un numero finito: ${value}`);
  const text = String(value);
  return text.includes('e') ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

/** Characters that make a cell quoted (one RegExp for every cell, not one per call). */
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line. join() makes a flat string: appending cell by cell would keep a rope of every cell alive. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}
