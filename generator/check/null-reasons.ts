/**
 * "Every null has a reason", read from the record's schema: each nullable field (api/schemas/nullable-paths.ts)
 * that is null in a served record must be explained by an enclosing object, either in its `motivo_mancante` or
 * in its `valori_mancanti` under the field's name or its path from that object. Fields whose null is itself the
 * answer are marked so in the schema (NULL_IS_ANSWER).
 */
import type { TSchema } from '@sinclair/typebox';
import { nullablePaths } from '../../api/schemas/nullable-paths.ts';

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const reasonIn = (o: JsonObject, keys: string[]) => {
  if (typeof o.motivo_mancante === 'string' && o.motivo_mancante !== '') return true;
  const missing = o.valori_mancanti;
  return isObject(missing) && keys.some((k) => typeof missing[k] === 'string' && missing[k] !== '');
};

/** The nullable paths that need a reason, split into their keys (`[]` for an array's items), once per schema. */
const pathsOf = new WeakMap<TSchema, string[][]>();
function reasonPaths(schema: TSchema): string[][] {
  let paths = pathsOf.get(schema);
  if (!paths) {
    paths = nullablePaths(schema)
      .filter((p) => p.needsReason)
      .map((p) => p.path.replaceAll('[]', '.[]').split('.'));
    pathsOf.set(schema, paths);
  }
  return paths;
}

/** The concrete paths (`a.b[2].c`) of the record's nulls that no enclosing object explains. */
export function nullsWithoutReason(schema: TSchema, record: unknown): string[] {
  const out: string[] = [];
  for (const keys of reasonPaths(schema)) {
    // The objects from the record down to the field, each with the keys below it (for its valori_mancanti).
    const visit = (value: Json | undefined, i: number, trail: { o: JsonObject; below: string[] }[], at: string) => {
      if (i === keys.length) {
        if (value !== null) return;
        const explained = trail.some(({ o, below }) =>
          reasonIn(
            o,
            [below[0]!, below.at(-1)!, below.join('.')].filter((k) => k !== undefined),
          ),
        );
        if (!explained) out.push(at);
        return;
      }
      const key = keys[i]!;
      if (key === '[]') {
        if (Array.isArray(value)) value.forEach((v, n) => visit(v, i + 1, trail, `${at}[${n}]`));
        return;
      }
      if (!isObject(value)) return;
      const named = keys.slice(i).filter((k) => k !== '[]');
      visit(value[key], i + 1, [{ o: value, below: named }, ...trail], at ? `${at}.${key}` : key);
    };
    visit(record as Json, 0, [], '');
  }
  return out;
}
