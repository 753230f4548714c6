/** Number helpers shared by the generator and the request handler (web-standard only). */

/** Rounds to a fixed number of decimals, avoiding -0 and float noise in the output. */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * Drops the binary noise of a double (18.75 computed as 18.749999999999996) before rounding,
 * so that anyone recomputing a published formula in decimal arithmetic gets the same digit.
 */
export function decimalRound(value: number, decimals: number): number {
  return round(Number(value.toPrecision(12)), decimals);
}

export function ratio(
  numerator: number | null | undefined,
  denominator: number | null | undefined,
  decimals: number,
): number | null {
  if (numerator == null || denominator == null || denominator === 0) return null;
  return round(numerator / denominator, decimals);
}

/** 24310 → "24.310": Italian thousands grouping without Intl (cheap on hot paths, same in every runtime). */
export function formatInteger(value: number): string {
  const n = Math.round(value);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `-${grouped}` : grouped;
}

/** 3.14159 → "3,1": fixed decimals with the Italian decimal comma. */
export const formatDecimal = (value: number, digits = 1): string => value.toFixed(digits).replace('.', ',');

/**
 * Σ w·s / Σ w over the entries with a score and a positive weight, to 1 decimal; null when
 * none. The quality index's scores (dimensions and total) and the wizard's re-weighted score.
 */
export function weightedMean(
  scores: readonly (number | null | undefined)[],
  weights: readonly number[],
): number | null {
  let num = 0;
  let den = 0;
  for (let k = 0; k < scores.length; k++) {
    const s = scores[k];
    const w = weights[k]!;
    if (s == null || !(w > 0)) continue;
    num += w * s;
    den += w;
  }
  return den > 0 ? decimalRound(num / den, 1) : null;
}
