import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../generator/config.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';
import { builtOpenApi } from './harness.ts';

const run = promisify(execFile);

describe.skipIf(!hasRealBuild)(`Spectral's recommended OpenAPI rules (spectral:oas)${REAL_DATA}`, () => {
  it('find nothing to report in the published document, not even a warning', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spectral-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(await builtOpenApi()));
      // Exit code 1 when there are results: read them from stdout either way.
      const { stdout } = await run(
        join(PROJECT_ROOT, 'node_modules', '.bin', 'spectral'),
        ['lint', file, '--ruleset', join(PROJECT_ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'],
        { maxBuffer: 64 * 1024 * 1024 },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const results = JSON.parse(stdout || '[]') as { code: string; path: string[]; message: string }[];
      expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
