import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../generator/build.ts';
import { DEFAULT_DATA_DIR } from '../../data-sources/lib/files.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { recordingEffects } from '../helpers/build-effects.ts';

/** Where the test build lives (never the user's public/; TEST_BUILD_DIR moves it). */
const root = resolve(PROJECT_ROOT, process.env.TEST_BUILD_DIR ?? 'build/test');
export const TEST_BUILD = {
  dataDir: process.env.DATA_DIR ?? DEFAULT_DATA_DIR,
  outDir: resolve(root, 'public'),
  generatedDir: resolve(root, 'generated'),
  // A test build is not a publication: changes against the previous test build are recorded beside it, never in data-sources/.
  acceptChanges: true,
  changesAckPath: resolve(root, 'changes-ack.json'),
};

/**
 * Builds the API once from the real mirror for the integration and contract tests.
 * Without the mirror those tests are skipped, and say so.
 */
export default async function setup(project: TestProject) {
  const available =
    existsSync(resolve(TEST_BUILD.dataDir, 'MANIFEST.md')) || existsSync(resolve(TEST_BUILD.dataDir, 'gi-db-comuni'));
  project.provide('realBuild', available);
  if (!available) {
    console.warn(
      `\n[integration] SKIPPED: no data mirror at ${TEST_BUILD.dataDir}; set DATA_DIR to run the tests on real data.\n`,
    );
    return;
  }
  const effects = recordingEffects();
  await build(TEST_BUILD, effects);
  // What the build warned about is worth seeing above the test report (what it logs is not).
  for (const line of effects.warnings) console.warn(line);
}

declare module 'vitest' {
  export interface ProvidedContext {
    realBuild: boolean;
  }
}
