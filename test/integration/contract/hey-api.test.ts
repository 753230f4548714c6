import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST, type RouteId } from '../../../api/routes.ts';
import { EXAMPLE_REQUESTS } from '../../../generator/render/openapi/examples.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';
import { startServer, typeErrors, type LocalServer } from './harness.ts';

/** Each exported type of a generated types file, with its source text. */
function exportedTypes(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of source.split(/^export type /m).slice(1)) out.set(block.slice(0, block.search(/[\s<=]/)), block);
  return out;
}

describe.skipIf(!hasRealBuild)(`a client generated from /api/openapi.json by hey-api${REAL_DATA}`, () => {
  let server: LocalServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'comuni-api-hey-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('types every map of the responses (no unknown values) and type-checks against real responses', async () => {
    const served = JSON.parse((await server.send('/api/openapi.json')).body) as object;
    await createClient({
      input: served,
      output: join(dir, 'client'),
      plugins: ['@hey-api/typescript'],
      logs: { level: 'silent' },
    } as never);
    const types = exportedTypes(await readFile(join(dir, 'client', 'types.gen.ts'), 'utf8'));

    // Maps (missing-value reasons, income by type, national averages) must come out typed. The
    // OpenAPI document's own schema is the one open object: its structure is the OpenAPI spec's.
    const schemas = [...new Set(ROUTE_LIST.map((r) => r.schema))].filter((name) => name !== 'OpenApi');
    for (const name of [...schemas, 'Problem']) {
      expect(types.has(name), name).toBe(true);
      expect(types.get(name), name).not.toMatch(/\[key: string\]: unknown/);
    }

    const lines = [`import type { ${[...schemas, 'Problem'].join(', ')} } from './client/types.gen.ts';`];
    for (const route of ROUTE_LIST) {
      if (route.schema === 'OpenApi') continue;
      const url = EXAMPLE_REQUESTS[route.id as RouteId] ?? route.path;
      const reply = await server.send(url);
      expect(reply.status, url).toBe(200);
      lines.push(`// ${url}`, `export const ${route.id.replace(/\W/g, '_')}: ${route.schema} = ${reply.body.trim()};`);
    }
    lines.push(
      `export const problem: Problem = ${(await server.send('/api/demografia/058091?anno=1901')).body.trim()};`,
    );
    lines.push(
      '// The map types have teeth: a reason must be a string.',
      '// @ts-expect-error valori_mancanti maps a field to its reason (text)',
      "export const wrongReason: NonNullable<Redditi['dati']['valori_mancanti']> = { reddito_medio_euro: 1 };",
    );
    const file = join(dir, 'responses.ts');
    await writeFile(file, `${lines.join('\n')}\n`);
    expect(typeErrors(file, dir)).toEqual([]);
  }, 120_000);
});
