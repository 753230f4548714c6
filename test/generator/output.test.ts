import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputWriter } from '../../generator/write/output.ts';

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

  it('puts the new tree in place at once and removes the previous one after, leaving nothing beside it', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'output-commit-'));
    const target = join(parent, 'public');
    await mkdir(join(target, 'api'), { recursive: true });
    await writeFile(join(target, 'api', 'old.json'), '{}');
    const writer = await OutputWriter.create(target);
    await writer.text('/api/new.json', '{"nuovo":true}');
    await writer.commit(target);
    expect(await readdir(join(target, 'api'))).toEqual(['new.json']);
    // The previous tree goes in a process of its own: wait for it, as the next build would not need to.
    for (let i = 0; i < 100 && (await readdir(parent)).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(parent)).toEqual(['public']);
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
