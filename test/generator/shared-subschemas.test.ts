import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { Nullable, Provenance } from '../../api/schemas/common.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { foldNullableUnions } from '../../generator/write/fold-nullable.ts';
import { shareRepeatedSubschemas } from '../../generator/write/shared-subschemas.ts';
import { apiLikeValue, PROPERTY_RUNS } from '../helpers/api-like-values.ts';

const ajv = () =>
  (addFormats as unknown as (a: Ajv2020) => Ajv2020)(
    new Ajv2020({ allErrors: true, strict: false, inlineRefs: false }),
  );

const Coppia = Type.Object(
  { frequenza: Nullable(Type.Integer({ minimum: 0 })), ammontare_euro: Nullable(Type.Number()) },
  { additionalProperties: false },
);
const Anno = Type.Object(
  { anno: Type.Integer(), reddito: Nullable(Coppia), fonte: Provenance },
  { additionalProperties: false },
);
/** The income record's shape in small: the same year as `dati` and as the items of `serie_storica`. */
const Scheda = Type.Object({ dati: Nullable(Anno), serie_storica: Type.Array(Anno), altro: Nullable(Coppia) });
const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

describe('sharing repeated subschemas for the build validators', () => {
  it('moves a repeated subschema into $defs, referenced from every place it was', () => {
    const anno = JSON.stringify(Anno);
    const shared = shareRepeatedSubschemas(plain(Scheda), anno.length);
    expect(Object.values(shared.$defs as object)).toEqual([plain(Anno)]);
    const text = JSON.stringify(shared);
    expect(text.split('"$ref":"#/$defs/shared0"')).toHaveLength(3);
    // Once in $defs, nowhere else.
    expect(text.split(anno)).toHaveLength(2);
  });

  it('keeps repeats shorter than the threshold inline, and leaves values that are not schemas alone', () => {
    const withExamples = { ...plain(Scheda), examples: [plain(Coppia), plain(Coppia)], default: plain(Coppia) };
    const nullableCoppia = JSON.stringify(Nullable(Coppia)).length;
    // The nullable pair repeats (the year's reddito and altro); the bare pair only in examples and default.
    expect(Object.values(shareRepeatedSubschemas(withExamples, nullableCoppia + 1).$defs as object)).toEqual([
      plain(Anno),
    ]);
    const shared = shareRepeatedSubschemas(withExamples, 1);
    expect(shared.examples).toEqual([plain(Coppia), plain(Coppia)]);
    expect(shared.default).toEqual(plain(Coppia));
    // Nothing repeated at this length ({"type":"null"} is 15 characters): the very same schema.
    const coppia = plain(Coppia);
    expect(shareRepeatedSubschemas(coppia, 16)).toBe(coppia);
  });

  it('returns a schema with references as it is: moving a part could change what they point to', () => {
    const withRef = { ...plain(Scheda), properties: { a: plain(Anno), b: plain(Anno), c: { $ref: '#/properties/a' } } };
    expect(shareRepeatedSubschemas(withRef, 1)).toBe(withRef);
  });

  it("compiles the income record's year once, for dati and for every item of serie_storica", () => {
    const shared = shareRepeatedSubschemas(foldNullableUnions(SCHEMAS.Redditi) as Record<string, unknown>);
    const properties = shared.properties as Record<string, Record<string, unknown>>;
    expect(properties.dati).toEqual({ $ref: '#/$defs/shared0' });
    expect(properties.serie_storica!.items).toEqual({ $ref: '#/$defs/shared0' });
  });

  it('compiles every response schema as the build does, checked against the meta-schema (the build skips that check)', () => {
    // One instance for all: its meta-schema is compiled once (a fresh one per schema took 10 s here).
    const validator = ajv();
    for (const [name, schema] of Object.entries(SCHEMAS))
      expect(
        () => validator.compile(shareRepeatedSubschemas(foldNullableUnions(schema) as Record<string, unknown>)),
        name,
      ).not.toThrow();
  });

  it('accepts and rejects exactly the documents the unshared schema does, with the same error paths', () => {
    const schemas = [Scheda, Type.Array(Nullable(Anno)), Type.Object({ a: Coppia, b: Type.Array(Coppia) })];
    const validators = schemas.map((s) => ({
      original: ajv().compile(plain(s)),
      shared: ajv().compile(shareRepeatedSubschemas(plain(s), 10)),
    }));
    const value = apiLikeValue(['dati', 'serie_storica', 'anno', 'reddito', 'frequenza', 'ammontare_euro', 'a', 'b']);
    fc.assert(
      fc.property(value, (v) => {
        for (const { original, shared } of validators) {
          expect(shared(v)).toBe(original(v));
          const paths = (f: typeof original) => (f.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).sort();
          expect(paths(shared)).toEqual(paths(original));
        }
      }),
      PROPERTY_RUNS,
    );
  });
});
