import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInteger } from '../../../api/numbers.ts';
import { escapeHtml } from '../../../generator/render/html.ts';
import { createApp } from '../../../server/app.ts';
import { hasRealBuild, loadBuiltIndex, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe.skipIf(!hasRealBuild)(`the generated landing page${REAL_DATA}`, () => {
  let server: Server;
  let base: string;
  let page: string;

  beforeAll(async () => {
    server = createApp(TEST_BUILD.outDir, await loadBuiltIndex(), () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    page = await readFile(join(TEST_BUILD.outDir, 'index.html'), 'utf8');
  });

  afterAll(() => new Promise((resolve) => server?.close(resolve)));

  it('is what the server answers at /', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(page);
  });

  it('shows quickstart requests that the API answers with 200', async () => {
    const paths = [...page.matchAll(/data-path="([^"]+)"/g)].map((m) => unescape(m[1]!));
    expect(paths.length).toBeGreaterThanOrEqual(6);
    for (const path of paths) expect((await fetch(`${base}${path}`)).status, path).toBe(200);
  });

  it('has no broken link: files and API paths answer 200, anchors exist, reference anchors name documented endpoints', async () => {
    const ids = new Set([...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    const openapi = await readBuilt<{ paths: Record<string, unknown> }>('/api/openapi.json');
    const hrefs = [...new Set([...page.matchAll(/href="([^"]+)"/g)].map((m) => unescape(m[1]!)))].filter(
      (h) => !/^https?:\/\//.test(h),
    );
    expect(hrefs.length).toBeGreaterThan(40);
    for (const href of hrefs) {
      const [path, anchor] = href.split('#') as [string, string | undefined];
      if (path.startsWith('riferimento.html') && anchor)
        expect(Object.keys(openapi.paths), href).toContain(decodeURIComponent(anchor));
      else if (anchor !== undefined && (path === '' || path === './')) expect(ids.has(anchor), href).toBe(true);
      if (path !== '' && path !== './')
        expect((await fetch(new URL(path, `${base}/`), { method: 'HEAD' })).status, href).toBe(200);
    }
  });

  it('names every source with its licence and required attribution, and every data file with its row count', async () => {
    const fonti = await readBuilt<{ risultati: { id: string; licenza: { nome: string }; attribuzione: string }[] }>(
      '/api/fonti.json',
    );
    for (const f of fonti.risultati) {
      expect(page, f.id).toContain(`id="fonte-${f.id}"`);
      expect(page, f.id).toContain(escapeHtml(f.attribuzione));
      expect(page, f.id).toContain(escapeHtml(f.licenza.nome));
    }
    const pkg = await readBuilt<{ resources: { path: string; righe?: number }[] }>('/dati/datapackage.json');
    for (const r of pkg.resources) {
      // A table states its rows; the boundaries file (not a table) a dash.
      const rows = r.righe === undefined ? '—' : formatInteger(r.righe).replace(/\./g, '\\.');
      // Within the file's table row, which the template spreads over several lines.
      expect(page, r.path).toMatch(new RegExp(`dati/${r.path}"(?:(?!</tr>)[^])*?<td class="num">${rows}</td>`));
    }
  });
});
