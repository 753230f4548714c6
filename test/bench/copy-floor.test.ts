import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureCopyFloor } from '../../bench/copy-floor.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'copy-floor-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("the build's floor", () => {
  it('copies every file of the output, nested folders included, byte for byte, and counts them', async () => {
    const source = join(root, 'public');
    await mkdir(join(source, 'api', 'comuni'), { recursive: true });
    await mkdir(join(source, 'vuota'), { recursive: true });
    await writeFile(join(source, 'index.html'), '<p>x</p>');
    await writeFile(join(source, 'api', 'comuni', '058091.json'), '{"nome":"Roma"}');
    const floor = await measureCopyFloor(source, join(root, 'copia'));
    expect(floor.files).toBe(2);
    expect(await readFile(join(root, 'copia', 'api', 'comuni', '058091.json'), 'utf8')).toBe('{"nome":"Roma"}');
    expect(await readFile(join(root, 'copia', 'index.html'), 'utf8')).toBe('<p>x</p>');
  });
});
