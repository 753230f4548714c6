import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { fullIndex } from '../../../api/handler.ts';
import type { IndexData, RuntimeIndex } from '../../../api/runtime-index.ts';
import { importIndexData } from '../../../server/index-module.ts';
import { TEST_BUILD } from '../global-setup.ts';

/** True when the global setup built the API from the real mirror. */
export const hasRealBuild = inject('realBuild');

/** Name suffix that makes a skipped integration test visible in the report. */
export const REAL_DATA = hasRealBuild ? '' : ' (SKIPPED: no data mirror, set DATA_DIR)';

export { TEST_BUILD };

export async function readBuilt<T = unknown>(path: string): Promise<T> {
  return JSON.parse(await readFile(join(TEST_BUILD.outDir, path), 'utf8')) as T;
}

/** The test build's index module: the startup index and the loaders of its later parts and past tax years. */
export async function loadBuiltIndex(): Promise<IndexData> {
  return importIndexData(join(TEST_BUILD.generatedDir, 'edge-index.js'));
}

/** The test build's whole index, later parts included. */
export async function loadBuiltFullIndex(): Promise<RuntimeIndex> {
  return fullIndex(await loadBuiltIndex());
}
