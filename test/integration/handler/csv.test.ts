import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeById } from '../../../api/routes.ts';
import { csvTwinPath, toCsv } from '../../../api/csv.ts';
import { computeList } from '../../../api/handler.ts';
import { staticFilePath } from '../../../api/static-files.ts';
import { startServer, type LocalServer } from '../contract/harness.ts';
import { builtHandler } from '../helpers/handler.ts';
import { hasRealBuild, loadBuiltFullIndex, loadBuiltIndex, REAL_DATA } from '../helpers/real-build.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEST_BUILD } from '../helpers/real-build.ts';

/** Data lines of a CSV text (the header and the final line break excluded). */
const dataLines = (csv: string) => csv.split('\r\n').slice(1, -1);

/** Lists, rankings and the comparison, each asked as JSON, then as CSV both ways. */
const URLS = [
  '/api/comuni?provincia=RM&limit=1000',
  '/api/comuni?regione=toscana',
  '/api/demografia/classifica/popolazione',
  '/api/redditi/classifica/reddito?limit=500&offset=100',
  '/api/ambiente/aria/classifica?indicatore=no2&limit=7',
  '/api/ambiente/suolo/classifica',
  '/api/qualita-vita/classifica',
  '/api/qualita-vita/classifica?regione=lazio&min_pop=5000',
  '/api/comuni/cessati?provincia=TO',
  '/api/comuni/cerca?q=san&provincia=RM',
  '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=bilanciato',
  '/api/confronta?comuni=058091,015146,001272',
];
const firstLeaf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' ? firstLeaf(Object.values(value)[0]) : value;
const withFormat = (url: string) => `${url}${url.includes('?') ? '&' : '?'}formato=csv`;

describe.skipIf(!hasRealBuild)(`CSV answers${REAL_DATA}`, () => {
  let get: Awaited<ReturnType<typeof builtHandler>>;
  let server: LocalServer;
  beforeAll(async () => {
    get = await builtHandler();
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  // A fresh connection each time: the handler's own work between requests outlasts the server's keep-alive.
  const local = async (url: string, accept?: string) => {
    const response = await fetch(`${server.base}${url}`, {
      headers: { Connection: 'close', ...(accept ? { Accept: accept } : {}) },
    });
    return {
      status: response.status,
      type: response.headers.get('Content-Type'),
      disposition: response.headers.get('Content-Disposition'),
      body: await response.text(),
    };
  };

  it('answers 121 rows of text/csv to /api/comuni?provincia=RM&limit=1000&formato=csv, locally and through the handler', async () => {
    for (const reply of [
      await get('/api/comuni?provincia=RM&limit=1000&formato=csv').then((r) => ({
        status: r.status,
        type: r.headers.get('Content-Type'),
        disposition: r.headers.get('Content-Disposition'),
        body: r.text,
      })),
      await local('/api/comuni?provincia=RM&limit=1000&formato=csv'),
    ]) {
      expect(reply.status).toBe(200);
      expect(reply.type).toBe('text/csv; charset=utf-8');
      expect(reply.disposition).toBe('attachment; filename="comuni-provincia-RM-limit-1000.csv"');
      const [header, ...rows] = reply.body.split('\r\n');
      expect(header).toBe('codice_istat,nome,provincia_sigla,provincia_nome,regione_codice,regione_nome,link');
      expect(rows.slice(0, -1)).toHaveLength(121);
      expect(rows[0]).toMatch(/^058001,/);
    }
  });

  it('gives the JSON answer’s rows, in its order and page, by Accept: text/csv and by formato=csv', async () => {
    for (const url of URLS) {
      const json = await get(url);
      expect(json.status, url).toBe(200);
      expect(json.headers.get('Vary'), url).toBe('Accept');
      const body = json.json();
      const rows = (body.risultati ?? body.comuni) as object[];
      expect(rows.length, url).toBeGreaterThan(0);
      const byHeader = await get(url, { headers: { Accept: 'text/csv' } });
      const byParam = await get(withFormat(url));
      expect(byHeader.headers.get('Content-Type'), url).toBe('text/csv; charset=utf-8');
      expect(byParam.text, url).toBe(byHeader.text);
      const lines = dataLines(byParam.text);
      expect(lines.length, url).toBe(rows.length);
      // The first column is each row's first field (a code, or a rank): same rows, same order.
      expect(
        lines.map((l) => l.split(',')[0]),
        url,
      ).toEqual(rows.map((r) => String(firstLeaf(r))));
      expect((await local(url, 'text/csv')).body, url).toBe(byParam.text);
    }
  });

  it('serves the twin the build wrote where the JSON is a file, equal to converting the computed answer', async () => {
    const data = { index: await loadBuiltFullIndex(), incomeRankings: (await loadBuiltIndex()).incomeRankings };
    for (const [id, values] of [
      ['comuni.list', { provincia: 'RM' }],
      ['qualita.ranking', {}],
      ['demografia.ranking', { indicatore: 'densita', ordine: 'asc' }],
    ] as const) {
      const route = routeById(id);
      const path = staticFilePath(route, values);
      const twin = await readFile(join(TEST_BUILD.outDir, csvTwinPath(path)), 'utf8');
      expect(twin, path).toBe(toCsv(await computeList(data, route, values), route.csv!));
    }
  });

  it('refuses a bad formato, and csv on a record, with a 400 naming formato', async () => {
    for (const url of ['/api/comuni?formato=xlsx', '/api/comuni/058091?formato=csv']) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(response.json().invalid_params.map((p: { name: string }) => p.name)).toEqual(['formato']);
    }
    const record = await get('/api/comuni/058091', { headers: { Accept: 'text/csv' } });
    expect(record.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  });
});
