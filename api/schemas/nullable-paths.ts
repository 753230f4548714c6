import type { TSchema } from '@sinclair/typebox';

/**
 * The annotation of a nullable field whose null is itself the answer (no second name, no later code, a
 * contact the municipality does not have): such a null needs no reason. Every other nullable field of a
 * record is a figure a source can lack, and its null carries a reason (`valori_mancanti`, `motivo_mancante`).
 */
export const NULL_IS_ANSWER = 'x-null-senza-motivo';
/** The annotation of a block of metadata about a figure (its provenance): not a figure, not counted as one. */
export const METADATA = 'x-metadati';
/**
 * The annotation of a field whose source is one entry of its object's `fonti` under another name than the field's
 * (`maschi` in `fonti.sesso`): the entry's key, read by the coverage report.
 */
export const SOURCE_IN = 'x-fonte-in';

/**
 * A nullable field of a schema: its path (`a.b[].c`), whether its null needs a reason, its description, and for
 * each `[]` of the path whether the array is a yearly series (its items have a required integer `anno`).
 */
export interface NullablePath {
  path: string;
  needsReason: boolean;
  description: string | undefined;
  series: boolean[];
  /** The key of its object's `fonti` that gives its source, where the schema says so (SOURCE_IN). */
  sourceIn: string | null;
}

type Node = TSchema & {
  type?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  [NULL_IS_ANSWER]?: boolean;
  [METADATA]?: boolean;
  [SOURCE_IN]?: string;
};

/** The non-null branch of TypeBox's Nullable (`anyOf: [S, {type: 'null'}]`), or null if `s` is not nullable. */
function nonNull(s: Node): Node | null {
  if (!s.anyOf?.some((b) => b.type === 'null')) return null;
  const rest = s.anyOf.filter((b) => b.type !== 'null');
  return rest.length === 1 ? rest[0]! : ({ anyOf: rest } as Node);
}

/**
 * Every nullable field of a record schema, in document order, read from the schema itself: a field added
 * to a schema is listed here. Objects and arrays are walked (an array's items as `[]`); records keyed by data
 * (`valori_mancanti`), metadata blocks and the reasons themselves are not fields.
 */
export function nullablePaths(schema: TSchema): NullablePath[] {
  const out: NullablePath[] = [];
  const walk = (s: Node, path: string, series: boolean[]) => {
    const inner = nonNull(s);
    if (s[METADATA] || inner?.[METADATA]) return;
    if (inner && path)
      out.push({
        path,
        needsReason: !s[NULL_IS_ANSWER],
        description: s.description,
        series,
        sourceIn: s[SOURCE_IN] ?? null,
      });
    const node = inner ?? s;
    if (node.type === 'array' && node.items) {
      const anno = node.items.properties?.anno;
      walk(node.items, `${path}[]`, [...series, anno?.type === 'integer' && !nonNull(anno)]);
    }
    for (const [key, child] of Object.entries(node.properties ?? {}))
      if (key !== 'motivo_mancante') walk(child, path ? `${path}.${key}` : key, series);
  };
  walk(schema as Node, '', []);
  return out;
}

/**
 * The nullable paths of a schema as a tree, to walk a document once instead of once per path: `field` is the index
 * in nullablePaths() of the field ending here, `below` those strictly under it, `items` an array's items.
 */
export interface NullableTree {
  field: number | null;
  needsReason: boolean;
  /** NullablePath.sourceIn of the field ending here. */
  sourceIn: string | null;
  /** For an array's items: the array is a yearly series. */
  series: boolean;
  /** In document order; an array rather than a Map, to walk it in a plain loop for every object of every record. */
  props: { key: string; node: NullableTree }[];
  items: NullableTree | null;
  below: number[];
}

const trees = new WeakMap<TSchema, { paths: NullablePath[]; tree: NullableTree }>();

export function nullableTree(schema: TSchema): { paths: NullablePath[]; tree: NullableTree } {
  let cached = trees.get(schema);
  if (cached) return cached;
  const node = (series = false): NullableTree => ({
    field: null,
    needsReason: false,
    sourceIn: null,
    series,
    props: [],
    items: null,
    below: [],
  });
  const paths = nullablePaths(schema);
  const tree = node();
  paths.forEach((p, field) => {
    let at = tree;
    let arrays = 0;
    for (const key of p.path.replaceAll('[]', '.[]').split('.')) {
      at.below.push(field);
      if (key === '[]') at = at.items ??= node(p.series[arrays++]);
      else {
        let next = at.props.find((p) => p.key === key)?.node;
        if (!next) at.props.push({ key, node: (next = node()) });
        at = next;
      }
    }
    at.field = field;
    at.needsReason = p.needsReason;
    at.sourceIn = p.sourceIn;
  });
  trees.set(schema, (cached = { paths, tree }));
  return cached;
}
