/** What every answer function gets: the runtime's index and file store, the typed request, and the answer kinds. */
import type { RouteSpec, Values } from './contract.ts';
import { problem, ProblemError } from './problem.ts';
import type { FullIndexData, IncomeRankingsLoader, IndexData, RuntimeIndex, StartupIndex } from './runtime-index.ts';
import { getOrSet } from '../lib/maps.ts';
import type { ListRouteId } from './routes.ts';
import { precomputedListVariants, staticFilePath } from './static-files.ts';

/** Reads a file the build wrote under public/ (fetch on Netlify, the file system locally); `base` is the request URL. */
export interface StaticStore {
  read(path: string, base: URL): Promise<string | null>;
}

export interface HandlerContext {
  /** The index every cold start loads (search, records, territory). */
  index: StartupIndex;
  store: StaticStore;
  /** The whole index and the past tax years' income rankings: the later parts imported on the first call, each year once. */
  full: () => Promise<FullIndexData>;
  /** Paths of a list route's variants written as files; computed on first use, so cold starts stay cheap. */
  staticLists: (id: ListRouteId) => Promise<ReadonlySet<string>>;
}

/** The whole index: the startup index and its later parts. */
export async function fullIndex({ index, laterParts }: IndexData): Promise<RuntimeIndex> {
  return { ...index, ...(await laterParts()) };
}

/** The context every runtime builds from the generated index. */
export function handlerContext(data: IndexData, store: StaticStore): HandlerContext {
  const lists = new Map<ListRouteId, Promise<ReadonlySet<string>>>();
  // Once per year: a module already imported still costs a trip through the loader at each import() (a comparison asks 24 years).
  const years = new Map<number, ReturnType<IncomeRankingsLoader>>();
  const incomeRankings: IncomeRankingsLoader = (anno) => getOrSet(years, anno, () => data.incomeRankings(anno));
  let full: Promise<FullIndexData> | undefined;
  const whole = () => (full ??= fullIndex(data).then((index) => ({ index, incomeRankings })));
  return {
    index: data.index,
    store,
    full: whole,
    staticLists: (id) =>
      getOrSet(lists, id, async () => {
        const variants = precomputedListVariants((await whole()).index, id);
        return new Set(variants.map((v) => staticFilePath(v.route, v.values)));
      }),
  };
}

/**
 * An answer is either a file the static layer serves as is, a body computed now, a CSV text (api/csv.ts), or
 * a redirect. `negotiated`: the route also answers CSV by `Accept`, so caches must vary on it.
 */
export type Answer =
  | { kind: 'static'; path: string; negotiated?: boolean }
  | {
      kind: 'json';
      body: unknown;
      /** serialize(body), where the answer made it cheaper (an embedded file not serialized again). */
      text?: string;
      negotiated?: boolean;
    }
  | { kind: 'csv'; text: string; filename: string }
  | { kind: 'redirect'; location: string };

/** A request of route R, its parameters validated and typed by the route's schemas. */
export interface AnswerRequest<R extends RouteSpec> {
  route: R;
  values: Values<R>;
  instance: string;
  url: URL;
}

/** The answer function of route R (the `RouteHandler<R>` of this API); throws ProblemError for client errors. */
export type Answerer<R extends RouteSpec> = (ctx: HandlerContext, req: AnswerRequest<R>) => Promise<Answer> | Answer;

/** A former code of a comune: the answer is a 301 to the same resource under today's code. */
export class RedirectSignal extends Error {
  constructor(readonly location: string) {
    super(location);
  }
}

export function yearNotFound(anno: number, available: readonly number[], what: string, instance: string): ProblemError {
  return new ProblemError(
    problem(404, `Nessun dato ${what} per l'anno ${anno}. Anni disponibili: ${available.join(', ')}.`, instance, {
      anni_disponibili: [...available],
    }),
  );
}

/** Reads a file the build wrote; a missing file for a known key is a build defect, not a user error. */
export async function readBuiltFile(ctx: HandlerContext, path: string, base: URL): Promise<string> {
  const text = await ctx.store.read(path, base);
  if (text === null) throw new Error(`static file ${path} is missing from the build`);
  return text;
}

/** A record file the build wrote and validated against the schema of type T. */
export async function readRecord<T>(ctx: HandlerContext, path: string, base: URL): Promise<T> {
  return JSON.parse(await readBuiltFile(ctx, path, base));
}
