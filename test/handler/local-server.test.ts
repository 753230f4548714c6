import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsBuild } from '../../server/freshness.ts';
import { buildFingerprint, codeHash } from '../../generator/write/build-fingerprint.ts';
import { BUILD_INFO_PATH, edgeIndexFile, edgeIndexTrailer } from '../../generator/write/write-edge-index.ts';

describe('npm start decides to build', () => {
  let root: string;
  const dirs = () => ({ outDir: join(root, 'public'), dataDir: join(root, 'data') });
  const code = () => ({ dirs: [join(root, 'code')], files: [] });
  const write = async (path: string, content: string) => {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, content);
  };
  const decide = async () => (await needsBuild(dirs(), code())).build;
  /** An output as the build leaves it: the fingerprint of the inputs beside a complete edge index. */
  const built = async () => {
    const fingerprint = buildFingerprint(await codeHash(code()), new Map());
    await write(join(root, 'public', BUILD_INFO_PATH), JSON.stringify({ fingerprint }));
    await write(edgeIndexFile(join(root, 'public')), `export default {};\n${edgeIndexTrailer(fingerprint)}`);
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'freshness-'));
    await write(join(root, 'data', 'MANIFEST.md'), '# mirror');
    await write(join(root, 'code', 'build.ts'), 'export {};');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('when there is no complete output, or the code (or a source file) changed content, and not when a file is only touched', async () => {
    expect(await decide()).toBe(true);
    await built();
    expect(await decide()).toBe(false);
    // Nothing changed since the inputs last matched by content: sizes and times suffice, no hashing.
    expect((await needsBuild(dirs(), code())).reason).toBe('la build è aggiornata (nessun file di input cambiato)');
    const now = new Date();
    await utimes(join(root, 'data', 'MANIFEST.md'), now, now);
    await utimes(join(root, 'code', 'build.ts'), now, now);
    expect(await needsBuild(dirs(), code())).toEqual({ build: false, reason: 'la build è aggiornata' });
    await write(join(root, 'code', 'lib', 'parse.ts'), 'export const x = 1;');
    expect(await needsBuild(dirs(), code())).toEqual({
      build: true,
      reason: "i file delle fonti o il codice sono cambiati dall'ultima build (checksum diversi)",
    });
    await built();
    expect(await decide()).toBe(false);
  });

  it('rebuilds on a truncated edge index instead of failing to import it', async () => {
    await built();
    const file = edgeIndexFile(join(root, 'public'));
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.length - 3));
    expect((await needsBuild(dirs(), code())).reason).toMatch(/è incompleto o di un'altra build/);
  });

  it('removes the leftovers of a killed build, and finishes a swap killed with the output moved aside', async () => {
    await built();
    await write(join(root, 'public.tmp-999999', 'api', 'x.json'), '{}');
    await write(join(root, 'public.tree-999998-1', 'api', 'x.json'), '{}');
    await symlink('public.tree-999998-1', join(root, 'public.link-999998'));
    await decide();
    expect((await readdir(root)).sort()).toEqual(['code', 'data', 'public']);
    // Killed in the first swap over a plain folder: moved aside, the link to the new tree not yet in place.
    await rename(join(root, 'public'), join(root, 'public.old-999997'));
    await write(join(root, 'public.tree-999997-2', 'api', 'new.json'), '{}');
    await symlink('public.tree-999997-2', join(root, 'public.link-999997'));
    await decide();
    expect((await readdir(root)).sort()).toEqual(['code', 'data', 'public', 'public.tree-999997-2']);
    expect(await readdir(join(root, 'public', 'api'))).toEqual(['new.json']);
  });
});
