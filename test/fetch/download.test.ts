import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadError,
  downloadToTemp,
  writeFileAtomic,
  type DownloadOptions,
} from '../../generator/fetch/download.ts';
import { TestServer, html, sequence, serve, stall, status, truncated } from './server.ts';

const CSV = 'codice;nome;valore\r\n001001;Agliè;12\r\n001002;Airasca;7\r\n'.repeat(50);
const sha = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

let server: TestServer;
let dir: string;
let delays: number[];
let options: DownloadOptions;

beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fetch-download-'));
  delays = [];
  options = { retries: 3, backoffMs: 100, timeoutMs: 2_000, sleep: async (ms) => void delays.push(ms) };
  server.resetHits();
  return () => rm(dir, { recursive: true, force: true });
});

const url = (name: string) => `https://www.example-publisher.it/dati/${name}`;

describe('downloadToTemp', () => {
  it('streams into a hidden .part file beside the target, with sha256 and size, leaving the target alone', async () => {
    server.on(url('ok.csv'), serve(CSV, 'text/csv'));
    const target = join(dir, 'ok.csv');
    const got = await downloadToTemp(server.local(url('ok.csv')), target, options);
    expect(got.sha256).toBe(sha(CSV));
    expect(got.bytes).toBe(Buffer.byteLength(CSV));
    expect(got.attempts).toBe(1);
    expect(got.contentType).toBe('text/csv');
    expect(got.tempPath.startsWith(join(dir, '.ok.csv.'))).toBe(true);
    expect(got.tempPath.endsWith('.part')).toBe(true);
    expect(await readFile(got.tempPath, 'utf8')).toBe(CSV);
    expect(await readdir(dir)).toEqual([got.tempPath.slice(dir.length + 1)]);
  });

  it('retries a 500 with exponential backoff, then succeeds', async () => {
    server.on(url('flaky.csv'), sequence(status(500), status(503), serve(CSV, 'text/csv')));
    const got = await downloadToTemp(server.local(url('flaky.csv')), join(dir, 'flaky.csv'), options);
    expect(got.attempts).toBe(3);
    expect(delays).toEqual([100, 200]);
    expect(server.hits(url('flaky.csv'))).toBe(3);
  });

  it('gives up after the retries on a persistent 500, leaving no temp file', async () => {
    server.on(url('down.csv'), status(500));
    const error = await downloadToTemp(server.local(url('down.csv')), join(dir, 'down.csv'), options).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ kind: 'http', status: 500, attempts: 4 });
    expect(delays).toEqual([100, 200, 400]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not retry a 404', async () => {
    server.on(url('gone.csv'), status(404));
    const error = await downloadToTemp(server.local(url('gone.csv')), join(dir, 'gone.csv'), options).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'http', status: 404, attempts: 1, retryable: false });
    expect(server.hits(url('gone.csv'))).toBe(1);
  });

  it('retries a body cut short of its Content-Length, then succeeds', async () => {
    server.on(url('cut.csv'), sequence(truncated(CSV), serve(CSV, 'text/csv')));
    const got = await downloadToTemp(server.local(url('cut.csv')), join(dir, 'cut.csv'), options);
    expect(got.attempts).toBe(2);
    expect(got.sha256).toBe(sha(CSV));
    expect(await readdir(dir)).toHaveLength(1); // only the complete temp file
  });

  it('fails on a connection that always closes mid-way, leaving no partial file', async () => {
    server.on(url('cut-always.csv'), truncated(CSV, 0.3));
    const error = await downloadToTemp(server.local(url('cut-always.csv')), join(dir, 'cut-always.csv'), {
      ...options,
      retries: 1,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'truncated', attempts: 2 });
    expect((error as Error).message).toMatch(/closed mid-way|truncated/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('abandons an attempt when no data arrives within the timeout', async () => {
    server.on(url('slow.csv'), stall());
    const error = await downloadToTemp(server.local(url('slow.csv')), join(dir, 'slow.csv'), {
      ...options,
      retries: 1,
      timeoutMs: 150,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = await TestServer.start();
    const origin = closed.origin;
    await closed.close();
    const error = await downloadToTemp(`${origin}/https/nothing.csv`, join(dir, 'x.csv'), {
      ...options,
      retries: 0,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('reports the final URL of a redirect', async () => {
    server.on(
      url('old.csv'),
      (_req, res) => void res.writeHead(301, { location: server.local(url('new.html')) }).end(),
    );
    server.on(url('new.html'), html());
    const got = await downloadToTemp(server.local(url('old.csv')), join(dir, 'old.csv'), options);
    expect(got.redirected).toBe(true);
    expect(got.finalUrl).toBe(server.local(url('new.html')));
  });
});

describe('writeFileAtomic', () => {
  it('replaces the target in one rename and leaves no temp file', async () => {
    const target = join(dir, 'file.csv');
    await writeFileAtomic(target, 'old');
    await writeFileAtomic(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['file.csv']);
  });
});
