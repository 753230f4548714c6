import { paramEntries, type AnyValues, type RouteSpec } from './contract.ts';

export interface Links {
  self: string;
  first: string;
  prev: string | null;
  next: string | null;
  last: string;
}

export interface Page<T> {
  totale: number;
  limit: number;
  offset: number;
  risultati: T[];
  links: Links;
}

/**
 * Canonical relative URL of a request: the route's path with its path parameters,
 * and only the query parameters that differ from their default, in the route's order.
 * Static files and dynamic answers both embed these links, so they agree.
 */
export function canonicalUrl(route: RouteSpec, values: AnyValues): string {
  let path = route.path;
  const query = new URLSearchParams();
  for (const { name, in: location, schema } of paramEntries(route)) {
    const value = values[name];
    if (location === 'path') path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (value !== undefined && value !== schema.default) query.set(name, String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

export function paginate<T>(
  route: RouteSpec,
  values: AnyValues & { limit: number; offset: number },
  items: readonly T[],
): Page<T> {
  const { limit, offset } = values;
  const total = items.length;
  const at = (o: number) => canonicalUrl(route, { ...values, offset: o });
  const lastOffset = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  return {
    totale: total,
    limit,
    offset,
    risultati: items.slice(offset, offset + limit),
    links: {
      self: at(offset),
      first: at(0),
      prev: offset > 0 ? at(Math.max(0, Math.min(offset - limit, lastOffset))) : null,
      next: offset + limit < total ? at(offset + limit) : null,
      last: at(lastOffset),
    },
  };
}
