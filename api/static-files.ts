import { paramEntries, type AnyValues, type RouteSpec } from './contract.ts';
import { routeById, type ListRoute, type ListRouteId, type RouteId } from './routes.ts';
import type { RankingKey, RuntimeIndex } from './runtime-index.ts';

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

function pagesOf<R extends ListRoute>(route: R, base: AnyValues, total: number): AnyValues[] {
  return pageOffsets(total, route.request.query.properties.limit.default).map((offset) =>
    withDefaults(route, { ...base, offset }),
  );
}

function withDefaults(route: RouteSpec, values: AnyValues): AnyValues {
  const out: Record<string, string | number | undefined> = {};
  for (const { name, schema } of paramEntries(route)) out[name] = values[name] ?? schema.default;
  return out;
}

/** The land ranking's `indicatore` values and the ranking column each reads. */
export const SOIL_RANKINGS = { percentuale: 'suolo', pro_capite: 'suolo_pro_capite' } as const satisfies Record<
  string,
  RankingKey
>;

const RANKINGS: { id: ListRouteId; param: string; keys: RankingKey[]; orderParam: 'ordine' | 'order' }[] = [
  { id: 'demografia.ranking', param: 'indicatore', keys: ['popolazione', 'densita'], orderParam: 'ordine' },
  {
    id: 'redditi.ranking',
    param: 'indicatore',
    keys: ['reddito', 'contribuenti', 'reddito_imponibile'],
    orderParam: 'ordine',
  },
  { id: 'ambiente.air.ranking', param: 'indicatore', keys: ['pm10', 'pm25', 'no2', 'o3'], orderParam: 'order' },
];

/**
 * Every parameter combination of the list routes that the build writes as a file:
 * each page at the default limit of every list (all comuni, per region, per
 * province), of every ranking in both orders, and of the quality ranking (all and
 * per region). Anything else is computed on request by the same functions. `only`: those
 * of one route (a cold edge isolate's first list request needs no other).
 */
export function precomputedListVariants(
  index: RuntimeIndex,
  only?: ListRouteId,
): { route: RouteSpec; values: AnyValues }[] {
  const out: { route: RouteSpec; values: AnyValues }[] = [];
  const add = (id: ListRouteId, base: AnyValues, total: number) => {
    if (only !== undefined && id !== only) return;
    const route = routeById(id);
    for (const values of pagesOf(route, base, total)) out.push({ route, values });
  };
  const n = index.comuni.codice.length;
  const regionCount = index.regioni.map(() => 0);
  const provinceCount = index.province.map(() => 0);
  for (let i = 0; i < n; i++) {
    provinceCount[index.comuni.provincia[i]!]!++;
    regionCount[index.province[index.comuni.provincia[i]!]!.regione]!++;
  }
  add('comuni.list', {}, n);
  add('comuni.cessati.list', {}, index.territorio.cessati.length);
  index.regioni.forEach((r, k) => add('comuni.list', { regione: r.slug }, regionCount[k]!));
  index.province.forEach((p, k) => add('comuni.list', { provincia: p.sigla }, provinceCount[k]!));
  // A ranking lists the comuni with a value: counted, not sorted (this runs on a cold edge isolate's first list request).
  for (const r of RANKINGS) {
    for (const key of r.keys) {
      const ranked = countValues(index.classifiche[key].valori);
      for (const order of ['asc', 'desc']) add(r.id, { [r.param]: key, [r.orderParam]: order }, ranked);
    }
  }
  for (const [indicatore, key] of Object.entries(SOIL_RANKINGS)) {
    const soil = countValues(index.classifiche[key].valori);
    for (const order of ['asc', 'desc']) add('ambiente.soil.ranking', { indicatore, order }, soil);
  }
  add('qualita.ranking', {}, countValues(index.qualita.punteggio));
  const scoredPerRegion = index.regioni.map(() => 0);
  index.qualita.punteggio.forEach((score, i) => {
    if (score != null) scoredPerRegion[index.province[index.comuni.provincia[i]!]!.regione]!++;
  });
  index.regioni.forEach((r, k) => add('qualita.ranking', { regione: r.slug }, scoredPerRegion[k]!));
  return out;
}

/** Indexed, not for-of: on a cold isolate this runs in the interpreter, where the iterator is ~5× slower. */
function countValues(values: readonly (number | null)[]): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i] != null) count++;
  return count;
}
