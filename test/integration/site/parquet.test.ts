import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRealBuild, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';
import { readTable, type Cell, type TableDescriptor } from '../../site/table-check.ts';

/**
 * The Parquet twins read back as a researcher would, with DuckDB and no option: same rows,
 * the Table Schema's types, the same values as the CSV read by another parser (csv-parse,
 * through table-check), since DuckDB also writes them.
 */

interface Resource {
  name: string;
  path: string;
  format: string;
  bytes: number;
  hash: string;
  righe: number;
  schema: TableDescriptor;
}

const DATI = () => join(TEST_BUILD.outDir, 'dati');
/** DuckDB's type for each Table Schema type, as the Parquet declares it. */
const DUCKDB_TYPES: Record<string, string> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  year: 'INTEGER',
  boolean: 'BOOLEAN',
};
/** Roma, Milano, Napoli (sigla "NA", the classic pitfall) and every 97th code: all their rows are compared cell by cell. */
const sampled = (code: Cell) =>
  code !== null && (['058091', '015146', '063049'].includes(String(code)) || Number(code) % 97 === 0);

const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A DuckDB value as the CSV check reads it (BIGINT arrives as bigint). */
const plain = (v: unknown): Cell => (typeof v === 'bigint' ? Number(v) : (v as Cell));

describe.skipIf(!hasRealBuild)(`Parquet twins of the bulk dataset, read with DuckDB${REAL_DATA}`, () => {
  let db: DuckDBConnection;
  let resources: Resource[];
  const twins = () =>
    resources
      .filter((r) => r.format === 'csv')
      .map((csv) => ({ csv, parquet: resources.find((r) => r.name === `${csv.name}-parquet`)! }));
  const query = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjects();

  beforeAll(async () => {
    resources = JSON.parse(await readFile(join(DATI(), 'datapackage.json'), 'utf8')).resources;
    db = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => db?.closeSync());

  it('lists a Parquet twin for every CSV, with the same schema, and states its true size and hash', async () => {
    for (const { csv, parquet } of twins()) {
      expect(parquet, `${csv.name}-parquet`).toBeDefined();
      expect(parquet.path).toBe(csv.path.replace(/\.csv$/, '.parquet'));
      expect(parquet.schema.fields).toEqual(csv.schema.fields);
      expect(parquet.righe).toBe(csv.righe);
      const bytes = await readFile(join(DATI(), parquet.path));
      expect(parquet.bytes, parquet.path).toBe(bytes.byteLength);
      expect(parquet.hash, parquet.path).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    }
    expect(resources.filter((r) => r.format === 'parquet')).toHaveLength(twins().length);
  });

  it('has the columns and types of the Table Schema and as many rows as the CSV', async () => {
    for (const { csv, parquet } of twins()) {
      const file = sqlString(join(DATI(), parquet.path));
      const columns = await query(`DESCRIBE SELECT * FROM ${file}`);
      expect(
        columns.map((c) => `${c.column_name}:${c.column_type}`),
        parquet.name,
      ).toEqual(csv.schema.fields.map((f) => `${f.name}:${DUCKDB_TYPES[f.type]}`));
      const [{ n }] = (await query(`SELECT count(*) AS n FROM ${file}`)) as [{ n: bigint }];
      expect(Number(n), parquet.name).toBe(csv.righe);
    }
  });

  it('reads codice_istat as a 6-character string, with no option', async () => {
    for (const { csv, parquet } of twins()) {
      // The crosswalk leaves codice_istat empty where a successor is not verified; every other table requires it.
      const required = csv.schema.fields.find((f) => f.name === 'codice_istat')!.constraints?.required === true;
      const [row] = await query(
        `SELECT any_value(typeof(codice_istat)) AS t, min(length(codice_istat)) AS lo, max(length(codice_istat)) AS hi, count(*) FILTER (WHERE codice_istat IS NULL) AS missing FROM ${sqlString(join(DATI(), parquet.path))}`,
      );
      expect(row, parquet.name).toMatchObject({ t: 'VARCHAR', lo: 6n, hi: 6n, ...(required ? { missing: 0n } : {}) });
    }
    const [napoli] = await query(
      `SELECT codice_istat, sigla_provincia FROM ${sqlString(join(DATI(), 'comuni.parquet'))} WHERE nome = 'Napoli'`,
    );
    expect(napoli).toEqual({ codice_istat: '063049', sigla_provincia: 'NA' });
  });

  it('holds exactly the CSV values: every cell of the sampled rows, null where the CSV cell is empty', async () => {
    for (const { csv, parquet } of twins()) {
      const expected = readTable(await readFile(join(DATI(), csv.path), 'utf8'), csv.schema, (row) =>
        sampled(row.codice_istat ?? null),
      ).rows;
      const order = csv.schema.primaryKey.join(', ');
      const rows = await query(
        `SELECT * FROM ${sqlString(join(DATI(), parquet.path))} WHERE codice_istat IN ('058091', '015146', '063049') OR CAST(codice_istat AS INTEGER) % 97 = 0 ORDER BY ${order}`,
      );
      const sortKey = (r: Record<string, Cell>) => csv.schema.primaryKey.map((k) => String(r[k])).join('|');
      const byKey = (a: Record<string, Cell>, b: Record<string, Cell>) =>
        sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
      expect(expected.length, csv.name).toBeGreaterThan(0);
      expect(
        rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)]))),
        csv.name,
      ).toEqual([...expected].sort(byKey));
    }
  });

  it('equals the CSV read with the Table Schema types, row for row', async () => {
    for (const { csv, parquet } of twins()) {
      const columns = `{${csv.schema.fields.map((f) => `${sqlString(f.name)}: '${DUCKDB_TYPES[f.type]}'`).join(', ')}}`;
      const fromCsv = `SELECT * FROM read_csv(${sqlString(join(DATI(), csv.path))}, header = true, columns = ${columns}, nullstr = '', quote = '"', escape = '"')`;
      const fromParquet = `SELECT * FROM ${sqlString(join(DATI(), parquet.path))}`;
      const [{ extra }] = (await query(`SELECT count(*) AS extra FROM ((${fromCsv}) EXCEPT ALL (${fromParquet}))`)) as [
        { extra: bigint },
      ];
      const [{ lacking }] = (await query(
        `SELECT count(*) AS lacking FROM ((${fromParquet}) EXCEPT ALL (${fromCsv}))`,
      )) as [{ lacking: bigint }];
      expect({ table: csv.name, extra, lacking }).toEqual({ table: csv.name, extra: 0n, lacking: 0n });
    }
  });

  it('runs the DuckDB snippets of README.md as written, from the dataset folder', async () => {
    const readme = await readFile(join(DATI(), 'README.md'), 'utf8');
    const block = /```sql\n([\s\S]*?)```/.exec(readme)![1]!;
    const statements = block
      .split(';')
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    await db.run(`SET file_search_path = ${sqlString(DATI())}`);
    const results = [];
    for (const sql of statements) results.push(await query(sql));
    expect(results[0]!.length).toBeGreaterThan(10);
    expect(results[1]).toEqual([{ codice_istat: '063049', nome: 'Napoli', sigla_provincia: 'NA' }]);
  });
});
