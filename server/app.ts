import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import serveHandler from 'serve-handler';
import { createHandler, handlerContext } from '../api/handler.ts';
import { STATIC_HEADER_RULES } from '../api/http.ts';
import type { RuntimeIndex } from '../api/runtime-index.ts';
import { fsStore } from './fs-store.ts';

/** serve-handler's form of the shared static header rules (globs are relative to public/). */
export function serveConfig(publicDir: string) {
  return {
    public: publicDir,
    cleanUrls: false,
    directoryListing: false,
    etag: true,
    headers: [...STATIC_HEADER_RULES].reverse().map((rule) => ({
      source: rule.path.replace(/^\//, '').replace(/\*$/, '**'),
      headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
    })),
  };
}

async function fileExists(path: string): Promise<boolean> {
  return (await stat(normalize(path)).catch(() => null))?.isFile() ?? false;
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(', '));
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: req.method, headers });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * The local server: /api requests go through the same handler as the Netlify edge
 * function; an answer that is a file is served by serve-handler from public/ with the
 * same headers netlify.toml gives it, as the CDN would. Everything else is public/.
 */
export function createApp(publicDir: string, index: RuntimeIndex, log: (line: string) => void = console.log): Server {
  const config = serveConfig(publicDir);
  const serveFile = (req: IncomingMessage, res: ServerResponse, path: string) => {
    req.url = path;
    return serveHandler(req, res, config);
  };
  // Files are served by serve-handler, as Netlify's CDN serves them after the edge function's rewrite.
  const handle = createHandler(handlerContext(index, fsStore(publicDir)), async (path, request) => new URL(path, request.url));
  return createServer(async (req, res) => {
    const started = performance.now();
    res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`));
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return await serveHandler(req, res, config);
      // Direct file URLs (/api/comuni/058091.json) are static on Netlify too (excluded from the edge function).
      if (url.pathname.endsWith('.json') && (await fileExists(join(publicDir, url.pathname)))) return await serveHandler(req, res, config);
      const answer = await handle(toRequest(req));
      if (answer instanceof URL) return await serveFile(req, res, answer.pathname);
      await send(res, answer);
    } catch (error) {
      // A bug, not bad input: report it as the problem it is, without leaking internals.
      console.error(error);
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
      res.end(JSON.stringify({ type: 'about:blank', title: 'Errore interno', status: 500, detail: 'Errore inatteso del server.', instance: req.url }));
    }
  });
}
