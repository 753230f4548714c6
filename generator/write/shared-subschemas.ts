/** Keywords whose value is one subschema (or, for the older tuple form of `items`, a list). */
const ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];
/** Keywords whose value is a list of subschemas. */
const LIST = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];

/** Keywords that make a schema's place matter: such a schema is never moved. */
const PLACE_BOUND = ['$id', '$anchor', '$dynamicAnchor', '$ref', '$dynamicRef'];

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` with `f` applied to each of its direct subschemas (only where a keyword holds schemas, never inside `examples` or `default`). */
function mapSubschemas(schema: Schema, f: (sub: unknown) => unknown): Schema {
  const out = { ...schema };
  for (const k of ONE)
    if (k in schema) out[k] = Array.isArray(schema[k]) ? (schema[k] as unknown[]).map(f) : f(schema[k]);
  for (const k of MAP)
    if (isSchema(schema[k])) out[k] = Object.fromEntries(Object.entries(schema[k]).map(([name, s]) => [name, f(s)]));
  for (const k of LIST) if (Array.isArray(schema[k])) out[k] = (schema[k] as unknown[]).map(f);
  return out;
}

function forEachSubschema(schema: Schema, f: (sub: unknown) => void): void {
  mapSubschemas(schema, (sub) => (f(sub), sub));
}

function hasPlaceBoundKeyword(schema: Schema): boolean {
  if (PLACE_BOUND.some((k) => k in schema)) return true;
  let found = false;
  forEachSubschema(schema, (sub) => (found ||= isSchema(sub) && hasPlaceBoundKeyword(sub)));
  return found;
}

/**
 * A repeated subschema of at least this many characters of JSON is compiled once: smaller
 * ones stay inline. With every repeated object moved out (down to the income pairs of ~100
 * characters) the income record validated 3.5 times slower, one call per pair; from ~1,000
 * characters up it validated as fast as inline (real records, apart from the build).
 */
export const MIN_SHARED_CHARS = 1000;

/**
 * The same schema with every subschema that occurs more than once (the same JSON, at least
 * `minChars` long) moved into `$defs` and referenced with `$ref`, so that ajv, with
 * `inlineRefs: false`, compiles it into one function of its own instead of once per place.
 *
 * TypeBox copies a schema wherever it is used: the income year is both `dati` and the items of
 * `serie_storica`, so the income record's validator held its checks twice. One validator per
 * schema was ~100,000 characters of code, which V8 recompiled from scratch at each
 * deoptimisation (the income record's five times, ~0.35 s each), and the largest were too big
 * for V8 to optimise at all: the demographic and quality records validated 3–4 times faster
 * once split (real records, apart from the build). TurboFan's compile time in a build: 15.4 s
 * → 12.9 s.
 *
 * Accepts exactly the documents `schema` accepts. A schema with `$ref` or `$id` anywhere is
 * returned as it is: moving part of it could change what its references point to.
 */
export function shareRepeatedSubschemas(schema: Schema, minChars = MIN_SHARED_CHARS): Schema {
  if (hasPlaceBoundKeyword(schema)) return schema;
  const keys = new Map<Schema, string>();
  const counts = new Map<string, number>();
  const count = (node: unknown) => {
    if (!isSchema(node)) return;
    const key = JSON.stringify(node);
    keys.set(node, key);
    const seen = counts.get(key) ?? 0;
    counts.set(key, seen + 1);
    // Inside a repeat, the subschemas are those of its first place: counted there once.
    if (seen === 0) forEachSubschema(node, count);
  };
  forEachSubschema(schema, count);
  const names = new Map<string, string>();
  for (const [key, n] of counts) if (n > 1 && key.length >= minChars) names.set(key, `shared${names.size}`);
  if (names.size === 0) return schema;
  const defs: Record<string, Schema> = {};
  const rewrite = (node: unknown): unknown => {
    if (!isSchema(node)) return node;
    const name = names.get(keys.get(node) ?? JSON.stringify(node));
    if (name === undefined) return mapSubschemas(node, rewrite);
    defs[name] ??= mapSubschemas(node, rewrite);
    return { $ref: `#/$defs/${name}` };
  };
  const out = mapSubschemas(schema, rewrite);
  return { ...out, $defs: { ...(out.$defs as Record<string, Schema> | undefined), ...defs } };
}
