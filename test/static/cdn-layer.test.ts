import { describe, expect, it } from 'vitest';
import {
  ceasedCodeRules,
  excludedPatterns,
  pathOnlyRoutes,
  reachesFunction,
  staticRewrites,
} from '../../api/cdn-layer.ts';
import { params, string } from '../../api/contract.ts';
import { ROUTE_LIST, type RouteSpec } from '../../api/routes.ts';
import { renderNetlifyToml, renderRedirects } from '../../generator/write/netlify-config.ts';

const excluded = (path: string) => excludedPatterns().some((p) => new RegExp(p).test(path));

/** Whether a URL reaches the edge function (its path is not excluded from it) and whether it reaches a function at all. */
function expectRoute(path: string, expected: { edge: boolean; reachesFunction: boolean }) {
  const url = new URL(path, 'http://x');
  expect(excluded(url.pathname), path).toBe(!expected.edge);
  expect(reachesFunction(url), path).toBe(expected.reachesFunction);
}

describe('the zero-invocation static layer, from the route table', () => {
  it('serves every file-backed URL without a query string from its file, and leaves search, compare, wizard and malformed paths to the edge function', () => {
    expect(pathOnlyRoutes().map((r) => r.id)).toEqual([
      'comuni.get',
      'comuni.cessati.get',
      'comuni.confini',
      'ambiente.get',
      'qualita.get',
      'regioni.list',
      'province.list',
      'fonti.list',
      'fonti.get',
      'metodologia',
      'copertura',
      'status',
    ]);
    for (const path of [
      '/api/comuni/058091',
      '/api/ambiente/001001',
      '/api/qualita-vita/111107',
      '/api/regioni',
      '/api/fonti/ispra-aria',
      '/api/status',
      '/api/comuni/058091.json',
      '/api/openapi.json',
      '/api/comuni/058091/confini',
      '/api/comuni/cessati/H329',
      '/api/comuni',
      '/api/comuni/cessati',
      '/api/demografia/058091',
      '/api/redditi/058091',
      '/api/demografia/classifica/popolazione',
      '/api/ambiente/suolo/classifica',
      '/api/qualita-vita/classifica',
      '/api/confronta/nazionale-medie',
      // A query name the route does not know changes nothing: the file.
      '/api/demografia/058091?_=1',
      '/api/comuni?foo=bar',
    ]) {
      expectRoute(path, { edge: false, reachesFunction: false });
    }
    // A parameter of the route (or its alias, or `formato`): the Function, through netlify.toml's query rules.
    for (const path of [
      '/api/demografia/058091?anno=2020',
      '/api/comuni?regione=lazio&limit=7',
      '/api/demografia/classifica/densita?order=asc',
      '/api/comuni?formato=csv',
    ]) {
      expectRoute(path, { edge: false, reachesFunction: true });
    }
    // A specific 400 to give, or computed: the edge function's.
    for (const path of [
      '/api/comuni/cerca',
      '/api/comuni/58091',
      '/api/comuni/058091/',
      '/api/fonti/NON_VALIDA',
      '/api/demografia/classifica/nope',
      '/api/regionii',
      // Files are named by the upper-case code: the function canonicalises another spelling.
      '/api/comuni/cessati/h329',
    ]) {
      expectRoute(path, { edge: true, reachesFunction: true });
    }
  });

  it('adds a new route without query parameters by itself, and refuses a pattern that would take another route', () => {
    const base = ROUTE_LIST.find((r) => r.id === 'comuni.get')!;
    const boundary: RouteSpec = { ...base, id: 'confini.get', path: '/api/confini/{codice_istat}' };
    expect(excludedPatterns([...ROUTE_LIST, boundary])).toContain('^/api/confini/[0-9]{6}$');
    expect(staticRewrites([...ROUTE_LIST, boundary])).toContainEqual({
      from: '/api/confini/:codiceistat',
      to: '/api/confini/:codiceistat.json',
      status: 200,
    });
    const none = params({});
    const ceased: RouteSpec = {
      ...base,
      id: 'cessati',
      path: '/api/comuni/cessati',
      mode: 'dynamic',
      files: undefined,
      request: { params: none, query: none },
    };
    const tooBroad: RouteSpec = {
      ...base,
      id: 'broad',
      request: { params: params({ codice_istat: string({ pattern: '^[a-z0-9]+$', description: '' }) }), query: none },
    };
    expect(() => excludedPatterns([...ROUTE_LIST.filter((r) => r.id !== 'comuni.get'), ceased, tooBroad])).toThrow(
      /\^\/api\/comuni\/\[a-z0-9\]\+\$ would take \/api\/comuni\/(cerca|cessati) away/,
    );
  });

  it('renders netlify.toml with specific rules first, the rewrites of the path-only routes, then the catch-all 404', () => {
    const toml = renderNetlifyToml([
      { from: '/api/comuni/099001', to: '/api/comuni/099014', status: 301, force: true },
    ]);
    const specific = toml.indexOf('from = "/api/comuni/099001"');
    const rewrite = toml.indexOf('from = "/api/comuni/:codiceistat"');
    const catchAll = toml.indexOf('to = "/api/404.json"');
    expect(specific).toBeGreaterThan(0);
    expect(specific).toBeLessThan(rewrite);
    expect(rewrite).toBeLessThan(catchAll);
    expect(toml).toContain('  to = "/api/comuni/:codiceistat.json"\n  status = 200\n');
    // A query parameter of a file-backed route (each name and alias) goes to the Function before the plain URL's rewrite.
    const anno = toml.indexOf(
      'from = "/api/demografia/:codiceistat"\n  query = { anno = ":anno" }\n  to = "/.netlify/functions/api"',
    );
    expect(anno).toBeGreaterThan(0);
    expect(anno).toBeLessThan(
      toml.indexOf('from = "/api/demografia/:codiceistat"\n  to = "/api/demografia/:codiceistat.json"'),
    );
    expect(toml).toContain('query = { order = ":order" }');
    expect(toml).toContain('query = { ordine = ":ordine" }');
    expect(toml).toContain('  status = 301\n  force = true\n');
  });

  it('renders _redirects: former codes to the Function (its 301 carries CORS), then each ceased code on each per-comune URL, then the list files', () => {
    const listFile = {
      from: '/api/comuni',
      query: { regione: 'lazio' },
      to: '/api/comuni/regione/lazio.json',
      status: 200,
    } as const;
    const rules = renderRedirects(
      { '099001': '099014' },
      ['002114'],
      ['/dati/comuni.zip /dati/comuni-1.zip 302'],
      [listFile],
    )
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('#'));
    expect(rules[0]).toBe('/dati/comuni.zip /dati/comuni-1.zip 302');
    expect(rules).toContain('/api/demografia/099001 /.netlify/functions/api 200');
    expect(rules.slice(-7)).toEqual([
      '/api/comuni/002114 /_404/api/comuni/002114.json 404',
      '/api/comuni/002114/confini /_404/api/comuni/002114/confini.json 404',
      '/api/ambiente/002114 /_404/api/ambiente/002114.json 404',
      '/api/qualita-vita/002114 /_404/api/qualita-vita/002114.json 404',
      // `anno` is repeated in the problem's instance: the Function answers these.
      '/api/demografia/002114 /.netlify/functions/api 200',
      '/api/redditi/002114 /.netlify/functions/api 200',
      '/api/comuni regione=lazio /api/comuni/regione/lazio.json 200',
    ]);
    // Only URLs the edge function never sees.
    for (const rule of ceasedCodeRules(['002114'])) expect(excluded(rule.from), rule.from).toBe(true);
  });

  it('serves the problem files as application/problem+json, from a folder no other rule gives a Content-Type', () => {
    const toml = renderNetlifyToml();
    const rule = toml.slice(toml.indexOf('for = "/_404/*"'));
    expect(rule.slice(0, rule.indexOf('[[headers]]'))).toContain(
      'Content-Type = "application/problem+json; charset=utf-8"',
    );
  });
});
