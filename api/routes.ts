/**
 * The route table: the single source of truth for every endpoint. The generator
 * (which files to write), the request handler (what to validate and how to answer),
 * the local server, netlify.toml and the OpenAPI document all read it. Each route is
 * declared with its parameter schemas in api/routes/ (by domain); matching URLs is the
 * router's job (api/router.ts), answering them the dispatcher's (api/dispatch.ts).
 */
import type { RouteSpec } from './contract.ts';

export type { RouteSpec } from './contract.ts';
import { createRouter } from './router.ts';
import { COMUNI_ROUTES } from './routes/comuni.ts';
import { DOMAIN_ROUTES } from './routes/domini.ts';
import { META_ROUTES } from './routes/meta.ts';

export const ROUTES = [...COMUNI_ROUTES, ...DOMAIN_ROUTES, ...META_ROUTES] as const;

export type Route = (typeof ROUTES)[number];
export type RouteId = Route['id'];
export type RouteOf<K extends RouteId> = Extract<Route, { id: K }>;
/** The routes whose answers are computed from the index by one function, at build time and at request time. */
export type ListRoute = Extract<Route, { mode: 'list' }>;
export type ListRouteId = ListRoute['id'];

// Checked assignment: every entry above must be a valid RouteSpec.
export const ROUTE_LIST: readonly RouteSpec[] = ROUTES;

export function routeById<K extends RouteId>(id: K): RouteOf<K> {
  return ROUTES.find((r): r is RouteOf<K> => r.id === id)!;
}

/** The route of a URL path and its decoded path parameters, or null. */
export const matchRoute = createRouter(ROUTES);
