/**
 * The request handler shared by the Netlify edge function, the local server, the build
 * (OpenAPI examples), the tests and the benchmarks: web-standard Request in, Response
 * out. It owns the one error boundary, so the runtimes' adapters never see an error.
 */
import type { HandlerContext } from './context.ts';
import { answer } from './dispatch.ts';
import { COMMON_HEADERS, jsonResponse, JSON_TYPE, preflightResponse, problemResponse, serialize } from './http.ts';
import { internalProblem, problem, ProblemError } from './problem.ts';
import { CSV_TYPE } from './csv.ts';

/** Lists, rankings and the comparison answer JSON or CSV at the same URL, by `Accept`. */
const VARY_ACCEPT = { Vary: 'Accept' };

// The core's entry points, for the runtimes, the build and the benchmarks.
export { fullIndex, handlerContext, type HandlerContext, type StaticStore } from './context.ts';
export { answer } from './dispatch.ts';
export { computeList } from './answers/lists.ts';

/** What the boundary does with an unexpected error before answering 500: log it (the build passes one that rethrows). */
export type ErrorLog = (error: unknown, request: Request) => void;

const logToConsole: ErrorLog = (error, request) => console.error(`${request.method} ${request.url}:`, error);

/**
 * The one error boundary: a ProblemError is its problem+json answer; anything else is a bug,
 * logged and answered with a problem+json 500 that no cache keeps. A `log` that throws
 * makes the error escape instead (the build fails loudly on it).
 */
export async function errorBoundary<T>(
  request: Request,
  work: () => Promise<T>,
  log: ErrorLog = logToConsole,
): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError) return problemResponse(request, error.problem);
    log(error, request);
    const url = new URL(request.url);
    return problemResponse(request, internalProblem(url.pathname + url.search), { 'Cache-Control': 'no-store' });
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
 * `onStatic` lets a runtime hand a static answer to its own file layer (Netlify rewrites
 * to the CDN file); by default the file is read from the store and served with the same headers.
 */
export function createHandler(
  ctx: HandlerContext,
  onStatic?: (path: string, request: Request) => Promise<Response | URL>,
  log?: ErrorLog,
) {
  return (request: Request): Promise<Response | URL> =>
    errorBoundary(
      request,
      async () => {
        const url = new URL(request.url);
        if (request.method === 'OPTIONS') return preflightResponse(request);
        if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(request.method, url);
        const result = await answer(ctx, url, request.headers.get('Accept'));
        if (result.kind === 'json')
          return jsonResponse(
            request,
            200,
            result.text ?? serialize(result.body),
            JSON_TYPE,
            result.negotiated ? VARY_ACCEPT : {},
          );
        if (result.kind === 'csv')
          return jsonResponse(request, 200, result.text, CSV_TYPE, {
            ...VARY_ACCEPT,
            'Content-Disposition': `attachment; filename="${result.filename}"`,
          });
        if (result.kind === 'redirect')
          return new Response(null, { status: 301, headers: { ...COMMON_HEADERS, Location: result.location } });
        if (onStatic) return onStatic(result.path, request);
        const body = await ctx.store.read(result.path, url);
        if (body === null) throw new Error(`static file ${result.path} is missing from the build`);
        return jsonResponse(request, 200, body, JSON_TYPE, result.negotiated ? VARY_ACCEPT : {});
      },
      log,
    );
}
