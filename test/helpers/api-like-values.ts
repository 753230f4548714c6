import fc from 'fast-check';

/**
 * fast-check's run parameters for the unit tier: a fixed seed, so a run on a busy machine checks the
 * same values as one on a quiet machine (a failure is reproduced by running the test again), and a
 * bounded number of runs.
 */
export const PROPERTY_RUNS = { seed: 20_261_128, numRuns: 1000 } as const;

/**
 * JSON values shaped like the API's, for checking that two validators agree: objects with the
 * given keys, nulls, numbers of every sign, codes, nesting.
 */
export function apiLikeValue(keys: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.constantFrom(...keys);
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -3, max: 3 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom('058091', '5809', '', 'x'),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
}
