import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '../../../api/routes.ts';
import { paramEntries } from '../../../api/contract.ts';
import { SCHEMAS } from '../../../api/schemas/index.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';
import { builtOpenApi, Contract } from './harness.ts';

type Doc = Awaited<ReturnType<typeof builtOpenApi>>;
interface Operation {
  operationId: string;
  parameters: {
    $ref?: string;
    name?: string;
    in?: string;
    required?: boolean;
    schema?: Record<string, unknown>;
    example?: unknown;
  }[];
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: unknown }> }>;
    }
  >;
}
type PathItem = Record<'get' | 'head' | 'options', Operation> & { parameters?: Operation['parameters'] };

describe.skipIf(!hasRealBuild)(`the published OpenAPI document${REAL_DATA}`, () => {
  let doc: Doc;
  let contract: Contract;
  const item = (path: string) => doc.paths[path] as unknown as PathItem;
  beforeAll(async () => {
    doc = await builtOpenApi();
    contract = new Contract(doc);
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const api = (await SwaggerParser.validate(structuredClone(doc) as never)) as { openapi: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it('describes every route of the route table, with GET, HEAD and OPTIONS and nothing else', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(ROUTE_LIST.map((r) => r.path).sort());
    for (const route of ROUTE_LIST)
      expect(
        Object.keys(item(route.path))
          .filter((k) => k !== 'parameters')
          .sort(),
        route.path,
      ).toEqual(['get', 'head', 'options']);
  });

  it('gives every parameter its type, default, limits and enum exactly as the route table', () => {
    for (const route of ROUTE_LIST) {
      const documented = [...(item(route.path).parameters ?? []), ...item(route.path).get.parameters].filter(
        (p) => p.name && p.in !== 'header',
      );
      // An alias (`order` for `ordine` and vice versa) is documented as a parameter of its own, with the same schema.
      const names = paramEntries(route).flatMap((p) => (p.schema.alias ? [p.name, p.schema.alias] : [p.name]));
      // `formato` (api/csv.ts) is on every route with a CSV form, and only there.
      if (route.csv) names.push('formato');
      expect(documented.map((p) => p.name).sort(), route.path).toEqual(names.sort());
      if (route.csv) {
        expect(documented.find((p) => p.name === 'formato')!.schema).toEqual({
          type: 'string',
          enum: ['json', 'csv'],
          default: 'json',
        });
        expect(Object.keys(item(route.path).get.responses[200]!.content ?? {}), route.path).toEqual([
          'application/json',
          'text/csv',
        ]);
      }
      for (const spec of paramEntries(route)) {
        const { description: _d, alias, ...constraints } = spec.schema;
        for (const name of alias ? [spec.name, alias] : [spec.name]) {
          const p = documented.find((d) => d.name === name)!;
          expect(p.in, `${route.path} ${name}`).toBe(spec.in);
          expect(p.required, `${route.path} ${name}`).toBe(spec.required);
          expect(p.schema, `${route.path} ${name}`).toEqual(JSON.parse(JSON.stringify(constraints)));
        }
      }
    }
  });

  it('documents 200, 304, 400 (when there are parameters) and 404 (when a key or year can be unknown) with the common headers', () => {
    const notFound = new Set([
      'comuni.get',
      'comuni.cessati.get',
      'comuni.confini',
      'demografia.get',
      'redditi.get',
      'redditi.ranking',
      'ambiente.get',
      'qualita.get',
      'fonti.get',
      'confronta',
      'confronta.national',
    ]);
    const redirected = new Set([
      'comuni.get',
      'comuni.confini',
      'demografia.get',
      'redditi.get',
      'ambiente.get',
      'qualita.get',
    ]);
    for (const route of ROUTE_LIST) {
      const { get, head, options } = item(route.path);
      const expected = [
        '200',
        ...(redirected.has(route.id) ? ['301'] : []),
        '304',
        ...(paramEntries(route).length ? ['400'] : []),
        ...(notFound.has(route.id) ? ['404'] : []),
        '429',
      ];
      expect(Object.keys(get.responses).sort(), route.path).toEqual(expected);
      expect(Object.keys(head.responses).sort(), route.path).toEqual(expected);
      expect(Object.keys(options.responses), route.path).toEqual(['204']);
      expect(get.responses['200']!.content!['application/json']!.schema.$ref, route.path).toBe(
        `#/components/schemas/${route.schema}`,
      );
      for (const status of expected.filter((s) => s >= '400' && s !== '429'))
        expect(Object.keys(get.responses[status]!.content!), route.path).toEqual(['application/problem+json']);
      expect(get.responses['429'], route.path).toEqual({ $ref: '#/components/responses/TooManyRequests' });
      for (const response of [...Object.values(get.responses), ...Object.values(head.responses)].filter(
        (r) => !('$ref' in r),
      )) {
        expect(Object.keys(response.headers ?? {}), route.path).toEqual(
          expect.arrayContaining(['Cache-Control', 'ETag', 'Access-Control-Allow-Origin', 'X-Content-Type-Options']),
        );
      }
      expect(head.responses['200']!.content, 'HEAD has no body').toBeUndefined();
      expect(
        get.parameters.some((p) => p.$ref === '#/components/parameters/IfNoneMatch'),
        route.path,
      ).toBe(true);
    }
    expect(Object.keys(doc.components.responses)).toEqual(['TooManyRequests']);
  });

  it('carries a component for every response schema an operation uses, and no other', () => {
    const used = new Set([...ROUTE_LIST.map((r) => r.schema), 'Problem']);
    expect(Object.keys(doc.components.schemas as object).sort()).toEqual(
      Object.keys(SCHEMAS)
        .filter((name) => used.has(name))
        .sort(),
    );
  });

  it('has real examples that validate against the schemas they illustrate', () => {
    let checked = 0;
    const withExample = new Set<string>();
    const responses = [
      ...Object.entries(doc.paths).flatMap(([path, pathItem]) =>
        Object.values((pathItem as unknown as PathItem).get.responses).map((r) => [path, r] as const),
      ),
      ...Object.entries(doc.components.responses).map(
        ([name, r]) => [name, r as Operation['responses'][string]] as const,
      ),
    ];
    for (const [where, response] of responses) {
      for (const media of Object.values(response.content ?? {})) {
        for (const [name, example] of Object.entries(media.examples ?? {})) {
          expect(contract.errors(media.schema.$ref, example.value), `${where} ${name}`).toBeNull();
          withExample.add(where);
          checked++;
        }
      }
    }
    // Every route has a real 200 example except /api/status (timestamped) and the document itself.
    const without = ROUTE_LIST.map((r) => r.path).filter((p) => !withExample.has(p));
    expect(without.sort()).toEqual(['/api/openapi.json', '/api/status']);
    expect(checked).toBeGreaterThan(40);
  });

  it('gives parameter examples taken from the example requests', () => {
    const comuni = item('/api/comuni').get.parameters;
    expect(comuni.find((p) => p.name === 'provincia')?.example).toBe('RM');
    expect(comuni.find((p) => p.name === 'limit')?.example).toBe(3);
    expect(item('/api/comuni/{codice_istat}').parameters?.[0]?.example).toBe('058091');
  });
});
