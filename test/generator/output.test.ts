import { lstat, mkdir, mkdtemp, readFile, readdir, readlink, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter } from '../../generator/write/output.ts';
import { recoverOutputs, swapSteps } from '../../generator/write/swap.ts';

describe('the build output writer', () => {
  it('writes every queued file, counting files and UTF-8 bytes, whatever the number of writes under way', async () => {
    const root = await mkdtemp(join(tmpdir(), 'output-writer-'));
    const writer = new OutputWriter(root, 3);
    for (let i = 0; i < 50; i++) await writer.text(`/api/x/${i}.json`, `{"nome":"Forlì ${i}"}\n`);
    await writer.text('/bytes.bin', new Uint8Array([1, 2, 3]));
    await writer.flush();
    expect(await readdir(join(root, 'api', 'x'))).toHaveLength(50);
    expect(await readFile(join(root, 'api', 'x', '49.json'), 'utf8')).toBe('{"nome":"Forlì 49"}\n');
    expect(writer.files).toBe(51);
    // '{"nome":"Forlì 7"}\n' is 19 characters and 20 bytes ("ì" takes two); two-digit numbers add one.
    expect(writer.bytes).toBe(10 * 20 + 40 * 21 + 3);
  });

  it('writes a file given in pieces whole and in order, across batches and between other files', async () => {
    const root = await mkdtemp(join(tmpdir(), 'output-writer-'));
    const writer = new OutputWriter(root, 2);
    // 600 pieces of ~10 KB: more than one 4 MB batch, written while another step writes its files.
    const pieces = Array.from({ length: 600 }, (_, i) => `${i};${'è'.repeat(5000)}\n`);
    const others = (async () => {
      for (let i = 0; i < 600; i++) await writer.text(`/api/x/${i}.json`, `${i}\n`);
    })();
    await Promise.all([writer.pieces('/dati/tabella.csv', pieces), others]);
    await writer.pieces('/dati/vuota.csv', []);
    await writer.flush();
    expect(await readFile(join(root, 'dati', 'tabella.csv'), 'utf8')).toBe(pieces.join(''));
    expect(await readFile(join(root, 'dati', 'vuota.csv'), 'utf8')).toBe('');
    expect(await readFile(join(root, 'api', 'x', '599.json'), 'utf8')).toBe('599\n');
    expect(writer.files).toBe(600 + 2);
  });

  it('swaps through a link: the served path always holds a whole tree, and the previous tree goes after', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'output-commit-'));
    const target = join(parent, 'public');
    for (const version of ['1', '2', '3']) {
      const writer = await OutputWriter.create(target);
      await writer.text('/api/versione.json', version);
      await writer.commit(target);
      expect(await readFile(join(target, 'api', 'versione.json'), 'utf8')).toBe(version);
    }
    expect((await lstat(target)).isSymbolicLink()).toBe(true);
    // Previous trees go in a process of their own: wait for it, as the next build would not need to.
    for (let i = 0; i < 100 && (await readdir(parent)).length > 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await readdir(parent)).sort()).toEqual(['public', await readlink(target)]);
  });

  it('a build killed between any two steps of the swap leaves a whole tree served, and the next build recovers', async () => {
    const dead = 999_999;
    for (const layout of ['link', 'folder'] as const) {
      for (let done = 0; ; done++) {
        const parent = await mkdtemp(join(tmpdir(), 'output-kill-'));
        const target = join(parent, 'public');
        const tree = async (name: string, version: string) => {
          await mkdir(join(parent, name, 'api'), { recursive: true });
          await writeFile(join(parent, name, 'api', 'versione.json'), version);
        };
        if (layout === 'link') {
          await tree('public.tree-999998-1', 'vecchia');
          await symlink('public.tree-999998-1', target);
        } else await tree('public', 'vecchia');
        await tree(`public.tmp-${dead}`, 'nuova');
        const steps = await swapSteps(join(parent, `public.tmp-${dead}`), target, dead);
        if (done === steps.length) break;
        for (const step of steps.slice(0, done)) await step();
        const served = () => readFile(join(target, 'api', 'versione.json'), 'utf8');
        const where = `${layout}, ucciso dopo ${done} passi`;
        // The one gap: the first swap over a plain folder, killed once it is moved aside; recovery completes it.
        const moved = await lstat(target).then(
          () => false,
          () => true,
        );
        expect(moved, where).toBe(layout === 'folder' && done === 3);
        const before = moved ? 'nuova' : await served();
        expect(before, where).toMatch(/^(vecchia|nuova)$/);
        await recoverOutputs(target);
        expect(await served(), where).toBe(before);
        const link = await readlink(target).catch(() => null);
        expect((await readdir(parent)).sort(), where).toEqual(link ? ['public', link].sort() : ['public']);
      }
    }
  });

  it('reports a failed write at the next flush and refuses further writes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'output-writer-'));
    await mkdir(join(root, 'api', 'taken.json'), { recursive: true });
    const writer = new OutputWriter(root);
    await writer.text('/api/taken.json', '{}\n');
    await expect(writer.flush()).rejects.toThrow(/EISDIR/);
    await expect(writer.text('/api/other.json', '{}\n')).rejects.toThrow(/EISDIR/);
  });
});
