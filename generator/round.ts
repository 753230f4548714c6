/** Rounds to a fixed number of decimals, avoiding -0 and float noise in the output files. */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

export function ratio(numerator: number | null | undefined, denominator: number | null | undefined, decimals: number): number | null {
  if (numerator == null || denominator == null || denominator === 0) return null;
  return round(numerator / denominator, decimals);
}
