/**
 * "Every null has a reason", read from the record's schema: each nullable field (api/schemas/nullable-paths.ts)
 * that is null in a served record must be explained by an enclosing object, either in its `motivo_mancante` or
 * in its `valori_mancanti` under the field's name or its path from that object. Fields whose null is itself the
 * answer are marked so in the schema (NULL_IS_ANSWER).
 */
import type { TSchema } from '@sinclair/typebox';
import { nullableTree, type NullableTree } from '../../api/schemas/nullable-paths.ts';

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

type Step = { o: JsonObject; key: string } | { index: number };

/** Whether an enclosing object explains the null reached by `steps` (allocation-free unless a dotted key may match). */
function explained(steps: readonly Step[]): boolean {
  const last = steps.at(-1)!;
  const leaf = 'key' in last ? last.key : '';
  for (let j = steps.length - 1; j >= 0; j--) {
    const step = steps[j]!;
    if (!('o' in step)) continue;
    const { o } = step;
    if (typeof o.motivo_mancante === 'string' && o.motivo_mancante !== '') return true;
    const missing = o.valori_mancanti;
    if (!isObject(missing)) continue;
    const has = (k: string) => typeof missing[k] === 'string' && missing[k] !== '';
    if (has(step.key) || has(leaf)) return true;
    if (steps.length - j >= 2) {
      const below = steps.slice(j).flatMap((s) => ('key' in s ? [s.key] : []));
      if (has(below.join('.'))) return true;
    }
  }
  return false;
}

const pathOf = (steps: readonly Step[]) =>
  steps.map((s, i) => ('key' in s ? `${i ? '.' : ''}${s.key}` : `[${s.index}]`)).join('');

/** The concrete paths (`a.b[2].c`) of the record's nulls that no enclosing object explains. One walk of the record. */
export function nullsWithoutReason(schema: TSchema, record: unknown): string[] {
  const out: string[] = [];
  const steps: Step[] = [];
  const visit = (value: Json | undefined, node: NullableTree) => {
    if (value === null) {
      if (node.needsReason && !explained(steps)) out.push(pathOf(steps));
      return;
    }
    if (typeof value !== 'object' || node.below.length === 0) return;
    if (Array.isArray(value)) {
      if (node.items)
        value.forEach((v, index) => {
          steps.push({ index });
          visit(v, node.items!);
          steps.pop();
        });
      return;
    }
    for (const [key, child] of node.props) {
      if (!(key in value)) continue;
      steps.push({ o: value, key });
      visit(value[key], child);
      steps.pop();
    }
  };
  visit(record as Json, nullableTree(schema).tree);
  return out;
}
