import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundled, reusableBundle } from '../../generator/build-cli.mjs';

describe("npm run build's bundle", () => {
  let dir: string;
  let cache: string;
  let entry: string;
  const dependency = () => join(dir, 'dependency.ts');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bundle-'));
    cache = join(dir, 'cache');
    entry = join(dir, 'entry.ts');
    await writeFile(entry, "import { value } from './dependency.ts';\nexport const answer: number = value;\n");
    await writeFile(dependency(), 'export const value: number = 1;\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is reused while no file it was made from changes, and made again from the new code when one does', async () => {
    expect(await reusableBundle(entry, cache)).toBeNull();
    expect((await importBundled(entry, cache)).answer).toBe(1);
    const first = await reusableBundle(entry, cache);
    expect(first).not.toBeNull();

    await writeFile(dependency(), 'export const value: number = 2;\n');
    expect(await reusableBundle(entry, cache)).toBeNull();
    expect((await importBundled(entry, cache)).answer).toBe(2);
    const second = await reusableBundle(entry, cache);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });

  it('is made again when a file it was made from is gone', async () => {
    await importBundled(entry, cache);
    await rm(dependency());
    expect(await reusableBundle(entry, cache)).toBeNull();
    await writeFile(dependency(), 'export const value: number = 2;\n');
  });

  it("is not reused from a cache copied from another checkout (it holds that checkout's paths)", async () => {
    await importBundled(entry, cache);
    const manifestFile = (await readdir(cache)).find((f) => f.endsWith('.inputs.json'))!;
    const manifest = JSON.parse(await readFile(join(cache, manifestFile), 'utf8')) as { root: string };
    await writeFile(join(cache, manifestFile), JSON.stringify({ ...manifest, root: '/another/checkout' }));
    expect(await reusableBundle(entry, cache)).toBeNull();
  });
});
