import type { Static, TSchema } from '@sinclair/typebox';
import type { Copertura } from '../../api/schemas/meta.ts';
import { nullablePaths } from '../../api/schemas/nullable-paths.ts';
import { round } from '../../api/numbers.ts';

export type CoverageReport = Static<typeof Copertura>;

type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One comune's reading of a field: for a field inside a yearly series, one per year (`anno`). */
interface Reading {
  anno: number | null;
  has: boolean;
  fonte: string | null;
}

/**
 * The `fonte` an object names for its field `key`: its own provenance, or the one its `fonti` lists under the
 * field's name or the start of it (`fonti.superficie` for `superficie_km2`).
 */
function sourceAt(o: JsonObject, key: string): string | null {
  const own = o.fonte;
  if (isObject(own) && typeof own.fonte === 'string') return own.fonte;
  if (!isObject(o.fonti)) return null;
  const name = Object.keys(o.fonti).find((k) => key === k || key.startsWith(`${k}_`));
  const listed = name === undefined ? undefined : o.fonti[name];
  return isObject(listed) && typeof listed.fonte === 'string' ? listed.fonte : null;
}

/**
 * A field's readings in one document. In a yearly series (`series`, one flag per `[]` of the path) the field
 * has one reading per year; in any other array it has a value when every item has one.
 */
function read(
  value: Json | undefined,
  path: { keys: string[]; series: boolean[] },
  i: number,
  anno: number | null,
  fonte: string | null,
): Reading[] {
  const { keys, series } = path;
  if (i === keys.length) return [{ anno, has: value !== null && value !== undefined, fonte }];
  const key = keys[i]!;
  if (key === '[]') {
    if (!Array.isArray(value)) return [{ anno, has: false, fonte }];
    const isSeries = series[keys.slice(0, i).filter((k) => k === '[]').length];
    const items = value.flatMap((v) =>
      read(v, path, i + 1, isSeries && isObject(v) && typeof v.anno === 'number' ? v.anno : anno, fonte),
    );
    const byYear = new Map<number | null, Reading>();
    for (const r of items) {
      const seen = byYear.get(r.anno);
      byYear.set(r.anno, seen ? { anno: r.anno, has: seen.has && r.has, fonte: seen.fonte ?? r.fonte } : r);
    }
    return byYear.size ? [...byYear.values()] : [{ anno, has: false, fonte }];
  }
  if (!isObject(value)) return [{ anno, has: false, fonte }];
  return read(value[key], path, i + 1, anno, sourceAt(value, key) ?? fonte);
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
  keys: string[];
  series: boolean[];
  nota: string | null;
  /** Per year (null: not a series): comuni with a value, and the sources seen. */
  rows: Map<number | null, { count: number; fonti: Map<string, number> }>;
}

/**
 * The coverage report, derived from the record schemas: every nullable field of every per-comune document
 * (api/schemas/nullable-paths.ts), with the comuni whose document has a value for it. A field added to a
 * schema is reported without any list to update. `campo` is the field's path in the document, `nota` the
 * field's description in the schema, `fonte` the provenance the document gives it (the most frequent one).
 */
export class CoverageTally {
  private readonly fields = new Map<string, Field[]>();
  private comuni = new Set<string>();

  constructor(documents: readonly { dominio: string; schema: TSchema }[]) {
    for (const { dominio, schema } of documents) {
      const skip = copies(schema);
      this.fields.set(
        dominio,
        nullablePaths(schema)
          .filter((p) => !skip.some((k) => p.path === k || p.path.startsWith(`${k}.`)))
          .map((p) => ({
            dominio,
            campo: p.path,
            keys: p.path.replaceAll('[]', '.[]').split('.'),
            series: p.series,
            nota: p.description ?? null,
            rows: new Map(),
          })),
      );
    }
  }

  /** Counts one comune's document of a domain (null: the comune has none). */
  add(dominio: string, codice: string, document: unknown): void {
    this.comuni.add(codice);
    if (document === null) return;
    for (const field of this.fields.get(dominio)!)
      for (const r of read(document as Json, field, 0, null, null)) {
        let row = field.rows.get(r.anno);
        if (!row) field.rows.set(r.anno, (row = { count: 0, fonti: new Map() }));
        if (!r.has) continue;
        row.count++;
        if (r.fonte) row.fonti.set(r.fonte, (row.fonti.get(r.fonte) ?? 0) + 1);
      }
  }

  report(): CoverageReport {
    const n = this.comuni.size;
    const campi = [...this.fields.values()].flat().flatMap((f) => {
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
