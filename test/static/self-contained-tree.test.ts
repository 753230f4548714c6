/**
 * The edge function imports generated/edge-index.js, which re-exports the index inside the
 * default output: a build into another folder must not move that entry (issue 36), or the
 * default tree's edge function answers from another build's index, or fails to load once that
 * folder is deleted.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { DEFAULT_OUT_DIR, PROJECT_ROOT, resolveConfig } from '../../generator/config.ts';
import { recordingEffects } from '../helpers/build-effects.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';

const ENTRY = join(PROJECT_ROOT, 'generated', 'edge-index.js');

describe('a build into another folder', () => {
  it('writes the index entry only for the default output or where --generated-dir says', () => {
    expect(resolveConfig([]).generatedDir).toBe(join(PROJECT_ROOT, 'generated'));
    expect(resolveConfig(['--out', DEFAULT_OUT_DIR]).generatedDir).toBe(join(PROJECT_ROOT, 'generated'));
    expect(resolveConfig(['--out', '/tmp/x/public']).generatedDir).toBeNull();
    expect(resolveConfig(['--out', '/tmp/x/public', '--generated-dir', '/tmp/x/generated']).generatedDir).toBe(
      '/tmp/x/generated',
    );
  });

  it("leaves the default tree's edge entry byte-identical, and writes none of its own", async () => {
    const root = await mkdtemp(join(tmpdir(), 'other-out-'));
    const before = await readFile(ENTRY).catch(() => null);
    const config = resolveConfig(['--out', join(root, 'public'), '--data-dir', MINI_MIRROR.dataDir]);
    await build(
      { ...config, lockPath: MINI_MIRROR.lockPath, scale: MINI_MIRROR.scale, changesAckPath: join(root, 'ack.json') },
      recordingEffects(),
    );
    expect(await readFile(ENTRY).catch(() => null)).toEqual(before);
    // The other output carries its own index (public/_edge/), and no entry pointing at it.
    expect(await readdir(join(root, 'public', '_edge'))).toContain('edge-index.js');
    expect((await readdir(root)).filter((name) => !name.startsWith('public') && name !== 'ack.json')).toEqual([]);
  }, 120_000);
});
