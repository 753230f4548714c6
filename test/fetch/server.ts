import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UrlMap } from '../../generator/fetch/url-map.ts';

/**
 * A local stand-in for the publishers: node:http on 127.0.0.1, random port. Official URLs
 * are mapped to it by prefix (`urlMap`): https://host/path → <origin>/https/host/path, so
 * every route is registered under the official URL it replaces and no request can leave
 * the machine (any URL without a route answers 404).
 */
export type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

export class TestServer {
  private readonly routes = new Map<string, Handler>();
  private readonly counts = new Map<string, number>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestServer> {
    let self: TestServer | undefined;
    const server = createServer((req, res) => self!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new TestServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** The FETCH_URL_MAP that sends every official http(s) URL here. */
  get urlMap(): UrlMap {
    return { 'https://': `${this.origin}/https/`, 'http://': `${this.origin}/http/` };
  }

  /** Where an official URL is served locally. */
  local(officialUrl: string): string {
    return officialUrl.replace(/^(https?):\/\//, `${this.origin}/$1/`);
  }

  on(officialUrl: string, handler: Handler): this {
    this.routes.set(officialUrl, handler);
    return this;
  }

  hits(officialUrl: string): number {
    return this.counts.get(officialUrl) ?? 0;
  }

  resetHits(): void {
    this.counts.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const m = /^\/(https?)\/(.*)$/.exec(req.url ?? '');
    const official = m ? `${m[1]}://${m[2]}` : '';
    const handler = this.routes.get(official);
    const hit = (this.counts.get(official) ?? 0) + 1;
    this.counts.set(official, hit);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`no route for ${official || req.url}`);
      return;
    }
    handler(req, res, hit);
  }
}

export function serve(body: Uint8Array | string, contentType = 'application/octet-stream'): Handler {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': bytes.length }).end(bytes);
  };
}

export const PAGE =
  '<!DOCTYPE html>\n<html lang="it"><head><title>Dati aperti</title></head><body><a href="/file.csv">Scarica</a></body></html>\n';

export function html(page = PAGE): Handler {
  return serve(page, 'text/html; charset=utf-8');
}

export function status(code: number, body = `error ${code}`): Handler {
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'text/plain' }).end(body);
  };
}

/** Hit n is answered by handlers[n−1]; the last handler answers every later hit. */
export function sequence(...handlers: Handler[]): Handler {
  return (req, res, hit) => handlers[Math.min(hit, handlers.length) - 1]!(req, res, hit);
}

/** Announces the full Content-Length, sends only part of the body, then drops the connection. */
export function truncated(body: Uint8Array | string, sent = 0.5): Handler {
  const bytes = Buffer.from(body);
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': bytes.length });
    res.write(bytes.subarray(0, Math.floor(bytes.length * sent)), () => setTimeout(() => res.destroy(), 20));
  };
}

/** Sends the head and never a byte of the body. */
export function stall(): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': 100 });
    res.flushHeaders();
  };
}

export function redirect(location: string, code = 302): Handler {
  return (_req, res) => {
    res.writeHead(code, { location }).end();
  };
}
