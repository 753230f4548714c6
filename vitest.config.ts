import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One build from the real mirror, shared by the integration and contract tests.
    globalSetup: ['test/global-setup.ts'],
    // The integration tests read the full national files: give them room on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
