import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { dataCreated, datiRelease } from '../../generator/render/dati-release.ts';
import { resolveConfig } from '../../generator/config.ts';

describe('release of the bulk dataset', () => {
  it('puts the day of the data and the data version in the version and the zip name', () => {
    const release = datiRelease('bacb6fda3ccce3fe', '2026-03-05T10:20:30Z', null);
    expect(release.version).toBe('2026.03.05+bacb6fda3ccce3fe');
    expect(release.zip).toBe('comuni-italiani-dati-2026.03.05-bacb6fda3ccce3fe.zip');
    expect(release.homepage).toBeNull();
  });

  it('derives the id from the data version alone, as a standard name-based UUID', () => {
    // Expected value from Python: uuid.uuid5(uuid.NAMESPACE_URL, 'comuni-api:comuni-italiani:bacb6fda3ccce3fe').
    expect(datiRelease('bacb6fda3ccce3fe', '2026-03-05T10:20:30Z', null).id).toBe(
      'd91a597a-4b69-54dc-90e5-413c59a49076',
    );
    expect(datiRelease('bacb6fda3ccce3fe', '2027-01-01T00:00:00Z', null).id).toBe(
      'd91a597a-4b69-54dc-90e5-413c59a49076',
    );
    expect(datiRelease('0000000000000000', '2026-03-05T10:20:30Z', null).id).not.toBe(
      'd91a597a-4b69-54dc-90e5-413c59a49076',
    );
  });

  it('takes the site address from --site-url, SITE_URL or a Netlify build, without a trailing slash', () => {
    expect(resolveConfig(['--site-url', 'https://esempio.it/']).siteUrl).toBe('https://esempio.it');
    expect(resolveConfig([], { SITE_URL: 'https://a.example' }).siteUrl).toBe('https://a.example');
    expect(resolveConfig([], { NETLIFY: 'true', URL: 'https://comuni.netlify.app' }).siteUrl).toBe(
      'https://comuni.netlify.app',
    );
    expect(resolveConfig([], { URL: 'https://not-netlify.example' }).siteUrl).toBeUndefined();
  });
});

describe('creation date of the data', () => {
  const meta = (id: string, ...paths: string[]) =>
    ({ id, files: paths.map((path) => ({ path, url: `https://example.org/${path}` })) }) as unknown as SourceMeta;

  async function mirror(files: Record<string, string>) {
    const dir = await mkdtemp(join(tmpdir(), 'dati-release-'));
    for (const [path, iso] of Object.entries(files)) {
      await writeFile(join(dir, path), 'x');
      await utimes(join(dir, path), new Date(iso), new Date(iso));
    }
    return dir;
  }

  it('is the newest download date of the fetch lock where the lock dates a source', async () => {
    const dir = await mirror({ 'a.csv': '2030-01-01T00:00:00Z', 'b.csv': '2024-05-01T08:00:00Z' });
    const fetched = new Map([['a', '2025-02-03T04:05:06.789Z']]);
    expect(await dataCreated(dir, [meta('a', 'a.csv'), meta('b', 'b.csv')], fetched)).toBe('2025-02-03T04:05:06Z');
  });

  it('falls back to the newest file modification time, to the second, and ignores missing files', async () => {
    const dir = await mirror({ 'a.csv': '2024-05-01T08:00:00.900Z', 'b.csv': '2023-01-01T00:00:00Z' });
    expect(await dataCreated(dir, [meta('a', 'a.csv', 'assente.csv'), meta('b', 'b.csv')], new Map())).toBe(
      '2024-05-01T08:00:00Z',
    );
  });

  it('refuses to date a release with no source file', async () => {
    await expect(dataCreated(await mirror({}), [meta('a', 'a.csv')], new Map())).rejects.toThrow(
      /nessun file sorgente/,
    );
  });
});
