/**
 * "Every null has a reason", read from the record's schema: each nullable field (api/schemas/nullable-paths.ts)
 * that is null in a served record must be explained by an enclosing object, either in its `motivo_mancante` or
 * in its `valori_mancanti` under the field's name or its path from that object. Fields whose null is itself the
 * answer are marked so in the schema (NULL_IS_ANSWER).
 *
 * The walk that finds those nulls also hands every field it passes to the coverage count
 * (generator/report/coverage.ts), so that the build reads each record once for both.
 */
import type { TSchema } from '@sinclair/typebox';
import { nullableTree, type NullableTree } from '../../api/schemas/nullable-paths.ts';
import { valuePath } from './value-path.ts';

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `valori_mancanti` gives a reason under `key`. */
const gives = (missing: JsonObject, key: string) => typeof missing[key] === 'string' && missing[key] !== '';

/**
 * A field's reading, for the coverage count: the field (its index in nullablePaths()), the year of the series
 * item it is read in (null outside a yearly series), whether it has a value, and the source named for it.
 * A field under a missing object or array is read as having no value; in an array that is not a yearly series,
 * once per item.
 */
export type ReadField = (field: number, anno: number | null, has: boolean, fonte: string | null) => void;

/** The source named by a provenance (`{fonte: 'istat-…', …}`), or null. */
const sourceId = (p: Json | undefined): string | null => (isObject(p) && typeof p.fonte === 'string' ? p.fonte : null);

/** The provenance an object gives all its fields (`fonte`), or null. */
const ownSource = (o: JsonObject): string | null => sourceId(o.fonte);

/**
 * The `fonte` an object's `fonti` lists for its field `key`: under the key its schema names (`sourceIn`), else
 * under the field's name or the start of it (`fonti.superficie` for `superficie_km2`).
 */
function listedSource(fonti: JsonObject, key: string, sourceIn: string | null): string | null {
  if (sourceIn !== null) return sourceId(fonti[sourceIn]);
  for (const k in fonti) {
    // `key === k` or `key` starts with `${k}_`, without making that string for every field.
    if (key === k || (key.startsWith(k) && key.charCodeAt(k.length) === 95)) return sourceId(fonti[k]);
  }
  return null;
}

/**
 * One walk of a record along its schema's nullable tree. The path to the current value is kept in two stacks
 * (the enclosing object, or null under an array, and the key or index taken from it) rather than in an
 * object per step.
 */
class RecordWalk {
  readonly unexplained: string[] = [];
  private readonly objects: (JsonObject | null)[] = [];
  private readonly keys: (string | number)[] = [];

  constructor(private readonly read: ReadField | null) {}

  visit(value: Json | undefined, node: NullableTree, anno: number | null, fonte: string | null): void {
    const read = this.read;
    // A field whose value names its own source (an object with `fonte`) is counted under that source.
    if (read !== null && node.field !== null)
      read(node.field, anno, value !== null && value !== undefined, (isObject(value) && ownSource(value)) || fonte);
    if (value === null && node.needsReason && !this.explained()) this.unexplained.push(this.path());
    if (typeof value !== 'object' || value === null || (Array.isArray(value) && value.length === 0)) {
      if (read !== null) for (const f of node.below) read(f, anno, false, fonte);
      return;
    }
    const { objects, keys } = this;
    if (Array.isArray(value)) {
      const items = node.items;
      if (!items) return;
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        objects.push(null);
        keys.push(i);
        this.visit(v, items, items.series && isObject(v) && typeof v.anno === 'number' ? v.anno : anno, fonte);
        objects.pop();
        keys.pop();
      }
      return;
    }
    // The source of each field: the object's own, else the one its `fonti` lists for it, else the enclosing one.
    const own = read === null ? null : ownSource(value);
    const fonti = read === null || own !== null ? null : value.fonti;
    for (const { key, node: child } of node.props) {
      objects.push(value);
      keys.push(key);
      this.visit(
        value[key],
        child,
        anno,
        own ?? (isObject(fonti) ? (listedSource(fonti, key, child.sourceIn) ?? fonte) : fonte),
      );
      objects.pop();
      keys.pop();
    }
  }

  /** Whether an enclosing object explains the null at the current path (allocation-free unless a dotted key may match). */
  private explained(): boolean {
    const { objects, keys } = this;
    const depth = keys.length;
    const last = keys[depth - 1];
    const leaf = typeof last === 'string' ? last : '';
    for (let j = depth - 1; j >= 0; j--) {
      const o = objects[j];
      if (!o) continue;
      if (typeof o.motivo_mancante === 'string' && o.motivo_mancante !== '') return true;
      const missing = o.valori_mancanti;
      if (!isObject(missing)) continue;
      if (gives(missing, keys[j] as string) || gives(missing, leaf)) return true;
      if (
        depth - j >= 2 &&
        gives(
          missing,
          keys
            .slice(j)
            .filter((k) => typeof k === 'string')
            .join('.'),
        )
      )
        return true;
    }
    return false;
  }

  /** The current path as `a.b[2].c`. */
  private path(): string {
    return valuePath(this.keys);
  }
}

/**
 * Walks a record once along its schema's nullable tree (nullableTree(schema).tree), handing each field to `read`
 * (null: none); answers the concrete paths (`a.b[2].c`) of the record's nulls that no enclosing object explains.
 */
export function walkRecord(tree: NullableTree, record: unknown, read: ReadField | null): string[] {
  const walk = new RecordWalk(read);
  walk.visit(record as Json, tree, null, null);
  return walk.unexplained;
}

/** The concrete paths (`a.b[2].c`) of the record's nulls that no enclosing object explains. One walk of the record. */
export function nullsWithoutReason(schema: TSchema, record: unknown): string[] {
  return walkRecord(nullableTree(schema).tree, record, null);
}
