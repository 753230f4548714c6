import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../../api/envelope.ts';
import { createHandler, fullIndex, handlerContext, type StaticStore } from '../../../api/handler.ts';
import { selectYear, type YearlyRecord } from '../../../api/projection.ts';
import { ROUTE_LIST, routeById } from '../../../api/routes.ts';
import type { IndexData, RuntimeIndex } from '../../../api/runtime-index.ts';
import { precomputedListVariants, routeFiles, staticFilePath } from '../../../api/static-files.ts';
import { fsStore } from '../../../api/fs-store.ts';
import { hasRealBuild, loadBuiltIndex, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

const file = (path: string) => readFile(join(TEST_BUILD.outDir, path), 'utf8');
const exists = (path: string) =>
  access(join(TEST_BUILD.outDir, path)).then(
    () => true,
    () => false,
  );

/**
 * The static layer and the handler must agree byte for byte: a URL that has a file
 * answered dynamically gives the file, and a URL the handler maps to a file names one
 * the build wrote.
 */
describe.skipIf(!hasRealBuild)(`static files and dynamic answers agree${REAL_DATA}`, () => {
  let index: RuntimeIndex;
  let data: IndexData;
  let store: StaticStore;
  /** Computes every list, as if no list file existed. */
  let computed: (path: string) => Promise<{ status: number; text: string }>;
  /** The file the handler hands to the static layer, or null for a computed answer. */
  let target: (path: string) => Promise<string | null>;

  beforeAll(async () => {
    data = await loadBuiltIndex();
    index = await fullIndex(data);
    store = fsStore(TEST_BUILD.outDir);
    const dynamic = createHandler({ ...handlerContext(data, store), staticLists: async () => new Set() });
    computed = async (path) => {
      const response = (await dynamic(new Request(`http://test.local${path}`))) as Response;
      return { status: response.status, text: await response.text() };
    };
    const rewriting = createHandler(handlerContext(data, store), async (path, request) => new URL(path, request.url));
    target = async (path) => {
      const result = await rewriting(new Request(`http://test.local${path}`));
      if (result instanceof URL) return result.pathname;
      expect(result.status, path).toBe(200);
      return null;
    };
  });

  it('computes every sampled list and ranking page exactly as its file (first, last and every 10th page)', async () => {
    const variants = precomputedListVariants(index);
    const sample = variants.filter(
      (v, k) => k % 10 === 0 || v.values.offset === 0 || variants[k + 1]?.values.offset === 0,
    );
    expect(new Set(sample.map((v) => v.route.id))).toEqual(
      new Set(ROUTE_LIST.filter((r) => r.mode === 'list').map((r) => r.id)),
    );
    for (const { route, values } of sample) {
      const url = canonicalUrl(route, values);
      const path = await target(url);
      expect(path, url).not.toBeNull();
      const answer = await computed(url);
      expect(answer.status, url).toBe(200);
      expect(answer.text === (await file(path!)), url).toBe(true);
    }
  });

  it('serves a ranking at a non-default limit as a slice of the static pages, with the same totals', async () => {
    const cases: [string, string][] = [
      ['/api/demografia/classifica/popolazione', 'ordine'],
      ['/api/demografia/classifica/densita', 'ordine'],
      ['/api/redditi/classifica/reddito', 'ordine'],
      ['/api/redditi/classifica/contribuenti', 'ordine'],
      ['/api/ambiente/aria/classifica', 'order'],
      ['/api/ambiente/suolo/classifica', 'order'],
    ];
    for (const [base, orderParam] of cases) {
      for (const order of ['asc', 'desc']) {
        const url = `${base}?${orderParam}=${order}&limit=120&offset=30`;
        expect(await target(url), url).toBeNull();
        const slice = JSON.parse((await computed(url)).text);
        const pages = await Promise.all(
          [0, 50, 100].map(async (offset) =>
            JSON.parse(await file((await target(`${base}?${orderParam}=${order}&offset=${offset}`))!)),
          ),
        );
        const staticItems = pages.flatMap((p) => p.risultati).slice(30, 150);
        expect(slice.risultati, url).toEqual(staticItems);
        expect(slice.risultati[0].posizione, url).toBe(31);
        const { risultati: _r, limit: _l, offset: _o, links, ...rest } = slice;
        const { risultati: _r0, limit: _l0, offset: _o0, links: _links0, ...firstRest } = pages[0];
        expect(rest, url).toEqual(firstRest);
        expect(links.next, url).toMatch(/limit=120&offset=150$/);
      }
    }
  });

  it('answers ?anno=<default year> with the record file itself, and the projection reproduces it', async () => {
    for (const [domain, route] of [
      ['demografia', 'demografia.get'],
      ['redditi', 'redditi.get'],
    ] as const) {
      const anno = index.anni_predefiniti[domain];
      for (const code of ['058091', '001001', '092009', index.comuni.codice.at(-1)!]) {
        const base = `/api/${domain}/${code}`;
        expect(await target(`${base}?anno=${anno}`)).toBe(`${base}.json`);
        const text = await file(`${base}.json`);
        expect((await computed(`${base}?anno=${anno}`)).text === text, base).toBe(true);
        // The file is the projection of its own series at the default year, so other years are computed the same way.
        const record = JSON.parse(text) as YearlyRecord<{ anno: number }>;
        expect(
          `${JSON.stringify(selectYear(record, anno, canonicalUrl(routeById(route), { codice_istat: code })))}\n` ===
            text,
          base,
        ).toBe(true);
      }
    }
  });

  it('maps every spelling of a region filter and a lower-case provincia to the same existing file', async () => {
    for (const r of index.regioni) {
      const spellings = [r.slug, r.nome, r.nome.toUpperCase(), ...r.chiavi];
      for (const route of ['/api/comuni', '/api/qualita-vita/classifica']) {
        const paths = await Promise.all(spellings.map((s) => target(`${route}?regione=${encodeURIComponent(s)}`)));
        expect(new Set(paths), `${route} ${r.nome}`).toEqual(new Set([`${route}/regione/${r.slug}.json`]));
        expect(await exists(paths[0]!)).toBe(true);
      }
    }
    expect(await target('/api/comuni?regione=LAZIO')).toBe(await target('/api/comuni?regione=lazio'));
    for (const p of index.province) {
      const path = await target(`/api/comuni?provincia=${p.sigla.toLowerCase()}`);
      expect(path).toBe(`/api/comuni/provincia/${p.sigla}.json`);
      expect(await exists(path!), p.sigla).toBe(true);
    }
  });

  it('maps explicit default parameters and ignored extras to the default file', async () => {
    const same: [string, string][] = [
      ['/api/comuni?limit=100&offset=0&_=123', '/api/comuni.json'],
      ['/api/demografia/classifica/popolazione?ordine=DESC&limit=50', '/api/demografia/classifica/popolazione.json'],
      ['/api/ambiente/aria/classifica?indicatore=pm10&order=asc&offset=0', '/api/ambiente/aria/classifica.json'],
      ['/api/ambiente/suolo/classifica?order=desc', '/api/ambiente/suolo/classifica.json'],
      ['/api/qualita-vita/classifica?limit=50', '/api/qualita-vita/classifica.json'],
      ['/api/comuni/058091/', '/api/comuni/058091.json'],
    ];
    for (const [url, path] of same) expect(await target(url), url).toBe(path);
  });

  it("hands the static layer only files the build wrote: a sample of every file route's declared files", async () => {
    const report = JSON.parse(await file('report/build-report.json')) as { comuni_senza_confini: string[] };
    for (const route of ROUTE_LIST.filter((r) => r.mode === 'file')) {
      const files = routeFiles(route, index).filter(
        (v) => route.id !== 'comuni.confini' || !report.comuni_senza_confini.includes(String(v.codice_istat)),
      );
      expect(files.length, route.id).toBeGreaterThan(0);
      const step = Math.max(1, Math.floor(files.length / 40));
      for (const values of files.filter((_, k) => k % step === 0)) {
        const url = canonicalUrl(route, values);
        const path = await target(url);
        expect(path, url).toBe(staticFilePath(route, values));
        expect(await exists(path!), `${url} → ${path}`).toBe(true);
      }
    }
  });
});
