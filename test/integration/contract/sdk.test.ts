import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR, generateClient } from '../../../client/generate.ts';
import * as sdk from '../../../client/sdk/index.ts';
import { createClient, createConfig } from '../../../client/sdk/client/index.ts';
import { matchRoute, ROUTE_LIST, type RouteId } from '../../../api/routes.ts';
import { EXAMPLE_REQUESTS } from '../../../generator/render/openapi/examples.ts';
import { hasRealBuild, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';
import { startServer, type LocalServer } from './harness.ts';

/** Every file under `dir`, by relative path, with its text. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    out.set(relative(dir, file), await readFile(file, 'utf8'));
  }
  return out;
}

/** The SDK function of a route: its OpenAPI operationId (`comuni.cessati.list` → `comuniCessatiList`). */
const operation = (id: string, suffix = '') =>
  (sdk as unknown as Record<string, (options: object) => Promise<{ response: Response; data?: unknown }>>)[
    id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) + suffix
  ]!;

describe.skipIf(!hasRealBuild)(`the typed client in client/sdk${REAL_DATA}`, () => {
  let server: LocalServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'comuni-api-sdk-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is what npm run client:generate writes from the built OpenAPI document', async () => {
    await generateClient(join(TEST_BUILD.outDir, 'api', 'openapi.json'), dir);
    const fresh = await tree(dir);
    const committed = await tree(CLIENT_DIR);
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [path, text] of fresh)
      expect(committed.get(path), `client/sdk/${path}: run npm run client:generate`).toBe(text);
  }, 60_000);

  it('calls every operation of the local server (GET, HEAD, preflight) and gets its answer', async () => {
    const client = createClient(createConfig({ baseUrl: server.base }));
    for (const route of ROUTE_LIST) {
      const url = new URL(EXAMPLE_REQUESTS[route.id as RouteId] ?? route.path, server.base);
      const options = {
        client,
        path: matchRoute(url.pathname)!.pathParams,
        query: Object.fromEntries(url.searchParams),
      };
      const get = await operation(route.id)(options);
      expect(get.response.status, route.id).toBe(200);
      expect(get.data, route.id).toBeTypeOf('object');
      const head = await operation(route.id, 'Head')({ ...options, parseAs: 'stream' });
      expect(head.response.status, route.id).toBe(200);
      const preflight = await operation(route.id, 'Preflight')({ ...options, parseAs: 'stream' });
      expect(preflight.response.status, route.id).toBe(204);
    }
  }, 60_000);

  it('types the parameters and the answers, and reads CSV as text', async () => {
    const client = createClient(createConfig({ baseUrl: server.base }));
    const rome = await sdk.comuniSearch({ client, query: { q: 'san', provincia: 'RM' }, throwOnError: true });
    expect(rome.data.risultati.every((c) => c.provincia.sigla === 'RM')).toBe(true);
    const csv = await sdk.comuniList({
      client,
      query: { provincia: 'RM', limit: 1000, formato: 'csv' },
      parseAs: 'text',
      throwOnError: true,
    });
    expect(String(csv.data).trimEnd().split('\r\n')).toHaveLength(122);
    const bad = await sdk.comuniList({ client, query: { provincia: 'XX' } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.invalid_params?.map((p) => p.name)).toEqual(['provincia']);
  });
});
