import { paramEntries, type ParamEntry, type RouteSpec } from './contract.ts';
import { getOrSet } from '../lib/maps.ts';
import { canonicalUrl } from './envelope.ts';
import { PROBLEM_DIR } from './http.ts';
import { ROUTE_LIST } from './routes.ts';
import { staticFilePath } from './static-files.ts';

/**
 * What Netlify answers without invoking the edge function, derived from the route table.
 *
 * Edge functions run before redirect rules and match the path only, never the query
 * string; a redirect rule's rewrite never reaches an edge function (measured under netlify
 * dev: a query-string rule rewriting to a path the function is declared on answers 404
 * without invoking it). A route whose parameters are all in the path (a per-comune record
 * without `anno`, a metadata document) has the same answer whatever the query string: its
 * URLs are excluded from the function and rewritten to their files by netlify.toml, so the
 * CDN answers them with zero invocations. Routes with query parameters stay with the
 * function, which validates them and rewrites to a file when one exists (docs/netlify.md:
 * the alternatives measured, and what would take those off the function). A new route
 * without query parameters joins the static layer by itself.
 *
 * Trade-off (documented in docs/netlify.md and OpenAPI): on the excluded paths, a key that
 * matches the parameter's pattern but has no file (an unknown code) gets the CDN's
 * generic 404 (a ceased comune's code excepted: `ceasedCodeRules`), and a path that
 * does not match the pattern (or a code in lower case) still reaches the function (so it
 * keeps its specific 400, or its answer for the canonical code).
 */
export function pathOnlyRoutes(routes: readonly RouteSpec[] = ROUTE_LIST): RouteSpec[] {
  return routes.filter(
    (r) => r.files !== undefined && paramEntries(r).every((p) => p.in === 'path') && !r.path.endsWith('.json'),
  );
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
 * a path-only route. Fails when a pattern would also take a literal path of a route the
 * function must answer (say a future `/api/comuni/cessati` under a too-broad pattern).
 */
export function excludedPatterns(routes: readonly RouteSpec[] = ROUTE_LIST): string[] {
  const patterns = pathOnlyRoutes(routes).map(routePattern);
  const literal = routes.filter((r) => !r.path.includes('{') && !pathOnlyRoutes(routes).includes(r)).map((r) => r.path);
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
}

/** Netlify placeholder for a parameter: letters only, whatever the parameter is called. */
const placeholder = (name: string) => `:${name.replace(/[^a-z]/gi, '')}`;

/** Rewrites (status 200) of every path-only URL to its file: `/api/comuni/:codiceistat` → `/api/comuni/:codiceistat.json`. */
export function staticRewrites(routes: readonly RouteSpec[] = ROUTE_LIST): RedirectRule[] {
  return pathOnlyRoutes(routes).map((route) => {
    const values = Object.fromEntries(paramEntries(route).map((p) => [p.name, placeholder(p.name)]));
    const from = route.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => placeholder(name));
    return { from, to: staticFilePath(route, values), status: 200 };
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
 * what the local server's limiter counts too): an /api path outside the static layer (a
 * former or ceased code on a path-only URL is inside it: `_redirects` answers those).
 */
export function reachesFunction(url: URL, routes: readonly RouteSpec[] = ROUTE_LIST): boolean {
  if (!url.pathname.startsWith('/api/')) return false;
  const excluded = getOrSet(layers, routes, () => excludedPatterns(routes).map((p) => new RegExp(p)));
  return !excluded.some((re) => re.test(url.pathname));
}

const layers = new WeakMap<readonly RouteSpec[], RegExp[]>();
