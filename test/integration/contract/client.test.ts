import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST, type RouteId } from '../../../api/routes.ts';
import { EXAMPLE_REQUESTS } from '../../../generator/render/openapi/examples.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';
import { builtOpenApi, startServer, typeErrors, type LocalServer } from './harness.ts';

/** Real answers a client gets, with the generated type each must be assignable to. */
function requestsToType(): { url: string; path: string; status: 200 | 400 | 404 }[] {
  const out: { url: string; path: string; status: 200 | 400 | 404 }[] = [];
  for (const route of ROUTE_LIST) {
    if (route.id === 'openapi') continue;
    out.push({ url: EXAMPLE_REQUESTS[route.id as RouteId] ?? route.path, path: route.path, status: 200 });
  }
  out.push(
    { url: '/api/comuni/999999', path: '/api/comuni/{codice_istat}', status: 404 },
    { url: '/api/demografia/058091?anno=1901', path: '/api/demografia/{codice_istat}', status: 404 },
    { url: '/api/comuni?limit=0&provincia=XYZ', path: '/api/comuni', status: 400 },
  );
  return out;
}

describe.skipIf(!hasRealBuild)(
  `a client generated from /api/openapi.json by openapi-typescript type-checks against real responses${REAL_DATA}`,
  () => {
    let server: LocalServer;
    let dir: string;
    beforeAll(async () => {
      server = await startServer();
      dir = await mkdtemp(join(tmpdir(), 'comuni-api-client-'));
    });
    afterAll(async () => {
      await server?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('assigns every real response to its generated type, and the types reject wrong values', async () => {
      // The served document, exactly as a client downloads it.
      const served = await server.send('/api/openapi.json');
      expect(JSON.parse(served.body)).toEqual(await builtOpenApi());
      await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(JSON.parse(served.body))));

      const lines = [
        "import type { paths } from './api.ts';",
        "type Ok<P extends keyof paths> = paths[P]['get']['responses'][200]['content']['application/json'];",
        "type Problem<P extends keyof paths, S extends keyof paths[P]['get']['responses']> = paths[P]['get']['responses'][S] extends { content: { 'application/problem+json': infer T } } ? T : never;",
      ];
      const cases = requestsToType();
      for (const [k, c] of cases.entries()) {
        const reply = await server.send(c.url);
        expect(reply.status, c.url).toBe(c.status);
        const type = c.status === 200 ? `Ok<'${c.path}'>` : `Problem<'${c.path}', ${c.status}>`;
        lines.push(`// ${c.url}`, `export const r${k}: ${type} = ${reply.body.trim()};`);
      }
      lines.push(
        '// The generated types have teeth: a wrong type, an unknown field and a wrong enum value are errors.',
        '// @ts-expect-error codice_istat is a string',
        "export const wrongType: Ok<'/api/comuni/{codice_istat}'>['codice_istat'] = 58091;",
        '// @ts-expect-error the records are closed objects',
        "export const unknownField: Ok<'/api/regioni'> = { totale: 0, risultati: [], campo_inventato: true };",
        '// @ts-expect-error ordine is asc or desc',
        "export const wrongEnum: Ok<'/api/demografia/classifica/{indicatore}'>['ordine'] = 'su';",
        '// @ts-expect-error a nullable figure is number | null, not a string',
        "export const notNull: Ok<'/api/redditi/{codice_istat}'>['dati']['reddito_medio_euro'] = 'n.d.';",
      );
      const file = join(dir, 'responses.ts');
      await writeFile(file, `${lines.join('\n')}\n`);

      expect(typeErrors(file, dir)).toEqual([]);
      expect(cases.length).toBe(ROUTE_LIST.length - 1 + 3);
    });
  },
);
