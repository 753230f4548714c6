import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';
import {
  builtOpenApi,
  commonHeaderErrors,
  Contract,
  PROBLEM_TYPE,
  startServer,
  type LocalServer,
  type Reply,
} from './harness.ts';

interface Case {
  url: string;
  status: 400 | 404;
  /** Names in invalid_params (400), in any order. */
  invalid?: string[];
  /** A 404 for a year lists the available years. */
  years?: boolean;
}

/** The error cases of CONVENTIONS.md, on static and dynamic endpoints alike. */
const CASES: Record<string, Case[]> = {
  'malformed codice_istat → 400': [
    { url: '/api/comuni/12345', status: 400, invalid: ['codice_istat'] },
    { url: '/api/comuni/0580911', status: 400, invalid: ['codice_istat'] },
    { url: '/api/demografia/ABCDEF', status: 400, invalid: ['codice_istat'] },
    { url: '/api/redditi/05809a?anno=2020', status: 400, invalid: ['codice_istat'] },
    { url: '/api/ambiente/%20058091', status: 400, invalid: ['codice_istat'] },
    { url: '/api/qualita-vita/-58091', status: 400, invalid: ['codice_istat'] },
    { url: '/api/confronta?comuni=058091,58091', status: 400, invalid: ['comuni'] },
  ],
  'unknown codice_istat → 404': [
    { url: '/api/comuni/999999', status: 404 },
    { url: '/api/demografia/000000', status: 404 },
    { url: '/api/redditi/099999?anno=2020', status: 404 },
    { url: '/api/ambiente/058999', status: 404 },
    { url: '/api/qualita-vita/001999', status: 404 },
    { url: '/api/confronta?comuni=058091,999999', status: 404 },
    { url: '/api/fonti/non-esiste', status: 404 },
  ],
  'missing required parameter → 400': [
    { url: '/api/comuni/cerca', status: 400, invalid: ['q'] },
    { url: '/api/confronta', status: 400, invalid: ['comuni'] },
    { url: '/api/confronta?anno=2023', status: 400, invalid: ['comuni'] },
    { url: '/api/qualita-vita/wizard?budget=medio', status: 400, invalid: ['dimensione', 'priorita'] },
    { url: '/api/qualita-vita/wizard', status: 400, invalid: ['budget', 'dimensione', 'priorita'] },
  ],
  'invalid enum value → 400': [
    { url: '/api/demografia/classifica/abitanti', status: 400, invalid: ['indicatore'] },
    { url: '/api/demografia/classifica/popolazione?ordine=up', status: 400, invalid: ['ordine'] },
    { url: '/api/redditi/classifica/mediana', status: 400, invalid: ['indicatore'] },
    { url: '/api/ambiente/aria/classifica?indicatore=pm1', status: 400, invalid: ['indicatore'] },
    { url: '/api/ambiente/aria/classifica?order=DESCENDING', status: 400, invalid: ['order'] },
    { url: '/api/ambiente/suolo/classifica?order=', status: 400, invalid: ['order'] },
    {
      url: '/api/qualita-vita/wizard?budget=enorme&dimensione=medio&priorita=reddito',
      status: 400,
      invalid: ['budget'],
    },
  ],
  'limit or offset out of range → 400': [
    { url: '/api/comuni?limit=0', status: 400, invalid: ['limit'] },
    { url: '/api/comuni?limit=1001', status: 400, invalid: ['limit'] },
    { url: '/api/comuni?offset=-1', status: 400, invalid: ['offset'] },
    { url: '/api/comuni?limit=abc&offset=1.5', status: 400, invalid: ['limit', 'offset'] },
    { url: '/api/demografia/classifica/popolazione?limit=501', status: 400, invalid: ['limit'] },
    { url: '/api/redditi/classifica/reddito?limit=1e3', status: 400, invalid: ['limit'] },
    { url: '/api/ambiente/suolo/classifica?offset=100001', status: 400, invalid: ['offset'] },
    { url: '/api/qualita-vita/classifica?limit=-5', status: 400, invalid: ['limit'] },
    {
      url: '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=reddito&limit=51',
      status: 400,
      invalid: ['limit'],
    },
  ],
  'other invalid values → 400': [
    { url: '/api/comuni?regione=Atlantide', status: 400, invalid: ['regione'] },
    { url: '/api/comuni?provincia=XX', status: 400, invalid: ['provincia'] },
    { url: '/api/comuni?provincia=ROM', status: 400, invalid: ['provincia'] },
    { url: '/api/comuni?limit=5&limit=6', status: 400, invalid: ['limit'] },
    { url: '/api/comuni/cerca?q=a', status: 400, invalid: ['q'] },
    { url: '/api/confronta?comuni=058091,015146,001272,063049,082053', status: 400, invalid: ['comuni'] },
    { url: '/api/confronta?comuni=058091,058091', status: 400, invalid: ['comuni'] },
    { url: '/api/confronta?comuni=058091&anno=2101', status: 400, invalid: ['anno'] },
    { url: '/api/qualita-vita/classifica?min_pop=5000&max_pop=10', status: 400, invalid: ['min_pop'] },
    { url: '/api/demografia/058091?anno=duemila', status: 400, invalid: ['anno'] },
  ],
  'year without data → 404 listing the available years': [
    { url: '/api/demografia/058091?anno=1999', status: 404, years: true },
    { url: '/api/redditi/058091?anno=1999', status: 404, years: true },
    { url: '/api/redditi/classifica/reddito?anno=1999', status: 404, years: true },
    { url: '/api/confronta/nazionale-medie?anno=1950', status: 404, years: true },
    { url: '/api/confronta?comuni=058091&anno=1950', status: 404, years: true },
  ],
  'unknown path → 404': [
    { url: '/api', status: 404 },
    { url: '/api/', status: 404 },
    { url: '/api/comunii', status: 404 },
    { url: '/api/comuni/058091/extra', status: 404 },
    { url: '/api/demografia', status: 404 },
    { url: '/api/ambiente/aria/classifica/pm10', status: 404 },
    { url: '/api/nope.json', status: 404 },
    { url: '/api/comuni/regione/atlantide.json', status: 404 },
  ],
};

describe.skipIf(!hasRealBuild)(`errors as CONVENTIONS.md says, against the OpenAPI document${REAL_DATA}`, () => {
  let server: LocalServer;
  let contract: Contract;
  beforeAll(async () => {
    [server, contract] = await Promise.all([startServer(), builtOpenApi().then((doc) => new Contract(doc))]);
  });
  afterAll(() => server?.close());

  /** A problem+json reply of the given status, documented for the request, with the common headers. */
  function expectProblem(reply: Reply, target: string, method: string, status: number) {
    expect(reply.status, `${method} ${target}: ${reply.body.slice(0, 300)}`).toBe(status);
    expect(reply.headers['content-type'], target).toBe(PROBLEM_TYPE);
    expect(commonHeaderErrors(reply), target).toEqual([]);
    const documented = contract.documented(target, method, status);
    expect(documented?.mediaType, `${method} ${target}: ${status} is documented`).toBe('application/problem+json');
    const body = JSON.parse(reply.body) as {
      type: string;
      title: string;
      status: number;
      detail: string;
      instance: string;
      invalid_params?: { name: string }[];
      anni_disponibili?: number[];
    };
    expect(contract.errors(documented!.schemaRef!, body), target).toBeNull();
    expect(body.status, target).toBe(status);
    expect(body.type, target).toMatch(/^\/api\/errori#/);
    expect(body.title, target).not.toBe('');
    expect(body.detail, target).not.toBe('');
    return body;
  }

  for (const [title, cases] of Object.entries(CASES)) {
    it(title, async () => {
      for (const c of cases) {
        const body = expectProblem(await server.send(c.url), c.url, 'GET', c.status);
        expect(body.instance, c.url).toBe(c.url);
        expect(body.invalid_params?.map((p) => p.name).sort(), c.url).toEqual(c.invalid?.sort());
        if (c.years) {
          expect(body.anni_disponibili?.length, c.url).toBeGreaterThan(0);
          for (const anno of body.anni_disponibili!) expect(body.detail, c.url).toContain(String(anno));
        } else {
          expect(body.anni_disponibili, c.url).toBeUndefined();
        }
        const head = await server.send(c.url, { method: 'HEAD' });
        expect([head.status, head.headers['content-type'], head.body], `HEAD ${c.url}`).toEqual([
          c.status,
          PROBLEM_TYPE,
          '',
        ]);
      }
    });
  }

  it('answers 405 with Allow to any method but GET, HEAD and OPTIONS, on static, computed, direct-file and unknown URLs', async () => {
    for (const url of [
      '/api/comuni/058091',
      '/api/comuni/cerca?q=roma',
      '/api/confronta?comuni=058091',
      '/api/comuni/058091.json',
      '/api/openapi.json',
      '/api/non-esiste',
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PURGE']) {
        const body = expectProblem(await server.send(url, { method }), url, method, 405);
        expect(body.instance, url).toBe(new URL(url, 'http://x').pathname);
        expect(body.detail, url).toContain(method);
      }
      expect((await server.send(url, { method: 'POST' })).headers.allow, url).toBe('GET, HEAD, OPTIONS');
    }
  });
});
