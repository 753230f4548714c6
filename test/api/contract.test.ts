import { Type, type Static } from '@sinclair/typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { integer, optional, paramEntries, params, string, stringEnum, type Values } from '../../api/contract.ts';
import type { ComuneRef } from '../../api/lists.ts';
import { parseParams } from '../../api/params.ts';
import type { Problem } from '../../api/problem.ts';
import { ROUTE_LIST, routeById } from '../../api/routes.ts';
import type { ComuneRef as ComuneRefSchema, Problem as ProblemSchema, Provenance } from '../../api/schemas/common.ts';
import type { Provenance as SourceProvenance } from '../../data-sources/lib/source.ts';

describe('the route contract', () => {
  it('builds the very schemas TypeBox builds (symbols included), without loading TypeBox at run time', () => {
    const options = { default: 5, minimum: 1, maximum: 9, description: 'd' };
    expect(integer(options)).toStrictEqual(Type.Integer(options));
    expect(string({ pattern: '^x$', description: 'd' })).toStrictEqual(
      Type.String({ pattern: '^x$', description: 'd' }),
    );
    expect(stringEnum(['a', 'b'], { description: 'd' })).toStrictEqual(
      Type.Unsafe<'a' | 'b'>({ enum: ['a', 'b'], description: 'd', type: 'string' }),
    );
    expect(optional(string({ description: 'd' }))).toStrictEqual(Type.Optional(Type.String({ description: 'd' })));
    const object = { n: integer({ description: 'n' }), s: optional(string({ description: 's' })) };
    expect(params(object)).toStrictEqual(
      Type.Object({ n: Type.Integer({ description: 'n' }), s: Type.Optional(Type.String({ description: 's' })) }),
    );
    expect(params({})).toStrictEqual(Type.Object({}));
  });

  it('parses a request to typed values that its own schemas accept (as JSON Schema)', () => {
    const route = routeById('redditi.ranking');
    const values: Values<typeof route> = parseParams(
      route,
      { indicatore: 'reddito' },
      new URLSearchParams('ORDINE=x&order=ASC&limit=7'),
      '/x',
    );
    expect(values).toEqual({ indicatore: 'reddito', anno: undefined, ordine: 'asc', limit: 7, offset: 0 });
    const { anno: _a, ...present } = values;
    expect(new Ajv2020({ strict: false }).validate(route.request.query, present)).toBe(true);
  });

  it('declares every parameter with a description, path parameters first', () => {
    for (const route of ROUTE_LIST) {
      const entries = paramEntries(route);
      expect(
        entries.every((p) => p.description.length > 0),
        route.id,
      ).toBe(true);
      const firstQuery = entries.findIndex((p) => p.in === 'query');
      expect(firstQuery < 0 || entries.slice(firstQuery).every((p) => p.in === 'query'), route.id).toBe(true);
      for (const name of route.path.match(/\{([a-z_]+)\}/g) ?? [])
        expect(Object.keys(route.request.params.properties), route.id).toContain(name.slice(1, -1));
    }
  });
});

describe('shapes declared once', () => {
  it('types the problem and the comune reference from their schemas, and keeps the sources layer’s Provenance equal to its schema', () => {
    expectTypeOf<Problem>().toEqualTypeOf<Static<typeof ProblemSchema>>();
    expectTypeOf<ComuneRef>().toEqualTypeOf<Static<typeof ComuneRefSchema>>();
    // data-sources/ may not import api/, so its interface stays; a drift from the schema fails tsc here.
    expectTypeOf<SourceProvenance>().toEqualTypeOf<Static<typeof Provenance>>();
  });
});
