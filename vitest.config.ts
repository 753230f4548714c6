import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The integration tests parse the full national files: give them room on a 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    reporters: ['default'],
  },
});
