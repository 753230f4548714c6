import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import type { RuntimeIndex } from '../../../api/runtime-index.ts';
import { TEST_BUILD } from '../global-setup.ts';

/** True when the global setup built the API from the real mirror. */
export const hasRealBuild = inject('realBuild');

/** Name suffix that makes a skipped integration test visible in the report. */
export const REAL_DATA = hasRealBuild ? '' : ' (SKIPPED: no data mirror, set DATA_DIR)';

export { TEST_BUILD };

export async function readBuilt<T = unknown>(path: string): Promise<T> {
  return JSON.parse(await readFile(join(TEST_BUILD.outDir, path), 'utf8')) as T;
}

export async function loadBuiltIndex(): Promise<RuntimeIndex> {
  return (await import(pathToFileURL(join(TEST_BUILD.generatedDir, 'edge-index.js')).href)).default as RuntimeIndex;
}
