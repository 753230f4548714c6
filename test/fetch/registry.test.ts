import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_SOURCE_META, SOURCE_MODULES } from '../../data-sources/index.ts';

const DIR = join(import.meta.dirname, '../../data-sources');

describe('data-sources/index.ts registry', () => {
  it('lists every source module in data-sources/, once, under the id its file is named after', async () => {
    const files = (await readdir(DIR))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3))
      .sort();
    expect(SOURCE_MODULES.map((m) => m.meta.id).sort()).toEqual(files);
    expect(ALL_SOURCE_META).toEqual(SOURCE_MODULES.map((m) => m.meta));
    for (const m of SOURCE_MODULES) expect(typeof m.load, m.meta.id).toBe('function');
  });

  it('declares absolute http(s) URLs and one owner per path', () => {
    const owners = new Map<string, string>();
    for (const meta of ALL_SOURCE_META) {
      expect(meta.files.length, meta.id).toBeGreaterThan(0);
      for (const file of meta.files) {
        expect(file.url, `${meta.id} ${file.path}`).toMatch(/^https?:\/\/[^\s]+$/);
        expect(file.path, meta.id).not.toMatch(/^\/|\.\./);
        expect(owners.get(file.path), `${file.path} declared twice`).toBeUndefined();
        owners.set(file.path, meta.id);
      }
    }
  });
});
