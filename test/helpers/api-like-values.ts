import fc from 'fast-check';

/**
 * JSON values shaped like the API's, for checking that two validators agree: objects with the
 * given keys, nulls, numbers of every sign, codes, nesting.
 */
export function apiLikeValue(keys: readonly string[]): fc.Arbitrary<unknown> {
  const key = fc.constantFrom(...keys);
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
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
