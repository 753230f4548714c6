import { paramEntries, type AnyValues, type RouteSpec } from './contract.ts';
import { routeById, ROUTE_LIST, type ListRouteId, type RouteId } from './routes.ts';
import type { RuntimeIndex } from './runtime-index.ts';

/**
 * The problem body Netlify serves, with a 404, for an /api path that is no file and no route's (netlify.toml):
 * the one API answer in public/api that no route declares.
 */
export const NOT_FOUND_FILE = '/api/404.json';

/**
 * File that holds the answer for canonical parameter values: the route's path with
 * its path parameters, then `/name/value` for each query parameter that differs from
 * its default, then `.json`. E.g. /api/comuni?regione=lazio&offset=100 →
 * /api/comuni/regione/lazio/offset/100.json. Readable for people browsing public/.
 */
export function staticFilePath(route: RouteSpec, values: AnyValues): string {
  let path = route.path;
  const suffix: string[] = [];
  for (const { name, in: location, schema } of paramEntries(route)) {
    const value = values[name];
    if (location === 'path') path = path.replace(`{${name}}`, String(value));
    else if (value !== undefined && value !== schema.default) suffix.push(name, String(value));
  }
  const base = suffix.length ? `${path}/${suffix.join('/')}` : path;
  return base.endsWith('.json') ? base : `${base}.json`;
}

/**
 * The `json` link of a record the build writes as a file (schema: JsonLink): its canonical
 * CDN URL, which Netlify serves without invoking the edge function.
 */
export const jsonLink = (id: RouteId, values: AnyValues): string => staticFilePath(routeById(id), values);

function pageOffsets(total: number, limit: number): number[] {
  const out = [0];
  for (let o = limit; o < total; o += limit) out.push(o);
  return out;
}

function withDefaults(route: RouteSpec, values: AnyValues): AnyValues {
  const out: Record<string, string | number | undefined> = {};
  for (const { name, schema } of paramEntries(route)) out[name] = values[name] ?? schema.default;
  return out;
}

/** The parameter values of each file the build writes for a route, as its `files` declares them (a list: each page). */
export function routeFiles(route: RouteSpec, index: RuntimeIndex): AnyValues[] {
  if (!route.files) return [];
  return route.files(index).flatMap(({ values, total }) => {
    if (total === undefined) return [values];
    const limit = paramEntries(route).find((p) => p.name === 'limit')!.schema.default as number;
    return pageOffsets(total, limit).map((offset) => withDefaults(route, { ...values, offset }));
  });
}

/**
 * Every parameter combination of the list routes that the build writes as a file (each route's `files` in
 * the route table). Anything else is computed on request by the same functions. `only`: those of one route (a
 * cold edge isolate's first list request needs no other).
 */
export function precomputedListVariants(
  index: RuntimeIndex,
  only?: ListRouteId,
): { route: RouteSpec; values: AnyValues }[] {
  const routes = only === undefined ? ROUTE_LIST.filter((r) => r.mode === 'list') : [routeById(only)];
  return routes.flatMap((route) => routeFiles(route, index).map((values) => ({ route, values })));
}
