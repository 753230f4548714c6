import { createReadStream, lstat } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import serveHandler from 'serve-handler';
import { csvPatterns, excludedPatterns, reachesFunction } from '../api/cdn-layer.ts';
import { createHandler, errorBoundary, handlerContext, methodNotAllowed } from '../api/handler.ts';
import { ALLOWED_METHODS, problemResponse, STATIC_HEADER_RULES } from '../api/http.ts';
import { problem } from '../api/problem.ts';
import type { IndexData } from '../api/runtime-index.ts';
import { fsStore } from '../api/fs-store.ts';
import { chooseEncoding, compressionCache, isCompressible, type CompressionCache } from './compress.ts';
import { RATE_WINDOW_SECONDS, rateLimiter } from './rate-limit.ts';
import { answerCache } from './answer-cache.ts';
import { entryOf, staticFiles } from './static-files.ts';

/** serve-handler's form of the shared static header rules (globs are relative to public/). */
export function serveConfig(publicDir: string) {
  return {
    public: publicDir,
    cleanUrls: false,
    directoryListing: false,
    // The documentation site's home page, as Netlify serves it.
    rewrites: [{ source: '/', destination: '/index.html' }],
    etag: true,
    headers: [...STATIC_HEADER_RULES].reverse().map((rule) => ({
      source: rule.path.replace(/^\//, '').replace(/\*$/, '**'),
      headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
    })),
  };
}

const BASE = 'http://localhost';

/** The Request the handler sees; the URL is parsed once (a malformed Host header must not break it). */
function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  return new Request(url, { method: req.method, headers });
}

/** Writes a Response, compressed (server/compress.ts) when its type allows and the client accepts it. */
async function send(
  res: ServerResponse,
  response: Response,
  req?: IncomingMessage,
  cache?: CompressionCache,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  if (!response.body) return void res.end();
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  if (req && cache && isCompressible(response.headers.get('content-type'))) {
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const packed = encoding && (await cache.compress(body, encoding, response.headers.get('etag')));
    if (packed) {
      res.setHeader('Content-Encoding', encoding);
      body = packed;
    }
  }
  res.setHeader('Content-Length', body.byteLength);
  res.end(body);
}

/** The site's own 404 page (Italian, with a way home) when the build wrote one, as Netlify serves it. */
async function notFound(res: ServerResponse, publicDir: string): Promise<void> {
  const page = await readFile(join(publicDir, '404.html')).catch(() => null);
  res.writeHead(404, {
    'Content-Type': page ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(page ?? 'Not Found\n');
}

/** Folders of the output that are not public (the edge index is bundled into the edge function). */
const PRIVATE_PREFIXES = ['/_edge/'];

/**
 * The path a file server would resolve: percent-decoded, dot segments and repeated slashes
 * folded, as serve-handler does before it opens a file. The public/private check runs on this,
 * so no spelling (/%5Fedge/, //_edge/, /x/..%2F_edge/) reaches a private file. null: undecodable.
 */
export function resolvedPath(pathname: string): string | null {
  try {
    return posix.normalize(decodeURIComponent(pathname).replace(/\/{2,}/g, '/'));
  } catch {
    return null;
  }
}

const isPrivate = (path: string) =>
  path.includes('\0') || PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);

const lstatAsync = promisify(lstat);

/** The URLs the CDN answers from a file (api/cdn-layer.ts: path-only routes, direct .json URLs), as one expression. */
const STATIC_LAYER = new RegExp(
  excludedPatterns()
    .map((pattern) => `(?:${pattern})`)
    .join('|'),
);

/**
 * Plain URLs of lists that answer CSV by `Accept` (api/csv.ts): with `text/csv` they are the handler's, as on
 * Netlify, where an edge function declared on them with that header condition answers (netlify/edge-functions/csv.ts).
 */
const CSV_BY_ACCEPT = new RegExp(
  csvPatterns()
    .map((pattern) => `(?:${pattern})`)
    .join('|'),
);

/** Only plain spellings: no query, no percent-encoding, no dot segment, no empty segment. */
const PLAIN_API_TARGET = /^\/api\/[\w\-/.]*$/;

/**
 * The file that answers a request target of the static layer in its plain spelling, else null
 * (the target then goes the general way: URL parsing, the handler, which answers the same).
 */
export function staticLayerFile(target: string, accept = ''): string | null {
  if (!PLAIN_API_TARGET.test(target) || target.includes('//') || target.includes('/.') || !STATIC_LAYER.test(target))
    return null;
  if (accept.includes('text/csv') && CSV_BY_ACCEPT.test(target)) return null;
  return target.endsWith('.json') ? target : `${target}.json`;
}

/**
 * public/ through serve-handler, with two of its answers corrected: a path the file
 * system rejects (a segment over 255 bytes: ENAMETOOLONG) is a missing file, not a 500;
 * and an unsatisfiable Range gets its 416 without the whole file as body.
 */
function serveStatic(req: IncomingMessage, res: ServerResponse, config: ReturnType<typeof serveConfig>): Promise<void> {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: OutgoingHttpHeaders) => ServerResponse;
  res.writeHead = ((status: number, headers?: OutgoingHttpHeaders) =>
    writeHead(status, status === 416 ? { ...headers, 'Content-Length': 0 } : headers)) as typeof res.writeHead;
  return serveHandler(req, res, config, {
    lstat: (async (path: string) => {
      try {
        return await lstatAsync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENAMETOOLONG')
          throw Object.assign(new Error('not found'), { code: 'ENOENT' });
        throw error;
      }
    }) as never,
    createReadStream: ((path: string, options: object) =>
      res.statusCode === 416 ? Readable.from([]) : createReadStream(path, options)) as never,
  });
}

export interface AppOptions {
  /** Requests per client IP per minute; null or undefined: no limit. */
  rateLimitPerMinute?: number | null;
  /** Bytes of computed answers kept by URL (server/answer-cache.ts); 0 keeps none. */
  answerCacheBytes?: number;
}

/**
 * Slow or idle clients must not hold sockets for ever (slowloris): unfinished headers are cut
 * after 10 s (checked every second, not Node's default 30 s), an idle keep-alive socket after
 * 5 s. The cap bounds sockets and memory (an idle socket costs a few KB) well above what idle
 * clients can hold within those timeouts, so they do not keep normal clients out.
 */
const SERVER_LIMITS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  maxConnections: 20_000,
} as const;

/**
 * The local server: /api requests go through the same handler as the Netlify edge
 * function, which also reads the answers that are files (so a file gets the same
 * headers, ETag, 304 on a weak or listed If-None-Match, and HEAD as a computed
 * answer; serve-handler's 304 drops the headers). Everything else is public/, served
 * by serve-handler with the headers netlify.toml gives it.
 */
export function createApp(
  publicDir: string,
  data: IndexData,
  log: (line: string) => void = console.log,
  options: AppOptions = {},
): Server {
  const config = serveConfig(publicDir);
  const store = fsStore(publicDir);
  const limiter = options.rateLimitPerMinute ? rateLimiter(options.rateLimitPerMinute) : null;
  const compressed = compressionCache();
  const files = staticFiles(publicDir, compressed);
  const answers = answerCache(options.answerCacheBytes);
  // The handler hands an answer that is a file back (as Netlify's function rewrites to the CDN's file): the
  // server sends it from memory like any file, with no Response and no copy of its body per request.
  const filePaths = new WeakMap<URL, string>();
  const fileAnswer = async (path: string): Promise<URL> => {
    const marker = new URL(BASE);
    filePaths.set(marker, path);
    return marker;
  };
  const sendFile = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const entry = await files.entry(path);
    if (!entry) throw new Error(`static file ${path} is missing from the build`);
    return files.send(req, res, entry);
  };
  const handle = createHandler(handlerContext(data, store), fileAnswer);
  const server = createServer({ connectionsCheckingInterval: 1_000 }, async (req, res) => {
    const started = performance.now();
    const logLine = () =>
      log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
    // The static layer's files, as the CDN serves them: straight from memory, no URL, Request or Response
    // object, no handler (a file missing from the build, a ceased or former code, goes the general way).
    const file =
      (req.method === 'GET' || req.method === 'HEAD') && req.url ? staticLayerFile(req.url, req.headers.accept) : null;
    try {
      const entry = file && (files.hot(file) ?? (await files.entry(file)));
      if (entry) {
        const sent = files.send(req, res, entry);
        if (sent) await sent;
        return logLine();
      }
    } catch {
      // An unreadable file: the general way answers it within the error boundary.
    }
    res.on('finish', logLine);
    // An origin-form target is a path even when it starts with // (not an authority, as URL would read it).
    const target = req.url?.startsWith('/') ? BASE + req.url : (req.url ?? '/');
    const url = URL.canParse(target, BASE) ? new URL(target, BASE) : null;
    if (!url) return send(res, await problemResponse(new Request(BASE), problem(400, 'Indirizzo non valido.', '/')));
    // The core's error boundary covers the static files too: a bug anywhere is the same problem+json 500.
    const response = await errorBoundary(new Request(url), async () => {
      // Counted as Netlify counts: calls of the edge function, never files, the site or preflights.
      const counted = limiter && req.method !== 'OPTIONS' && reachesFunction(url);
      const retryAfter = counted ? limiter.check(req.socket.remoteAddress ?? '') : null;
      if (retryAfter !== null) return tooManyRequests(url, options.rateLimitPerMinute!, retryAfter);
      // Read-only everywhere: the site and the bulk files refuse PUT, DELETE, TRACE… as the API does. A Request cannot carry TRACE or TRACK, so this is answered here.
      if (!ALLOWED_METHODS.split(', ').includes(req.method ?? '')) return methodNotAllowed(req.method ?? '', url);
      if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') {
        // No file name has a NUL byte, and serve-handler answers one with a 500. The edge index
        // (/_edge/) is bundled into the edge function, not a public file (netlify.toml says the same).
        const path = resolvedPath(url.pathname);
        if (path === null || isPrivate(path)) return notFound(res, publicDir);
        // Pages, scripts and styles, compressed and kept in memory; anything else (and ranges) as files.
        if (!req.headers.range && (await files.serve(req, res, path))) return;
        return serveStatic(req, res, config);
      }
      const request = toRequest(req, url);
      // Direct file URLs (/api/comuni/058091.json) are static on Netlify too (excluded from the edge function),
      // whatever their query string; only their exact path (no //).
      const direct =
        req.method !== 'OPTIONS' && url.pathname.endsWith('.json') && !url.pathname.includes('//')
          ? await files.entry(url.pathname)
          : null;
      if (direct !== null) return files.send(req, res, direct);
      // A computed answer already given for this URL (and Accept: lists also answer CSV) comes from memory.
      const key =
        req.method === 'GET' || req.method === 'HEAD'
          ? `${url.pathname}${url.search}\n${req.headers.accept ?? ''}`
          : null;
      const kept = key === null ? undefined : answers.get(key);
      if (kept) return files.send(req, res, kept);
      const response = await handle(request);
      if (response instanceof URL) return sendFile(req, res, filePaths.get(response)!);
      if (key === null || req.method !== 'GET' || response.status !== 200) return response;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      const entry = entryOf(Buffer.from(await response.arrayBuffer()), headers);
      answers.set(key, entry);
      return files.send(req, res, entry);
    });
    if (!response) return;
    // A file that failed after its headers went out: nothing better than cutting the connection.
    if (res.headersSent) res.destroy();
    else await send(res, response, req, compressed);
  });
  return Object.assign(server, SERVER_LIMITS);
}

function tooManyRequests(url: URL, limit: number, retryAfter: number): Promise<Response> {
  const detail = `Più di ${limit} richieste in ${RATE_WINDOW_SECONDS} secondi da questo indirizzo: riprovare fra ${retryAfter} s. Per usi intensivi scaricate il dataset completo da /dati/.`;
  return problemResponse(new Request(url), problem(429, detail, url.pathname + url.search), {
    'Retry-After': String(retryAfter),
    // A refusal of this client now, not a representation anyone may cache.
    'Cache-Control': 'no-store',
  });
}
