import { describe, expect, it } from 'vitest';
import { handlerContext } from '../../api/context.ts';
import type { IncomeRankings, RuntimeIndex } from '../../api/runtime-index.ts';

describe('handlerContext', () => {
  it("loads the index's later parts and each past tax year's income rankings once, however many answers ask", async () => {
    const asked: (number | 'later')[] = [];
    const rankings = {} as IncomeRankings;
    const ctx = handlerContext(
      {
        index: {} as RuntimeIndex,
        laterParts: async () => {
          asked.push('later');
          return { qualita: { punteggio: [] } } as unknown as RuntimeIndex;
        },
        incomeRankings: async (anno) => {
          asked.push(anno);
          return anno === 2010 ? rankings : null;
        },
      },
      { read: async () => null },
    );
    const [{ index, incomeRankings }, again] = await Promise.all([ctx.full(), ctx.full()]);
    expect(again.index).toBe(index);
    expect(index.qualita.punteggio).toEqual([]);
    const answers = await Promise.all([2010, 2010, 1999, 2010, 1999].map((anno) => incomeRankings(anno)));
    expect(answers).toEqual([rankings, rankings, null, rankings, null]);
    expect(answers[0]).toBe(rankings);
    expect(asked).toEqual(['later', 2010, 1999]);
  });
});
