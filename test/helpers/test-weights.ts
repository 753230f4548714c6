import type { QualityDimension } from '../../api/runtime-index.ts';

/**
 * The tests' own dimension weights (SPEC.md's when the tests were written), given to every index and
 * wizard computation a test checks by number or by order. Changing the published weights
 * (api/quality-weights.ts) then changes no expected figure in the tests, only the goldens.
 */
export const TEST_WEIGHTS: Readonly<Record<QualityDimension, number>> = {
  reddito: 0.3,
  ambiente: 0.25,
  servizi: 0.2,
  demografia: 0.15,
  sicurezza: 0.1,
};
