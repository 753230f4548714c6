/**
 * The one definition of the quality-of-life index weights (SPEC.md): the generator, the wizard
 * and every text that states them import it from here. Changing a weight is a change of
 * DIMENSION_WEIGHTS and regenerated goldens; the wizard's tables follow by PRIORITY_SHARE's rule.
 */
import type { QualityDimension } from './runtime-index.ts';

export const QUALITY_DIMENSIONS: readonly QualityDimension[] = [
  'reddito',
  'ambiente',
  'servizi',
  'demografia',
  'sicurezza',
];

export const DIMENSION_NAMES: Readonly<Record<QualityDimension, string>> = {
  reddito: 'Reddito',
  ambiente: 'Ambiente',
  servizi: 'Servizi',
  demografia: 'Demografia',
  sicurezza: 'Sicurezza',
};

/**
 * The quantile of the measured normalised values that stands in for a missing indicator
 * (generator/quality-index/missing.ts). Not the median: with land 2024 per comune in the
 * environment, the comuni without any air measurement (mostly small, with little land consumed)
 * still had a higher median environment score than the measured ones at the median (59.7
 * against 59.0, build of 28 November 2026), i.e. a missing measurement still paid. At the 40th
 * percentile a missing value counts a little below a typical measured comune, so it never pays.
 */
export const ESTIMATE_QUANTILE = 0.4;

/** How texts name the estimate: "40° percentile nazionale". */
export const ESTIMATE_NAME = `${Math.round(ESTIMATE_QUANTILE * 100)}° percentile nazionale`;

/** SPEC.md: income 30%, environment 25%, services 20%, demographics 15%, safety 10%. */
export const DIMENSION_WEIGHTS: Readonly<Record<QualityDimension, number>> = {
  reddito: 0.3,
  ambiente: 0.25,
  servizi: 0.2,
  demografia: 0.15,
  sicurezza: 0.1,
};

/** Share the wizard gives to the dimension a user puts first. */
export const PRIORITY_SHARE = 0.5;

/**
 * The wizard's weights when `priority` comes first: PRIORITY_SHARE to it, the rest shared by the
 * other dimensions in proportion to `weights`, in whole percentage points by largest remainder
 * (ties: dimension order), so each table sums to 100% and keeps the index's order among the others.
 */
export function priorityWeights(
  weights: Readonly<Record<QualityDimension, number>>,
  priority: QualityDimension,
): Record<QualityDimension, number> {
  const others = QUALITY_DIMENSIONS.filter((d) => d !== priority);
  const sum = others.reduce((a, d) => a + weights[d], 0);
  const points = Math.round((1 - PRIORITY_SHARE) * 100);
  const exact = others.map((d) => (weights[d] / sum) * points);
  const whole = exact.map((x) => Math.floor(x + 1e-9));
  let left = points - whole.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, k) => [x - whole[k]!, k] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, k] of byRemainder) if (left-- > 0) whole[k]!++;
  const out = {} as Record<QualityDimension, number>;
  for (const d of QUALITY_DIMENSIONS) out[d] = d === priority ? PRIORITY_SHARE : whole[others.indexOf(d)]! / 100;
  return out;
}

/** "30%", "12,5%": a weight as the texts print it. */
export function percent(weight: number): string {
  return `${String(Math.round(weight * 10_000) / 100).replace('.', ',')}%`;
}

/** "reddito 30%, ambiente 25%, …", in dimension order. */
export function weightsText(weights: Readonly<Record<QualityDimension, number>>): string {
  return QUALITY_DIMENSIONS.map((d) => `${d} ${percent(weights[d])}`).join(', ');
}
