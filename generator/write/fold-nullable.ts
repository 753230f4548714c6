/** Keywords that would also constrain null, or whose branches ajv must try one by one: such unions are left alone. */
const NOT_FOLDABLE = ['const', 'enum', 'anyOf', 'allOf', 'oneOf', 'not', 'if', '$ref', '$dynamicRef'];

/** Keywords that never affect validity: the union's and the branch's may overwrite each other. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'default',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

function isBareNull(schema: unknown): boolean {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    Object.keys(schema).length === 1 &&
    (schema as { type?: unknown }).type === 'null'
  );
}

/**
 * Rewrites every `anyOf: [S, {type: 'null'}]` (TypeBox's Nullable) whose S has one
 * `type` into S with `type: [S.type, 'null']`: the same set of valid documents, since
 * every other keyword of S applies only to values of S's type. ajv validates the folded
 * form several times faster, because the anyOf form records and discards an error for
 * the failing branch on every null (the income series are full of suppressed cells).
 * Used only to compile the build's validators; the published schemas keep anyOf.
 */
export function foldNullableUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(foldNullableUnions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = foldNullableUnions(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return out;
  const nullAt = branches.findIndex(isBareNull);
  const other = branches[1 - nullAt] as Record<string, unknown> | undefined;
  if (
    nullAt < 0 ||
    !other ||
    typeof other.type !== 'string' ||
    other.type === 'null' ||
    NOT_FOLDABLE.some((k) => k in other)
  )
    return out;
  const rest = { ...out };
  delete rest.anyOf;
  // A keyword on both levels must hold twice: merging would drop one, so such a union stays.
  if (Object.keys(rest).some((k) => k in other && !ANNOTATIONS.has(k))) return out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}
