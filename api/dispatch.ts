/** Which answer function answers each route, and the dispatch of a URL to it (parameters parsed and typed first). */
import { listAnswer } from './answers/lists.ts';
import { cessatoRecord, comuneRecord, document, nationalAverages, sourceRecord, yearly } from './answers/records.ts';
import { answerCompare } from './compare.ts';
import { RedirectSignal, readBuiltFile, type Answer, type Answerer, type HandlerContext } from './context.ts';
import { csvFileName, csvTwinPath, requestedFormat, toCsv } from './csv.ts';
import type { RouteSpec } from './contract.ts';
import { parseParams } from './params.ts';
import { problem, ProblemError } from './problem.ts';
import { matchRoute, routeById, type RouteId, type RouteOf } from './routes.ts';
import { answerSearch } from './search-route.ts';
import { wizardAnswer } from './wizard.ts';

/** Every route's answer function, typed from its route: a missing route or a wrong parameter type does not compile. */
const ANSWERS: { [K in RouteId]: Answerer<RouteOf<K>> } = {
  'comuni.list': listAnswer,
  'comuni.search': answerSearch,
  'comuni.get': comuneRecord,
  'comuni.cessati.list': listAnswer,
  'comuni.cessati.get': cessatoRecord,
  'comuni.confini': comuneRecord,
  'demografia.get': yearly('demografia', 'demografico'),
  'demografia.ranking': listAnswer,
  'redditi.get': yearly('redditi', 'di reddito'),
  'redditi.ranking': listAnswer,
  'ambiente.get': comuneRecord,
  'ambiente.air.ranking': listAnswer,
  'ambiente.soil.ranking': listAnswer,
  'qualita.ranking': listAnswer,
  'qualita.wizard': wizardAnswer,
  'qualita.get': comuneRecord,
  confronta: answerCompare,
  'confronta.national': nationalAverages,
  'regioni.list': document,
  'province.list': document,
  'fonti.list': document,
  'fonti.get': sourceRecord,
  metodologia: document,
  copertura: document,
  status: document,
  openapi: document,
};

async function run<K extends RouteId>(
  ctx: HandlerContext,
  id: K,
  pathParams: Record<string, string>,
  url: URL,
  accept: string | null,
): Promise<Answer> {
  const route = routeById(id);
  const instance = url.pathname + url.search;
  const values = parseParams(route, pathParams, url.searchParams, instance);
  const format = requestedFormat(route, url, accept, instance);
  const result = await ANSWERS[id](ctx, { route, values, instance, url });
  const rows = (route as RouteSpec).csv;
  if (format === 'json' || !rows)
    return rows && (result.kind === 'json' || result.kind === 'static') ? { ...result, negotiated: true } : result;
  // The CSV of a list file is its twin, written by the build with the same conversion.
  if (result.kind === 'static')
    return { kind: 'csv', text: await readBuiltFile(ctx, csvTwinPath(result.path), url), filename: csvFileName(url) };
  if (result.kind === 'json') return { kind: 'csv', text: toCsv(result.body, rows), filename: csvFileName(url) };
  return result;
}

/**
 * Decides how to answer a GET/HEAD request of an /api URL (`accept`: its Accept header, for CSV);
 * throws ProblemError for client errors.
 */
export async function answer(ctx: HandlerContext, url: URL, accept: string | null = null): Promise<Answer> {
  const match = matchRoute(url.pathname);
  if (!match)
    throw new ProblemError(
      problem(
        404,
        `Nessuna risorsa all'indirizzo ${url.pathname.slice(0, 200)}. Gli indirizzi validi sono descritti in /api/openapi.json.`,
        url.pathname + url.search,
      ),
    );
  try {
    return await run(ctx, match.route.id, match.pathParams, url, accept);
  } catch (error) {
    if (error instanceof RedirectSignal) return { kind: 'redirect', location: error.location };
    throw error;
  }
}
