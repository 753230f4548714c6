import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexData, RuntimeIndex } from '../../api/runtime-index.ts';
import { createApp } from '../../server/app.ts';
import { rateLimiter, rateLimitFromEnv } from '../../server/rate-limit.ts';

/** A raw request (fetch refuses TRACE and normalises paths), answered with status, headers and body. */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

// The static side of the server needs no data: an index that is never read is enough.
const NO_INDEX: IndexData = {
  index: {} as RuntimeIndex,
  laterParts: async () => ({}) as RuntimeIndex,
  incomeRankings: async () => null,
};

describe('the local server outside /api', () => {
  let dir: string;
  let port: number;
  let close: () => Promise<void>;
  const file = 'x'.repeat(5000);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hardening-'));
    await mkdir(join(dir, 'dati'));
    await writeFile(join(dir, 'dati', 'comuni.csv'), file);
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const server = createApp(dir, NO_INDEX, () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the edge index private under every spelling of its path, answering the site 404 page', async () => {
    await mkdir(join(dir, '_edge'));
    await writeFile(join(dir, '_edge', 'edge-index.json'), '{}');
    await writeFile(join(dir, '404.html'), '<!doctype html><html lang="it"><title>Pagina non trovata</title>');
    for (const path of [
      '/_edge/edge-index.json',
      '/%5Fedge/edge-index.json',
      '/%5fedge/edge%2Dindex.json',
      '//_edge/edge-index.json',
      '/x/..%2F_edge/edge-index.json',
      '/dati/%2E%2E/_edge/edge-index.json',
    ]) {
      const answer = await raw(port, 'GET', path);
      expect([answer.status, answer.body.includes('lang="it"')], path).toEqual([404, true]);
    }
    await rm(join(dir, '404.html'));
  });

  it('compresses pages for a client that accepts it, with Vary, and keeps the ETag and 304', async () => {
    const page = `<!doctype html><p>${'comuni '.repeat(1000)}</p>`;
    await writeFile(join(dir, 'page.html'), page);
    const br = await raw(port, 'GET', '/page.html', { 'Accept-Encoding': 'gzip, br' });
    expect([br.status, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'Accept-Encoding']);
    const gz = await raw(port, 'GET', '/page.html', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await raw(port, 'GET', '/page.html');
    expect([plain.headers['content-encoding'], plain.body.length]).toEqual([undefined, page.length]);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    const again = await raw(port, 'GET', '/page.html', { 'If-None-Match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answers a path segment longer than a file name can be with a 404, not a 500', async () => {
    for (const path of [`/${'a'.repeat(256)}`, `/dati/${'%C3%A9'.repeat(200)}.csv`, `/${'b'.repeat(300)}/x`]) {
      expect((await raw(port, 'GET', path)).status, path.slice(0, 20)).toBe(404);
    }
  });

  it('answers a request target no URL can be made of with a 400 problem, not a 500', async () => {
    const answer = await raw(port, 'GET', 'http://host:port/x');
    expect([answer.status, answer.headers['content-type']]).toEqual([400, 'application/problem+json; charset=utf-8']);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 400, detail: 'Indirizzo non valido.' });
  });

  it('answers an unsatisfiable range with 416 and no body, a valid range with the bytes asked for', async () => {
    const bad = await raw(port, 'GET', '/dati/comuni.csv', { Range: 'bytes=9000-9999' });
    expect([bad.status, bad.body, bad.headers['content-range']]).toEqual([416, '', `bytes */${file.length}`]);
    const good = await raw(port, 'GET', '/dati/comuni.csv', { Range: 'bytes=0-9' });
    expect([good.status, good.body]).toEqual([206, 'x'.repeat(10)]);
  });

  it('refuses every method but GET, HEAD and OPTIONS on static files, like the API', async () => {
    for (const method of ['PUT', 'DELETE', 'POST', 'PATCH', 'TRACE']) {
      const reply = await raw(port, method, '/dati/comuni.csv');
      expect([reply.status, reply.headers['content-type'], reply.headers.allow], method).toEqual([
        405,
        'application/problem+json; charset=utf-8',
        'GET, HEAD, OPTIONS',
      ]);
      expect(JSON.parse(reply.body)).toMatchObject({ status: 405 });
    }
    expect((await raw(port, 'GET', '/dati/comuni.csv')).status).toBe(200);
  });
});

describe('rate limiting of the local server', () => {
  it('reads RATE_LIMIT_PER_MINUTE: off when unset, a positive integer otherwise', () => {
    expect(rateLimitFromEnv(undefined)).toBeNull();
    expect(rateLimitFromEnv('')).toBeNull();
    expect(rateLimitFromEnv('60')).toBe(60);
    expect(() => rateLimitFromEnv('0')).toThrow();
    expect(() => rateLimitFromEnv('ten')).toThrow();
  });

  it('lets N requests a minute through per client, then says how long to wait; other clients are not affected', () => {
    const limiter = rateLimiter(3);
    const t0 = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.check('a', t0 + i * 1000))).toEqual([null, null, null]);
    expect(limiter.check('a', t0 + 10_000)).toBe(50);
    expect(limiter.check('b', t0 + 10_000)).toBeNull();
    expect(limiter.check('a', t0 + 59_500)).toBe(1);
    expect(limiter.check('a', t0 + 60_000)).toBeNull();
  });

  it('answers the 61st function call of a minute with 429 problem+json and Retry-After when the limit is 60, and counts what Netlify counts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ratelimit-'));
    await writeFile(join(dir, 'index.html'), 'ok');
    const server = createApp(dir, NO_INDEX, () => {}, { rateLimitPerMinute: 60 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // Files and pages are the CDN's on Netlify: never counted. A search (here a 400: too short) is a function call.
      for (let i = 0; i < 70; i++) expect((await raw(port, 'GET', '/index.html')).status).toBe(200);
      for (let i = 0; i < 60; i++) expect((await raw(port, 'GET', '/api/comuni/cerca?q=a')).status).toBe(400);
      const limited = await raw(port, 'GET', '/api/demografia/058091?anno=2020');
      expect([limited.status, limited.headers['content-type']]).toEqual([
        429,
        'application/problem+json; charset=utf-8',
      ]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.headers['cache-control']).toBe('no-store');
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(JSON.parse(limited.body)).toMatchObject({
        status: 429,
        title: 'Troppe richieste',
        instance: '/api/demografia/058091?anno=2020',
      });
      expect((await raw(port, 'GET', '/index.html')).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
