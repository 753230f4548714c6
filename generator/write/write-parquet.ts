import type { Field, FieldType } from '../render/dati-table.ts';

/**
 * The Parquet twin of a bulk-dataset table: the same rows and cells as its CSV, with the
 * types of its Table Schema inside the file, so DuckDB, pandas/pyarrow, R arrow and Polars
 * read codice_istat as text and numbers as numbers with no option.
 *
 * Written by DuckDB from the CSV the build has just written, read with the declared types
 * (no type sniffing). hyparquet-writer, pure JS, took ~23 s of the build's main thread (a
 * CPU profile on a loaded machine), most of it encoding INT64 columns as BigInt; DuckDB's
 * C++ writer does it off the main thread (the bulk-dataset step went from ~40 s to ~13 s
 * there), and the CSV and Parquet files cannot disagree.
 */

/**
 * Table Schema type → DuckDB type. Integers are BIGINT (INT64): totals in euro pass 2^31
 * (Milano's taxable income is 38 billion). Years fit INTEGER.
 */
const DUCKDB_TYPES: Record<FieldType, string> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  boolean: 'BOOLEAN',
  year: 'INTEGER',
};

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;
const sqlName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Integer columns are read as text and cast only when they are whole numbers: DuckDB's own
 * cast would round "1.5" to 2, and a fraction in an integer column is a bug that must fail
 * the build, not be rounded away.
 */
function selected(f: Field): string {
  const name = sqlName(f.name);
  if (f.type !== 'integer') return name;
  const message = sqlString(`colonna intera ${f.name} con un valore non intero: `);
  return `CAST(CASE WHEN ${name} IS NULL OR regexp_full_match(${name}, '-?[0-9]+') THEN ${name} ELSE error(${message} || ${name}) END AS BIGINT) AS ${name}`;
}

/**
 * The statement that writes `target`, the Parquet twin of the CSV at `csvPath` (written by
 * Table.csvChunks: header, comma, RFC 4180 quotes, empty cell = null), with the table's fields.
 * DuckDB runs it in the bulk dataset's thread (dati-thread.mjs), on one thread of its own:
 * measured on the income CSV, as fast as DuckDB's default of one thread a core, with 215 MB
 * of peak RSS instead of 360, and no race between threads for the row groups to depend on.
 * A conversion can start before the previous one ends (write-dati.ts converts each CSV while
 * the next is rendered): each has its own instance, so its bytes still depend on its CSV alone.
 *
 * ZSTD, not GZIP: on the income table DuckDB's GZIP took three times as long (13 vs 4 s)
 * for a file 8% bigger (20.6 vs 19.0 MB); every current Parquet reader (DuckDB, Arrow,
 * Polars, fastparquet) decodes ZSTD. Row groups of 20,000 rows: DuckDB skips the groups a
 * codice_istat or anno filter excludes and reads the others in parallel (measured with the
 * previous writer: a lookup in the income table 2–3× faster than with 100,000-row groups,
 * for a file 3% bigger). Same CSV → same bytes (checked by the golden build, which hashes
 * every file, and by test/generator/write-parquet.test.ts).
 */
export function parquetSql(csvPath: string, target: string, fields: readonly Field[]): string {
  const read = (f: Field) => (f.type === 'integer' ? 'VARCHAR' : DUCKDB_TYPES[f.type]);
  const columns = fields.map((f) => `${sqlString(f.name)}: ${sqlString(read(f))}`).join(', ');
  return `COPY (SELECT ${fields.map(selected).join(', ')} FROM read_csv(${sqlString(csvPath)}, header = true, auto_detect = false, delim = ',', quote = '"', escape = '"', columns = {${columns}}))
       TO ${sqlString(target)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 20000)`;
}
