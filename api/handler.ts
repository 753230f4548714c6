import { canonicalUrl } from './envelope.ts';
import { jsonResponse, JSON_TYPE, preflightResponse, problemResponse, serialize } from './http.ts';
import { canonicalFilters, findComune, listComuni, qualityRanking, ranking } from './lists.ts';
import { parseParams, type ParamValues } from './params.ts';
import { problem, ProblemError } from './problem.ts';
import { selectYear, type YearlyRecord } from './projection.ts';
import { matchRoute, type RouteId, type RouteSpec } from './routes.ts';
import type { RankingKey, RuntimeIndex } from './runtime-index.ts';
import { answerCompare } from './compare.ts';
import { answerSearch } from './search-route.ts';
import { answerWizard } from './wizard.ts';
import { staticFilePath } from './static-files.ts';

/** Reads a file the build wrote under public/ (fetch on Netlify, the file system locally). */
export interface StaticStore {
  read(path: string): Promise<string | null>;
}

export interface HandlerContext {
  index: RuntimeIndex;
  store: StaticStore;
  /** Paths of the list variants written as files (see precomputedListVariants). */
  staticLists: ReadonlySet<string>;
}

/** An answer is either a file the static layer serves as is, or a body computed now. */
export type Answer = { kind: 'static'; path: string } | { kind: 'json'; body: unknown };

interface Request_ {
  route: RouteSpec;
  values: ParamValues;
  instance: string;
}

type Answerer = (ctx: HandlerContext, req: Request_) => Promise<Answer> | Answer;

const fileOf = (req: Request_): Answer => ({ kind: 'static', path: staticFilePath(req.route, req.values) });

function requireComune(ctx: HandlerContext, req: Request_): number {
  const code = req.values.codice_istat as string;
  const at = findComune(ctx.index, code);
  if (at < 0) throw new ProblemError(problem(404, `Nessun comune con codice ISTAT ${code}. L'elenco dei codici è in /api/comuni.`, req.instance));
  return at;
}

export function yearNotFound(anno: number, available: readonly number[], what: string, instance: string): ProblemError {
  return new ProblemError(problem(404, `Nessun dato ${what} per l'anno ${anno}. Anni disponibili: ${available.join(', ')}.`, instance, { anni_disponibili: [...available] }));
}

/** Reads a record file the build wrote; a missing file for a known key is a build defect, not a user error. */
export async function readRecord<T>(ctx: HandlerContext, path: string): Promise<T> {
  const text = await ctx.store.read(path);
  if (text === null) throw new Error(`static file ${path} is missing from the build`);
  return JSON.parse(text) as T;
}

function yearly(domain: 'demografia' | 'redditi', what: string): Answerer {
  return async (ctx, req) => {
    requireComune(ctx, req);
    const anno = req.values.anno as number | undefined;
    const base = { ...req.values, anno: undefined };
    if (anno === undefined || anno === ctx.index.anni_predefiniti[domain]) return { kind: 'static', path: staticFilePath(req.route, base) };
    if (!ctx.index.anni[domain].includes(anno)) throw yearNotFound(anno, ctx.index.anni[domain], what, req.instance);
    const record = await readRecord<YearlyRecord<{ anno: number }>>(ctx, staticFilePath(req.route, base));
    const projected = selectYear(record, anno, canonicalUrl(req.route, req.values));
    if (!projected) throw yearNotFound(anno, record.anni_disponibili, `${what} per questo comune`, req.instance);
    return { kind: 'json', body: projected };
  };
}

function listAnswer(compute: (ctx: HandlerContext, req: Request_) => unknown): Answerer {
  return (ctx, req) => {
    const values = canonicalFilters(ctx.index, req.values, req.instance);
    const canonical = { ...req, values };
    const path = staticFilePath(req.route, values);
    if (ctx.staticLists.has(path)) return { kind: 'static', path };
    return { kind: 'json', body: compute(ctx, canonical) };
  };
}

const RANKING_PARAM: Record<string, 'ordine' | 'order'> = { 'demografia.ranking': 'ordine', 'redditi.ranking': 'ordine', 'ambiente.air.ranking': 'order', 'ambiente.soil.ranking': 'order' };

function rankingAnswer(key: (values: ParamValues) => RankingKey): Answerer {
  return listAnswer((ctx, req) => ranking(ctx.index, req.route, req.values, key(req.values), RANKING_PARAM[req.route.id]!));
}

const ANSWERS: Record<RouteId, Answerer> = {
  'comuni.list': listAnswer((ctx, req) => listComuni(ctx.index, req.route, req.values)),
  'comuni.search': (ctx, req) => ({ kind: 'json', body: answerSearch(ctx.index, req.route, req.values) }),
  'comuni.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  'demografia.get': yearly('demografia', 'demografico'),
  'demografia.ranking': rankingAnswer((v) => v.indicatore as RankingKey),
  'redditi.get': yearly('redditi', 'di reddito'),
  'redditi.ranking': rankingAnswer((v) => v.indicatore as RankingKey),
  'ambiente.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  'ambiente.air.ranking': rankingAnswer((v) => v.indicatore as RankingKey),
  'ambiente.soil.ranking': rankingAnswer(() => 'suolo'),
  'qualita.ranking': listAnswer((ctx, req) => {
    const { min_pop: min, max_pop: max } = req.values as { min_pop?: number; max_pop?: number };
    if (min !== undefined && max !== undefined && min > max) {
      throw new ProblemError(problem(400, `min_pop (${min}) è maggiore di max_pop (${max})`, req.instance, { invalid_params: [{ name: 'min_pop', reason: 'maggiore di max_pop' }] }));
    }
    return qualityRanking(ctx.index, req.route, req.values);
  }),
  'qualita.wizard': (ctx, req) => ({ kind: 'json', body: answerWizard(ctx.index, req.route, canonicalFilters(ctx.index, req.values, req.instance)) }),
  'qualita.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  confronta: async (ctx, req) => ({ kind: 'json', body: await answerCompare(ctx, req.route, req.values, req.instance) }),
  'confronta.national': (ctx, req) => {
    const anno = req.values.anno as number | undefined;
    if (anno !== undefined && !ctx.index.anni.nazionale.includes(anno)) throw yearNotFound(anno, ctx.index.anni.nazionale, 'nazionale', req.instance);
    return fileOf(req);
  },
  'regioni.list': (_ctx, req) => fileOf(req),
  'province.list': (_ctx, req) => fileOf(req),
  'fonti.list': (_ctx, req) => fileOf(req),
  'fonti.get': (ctx, req) => {
    if (!ctx.index.fonti.includes(req.values.fonte as string)) throw new ProblemError(problem(404, `Nessuna fonte "${req.values.fonte}". L'elenco è in /api/fonti.`, req.instance));
    return fileOf(req);
  },
  metodologia: (_ctx, req) => fileOf(req),
  copertura: (_ctx, req) => fileOf(req),
  status: (_ctx, req) => fileOf(req),
  openapi: (_ctx, req) => fileOf(req),
};

/** Decides how to answer a GET/HEAD request of an /api URL; throws ProblemError for client errors. */
export async function answer(ctx: HandlerContext, url: URL): Promise<Answer> {
  const instance = url.pathname + url.search;
  const match = matchRoute(url.pathname);
  if (!match) throw new ProblemError(problem(404, `Nessuna risorsa all'indirizzo ${url.pathname.slice(0, 200)}. Gli indirizzi validi sono descritti in /api/openapi.json.`, instance));
  const values = parseParams(match.route, match.pathParams, url.searchParams, instance);
  return ANSWERS[match.route.id as RouteId](ctx, { route: match.route, values, instance });
}

/**
 * The request handler shared by the Netlify edge function, the local server, the
 * tests and the benchmarks: web-standard Request in, Response out. `onStatic` lets a
 * runtime hand a static answer to its own file layer (Netlify rewrites to the CDN
 * file); by default the file is read from the store and served with the same headers.
 */
export function createHandler(ctx: HandlerContext, onStatic?: (path: string, request: Request) => Promise<Response | URL>) {
  return async function handle(request: Request): Promise<Response | URL> {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS') return preflightResponse(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return problemResponse(request, problem(405, `Metodo ${request.method.slice(0, 20)} non consentito: l'API è in sola lettura (GET, HEAD, OPTIONS).`, url.pathname));
    }
    let result: Answer;
    try {
      result = await answer(ctx, url);
    } catch (error) {
      if (error instanceof ProblemError) return problemResponse(request, error.problem);
      throw error;
    }
    if (result.kind === 'json') return jsonResponse(request, 200, serialize(result.body), JSON_TYPE);
    if (onStatic) return onStatic(result.path, request);
    const body = await ctx.store.read(result.path);
    if (body === null) throw new Error(`static file ${result.path} is missing from the build`);
    return jsonResponse(request, 200, body, JSON_TYPE);
  };
}
