/** Cell contents that publishers use for "no value". They become null, never 0. */
const MISSING = new Set(['', 'null', '#n/d', 'n/d', 'na', 'n.a.', '#div/0!', '#div/0', '#value!', '-', '..', '...']);

export function isMissing(cell: string | null | undefined): boolean {
  return cell == null || MISSING.has(cell.trim().toLowerCase());
}

// The whole cell must be the number: Number() alone would also read "0x1F", "1e12", " 12 " or
// "Infinity", and parseFloat() would read "12abc" as 12.
const DECIMAL_COMMA = /^[-+]?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
const DECIMAL_POINT = /^[-+]?(\d+(\.\d+)?)$/;

/**
 * Parses a number written with a decimal comma ("45,3634669", "-0,18", "1.234,5") or a
 * plain integer. Blank and placeholder cells are null (privacy suppression is not zero).
 * Anything else that is not entirely a number throws, naming the context.
 */
export function parseDecimalComma(cell: string | null | undefined, context = 'valore'): number | null {
  if (isMissing(cell)) return null;
  const text = cell!.trim();
  // A dot is a thousands separator in this notation ("1.234,5", "12.345"); a lone decimal
  // point ("45.36") is what a spreadsheet's numeric cell turns into as text.
  if (DECIMAL_COMMA.test(text)) return Number(text.replace(/\./g, '').replace(',', '.'));
  if (DECIMAL_POINT.test(text)) return Number(text);
  throw notANumber(text, context);
}

/** Parses a number written with a decimal point ("16571.73"). Blank cells are null. */
export function parseDecimalPoint(cell: string | null | undefined, context = 'valore'): number | null {
  if (isMissing(cell)) return null;
  const text = cell!.trim();
  if (!DECIMAL_POINT.test(text)) throw notANumber(text, context);
  return Number(text);
}

function notANumber(text: string, context: string): Error {
  return new Error(`${context}: "${text}" non è un numero`);
}

/**
 * Normalizes an ISTAT comune code given as text ("001001") or as an integer without
 * leading zeros (1001, "1001"). Returns null for the non-comune rows publishers append
 * (code 0, blank, "Mancante/errata"), so callers can skip and count them.
 */
export function toCodiceIstat(value: string | number | null | undefined): string | null {
  if (value == null) return null;
  const text = String(value).trim();
  if (!/^\d{1,6}$/.test(text) || Number(text) === 0) return null;
  return text.padStart(6, '0');
}
