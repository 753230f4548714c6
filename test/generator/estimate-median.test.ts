import { describe, expect, it } from 'vitest';
import {
  estimateMedianFromBrackets,
  locateMedianBracket,
  type BracketInput,
} from '../../generator/derive/estimate-median.ts';

const BOUNDS: [number | null, number | null][] = [
  [null, 0],
  [0, 10000],
  [10000, 15000],
  [15000, 26000],
  [26000, 55000],
  [55000, 75000],
  [75000, 120000],
  [120000, null],
];

function brackets(...frequencies: (number | null)[]): BracketInput[] {
  return BOUNDS.map(([da, a], i) => ({ da, a, frequenza: frequencies[i]! }));
}

describe('estimateMedianFromBrackets', () => {
  it('interpolates linearly inside the bracket holding the (N/2)-th taxpayer', () => {
    // N = 100, half = 50; cumulative before 15–26k is 40, so 10 of its 20 taxpayers: 15000 + 10/20 × 11000.
    const m = estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, 5, 5));
    expect(m).toEqual({
      valore: 20500,
      scaglione: 'da 15.000 a 26.000 euro',
      metodo: expect.stringMatching(/^Stima.*interpolazione lineare.*\.$/),
    });
    // Same with the total given explicitly.
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, 5, 5), 100)?.valore).toBe(20500);
    // Half falling on a bracket's upper edge gives that edge: N = 80, half 40 = cumulative through 10–15k.
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 10, 10, 10, 5, 5))?.valore).toBe(15000);
    // Rounds to the euro: N = 3, half 1.5, 0.5 of one taxpayer over 10–15k.
    expect(estimateMedianFromBrackets(brackets(0, 1, 1, 1, 0, 0, 0, 0))?.valore).toBe(12500);
  });

  it('returns null for N = 0 and when the median falls in an open-ended bracket', () => {
    expect(estimateMedianFromBrackets(brackets(0, 0, 0, 0, 0, 0, 0, 0))).toBeNull();
    expect(estimateMedianFromBrackets(brackets(0, 0, 0, 0, 0, 0, 0, 0), 0)).toBeNull();
    expect(estimateMedianFromBrackets(brackets(60, 10, 10, 10, 10, 0, 0, 0))).toBeNull(); // ≤ 0
    expect(estimateMedianFromBrackets(brackets(0, 1, 1, 1, 1, 1, 1, 60))).toBeNull(); // > 120.000
    expect(locateMedianBracket(brackets(0, 1, 1, 1, 1, 1, 1, 60))?.indice).toBe(7);
  });

  it('with suppressed brackets, estimates only when the total pins down the bracket and the count before it', () => {
    // Without a total, a suppressed bracket leaves N unknown.
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, 5, null))).toBeNull();
    // Suppressed cells after the median bracket: the cumulative count before it is published.
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, null, null), 100)?.valore).toBe(20500);
    // Suppressed cells only before it: the total fixes the count before it (40 = 100 − 20 − 40).
    expect(estimateMedianFromBrackets(brackets(null, null, 20, 20, 20, 10, 5, 5), 100)?.valore).toBe(20500);
    // Suppressed cells on both sides: the bracket is certain (15–26k) but the count before it is
    // anywhere in 38–45, so the interpolated value is not determined.
    const both = brackets(null, 20, 18, 20, 20, 10, 5, null);
    expect(locateMedianBracket(both, 100)).toEqual({ indice: 3, cumulataPrecedente: null, totale: 100 });
    expect(estimateMedianFromBrackets(both, 100)).toBeNull();
    // The suppressed taxpayers (15) could sit before or after 10–15k, moving the median across brackets.
    expect(locateMedianBracket(brackets(0, 20, null, 20, 20, 10, null, 5), 100)).toBeNull();
    expect(estimateMedianFromBrackets(brackets(0, 20, null, 20, 20, 10, null, 5), 100)).toBeNull();
  });

  it('returns null when the published counts contradict the total', () => {
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, 5, 5), 99)).toBeNull();
    expect(estimateMedianFromBrackets(brackets(0, 20, 20, 20, 20, 10, 5, null), 50)).toBeNull();
  });

  it('rejects impossible input', () => {
    expect(() => estimateMedianFromBrackets(brackets(0, -1, 0, 0, 0, 0, 0, 0))).toThrow(RangeError);
    expect(() => estimateMedianFromBrackets([{ da: 10, a: 5, frequenza: 1 }])).toThrow(RangeError);
  });
});
