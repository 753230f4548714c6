/** Cell contents that publishers use for "no value". They become null, never 0. */
const MISSING = new Set(['', 'null', '#n/d', 'n/d', 'na', 'n.a.', '#div/0!', '#div/0', '#value!', '-', '..', '...']);

export function isMissing(cell: string | null | undefined): boolean {
  return cell == null || MISSING.has(cell.trim().toLowerCase());
}

/**
 * Parses a number written with a decimal comma ("45,3634669", "-0,18") or a plain
 * integer. Blank and placeholder cells are null (privacy suppression is not zero).
 * Anything else that is not a number throws, naming the context.
 */
export function parseDecimalComma(cell: string | null | undefined, context = 'value'): number | null {
  if (isMissing(cell)) return null;
  const text = cell!.trim();
  // A dot is a thousands separator in this notation ("1.234,5", "12.345").
  const normalized = text.includes(',') || /^-?\d{1,3}(\.\d{3})+$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  return toFinite(normalized, text, context);
}

/** Parses a number written with a decimal point ("16571.73"). Blank cells are null. */
export function parseDecimalPoint(cell: string | null | undefined, context = 'value'): number | null {
  if (isMissing(cell)) return null;
  return toFinite(cell!.trim(), cell!, context);
}

function toFinite(normalized: string, original: string, context: string): number {
  const value = Number(normalized);
  if (normalized === '' || !Number.isFinite(value)) throw new Error(`${context}: "${original}" is not a number`);
  return value;
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
