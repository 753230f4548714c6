/**
 * The list routes and the function that computes each: used at build time for the files
 * and at request time for every other combination of parameters.
 */
import { paramEntries, type AnyValues, type RouteSpec, type Values } from '../contract.ts';
import { yearNotFound, type Answerer } from '../context.ts';
import { canonicalUrl } from '../envelope.ts';
import { canonicalFilters, incomeColumn, listCessati, listComuni, qualityRanking, ranking } from '../lists.ts';
import { parseParams } from '../params.ts';
import { problem, ProblemError } from '../problem.ts';
import { routeById, type ListRouteId, type RouteOf } from '../routes.ts';
import type { FullIndexData } from '../runtime-index.ts';
import { SOIL_RANKINGS } from '../routes/files.ts';
import { staticFilePath } from '../static-files.ts';

type ListCompute<R extends RouteSpec> = (data: FullIndexData, route: R, values: Values<R>, instance: string) => unknown;

const LIST_COMPUTE: { [K in ListRouteId]: ListCompute<RouteOf<K>> } = {
  'comuni.list': ({ index }, route, values) => listComuni(index, route, values),
  'comuni.cessati.list': ({ index }, route, values) => listCessati(index, route, values),
  'demografia.ranking': ({ index }, route, values) =>
    ranking(index, route, values, index.classifiche[values.indicatore], values.ordine),
  // Income rankings of any tax year: the default one from `classifiche`, the others loaded by year.
  'redditi.ranking': async (data, route, values, instance) => {
    const column = await incomeColumn(data, values.indicatore, values.anno);
    if (!column) throw yearNotFound(values.anno!, data.index.anni.redditi, 'di reddito', instance);
    return ranking(data.index, route, values, column, values.ordine);
  },
  'ambiente.air.ranking': ({ index }, route, values) =>
    ranking(index, route, values, index.classifiche[values.indicatore], values.order),
  'ambiente.soil.ranking': ({ index }, route, values) =>
    ranking(index, route, values, index.classifiche[SOIL_RANKINGS[values.indicatore]], values.order),
  'qualita.ranking': ({ index }, route, values, instance) => {
    const { min_pop: min, max_pop: max } = values;
    if (min !== undefined && max !== undefined && min > max) {
      throw new ProblemError(
        problem(400, `min_pop (${min}) è maggiore di max_pop (${max})`, instance, {
          invalid_params: [{ name: 'min_pop', reason: 'maggiore di max_pop' }],
        }),
      );
    }
    return qualityRanking(index, route, values);
  },
};

const isListRoute = (id: string): id is ListRouteId => id in LIST_COMPUTE;

function listRouteId(route: RouteSpec): ListRouteId {
  if (!isListRoute(route.id)) throw new Error(`${route.id} is not a list route`);
  return route.id;
}

function computeTyped<K extends ListRouteId>(data: FullIndexData, id: K, values: AnyValues, instance: string) {
  // The values are parsed as a request's would be, so the compute functions only ever see typed, checked values.
  const route = routeById(id);
  const query = new URLSearchParams();
  const pathParams: Record<string, string> = {};
  for (const { name, in: location } of paramEntries(route)) {
    const value = values[name];
    if (location === 'path') pathParams[name] = String(value);
    else if (value !== undefined) query.set(name, String(value));
  }
  return LIST_COMPUTE[id](data, route, parseParams(route, pathParams, query, instance), instance);
}

/** Body of a list route for canonical parameter values (the build's files, the handler's other combinations). */
export async function computeList(
  data: FullIndexData,
  route: RouteSpec,
  values: AnyValues,
  instance = canonicalUrl(route, values),
): Promise<unknown> {
  return computeTyped(data, listRouteId(route), values, instance);
}

/** A list request: the file when the build wrote one for these (canonical) values, computed otherwise. */
export const listAnswer: Answerer<RouteSpec> = async (ctx, req) => {
  const id = listRouteId(req.route);
  const values = canonicalFilters(ctx.index, req.values, req.instance);
  // The default tax year asked explicitly is the same answer as no year: same file.
  const canonical =
    req.route.id === 'redditi.ranking' && values.anno === ctx.index.anni_predefiniti.redditi
      ? { ...values, anno: undefined }
      : values;
  const path = staticFilePath(req.route, canonical);
  if ((await ctx.staticLists(id)).has(path)) return { kind: 'static', path };
  return { kind: 'json', body: await computeList(await ctx.full(), req.route, canonical, req.instance) };
};
