import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { calibrate } from '../../bench/calibrate.ts';

describe('host calibration of the benchmark', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('gives the three figures, and deletes none of the files it creates (freed inodes would slow the build after it)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-test-'));
    dirs.push(dir);
    const host = await calibrate(dir, { loopSteps: 1e5, memoryBytes: 4 << 20, files: 50, rounds: 2 });
    for (const value of Object.values(host)) expect(value).toBeGreaterThan(0);
    expect(Object.keys(host).sort()).toEqual(['cpuLoopMs', 'fileCreationMsPer10k', 'freshMemoryMsPerGiB']);
    const folders = await readdir(dir);
    expect(folders).toHaveLength(2);
    for (const folder of folders) expect(await readdir(join(dir, folder))).toHaveLength(50);
  });
});
