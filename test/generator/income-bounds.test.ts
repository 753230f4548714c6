import { describe, expect, it } from 'vitest';
import type { Scaglione } from '../../data-sources/mef-irpef-comunale.ts';
import { meanIncomeBounds } from '../../generator/derive/income-bounds.ts';

const LIMITS: [number | null, number | null][] = [
  [null, 0],
  [0, 10000],
  [10000, 15000],
  [15000, 26000],
  [26000, 55000],
  [55000, 75000],
  [75000, 120000],
  [120000, null],
];

/** Brackets from [count, amount] pairs; null = suppressed (count and amount blank together, as MEF does). */
const brackets = (cells: ([number, number] | null)[]): Scaglione[] =>
  cells.map((c, i) => ({ da: LIMITS[i]![0], a: LIMITS[i]![1], frequenza: c?.[0] ?? null, ammontare: c?.[1] ?? null }));

// A comune of 100 taxpayers: 2 in the 55–75k bracket (130,000 €) are suppressed.
const TRUE = [
  [1, -500],
  [20, 100_000],
  [20, 250_000],
  [30, 600_000],
  [27, 1_000_000],
  [2, 130_000],
  [0, 0],
  [0, 0],
] as [number, number][];
const trueMean = TRUE.reduce((t, c) => t + c[1], 0) / TRUE.reduce((t, c) => t + c[0], 0);
const withHidden = brackets(TRUE.map((c, i) => (i === 5 ? null : c)));

describe('meanIncomeBounds', () => {
  it('brackets the true mean when the count with reddito complessivo is published (exactly 2 hidden taxpayers)', () => {
    const b = meanIncomeBounds(withHidden, 104, 100);
    if ('motivo' in b) throw new Error(b.motivo);
    expect(b.minimo).toBeLessThanOrEqual(trueMean);
    expect(b.massimo).toBeGreaterThanOrEqual(trueMean);
    // (1,949,500 + 2 × 55,000) / 100 and (1,949,500 + 2 × 75,000) / 100
    expect(b).toEqual({ minimo: 20595, massimo: 20995 });
  });

  it('widens the interval when only the taxpayers are known (0 to contribuenti − published may be hidden)', () => {
    const b = meanIncomeBounds(withHidden, 104, null);
    if ('motivo' in b) throw new Error(b.motivo);
    expect(b.minimo).toBeLessThanOrEqual(trueMean);
    expect(b.massimo).toBeGreaterThanOrEqual(trueMean);
    expect(b.minimo).toBe(Math.floor(1_949_500 / 98)); // nobody hidden: the published mean
    expect(b.massimo).toBe(Math.ceil((1_949_500 + 6 * 75_000) / 104)); // six hidden, all at the top of the bracket
  });

  it('gives no bounds, with the reason, when an open bracket is suppressed', () => {
    const b = meanIncomeBounds(brackets(TRUE.map((c, i) => (i === 0 ? null : c))), 100, null);
    expect(b).toEqual({ motivo: expect.stringContaining('scaglione aperto') });
    expect(meanIncomeBounds(brackets(TRUE.map((c, i) => (i === 7 ? null : c))), 100, null)).toHaveProperty('motivo');
  });

  it('refuses figures that contradict each other rather than invent a range', () => {
    expect(meanIncomeBounds(withHidden, 50, null)).toHaveProperty('motivo'); // fewer taxpayers than the published counts
    expect(meanIncomeBounds(withHidden, null, null)).toHaveProperty('motivo');
  });
});
