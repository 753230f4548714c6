import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Type, type TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Nullable, Provenance } from '../../api/schemas/common.ts';
import { foldNullableUnions } from '../../generator/write/fold-nullable.ts';
import { apiLikeValue, PROPERTY_RUNS } from '../helpers/api-like-values.ts';

const ajv = () => (addFormats as unknown as (a: Ajv2020) => Ajv2020)(new Ajv2020({ allErrors: true, strict: false }));

describe('folding nullable unions for the build validators', () => {
  it('turns anyOf [S, null] into S with type [S.type, "null"], keeping the annotations', () => {
    const schema = { description: 'd', anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] };
    expect(foldNullableUnions(schema)).toEqual({ description: 'd', type: ['integer', 'null'], minimum: 0 });
  });

  it('leaves unions whose branch would also constrain null, or that repeat a keyword outside, as they are', () => {
    const literal = { anyOf: [{ type: 'boolean', const: true }, { type: 'null' }] };
    const enumerated = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] };
    const repeated = { minimum: 5, anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] };
    const three = { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] };
    for (const schema of [literal, enumerated, repeated, three]) expect(foldNullableUnions(schema)).toEqual(schema);
  });

  it('accepts and rejects exactly the documents the published schema does', () => {
    const Coppia = Type.Object(
      { frequenza: Nullable(Type.Integer({ minimum: 0 })), ammontare_euro: Nullable(Type.Number()) },
      { additionalProperties: false },
    );
    const schemas: TSchema[] = [
      Nullable(Type.Integer({ minimum: 0 })),
      Nullable(Type.String({ pattern: '^[0-9]{6}$' })),
      Nullable(Coppia),
      Nullable(Type.Array(Nullable(Coppia), { minItems: 1, maxItems: 2 })),
      Nullable(Type.Record(Type.String(), Nullable(Coppia))),
      Type.Object({ dati: Nullable(Coppia), fonte: Provenance, flag: Nullable(Type.Literal(true)) }),
    ];
    const validators = schemas.map((s) => ({
      original: ajv().compile(s),
      folded: ajv().compile(foldNullableUnions(s) as object),
    }));
    const value = apiLikeValue([
      'frequenza',
      'ammontare_euro',
      'dati',
      'fonte',
      'flag',
      'altro',
      'editore',
      'anno_riferimento',
    ]);
    fc.assert(
      fc.property(value, (v) => {
        for (const { original, folded } of validators) expect(folded(v)).toBe(original(v));
      }),
      PROPERTY_RUNS,
    );
  });
});
