import { describe, expect, it } from 'vitest';
import { handlerContext } from '../../api/context.ts';
import type { IncomeRankings, RuntimeIndex } from '../../api/runtime-index.ts';

describe('handlerContext', () => {
  it("loads each past tax year's income rankings once, however many answers ask for it", async () => {
    const asked: number[] = [];
    const rankings = {} as IncomeRankings;
    const ctx = handlerContext(
      {
        index: {} as RuntimeIndex,
        laterParts: async () => ({}) as RuntimeIndex,
        incomeRankings: async (anno) => {
          asked.push(anno);
          return anno === 2010 ? rankings : null;
        },
      },
      { read: async () => null },
    );
    const answers = await Promise.all([2010, 2010, 1999, 2010, 1999].map((anno) => ctx.incomeRankings(anno)));
    expect(answers).toEqual([rankings, rankings, null, rankings, null]);
    expect(answers[0]).toBe(rankings);
    expect(asked).toEqual([2010, 1999]);
  });
});
