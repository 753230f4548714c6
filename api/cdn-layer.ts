import { paramEntries, type ParamEntry, type RouteSpec } from './contract.ts';
import { getOrSet } from '../lib/maps.ts';
import { canonicalUrl } from './envelope.ts';
import { PROBLEM_DIR } from './http.ts';
import { ROUTE_LIST } from './routes.ts';
import { staticFilePath } from './static-files.ts';

/**
 * What Netlify answers without invoking the edge function, derived from the route table.
 *
 * Edge functions run before redirect rules and their declarations match the path only,
 * never the query string. Every route that is not `dynamic` has a file for its URL without
 * a query string (a record, a metadata document, the default page of a list or ranking):
 * those paths are excluded from the edge function and rewritten to their files by
 * netlify.toml, so the CDN answers them with zero invocations. A request on them that carries
 * one of the route's query parameters (or its alias) is matched first by a query-string rule
 * (`queryRewrites`) that rewrites it to the same path under FUNCTION_PREFIX, where the edge
 * function answers (and rewrites to a file when one exists). Unknown query parameters are
 * ignored by the handler, so the file is the right answer for them too.
 *
 * Trade-off (documented in docs/netlify.md and OpenAPI): on the excluded paths, a key that
 * matches the parameter's pattern but has no file (an unknown code) gets the CDN's
 * generic 404 (a ceased comune's code excepted: `ceasedCodeRules`), and a path that
 * does not match the pattern (or a code in lower case) still reaches the function (so it
 * keeps its specific 400, or its answer for the canonical code).
 */
export function fileBackedRoutes(routes: readonly RouteSpec[] = ROUTE_LIST): RouteSpec[] {
  return routes.filter((r) => r.mode !== 'dynamic' && !r.path.endsWith('.json'));
}

/** Where a request the CDN cannot answer from a file is rewritten for the edge function (stripped again there). */
export const FUNCTION_PREFIX = '/_fn';

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

/** The URLs of one file-backed route without a query string, as an anchored regular expression (Netlify's `excludedPattern`). */
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
  const patterns = fileBackedRoutes(routes).map(routePattern);
  const literal = routes
    .filter((r) => !r.path.includes('{') && !fileBackedRoutes(routes).includes(r))
    .map((r) => r.path);
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
  /** Query parameters the request must carry (any value) for the rule to apply. */
  query?: Readonly<Record<string, string>>;
}

/** Netlify placeholder for a parameter: letters only, whatever the parameter is called. */
const placeholder = (name: string) => `:${name.replace(/[^a-z]/gi, '')}`;

/** Rewrites (status 200) of every file-backed URL without a query string to its file: `/api/comuni/:codiceistat` → `/api/comuni/:codiceistat.json`. */
export function staticRewrites(routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return fileBackedRoutes(routes).map((route) => {
    const values = Object.fromEntries(
      paramEntries(route)
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, placeholder(p.name)]),
    );
    return { from: placeholderPath(route), to: staticFilePath(route, values), status: 200 };
  });
}

/** A route's path with Netlify placeholders for its path parameters: `/api/demografia/:codiceistat`. */
const placeholderPath = (route: RouteSpec) =>
  route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => placeholder(name));

/**
 * One rule per query parameter name (and alias) of each file-backed route: a request that
 * carries it is rewritten to the function's prefix, whatever else it carries. They come
 * before `staticRewrites`, which match whatever the query string.
 */
export function queryRewrites(routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return fileBackedRoutes(routes).flatMap((route) => {
    const from = placeholderPath(route);
    const names = paramEntries(route)
      .filter((p) => p.in === 'query')
      .flatMap((p) => [p.name, ...(p.schema.alias ? [p.schema.alias] : [])]);
    return names.map((name) => ({
      from,
      to: FUNCTION_PREFIX + from,
      status: 200 as const,
      query: { [name]: placeholder(name) },
    }));
  });
}

/** The file holding the problem+json that Netlify serves as the 404 of a static-layer URL. */
export const problemFile = (url: string): string => `${PROBLEM_DIR}${url}.json`;

/** The URLs of ceased comuni's codes on the file-backed per-comune routes (`/api/comuni/002114`, …/confini, …). */
export function ceasedCodeUrls(codes: readonly string[], routes: readonly RouteSpec[] = ROUTE_LIST): string[] {
  const perComune = fileBackedRoutes(routes).filter((r) => r.path.includes('{codice_istat}'));
  return codes.flatMap((code) => perComune.map((r) => canonicalUrl(r, { codice_istat: code })));
}

/**
 * A ceased comune's code on a file-backed URL without a query string never reaches the edge function, and has no
 * record file to rewrite to. These rules serve, with status 404 (Netlify's custom 404),
 * the problem+json the handler answers there, naming the successors: the build writes it
 * by asking the handler. No file exists at `from`, so nothing shadows them.
 */
export function ceasedCodeRules(codes: readonly string[], routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return ceasedCodeUrls(codes, routes).map((url) => ({ from: url, to: problemFile(url), status: 404 }));
}

/**
 * Netlify's rate limit on the edge function (sliding window per client IP and site):
 * only requests that invoke the function count, since files cost nothing to serve.
 * 120 a minute leaves room for autocompletion (one `cerca` per keystroke) and blocks
 * scrapers; above 10,000 requests a day the spec asks users to tell the operator, and
 * the bulk dataset under /dati/ serves them better.
 */
export const EDGE_RATE_LIMIT = { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] } as const;

/**
 * Whether Netlify invokes the edge function for a GET of `url` (what its rate limit counts and
 * what the local server's limiter counts too): an /api path outside the static layer, or a
 * file-backed path that carries one of its query parameters. A former code's rewrite (from
 * `_redirects`, not the route table) is not counted here.
 */
export function reachesFunction(url: URL, routes: readonly RouteSpec[] = ROUTE_LIST): boolean {
  if (!url.pathname.startsWith('/api/')) return false;
  const layer = getOrSet(layers, routes, () => ({
    excluded: excludedPatterns(routes).map((p) => new RegExp(p)),
    byQuery: fileBackedRoutes(routes).map((route) => ({
      pattern: new RegExp(routePattern(route)),
      names: queryRewrites([route]).map((rule) => Object.keys(rule.query!)[0]!),
    })),
  }));
  if (!layer.excluded.some((re) => re.test(url.pathname))) return true;
  const route = layer.byQuery.find((r) => r.pattern.test(url.pathname));
  return route !== undefined && route.names.some((name) => url.searchParams.has(name));
}

const layers = new WeakMap<
  readonly RouteSpec[],
  { excluded: RegExp[]; byQuery: { pattern: RegExp; names: string[] }[] }
>();
