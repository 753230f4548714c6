import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import serveHandler from 'serve-handler';
import { createHandler, handlerContext, methodNotAllowed } from '../api/handler.ts';
import { ALLOWED_METHODS, JSON_TYPE, jsonResponse, STATIC_HEADER_RULES } from '../api/http.ts';
import type { RuntimeIndex } from '../api/runtime-index.ts';
import { fsStore } from './fs-store.ts';

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

/** The Request the handler sees; the URL is parsed once (a malformed Host header must not break it). */
function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  return new Request(url, { method: req.method, headers });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end('Not Found\n');
}

/**
 * The local server: /api requests go through the same handler as the Netlify edge
 * function, which also reads the answers that are files (so a file gets the same
 * headers, ETag, 304 on a weak or listed If-None-Match, and HEAD as a computed
 * answer; serve-handler's 304 drops the headers). Everything else is public/, served
 * by serve-handler with the headers netlify.toml gives it.
 */
export function createApp(publicDir: string, index: RuntimeIndex, log: (line: string) => void = console.log): Server {
  const config = serveConfig(publicDir);
  const store = fsStore(publicDir);
  const handle = createHandler(handlerContext(index, store));
  return createServer(async (req, res) => {
    const started = performance.now();
    res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`));
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') {
        // No file name has a NUL byte, and serve-handler answers one with a 500. The edge index
        // (/_edge/) is bundled into the edge function, not a public file (netlify.toml says the same).
        if (url.pathname.includes('%00') || url.pathname.startsWith('/_edge/')) return notFound(res);
        return await serveHandler(req, res, config);
      }
      // A Request cannot carry TRACE or TRACK: every method the API refuses is answered here, as the handler answers it.
      if (!ALLOWED_METHODS.split(', ').includes(req.method ?? '')) return await send(res, await methodNotAllowed(req.method ?? '', url));
      const request = toRequest(req, url);
      // Direct file URLs (/api/comuni/058091.json) are static on Netlify too (excluded from the edge function); only their exact path (no //).
      const file = req.method !== 'OPTIONS' && url.pathname.endsWith('.json') && !url.pathname.includes('//') ? await store.read(url.pathname, url) : null;
      if (file !== null) return await send(res, await jsonResponse(request, 200, file, JSON_TYPE));
      // Without onStatic the handler always answers with a Response.
      await send(res, (await handle(request)) as Response);
    } catch (error) {
      // A bug, not bad input: report it as the problem it is, without leaking internals.
      console.error(error);
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
      res.end(JSON.stringify({ type: 'about:blank', title: 'Errore interno', status: 500, detail: 'Errore inatteso del server.', instance: req.url }));
    }
  });
}
