import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandler, handlerContext } from '../../api/handler.ts';
import type { IndexData, RuntimeIndex } from '../../api/runtime-index.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { createApp } from '../../server/app.ts';

/** An index that throws on any use: every answer that reads it meets a bug. */
const BROKEN: IndexData = {
  index: new Proxy(
    {},
    {
      get() {
        throw new Error('indice rotto');
      },
    },
  ) as RuntimeIndex,
  laterParts: async () => {
    throw new Error('indice rotto');
  },
  incomeRankings: async () => {
    throw new Error('indice rotto');
  },
};

const INTERNAL = {
  type: 'about:blank',
  title: 'Errore interno',
  status: 500,
  detail: 'Errore inatteso del server.',
  instance: '/api/comuni/058091?x=1',
};

function expectInternal(status: number, headers: Headers, body: string) {
  expect(status).toBe(500);
  expect(headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  // A bug's answer is not a representation a CDN may keep for an hour.
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('access-control-allow-origin')).toBe('*');
  expect(JSON.parse(body)).toEqual(INTERNAL);
}

describe('the one error boundary, in the core', () => {
  it('answers an exception thrown by an answer with a logged problem+json 500', async () => {
    const logged: unknown[] = [];
    const handle = createHandler(handlerContext(BROKEN, { read: async () => null }), undefined, (error) =>
      logged.push(error),
    );
    const response = await handle(new Request('http://localhost/api/comuni/058091?x=1'));
    if (!(response instanceof Response)) throw new Error('expected a Response');
    expectInternal(response.status, response.headers, await response.text());
    expect(logged).toEqual([new Error('indice rotto')]);
  });

  it('keeps client errors as their own problem (a 404 route is not a 500)', async () => {
    const handle = createHandler(handlerContext(BROKEN, { read: async () => null }));
    const response = (await handle(new Request('http://localhost/api/nessuna'))) as Response;
    expect(response.status).toBe(404);
  });

  it('lets a throwing log escape: the build fails on the error itself', async () => {
    const handle = createHandler(handlerContext(BROKEN, { read: async () => null }), undefined, (error) => {
      throw error;
    });
    await expect(handle(new Request('http://localhost/api/comuni/058091'))).rejects.toThrow('indice rotto');
  });

  describe('through the local server, which has no catch of its own', () => {
    let base: string;
    let server: ReturnType<typeof createApp>;
    beforeAll(async () => {
      server = createApp('/nonexistent', BROKEN, () => {});
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => server.close());

    it('answers the same 500 and logs the error', async () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await fetch(`${base}/api/comuni/058091?x=1`);
      expectInternal(response.status, response.headers, await response.text());
      expect(error).toHaveBeenCalledOnce();
      error.mockRestore();
    });
  });

  describe('under Deno, through the Netlify edge function', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'edge-error-'));
      const index = join(dir, 'broken-index.js');
      await writeFile(
        index,
        `export default new Proxy({}, { get() { throw new Error('indice rotto'); } });\n` +
          `export const incomeRankings = async () => { throw new Error('indice rotto'); };\n` +
          `export const laterParts = incomeRankings;\n`,
      );
      const imports = {
        [pathToFileURL(join(PROJECT_ROOT, 'generated', 'edge-index.js')).href]: pathToFileURL(index).href,
      };
      await writeFile(join(dir, 'import-map.json'), JSON.stringify({ imports }));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('answers the same 500', async () => {
      const { stdout } = await promisify(execFile)(
        join(PROJECT_ROOT, 'node_modules', '.bin', 'deno'),
        [
          'run',
          '--allow-read',
          '--import-map',
          join(dir, 'import-map.json'),
          'test/deno/edge-error-run.ts',
          '/api/comuni/058091?x=1',
        ],
        { cwd: PROJECT_ROOT, env: { ...process.env, NO_COLOR: '1' } },
      );
      const answer = JSON.parse(stdout) as { status: number; headers: [string, string][]; body: string };
      expectInternal(answer.status, new Headers(answer.headers), answer.body);
    }, 60_000);
  });
});
