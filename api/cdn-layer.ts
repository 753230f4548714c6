import { paramEntries, type AnyValues, type ParamEntry, type RouteSpec } from './contract.ts';
import { getOrSet } from '../lib/maps.ts';
import { canonicalUrl } from './envelope.ts';
import { PROBLEM_DIR } from './http.ts';
import { ROUTE_LIST } from './routes.ts';
import type { RuntimeIndex } from './runtime-index.ts';
import { precomputedListVariants, staticFilePath } from './static-files.ts';

/**
 * What Netlify answers without invoking a function, derived from the route table.
 *
 * Edge functions run before redirect rules and match the path only, never the query
 * string; a redirect rule's rewrite never reaches an edge function, but it does reach a
 * serverless Function (netlify/functions/api.mts, the same handler under Node). So:
 * - every file-backed route (a file answers its URL without a query string) is excluded
 *   from the edge function, and netlify.toml rewrites its plain URL to its file;
 * - a route whose parameters are all in the path (`pathOnlyRoutes`: a record without
 *   `anno`, a metadata document) answers the same whatever the query string;
 * - a file-backed route with query parameters (`queryFileRoutes`: demografia and redditi
 *   with `anno`, lists, rankings) sends a request that names one of them to the Function
 *   (`queryRules`, one per parameter name and alias), or straight to a file when the
 *   parameters are exactly a precomputed combination (`listFileRules`, in `_redirects`).
 * Search, compare, wizard and malformed paths stay with the edge function. A new route
 * joins by itself (docs/netlify.md).
 *
 * Trade-off (documented in docs/netlify.md and OpenAPI): on the excluded paths, a key that
 * matches the parameter's pattern but has no file (an unknown code) gets the CDN's
 * generic 404 (a ceased comune's code excepted: `ceasedCodeRules`), and a path that
 * does not match the pattern (or a code in lower case) still reaches the edge function (so
 * it keeps its specific 400, or its answer for the canonical code).
 */
export function pathOnlyRoutes(routes: readonly RouteSpec[] = ROUTE_LIST): RouteSpec[] {
  return routes.filter((r) => r.files !== undefined && paramEntries(r).every((p) => p.in === 'path') && !isFileUrl(r));
}

const isFileUrl = (route: RouteSpec) => route.path.endsWith('.json');

/** File-backed routes with query parameters: their plain URL is a file, a query string may need computing. */
export function queryFileRoutes(routes: readonly RouteSpec[] = ROUTE_LIST): RouteSpec[] {
  const pathOnly = pathOnlyRoutes(routes);
  return routes.filter((r) => r.files !== undefined && !isFileUrl(r) && !pathOnly.includes(r));
}

/** Every route whose URL without a query string is a file, served by the CDN. */
export const staticRoutes = (routes: readonly RouteSpec[] = ROUTE_LIST): RouteSpec[] => [
  ...pathOnlyRoutes(routes),
  ...queryFileRoutes(routes),
];

/**
 * The plain URLs of the file-backed lists that answer CSV by `Accept` (api/csv.ts): no redirect
 * rule can read a request header, so an edge function declared on them with a header condition
 * (netlify/edge-functions/csv.ts) answers those; any other Accept is the file's.
 */
export const csvPatterns = (routes: readonly RouteSpec[] = ROUTE_LIST): string[] =>
  queryFileRoutes(routes)
    .filter((r) => r.csv)
    .map(routePattern);

/** Where a redirect rule sends a request to the serverless Function (netlify/functions/api.mts). */
export const FUNCTION_PATH = '/.netlify/functions/api';

/** The query names that change a route's answer: its parameters, their aliases, and `formato` (api/csv.ts). */
export function queryNames(route: RouteSpec): string[] {
  const names = paramEntries(route)
    .filter((p) => p.in === 'query')
    .flatMap((p) => (p.schema.alias ? [p.name, p.schema.alias] : [p.name]));
  return [...names, 'formato'];
}

/** The regular expression a path parameter's values match, unanchored. */
function paramRegex({ name, schema }: ParamEntry): string {
  // Files are named by the canonical (upper-case) code: other spellings go to the function, which canonicalises them.
  if (schema.type === 'string' && schema.pattern)
    return schema.pattern.replace(/^\^/, '').replace(/\$$/, '').replaceAll('A-Za-z', 'A-Z');
  if (schema.type === 'string' && schema.enum) return `(?:${schema.enum.join('|')})`;
  throw new Error(`path parameter ${name} needs a pattern or an enum to be served by the static layer`);
}

// `-` is literal outside a class and an invalid escape in unicode-mode regexes, so it is left alone.
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The URLs of one path-only route, as an anchored regular expression (Netlify's `excludedPattern`). */
export function routePattern(route: RouteSpec): string {
  const parts = route.path.split(/(\{[a-z_]+\})/).map((part) => {
    const name = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    return name ? paramRegex(paramEntries(route).find((p) => p.name === name)!) : escapeRegex(part);
  });
  return `^${parts.join('')}$`;
}

/**
 * The edge function's `excludedPattern`: every direct file URL (`.json`) and every URL of
 * a file-backed route. Fails when a pattern would also take a literal path of a route the
 * function must answer (say a future `/api/comuni/cessati` under a too-broad pattern).
 */
export function excludedPatterns(routes: readonly RouteSpec[] = ROUTE_LIST): string[] {
  const served = staticRoutes(routes);
  const patterns = served.map(routePattern);
  const literal = routes.filter((r) => !r.path.includes('{') && !served.includes(r)).map((r) => r.path);
  for (const pattern of patterns) {
    const clash = literal.find((path) => new RegExp(pattern).test(path));
    if (clash) throw new Error(`excluded pattern ${pattern} would take ${clash} away from the edge function`);
  }
  return ['^/api/.*\\.json$', ...patterns];
}

export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301 | 302 | 404;
  /** Apply even when a file exists at `from`. */
  force?: boolean;
  /** Query parameters the request must carry (Netlify: a value, or a `:placeholder` for any value); others are ignored. */
  query?: Readonly<Record<string, string>>;
}

/** Netlify placeholder for a parameter: letters only, whatever the parameter is called. */
const placeholder = (name: string) => `:${name.replace(/[^a-z]/gi, '')}`;

/** A route's path with Netlify placeholders for its path parameters: `/api/demografia/:codiceistat`. */
const placeholderPath = (route: RouteSpec) =>
  route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => placeholder(name));

/** Rewrites (status 200) of every file-backed URL without a query string to its file: `/api/comuni/:codiceistat` → `/api/comuni/:codiceistat.json`. */
export function staticRewrites(routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return staticRoutes(routes).map((route) => {
    const path = paramEntries(route).filter((p) => p.in === 'path');
    const values = Object.fromEntries(path.map((p) => [p.name, placeholder(p.name)]));
    return { from: placeholderPath(route), to: staticFilePath(route, values), status: 200 };
  });
}

/**
 * A request naming any query parameter (or alias) of a file-backed route goes to the Function
 * (one rule per name: Netlify matches a rule when the request carries every parameter the rule
 * names, whatever else it carries). Only names that change the answer: a query string of
 * unknown names alone is the plain URL's file, as the handler answers it too.
 */
export function queryRules(routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return queryFileRoutes(routes).flatMap((route) =>
    queryNames(route).map((name) => ({
      from: placeholderPath(route),
      query: { [name]: placeholder(name) },
      to: FUNCTION_PATH,
      status: 200 as const,
    })),
  );
}

/**
 * Precomputed parameter combinations straight to their files (`/api/comuni?regione=lazio` →
 * `/api/comuni/regione/lazio.json`), written into `_redirects` by the build, which is read
 * before netlify.toml's `queryRules`. Netlify matches a rule whose parameters are a SUBSET of
 * the request's (measured under netlify dev; its redirect engine is netlify-redirector), so a
 * file rule would also take a request carrying one more parameter. Guards make that safe:
 * rules are ordered by the number of parameters they name, most first; at each count, the
 * file rules, then a rule to the Function for every combination's names plus one more known
 * name. A request whose known parameters are exactly a combination meets its file rule before
 * any guard it could match (guards never name fewer parameters than a file rule after them);
 * one with a known parameter more meets a guard naming one more than the largest combination
 * it contains, before that combination's file rule. Single names are netlify.toml's guards.
 */
export function listFileRules(index: RuntimeIndex): RedirectRule[] {
  const files: RedirectRule[] = [];
  const shapes = new Map<RouteSpec, Set<string>>();
  for (const { route, values } of precomputedListVariants(index)) {
    const query: Record<string, string> = {};
    for (const { name, in: location, schema } of paramEntries(route))
      if (location === 'query' && values[name] !== undefined && values[name] !== schema.default)
        query[name] = String(values[name]);
    const names = Object.keys(query);
    if (names.length === 0) continue;
    files.push({ from: canonicalPath(route, values), query, to: staticFilePath(route, values), status: 200 });
    getOrSet(shapes, route, () => new Set()).add(names.sort().join(','));
  }
  const guards: RedirectRule[] = [];
  for (const [route, set] of shapes)
    for (const shape of set) {
      const names = shape.split(',');
      for (const more of queryNames(route).filter((n) => !names.includes(n)))
        guards.push({
          from: placeholderPath(route),
          query: Object.fromEntries([...names, more].map((n) => [n, placeholder(n)])),
          to: FUNCTION_PATH,
          status: 200,
        });
    }
  const size = (rule: RedirectRule) => Object.keys(rule.query!).length;
  const levels = [...new Set([...files, ...guards].map(size))].sort((a, b) => b - a);
  return levels.flatMap((n) => [...files.filter((r) => size(r) === n), ...dedupe(guards.filter((r) => size(r) === n))]);
}

/** The URL path of a route's values (path parameters substituted). */
const canonicalPath = (route: RouteSpec, values: AnyValues) =>
  route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => String(values[name]));

/** Guards named the same (`regione`+`offset` from {regione} and from {offset}) are one rule. */
function dedupe(rules: RedirectRule[]): RedirectRule[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = `${r.from} ${Object.keys(r.query!).sort().join(',')}`;
    return !seen.has(key) && !!seen.add(key);
  });
}

/** The file holding the problem+json that Netlify serves as the 404 of a static-layer URL. */
export const problemFile = (url: string): string => `${PROBLEM_DIR}${url}.json`;

/** The URLs of ceased comuni's codes on the path-only per-comune routes (`/api/comuni/002114`, …/confini, …). */
export function ceasedCodeUrls(codes: readonly string[], routes: readonly RouteSpec[] = ROUTE_LIST): string[] {
  const perComune = pathOnlyRoutes(routes).filter((r) => r.path.includes('{codice_istat}'));
  return codes.flatMap((code) => perComune.map((r) => canonicalUrl(r, { codice_istat: code })));
}

/**
 * A ceased comune's code on a path-only URL never reaches the edge function, and has no
 * record file to rewrite to. These rules serve, with status 404 (Netlify's custom 404),
 * the problem+json the handler answers there, naming the successors: the build writes it
 * by asking the handler. No file exists at `from`, so nothing shadows them.
 */
export function ceasedCodeRules(codes: readonly string[], routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  const withQuery = queryFileRoutes(routes).filter((r) => r.path.includes('{codice_istat}'));
  return [
    ...ceasedCodeUrls(codes, routes).map((url) => ({ from: url, to: problemFile(url), status: 404 as const })),
    // Demografia and redditi take `anno`, which the problem's `instance` repeats: the Function answers them.
    ...codes.flatMap((code) =>
      withQuery.map((r) => ({
        from: canonicalUrl(r, { codice_istat: code }),
        to: FUNCTION_PATH,
        status: 200 as const,
      })),
    ),
  ];
}

/**
 * Netlify's rate limit, declared by the edge function and by the Function (sliding window per
 * client IP and site; each keeps its own count): only requests that invoke one count, since
 * files cost nothing to serve.
 * 120 a minute leaves room for autocompletion (one `cerca` per keystroke) and blocks
 * scrapers; above 10,000 requests a day the spec asks users to tell the operator, and
 * the bulk dataset under /dati/ serves them better.
 */
export const EDGE_RATE_LIMIT = { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } as const;

/**
 * Whether Netlify invokes a function for a GET of `url` (what its rate limit counts and what
 * the local server's limiter counts too): an /api path outside the static layer (the edge
 * function), or a file-backed route's path with one of its query names (the Function; counted
 * even when the parameters are a precomputed combination that `listFileRules` serves as a file,
 * and not counted for a former code, which `_redirects` sends to it: both need the build's data).
 */
export function reachesFunction(url: URL, routes: readonly RouteSpec[] = ROUTE_LIST): boolean {
  if (!url.pathname.startsWith('/api/')) return false;
  const layer = getOrSet(layers, routes, () => ({
    excluded: excludedPatterns(routes).map((p) => new RegExp(p)),
    withQuery: queryFileRoutes(routes).map((r) => ({ re: new RegExp(routePattern(r)), names: queryNames(r) })),
  }));
  if (!layer.excluded.some((re) => re.test(url.pathname))) return true;
  const route = layer.withQuery.find(({ re }) => re.test(url.pathname));
  return !!route && route.names.some((name) => url.searchParams.has(name));
}

const layers = new WeakMap<
  readonly RouteSpec[],
  { excluded: RegExp[]; withQuery: { re: RegExp; names: string[] }[] }
>();
