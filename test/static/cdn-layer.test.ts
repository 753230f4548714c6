import { describe, expect, it } from 'vitest';
import {
  ceasedCodeRules,
  excludedPatterns,
  fileBackedRoutes,
  FUNCTION_PREFIX,
  queryRewrites,
  staticRewrites,
} from '../../api/cdn-layer.ts';
import { params, string } from '../../api/contract.ts';
import { ROUTE_LIST, type RouteSpec } from '../../api/routes.ts';
import { renderNetlifyToml, renderRedirects } from '../../generator/write/netlify-config.ts';

const excluded = (path: string) => excludedPatterns().some((p) => new RegExp(p).test(path));

describe('the zero-invocation static layer, from the route table', () => {
  it('takes every route with a file for its URL without a query string, and leaves the rest to the edge function', () => {
    expect(fileBackedRoutes().map((r) => r.mode)).not.toContain('dynamic');
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
      '/api/redditi/classifica/reddito_imponibile',
      '/api/ambiente/aria/classifica',
      '/api/ambiente/suolo/classifica',
      '/api/qualita-vita/classifica',
      '/api/confronta/nazionale-medie',
    ]) {
      expect(excluded(path), path).toBe(true);
    }
    // Computed answers, a specific 400 to give, or a code to canonicalise: the function's.
    for (const path of [
      '/api/comuni/cerca',
      '/api/confronta',
      '/api/qualita-vita/wizard',
      '/api/comuni/58091',
      '/api/comuni/058091/',
      '/api/comuni/cessati/h329',
      '/api/fonti/NON_VALIDA',
      '/api/demografia/classifica/altro',
      '/api/regionii',
    ]) {
      expect(excluded(path), path).toBe(false);
    }
  });

  it('sends a file-backed URL carrying any of its query parameters (or an alias) to the function', () => {
    const rules = queryRewrites();
    const names = (from: string) => rules.filter((r) => r.from === from).map((r) => Object.keys(r.query!)[0]);
    expect(names('/api/demografia/:codiceistat')).toEqual(['anno']);
    expect(names('/api/comuni')).toEqual(['regione', 'provincia', 'codice_catastale', 'cap', 'limit', 'offset']);
    expect(names('/api/ambiente/suolo/classifica')).toEqual(expect.arrayContaining(['order', 'ordine']));
    expect(names('/api/comuni/:codiceistat')).toEqual([]);
    for (const rule of rules) expect(rule).toMatchObject({ to: FUNCTION_PREFIX + rule.from, status: 200 });
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
      mode: 'list',
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

  it('renders netlify.toml with specific rules first, the query-string rules, the rewrites of the file-backed routes, then the catch-all 404', () => {
    const toml = renderNetlifyToml([
      { from: '/api/comuni/099001', to: '/api/comuni/099014', status: 301, force: true },
    ]);
    const specific = toml.indexOf('from = "/api/comuni/099001"');
    const query = toml.indexOf('  query = { anno = ":anno" }');
    const rewrite = toml.indexOf('from = "/api/comuni/:codiceistat"');
    const catchAll = toml.indexOf('to = "/api/404.json"');
    expect(specific).toBeGreaterThan(0);
    expect(specific).toBeLessThan(query);
    expect(query).toBeLessThan(rewrite);
    expect(rewrite).toBeLessThan(catchAll);
    expect(toml).toContain('  to = "/api/comuni/:codiceistat.json"\n  status = 200\n');
    expect(toml).toContain('  status = 301\n  force = true\n');
  });

  it('renders _redirects: former codes to the function (its 301 carries CORS), then each ceased code on each file-backed per-comune URL as a 404 serving its problem file', () => {
    const rules = renderRedirects({ '099001': '099014' }, ['002114'], ['/dati/comuni.zip /dati/comuni-1.zip 302'])
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('#'));
    expect(rules[0]).toBe('/dati/comuni.zip /dati/comuni-1.zip 302');
    expect(rules).toContain('/api/demografia/099001 /_fn/api/demografia/099001 200');
    expect(rules.slice(-6)).toEqual([
      '/api/comuni/002114 /_404/api/comuni/002114.json 404',
      '/api/comuni/002114/confini /_404/api/comuni/002114/confini.json 404',
      '/api/demografia/002114 /_404/api/demografia/002114.json 404',
      '/api/redditi/002114 /_404/api/redditi/002114.json 404',
      '/api/ambiente/002114 /_404/api/ambiente/002114.json 404',
      '/api/qualita-vita/002114 /_404/api/qualita-vita/002114.json 404',
    ]);
    // Only URLs the edge function never sees: with `anno`, demografia and redditi answer the same problem themselves.
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
