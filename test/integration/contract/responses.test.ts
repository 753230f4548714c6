import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute, ROUTE_LIST } from '../../../api/routes.ts';
import type { RuntimeIndex } from '../../../api/runtime-index.ts';
import { hasRealBuild, loadBuiltFullIndex, REAL_DATA } from '../helpers/real-build.ts';
import { builtOpenApi, commonHeaderErrors, Contract, JSON_TYPE, startServer, type LocalServer } from './harness.ts';
import { validRequests } from './requests.ts';

describe.skipIf(!hasRealBuild)(`every endpoint, valid requests, against the OpenAPI document${REAL_DATA}`, () => {
  let server: LocalServer;
  let contract: Contract;
  let index: RuntimeIndex;
  let urls: string[];
  beforeAll(async () => {
    [server, contract, index] = await Promise.all([
      startServer(),
      builtOpenApi().then((doc) => new Contract(doc)),
      loadBuiltFullIndex(),
    ]);
    urls = validRequests(index);
  });
  afterAll(() => server?.close());

  it('covers every route of the route table', () => {
    const covered = new Set<string | undefined>(urls.map((u) => matchRoute(new URL(u, 'http://x').pathname)?.route.id));
    expect(ROUTE_LIST.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('answers 200 application/json with the common headers and a body valid against the operation schema', async () => {
    const failures: string[] = [];
    for (const url of urls) {
      const reply = await server.send(url);
      const documented = contract.documented(url, 'GET', reply.status);
      const problems = [
        ...(reply.status === 200 ? [] : [`status ${reply.status}: ${reply.body.slice(0, 200)}`]),
        ...(reply.headers['content-type'] === JSON_TYPE ? [] : [`Content-Type ${reply.headers['content-type']}`]),
        ...commonHeaderErrors(reply),
        ...(documented?.schemaRef
          ? [contract.errors(documented.schemaRef, JSON.parse(reply.body))].filter((e) => e !== null)
          : ['undocumented']),
      ];
      if (problems.length) failures.push(`${url}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
    console.log(
      `[contract] ${urls.length} valid requests over ${ROUTE_LIST.length} routes validated against /api/openapi.json`,
    );
  });

  it('answers 304 without a body to a matching If-None-Match (strong, weak or in a list), and HEAD like GET without a body', async () => {
    const failures: string[] = [];
    for (const url of urls) {
      const first = await server.send(url);
      const etag = first.headers.etag!;
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await server.send(url, { headers: { 'If-None-Match': header } });
        if (
          again.status !== 304 ||
          again.body !== '' ||
          again.headers.etag !== etag ||
          commonHeaderErrors(again).length
        ) {
          failures.push(`${url} If-None-Match ${header}: ${again.status} ${commonHeaderErrors(again).join(', ')}`);
        }
      }
      const stale = await server.send(url, { headers: { 'If-None-Match': '"stale"' } });
      if (stale.status !== 200) failures.push(`${url} stale ETag: ${stale.status}`);
      const head = await server.send(url, { method: 'HEAD' });
      if (
        head.status !== 200 ||
        head.body !== '' ||
        head.headers.etag !== etag ||
        head.headers['content-type'] !== JSON_TYPE ||
        commonHeaderErrors(head).length
      ) {
        failures.push(
          `${url} HEAD: ${head.status} ${head.headers['content-type']} ${commonHeaderErrors(head).join(', ')}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers the CORS preflight of any API URL with 204, the allowed methods and the requested headers', async () => {
    for (const url of [
      '/api/comuni/058091',
      '/api/comuni/cerca?q=roma',
      '/api/confronta',
      '/api/comuni/058091.json',
      '/api/non-esiste',
    ]) {
      const reply = await server.send(url, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://example.org',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
      });
      expect(reply.status, url).toBe(204);
      expect(reply.body, url).toBe('');
      expect(reply.headers['access-control-allow-origin'], url).toBe('*');
      expect(reply.headers['access-control-allow-methods'], url).toBe('GET, HEAD, OPTIONS');
      expect(reply.headers['access-control-allow-headers'], url).toBe('if-none-match');
      expect(commonHeaderErrors(reply), url).toEqual([]);
      // What is sent is what the document promises, no more and no less (bar the connection's own headers).
      const route = matchRoute(new URL(url, 'http://x').pathname)?.route;
      if (!route) continue;
      const documented = Object.keys(
        (contract.doc.paths[route.path]!.options!.responses['204'] as { headers: object }).headers,
      ).map((h) => h.toLowerCase());
      const sent = Object.keys(reply.headers).filter((h) => !['date', 'connection', 'keep-alive'].includes(h));
      expect(sent.sort(), url).toEqual(documented.sort());
    }
  });

  it('serves the direct .json files of the dataset layout with the same headers, 304 and HEAD', async () => {
    const files: [string, string][] = [
      ['/api/comuni/058091.json', '/api/comuni/058091'],
      ['/api/comuni.json', '/api/comuni'],
      ['/api/comuni/regione/lazio/offset/100.json', '/api/comuni?regione=lazio&offset=100'],
      ['/api/demografia/classifica/densita/ordine/asc.json', '/api/demografia/classifica/densita?ordine=asc'],
      ['/api/openapi.json', '/api/openapi.json'],
    ];
    for (const [file, api] of files) {
      const [direct, viaApi] = [await server.send(file), await server.send(api)];
      expect([direct.status, direct.headers['content-type'], commonHeaderErrors(direct)], file).toEqual([
        200,
        JSON_TYPE,
        [],
      ]);
      expect(direct.body, `${file} is the answer of ${api}`).toBe(viaApi.body);
      expect((await server.send(file, { headers: { 'If-None-Match': direct.headers.etag! } })).status, file).toBe(304);
      expect((await server.send(file, { method: 'HEAD' })).body, file).toBe('');
    }
  });
});
