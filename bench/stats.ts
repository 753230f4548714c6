/** Small statistics for the benchmarks: nearest-rank percentiles, rounding, medians. */

export interface LatencySummary {
  /** Milliseconds. */
  p50: number;
  p99: number;
  max: number;
  mean: number;
  count: number;
}

/** Nearest-rank percentile of ascending values (p in 0..1). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export function round(x: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function summarize(times: readonly number[]): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(times.reduce((a, b) => a + b, 0) / Math.max(times.length, 1)),
    count: times.length,
  };
}
