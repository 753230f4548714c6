import { canonicalUrl } from './envelope.ts';
import { COMMON_HEADERS, jsonResponse, JSON_TYPE, preflightResponse, problemResponse, serialize } from './http.ts';
import {
  canonicalFilters,
  findComune,
  incomeColumn,
  listCessati,
  listComuni,
  qualityRanking,
  ranking,
} from './lists.ts';
import { parseParams, type ParamValues } from './params.ts';
import { problem, ProblemError } from './problem.ts';
import { selectYear, type YearlyRecord } from './projection.ts';
import { matchRoute, type RouteId, type RouteSpec } from './routes.ts';
import type { IncomeRankingKey, RankingKey, RuntimeIndex } from './runtime-index.ts';
import { answerCompare } from './compare.ts';
import { answerSearch } from './search-route.ts';
import { answerWizard } from './wizard.ts';
import { precomputedListVariants, staticFilePath } from './static-files.ts';

/** Reads a file the build wrote under public/ (fetch on Netlify, the file system locally); `base` is the request URL. */
export interface StaticStore {
  read(path: string, base: URL): Promise<string | null>;
}

export interface HandlerContext {
  index: RuntimeIndex;
  store: StaticStore;
  /** Paths of the list variants written as files; computed on first use, so cold starts stay cheap. */
  staticLists: () => ReadonlySet<string>;
}

/** The context every runtime builds from the generated index. */
export function handlerContext(index: RuntimeIndex, store: StaticStore): HandlerContext {
  let lists: ReadonlySet<string> | undefined;
  return {
    index,
    store,
    staticLists: () =>
      (lists ??= new Set(precomputedListVariants(index).map((v) => staticFilePath(v.route, v.values)))),
  };
}

/** An answer is either a file the static layer serves as is, or a body computed now. */
export type Answer =
  { kind: 'static'; path: string } | { kind: 'json'; body: unknown } | { kind: 'redirect'; location: string };

/** A former code of a comune: the answer is a 301 to the same resource under today's code. */
class RedirectSignal extends Error {
  constructor(readonly location: string) {
    super(location);
  }
}

interface Request_ {
  route: RouteSpec;
  values: ParamValues;
  instance: string;
  url: URL;
}

type Answerer = (ctx: HandlerContext, req: Request_) => Promise<Answer> | Answer;

const fileOf = (req: Request_): Answer => ({ kind: 'static', path: staticFilePath(req.route, req.values) });

function requireComune(ctx: HandlerContext, req: Request_): number {
  const code = req.values.codice_istat as string;
  const at = findComune(ctx.index, code);
  if (at >= 0) return at;
  const t = ctx.index.territorio;
  const current = t.alias[code];
  if (current)
    throw new RedirectSignal(
      `${req.url.pathname
        .split('/')
        .map((s) => (s === code ? current : s))
        .join('/')}${req.url.search}`,
    );
  const ceased = t.codici_cessati[code];
  const record = ceased ? t.cessati.find((c) => c.codice_catastale === ceased) : undefined;
  if (record) {
    const successori = record.successori.map((s) => ({ ...s, link: `/api/comuni/${s.codice_istat}` }));
    const names = successori.map((s) => `${s.nome} (${s.codice_istat})`).join(', ');
    const detail = `Il codice ISTAT ${code} era di ${record.nome}, comune cessato il ${record.data_cessazione}${names ? `: oggi il territorio è parte di ${names}` : ': successore non accertato'}. Scheda: /api/comuni/cessati/${record.codice_catastale}.`;
    throw new ProblemError(problem(404, detail, req.instance, { successori }));
  }
  throw new ProblemError(
    problem(404, `Nessun comune con codice ISTAT ${code}. L'elenco dei codici è in /api/comuni.`, req.instance),
  );
}

export function yearNotFound(anno: number, available: readonly number[], what: string, instance: string): ProblemError {
  return new ProblemError(
    problem(404, `Nessun dato ${what} per l'anno ${anno}. Anni disponibili: ${available.join(', ')}.`, instance, {
      anni_disponibili: [...available],
    }),
  );
}

/** Reads a record file the build wrote; a missing file for a known key is a build defect, not a user error. */
export async function readRecord<T>(ctx: HandlerContext, path: string, base: URL): Promise<T> {
  const text = await ctx.store.read(path, base);
  if (text === null) throw new Error(`static file ${path} is missing from the build`);
  return JSON.parse(text) as T;
}

function yearly(domain: 'demografia' | 'redditi', what: string): Answerer {
  return async (ctx, req) => {
    requireComune(ctx, req);
    const anno = req.values.anno as number | undefined;
    const base = { ...req.values, anno: undefined };
    if (anno === undefined || anno === ctx.index.anni_predefiniti[domain])
      return { kind: 'static', path: staticFilePath(req.route, base) };
    if (!ctx.index.anni[domain].includes(anno)) throw yearNotFound(anno, ctx.index.anni[domain], what, req.instance);
    const record = await readRecord<YearlyRecord<{ anno: number }>>(ctx, staticFilePath(req.route, base), req.url);
    const projected = selectYear(record, anno, canonicalUrl(req.route, req.values));
    if (!projected) throw yearNotFound(anno, record.anni_disponibili, `${what} per questo comune`, req.instance);
    return { kind: 'json', body: projected };
  };
}

type ListCompute = (index: RuntimeIndex, route: RouteSpec, values: ParamValues, instance: string) => unknown;

function qualityList(index: RuntimeIndex, route: RouteSpec, values: ParamValues, instance: string) {
  const { min_pop: min, max_pop: max } = values as { min_pop?: number; max_pop?: number };
  if (min !== undefined && max !== undefined && min > max) {
    throw new ProblemError(
      problem(400, `min_pop (${min}) è maggiore di max_pop (${max})`, instance, {
        invalid_params: [{ name: 'min_pop', reason: 'maggiore di max_pop' }],
      }),
    );
  }
  return qualityRanking(index, route, values);
}

/** Income rankings of any tax year: the default one from `classifiche`, the others from `classifiche_redditi_per_anno`. */
function incomeRanking(index: RuntimeIndex, route: RouteSpec, values: ParamValues, instance: string) {
  const anno = values.anno as number | undefined;
  const column = incomeColumn(index, values.indicatore as IncomeRankingKey, anno);
  if (!column) throw yearNotFound(anno!, index.anni.redditi, 'di reddito', instance);
  return ranking(index, route, values, column, 'ordine');
}

/** The list routes and the function that computes each: used at build time for the files and at request time for everything else. */
const LIST_COMPUTE: Partial<Record<RouteId, ListCompute>> = {
  'comuni.list': (index, route, values) => listComuni(index, route, values),
  'comuni.cessati.list': (index, route, values) => listCessati(index, route, values),
  'demografia.ranking': (index, route, values) =>
    ranking(index, route, values, index.classifiche[values.indicatore as RankingKey], 'ordine'),
  'redditi.ranking': incomeRanking,
  'ambiente.air.ranking': (index, route, values) =>
    ranking(index, route, values, index.classifiche[values.indicatore as RankingKey], 'order'),
  'ambiente.soil.ranking': (index, route, values) => ranking(index, route, values, index.classifiche.suolo, 'order'),
  'qualita.ranking': qualityList,
};

/** Body of a list route for canonical parameter values. */
export function computeList(
  index: RuntimeIndex,
  route: RouteSpec,
  values: ParamValues,
  instance = canonicalUrl(route, values),
): unknown {
  const compute = LIST_COMPUTE[route.id as RouteId];
  if (!compute) throw new Error(`${route.id} is not a list route`);
  return compute(index, route, values, instance);
}

const listAnswer: Answerer = (ctx, req) => {
  const values = canonicalFilters(ctx.index, req.values, req.instance);
  // The default tax year asked explicitly is the same answer as no year: same file.
  if (req.route.id === 'redditi.ranking' && values.anno === ctx.index.anni_predefiniti.redditi) values.anno = undefined;
  const path = staticFilePath(req.route, values);
  if (ctx.staticLists().has(path)) return { kind: 'static', path };
  return { kind: 'json', body: computeList(ctx.index, req.route, values, req.instance) };
};

const ANSWERS: Record<RouteId, Answerer> = {
  'comuni.list': listAnswer,
  'comuni.search': (ctx, req) => ({ kind: 'json', body: answerSearch(ctx.index, req.route, req.values) }),
  'comuni.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  'comuni.cessati.list': listAnswer,
  'comuni.cessati.get': (ctx, req) => {
    const codice_catastale = (req.values.codice_catastale as string).toUpperCase();
    if (!ctx.index.territorio.cessati.some((c) => c.codice_catastale === codice_catastale)) {
      throw new ProblemError(
        problem(
          404,
          `Nessun comune cessato dal 1991 con codice catastale ${codice_catastale}. L'elenco è in /api/comuni/cessati; i comuni attuali si cercano con /api/comuni?codice_catastale=.`,
          req.instance,
        ),
      );
    }
    return fileOf({ ...req, values: { ...req.values, codice_catastale } });
  },
  'comuni.confini': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  'demografia.get': yearly('demografia', 'demografico'),
  'demografia.ranking': listAnswer,
  'redditi.get': yearly('redditi', 'di reddito'),
  'redditi.ranking': listAnswer,
  'ambiente.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  'ambiente.air.ranking': listAnswer,
  'ambiente.soil.ranking': listAnswer,
  'qualita.ranking': listAnswer,
  'qualita.wizard': (ctx, req) => ({
    kind: 'json',
    body: answerWizard(ctx.index, req.route, canonicalFilters(ctx.index, req.values, req.instance)),
  }),
  'qualita.get': (ctx, req) => (requireComune(ctx, req), fileOf(req)),
  confronta: async (ctx, req) => ({
    kind: 'json',
    body: await answerCompare(ctx, req.route, req.values, req.instance, req.url),
  }),
  'confronta.national': (ctx, req) => {
    const anno = req.values.anno as number | undefined;
    if (anno !== undefined && !ctx.index.anni.nazionale.includes(anno))
      throw yearNotFound(anno, ctx.index.anni.nazionale, 'nazionale', req.instance);
    return fileOf(req);
  },
  'regioni.list': (_ctx, req) => fileOf(req),
  'province.list': (_ctx, req) => fileOf(req),
  'fonti.list': (_ctx, req) => fileOf(req),
  'fonti.get': (ctx, req) => {
    if (!ctx.index.fonti.includes(req.values.fonte as string))
      throw new ProblemError(
        problem(404, `Nessuna fonte "${req.values.fonte}". L'elenco è in /api/fonti.`, req.instance),
      );
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
  if (!match)
    throw new ProblemError(
      problem(
        404,
        `Nessuna risorsa all'indirizzo ${url.pathname.slice(0, 200)}. Gli indirizzi validi sono descritti in /api/openapi.json.`,
        instance,
      ),
    );
  const values = parseParams(match.route, match.pathParams, url.searchParams, instance);
  try {
    return await ANSWERS[match.route.id as RouteId](ctx, { route: match.route, values, instance, url });
  } catch (error) {
    if (error instanceof RedirectSignal) return { kind: 'redirect', location: error.location };
    throw error;
  }
}

/** 405 for any method but GET, HEAD and OPTIONS; runtimes also call it for methods a Request cannot carry (TRACE, TRACK). */
export function methodNotAllowed(method: string, url: URL): Promise<Response> {
  return problemResponse(
    new Request(url),
    problem(
      405,
      `Metodo ${method.slice(0, 20)} non consentito: l'API è in sola lettura (GET, HEAD, OPTIONS).`,
      url.pathname,
    ),
  );
}

/**
 * The request handler shared by the Netlify edge function, the local server, the
 * tests and the benchmarks: web-standard Request in, Response out. `onStatic` lets a
 * runtime hand a static answer to its own file layer (Netlify rewrites to the CDN
 * file); by default the file is read from the store and served with the same headers.
 */
export function createHandler(
  ctx: HandlerContext,
  onStatic?: (path: string, request: Request) => Promise<Response | URL>,
) {
  return async function handle(request: Request): Promise<Response | URL> {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS') return preflightResponse(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method, url);
    let result: Answer;
    try {
      result = await answer(ctx, url);
    } catch (error) {
      if (error instanceof ProblemError) return problemResponse(request, error.problem);
      throw error;
    }
    if (result.kind === 'json') return jsonResponse(request, 200, serialize(result.body), JSON_TYPE);
    if (result.kind === 'redirect')
      return new Response(null, { status: 301, headers: { ...COMMON_HEADERS, Location: result.location } });
    if (onStatic) return onStatic(result.path, request);
    const body = await ctx.store.read(result.path, url);
    if (body === null) throw new Error(`static file ${result.path} is missing from the build`);
    return jsonResponse(request, 200, body, JSON_TYPE);
  };
}
