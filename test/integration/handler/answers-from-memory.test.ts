import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type LocalServer } from '../contract/harness.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';

/** The headers a client relies on, without those that change per answer (Date) or per connection. */
const kept = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    ['content-type', 'cache-control', 'access-control-allow-origin', 'x-content-type-options', 'etag', 'vary'].map(
      (name) => [name, headers[name]],
    ),
  );

describe.skipIf(!hasRealBuild)(`the local server's answers from memory${REAL_DATA}`, () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());

  it('answers a record the same on its plain URL (straight from memory) and on any other spelling (the general way)', async () => {
    const plain = await server.send('/api/comuni/058091');
    const encoded = await server.send('/api/comuni/05809%31');
    const dotted = await server.send('/api/./comuni/058091');
    expect(plain.status).toBe(200);
    for (const other of [encoded, dotted]) {
      expect(other.status).toBe(200);
      expect(other.body).toBe(plain.body);
      expect(kept(other.headers)).toEqual(kept(plain.headers));
    }
    const head = await server.send('/api/comuni/058091', { method: 'HEAD' });
    expect([head.status, head.body, head.headers.etag]).toEqual([200, '', plain.headers.etag]);
    const again = await server.send('/api/comuni/058091', { headers: { 'If-None-Match': String(plain.headers.etag) } });
    expect([again.status, again.body, again.headers['content-type']]).toEqual([304, '', undefined]);
    // A ceased code has no file: the handler's 404 naming the successor, not a file answer.
    expect((await server.send('/api/comuni/002114')).status).toBe(404);
  });

  it('gives a repeated computed answer the same body and ETag, compressed on request, 304 on its ETag', async () => {
    const url = '/api/comuni/cerca?q=forl';
    const first = await server.send(url);
    const second = await server.send(url);
    expect(first.status).toBe(200);
    expect([second.body, second.headers.etag]).toEqual([first.body, first.headers.etag]);
    const br = await server.send(url, { headers: { 'Accept-Encoding': 'br' } });
    expect([br.headers['content-encoding'], br.headers.vary, br.headers.etag]).toEqual([
      'br',
      // Search also answers CSV by Accept.
      'Accept, Accept-Encoding',
      first.headers.etag,
    ]);
    expect(JSON.parse(first.body)).toMatchObject({ q: 'forl' });
    const notModified = await server.send(url, { headers: { 'If-None-Match': String(first.headers.etag) } });
    expect([notModified.status, notModified.body]).toEqual([304, '']);
  });

  it('keeps a list computed as JSON and as CSV apart (by Accept), saying it varies by both', async () => {
    const url = '/api/comuni?limit=7&offset=300';
    const json = await server.send(url);
    const csv = await server.send(url, { headers: { Accept: 'text/csv' } });
    const jsonAgain = await server.send(url, { headers: { 'Accept-Encoding': 'br' } });
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toMatch(/^codice_istat,/);
    expect([jsonAgain.headers['content-type'], jsonAgain.headers['content-encoding']]).toEqual([
      'application/json; charset=utf-8',
      'br',
    ]);
    expect(jsonAgain.headers.vary).toBe('Accept, Accept-Encoding');
  });
});
