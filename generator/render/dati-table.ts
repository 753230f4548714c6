import { csvLine, type CsvValue } from './csv.ts';
import { pushTo } from '../../lib/maps.ts';

/** Table Schema field types used by the bulk dataset. */
export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'year';

export interface FieldConstraints {
  required?: boolean;
  unique?: boolean;
  pattern?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
}

/** One CSV column: its Table Schema field and how to read it from a row. */
export interface Column<R> {
  name: string;
  type: FieldType;
  description: string;
  /** Unit of measure: required for integer and number fields. */
  unit?: string;
  constraints?: FieldConstraints;
  /**
   * For columns no source fills today (e.g. births): the column is left out while every
   * row is empty, and this reason goes into the resource description instead.
   */
  omitIfEmpty?: string;
  value: (row: R) => CsvValue;
}

export interface Field {
  name: string;
  type: FieldType;
  description: string;
  unit?: string;
  constraints?: FieldConstraints;
}

export interface ForeignKey {
  fields: string[];
  reference: { resource: string; fields: string[] };
}

/** A resource of the bulk dataset with its rows already bound to its columns. */
export interface Table {
  name: string;
  title: string;
  description: string;
  /** Ids of the sources (dataset.fonti) the figures come from. */
  fonti: string[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  fields: Field[];
  rowCount: number;
  /** The CSV text in pieces, in order: header, then one line per row (its Parquet twin is written from it). */
  csvChunks(): Generator<string>;
}

interface TableInfo<R> {
  name: string;
  title: string;
  description: string;
  fonti: string[];
  primaryKey: string[];
  /** Default: codice_istat references the registry table. */
  foreignKeys?: ForeignKey[];
  columns: Column<R>[];
}

/**
 * The rows, or rows and the `view` the columns read from each, built as its line is written and
 * dropped after: the income table builds each full tax year there (all at once they held 308 MB).
 */
type Rows<R, S> = { rows: readonly R[]; view?: undefined } | { rows: readonly S[]; view: (row: S) => R };

export type TableSpec<R, S = R> = TableInfo<R> & Rows<R, S>;

/** Each row as the columns read it, one at a time. */
function* views<R, S>(spec: Rows<R, S>): Generator<R> {
  if (spec.view === undefined) yield* spec.rows;
  else for (const row of spec.rows) yield spec.view(row);
}

/** True when the column has no value in any row (it stops at the first one it finds). */
function isEmpty<R>(column: Column<R>, rows: Iterable<R>): boolean {
  for (const row of rows) if (column.value(row) !== null) return false;
  return true;
}

/**
 * Characters of a piece of a table (see csvChunks()): 64 KiB even as a two-byte string (text
 * cut from a two-byte source string can stay one, whatever its characters), under V8's
 * 128 KiB large-object threshold. Pieces of 2,000 lines (~520,000 characters for the income
 * table) were each a large object on freshly mapped pages, and first-touched memory costs
 * 4.1–6.6 s a GiB on this kind of virtual machine (npm run bench): 35,000 page faults in one
 * build's `perf` record under String::WriteToFlat, fewer than 1,700 in a record after.
 */
const CHUNK_CHARS = 32_768;

/** Every table but the registry itself points at the registry by codice_istat. */
const TO_COMUNI: ForeignKey = { fields: ['codice_istat'], reference: { resource: 'comuni', fields: ['codice_istat'] } };

export function defineTable<R, S = R>(spec: TableSpec<R, S>): Table {
  const omitted = spec.columns.filter((c) => c.omitIfEmpty !== undefined && isEmpty(c, views(spec)));
  const columns = spec.columns.filter((c) => !omitted.includes(c));
  for (const c of columns) {
    if ((c.type === 'integer' || c.type === 'number') && !c.unit)
      throw new Error(`${spec.name}.${c.name}: una colonna numerica richiede un'unità di misura`);
  }
  const reasons = new Map<string, string[]>();
  for (const c of omitted) pushTo(reasons, c.omitIfEmpty!, c.name);
  const notes = [...reasons].map(([reason, names]) =>
    names.length === 1 ? `Colonna ${names[0]} omessa: ${reason}` : `Colonne ${names.join(', ')} omesse: ${reason}`,
  );
  return {
    name: spec.name,
    title: spec.title,
    description: [spec.description, ...notes].join(' '),
    fonti: spec.fonti,
    primaryKey: spec.primaryKey,
    foreignKeys: spec.foreignKeys ?? [TO_COMUNI],
    fields: columns.map(({ name, type, description, unit, constraints }) => ({
      name,
      type,
      description,
      ...(unit ? { unit } : {}),
      ...(constraints ? { constraints } : {}),
    })),
    rowCount: spec.rows.length,
    *csvChunks() {
      // A piece at a time, each handed on at once: joined whole, the income table's ~200,000
      // lines (52 MB) all stayed alive until the last one was rendered.
      let lines = [csvLine(columns.map((c) => c.name))];
      let chars = lines[0]!.length;
      for (const row of views(spec)) {
        const line = csvLine(columns.map((c) => c.value(row)));
        if (chars + line.length > CHUNK_CHARS && lines.length > 0) {
          yield lines.join('');
          lines = [];
          chars = 0;
        }
        lines.push(line);
        chars += line.length;
      }
      yield lines.join('');
    },
  };
}
