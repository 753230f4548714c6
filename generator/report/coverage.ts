import type { Static, TSchema } from '@sinclair/typebox';
import type { Copertura } from '../../api/schemas/meta.ts';
import { nullableTree, type NullableTree } from '../../api/schemas/nullable-paths.ts';
import { round } from '../../api/numbers.ts';
import { walkRecord, type ReadField } from '../check/null-reasons.ts';

export type CoverageReport = Static<typeof Copertura>;

/** A row of a field (one year of a series, or the field): comuni with a value, and the sources named for it. */
interface Row {
  count: number;
  fonti: Map<string, number>;
  /** The document being read, and whether every reading of the field in it so far has a value. */
  doc: number;
  has: boolean;
  fonte: string | null;
}

/** A row with `count` comuni counted and the sources seen, and no reading pending. */
const countedRow = (count: number, fonti: Map<string, number>): Row => ({
  count,
  fonti,
  doc: -1,
  has: false,
  fonte: null,
});

/** Counts the pending reading of a row once its document is done. */
function settle(row: Row): void {
  if (!row.has) return;
  row.count++;
  if (row.fonte) row.fonti.set(row.fonte, (row.fonti.get(row.fonte) ?? 0) + 1);
  row.has = false;
}

/**
 * A property whose schema is that of a sibling array's items repeats one of its entries (a yearly record's
 * `dati`, the default year of `serie_storica`): counted once, in the array.
 */
function copies(schema: TSchema): string[] {
  const props = (schema as { properties?: Record<string, TSchema & { items?: TSchema }> }).properties ?? {};
  const items = Object.values(props).flatMap((p) => (p.items ? [JSON.stringify(p.items)] : []));
  return Object.entries(props).flatMap(([k, p]) => (items.includes(JSON.stringify(p)) ? [k] : []));
}

interface Field {
  dominio: string;
  campo: string;
  nota: string | null;
  /** Per year (null: not a series): comuni with a value, and the sources seen. */
  rows: Map<number | null, Row>;
}

/** A tally's counts of its domains as plain data (CoverageTally.part). */
export interface CoveragePart {
  comuni: string[];
  domains: {
    dominio: string;
    /** By field index in the domain's tree: per year, comuni with a value and the sources seen (null: a copy). */
    rows: ({ anno: number | null; count: number; fonti: [string, number][] }[] | null)[];
  }[];
}

/**
 * The coverage report, derived from the record schemas: every nullable field of every per-comune document
 * (api/schemas/nullable-paths.ts), with the comuni whose document has a value for it. A field added to a
 * schema is reported without any list to update. `campo` is the field's path in the document, `nota` the
 * field's description in the schema, `fonte` the provenance the document gives it (the most frequent one).
 */
export class CoverageTally {
  /** Per domain: its schema's tree, its fields by index in the tree (null: a copy, counted elsewhere), and their reader. */
  private readonly domains = new Map<string, { tree: NullableTree; fields: (Field | null)[]; read: ReadField }>();
  private comuni = new Set<string>();
  /** The document being read. */
  private doc = -1;

  constructor(documents: readonly { dominio: string; schema: TSchema }[]) {
    for (const { dominio, schema } of documents) {
      const skip = copies(schema);
      const { paths, tree } = nullableTree(schema);
      const fields = paths.map((p) =>
        skip.some((k) => p.path === k || p.path.startsWith(`${k}.`))
          ? null
          : { dominio, campo: p.path, nota: p.description ?? null, rows: new Map() },
      );
      // In a yearly series each item's fields are read for its year; in any other array a field has a value when every item has one.
      const read: ReadField = (index, anno, has, fonte) => {
        const field = fields[index];
        if (!field) return;
        let row = field.rows.get(anno);
        if (!row) field.rows.set(anno, (row = countedRow(0, new Map())));
        if (row.doc !== this.doc) {
          settle(row);
          row.doc = this.doc;
          row.has = has;
          row.fonte = fonte;
        } else {
          row.has &&= has;
          row.fonte ??= fonte;
        }
      };
      this.domains.set(dominio, { tree, fields, read });
    }
  }

  /**
   * Counts one comune's document of a domain (null: the comune has none), and answers the paths of its nulls
   * without reason (generator/check/null-reasons.ts): the same walk of the document finds both.
   */
  add(dominio: string, codice: string, document: unknown): string[] {
    this.comuni.add(codice);
    if (document === null) return [];
    const { tree, read } = this.domains.get(dominio)!;
    this.doc++;
    return walkRecord(tree, document, read);
  }

  /**
   * What this tally counted of the domains it was made for, as plain data another thread can send: a tally that
   * counted other domains of the same documents takes it in with `absorb` (generator/write/records-thread.ts).
   */
  part(): CoveragePart {
    const domains = [...this.domains].map(([dominio, { fields }]) => ({
      dominio,
      rows: fields.map((f) => {
        if (!f) return null;
        for (const row of f.rows.values()) settle(row);
        return [...f.rows].map(([anno, { count, fonti }]) => ({ anno, count, fonti: [...fonti] }));
      }),
    }));
    return { comuni: [...this.comuni], domains };
  }

  /** Takes in a part counted elsewhere: its domains' rows replace this tally's (each domain is counted in one place). */
  absorb(part: CoveragePart): void {
    for (const codice of part.comuni) this.comuni.add(codice);
    for (const { dominio, rows } of part.domains) {
      const { fields } = this.domains.get(dominio)!;
      rows.forEach((list, i) => {
        const field = fields[i];
        if (!field || !list) return;
        field.rows = new Map(list.map(({ anno, count, fonti }) => [anno, countedRow(count, new Map(fonti))]));
      });
    }
  }

  report(): CoverageReport {
    const n = this.comuni.size;
    const all = [...this.domains.values()].flatMap((d) => d.fields.filter((f): f is Field => f !== null));
    for (const f of all) for (const row of f.rows.values()) settle(row);
    const campi = all.flatMap((f) => {
      const rows = f.rows.size ? [...f.rows].sort(([a], [b]) => (a ?? 0) - (b ?? 0)) : [[null, null] as const];
      return rows.map(([anno, row], i) => ({
        campo: f.campo,
        dominio: f.dominio,
        anno,
        fonte: row ? ([...row.fonti].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null) : null,
        comuni_con_valore: row?.count ?? 0,
        percentuale: n ? round(((row?.count ?? 0) / n) * 100, 1) : 0,
        // The description once per field, not once per year.
        nota: i === 0 ? f.nota : null,
      }));
    });
    return { comuni: n, campi };
  }
}

/** The coverage table printed at the end of every build: one row per field, the newest year of a series. */
export function coverageTable(report: CoverageReport): string {
  const newest = report.campi.filter((f, i, all) => all[i + 1]?.campo !== f.campo || all[i + 1]?.dominio !== f.dominio);
  const rows = newest.map((f) => [
    f.dominio,
    f.campo,
    f.anno === null ? '—' : String(f.anno),
    f.fonte ?? '—',
    String(f.comuni_con_valore),
    `${f.percentuale.toFixed(1)}%`,
  ]);
  const head = ['dominio', 'campo', 'anno', 'fonte', 'comuni', '%'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
