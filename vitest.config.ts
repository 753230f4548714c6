import { defineConfig } from 'vitest/config';

/**
 * Two tiers (docs/testing.md). `unit`: hand-written fixtures and the mini mirror only, no access
 * to ../shared, seconds. `integration`: one build from the real mirror (global setup), shared
 * by the tests under test/integration/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/integration/**'],
          // A bound for a hung test, not a speed goal (those are in bench/): three times the slowest test
          // (11 s, beside other builds at a load average of 22 on 2 cores; docs/testing.md).
          testTimeout: 60_000,
          // One module graph per worker thread instead of a fresh one per file: the 60 files import the same
          // pipeline, and re-importing it was most of the tier's time (59.7 s → 20 s on the 2-core machine).
          // The tests keep no state in modules (a shuffled order passes: `--sequence.shuffle`).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          // The integration tests read the full national files: give them room on a 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
