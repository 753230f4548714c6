import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defineTable, type Column } from '../../generator/render/dati-table.ts';
import { DatiPacker } from '../../generator/write/dati-packer.ts';
import { OutputWriter } from '../../generator/write/output.ts';

type Row = {
  code: string;
  sigla: string;
  year: number;
  people: number | null;
  area: number | null;
  capital: boolean | null;
};

const columns: Column<Row>[] = [
  {
    name: 'codice_istat',
    type: 'string',
    description: 'Codice.',
    constraints: { required: true },
    value: (r) => r.code,
  },
  { name: 'sigla_provincia', type: 'string', description: 'Sigla.', value: (r) => r.sigla },
  { name: 'anno', type: 'year', description: 'Anno.', value: (r) => r.year },
  { name: 'popolazione', type: 'integer', unit: 'persone', description: 'Popolazione.', value: (r) => r.people },
  { name: 'superficie_km2', type: 'number', unit: 'km²', description: 'Superficie.', value: (r) => r.area },
  { name: 'capoluogo', type: 'boolean', description: 'Capoluogo.', value: (r) => r.capital },
];
const table = (rows: Row[]) =>
  defineTable({
    name: 'prova',
    title: 'Prova',
    description: 'Prova.',
    fonti: [],
    primaryKey: ['codice_istat', 'anno'],
    columns,
    rows,
  });

/** The Parquet twin as the build writes it: by the bulk dataset's thread, from the table's CSV on disk. */
async function parquetBytes(t: ReturnType<typeof table>): Promise<Uint8Array> {
  const writer = await OutputWriter.create(join(await mkdtemp(join(tmpdir(), 'dati-')), 'public'));
  const packer = await DatiPacker.start(writer, '/dati');
  try {
    const csv = await packer.write('prova.csv', t.csvChunks());
    const parquet = await packer.parquet('prova.parquet', csv.path, t.fields);
    const bytes = await readFile(join(writer.root, 'dati', parquet.path));
    expect(parquet.bytes).toBe(bytes.byteLength);
    expect(await readdir(join(writer.root, 'dati'))).toEqual(['prova.csv', 'prova.parquet']);
    return bytes;
  } finally {
    await packer.close();
    await writer.discard();
  }
}

/** Reads a Parquet file with DuckDB, as a researcher would (no option). */
async function readBack(bytes: Uint8Array) {
  const path = join(await mkdtemp(join(tmpdir(), 'parquet-')), 'prova.parquet');
  await writeFile(path, bytes);
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const types = (await db.runAndReadAll(`DESCRIBE SELECT * FROM '${path}'`))
      .getRowObjects()
      .map((c) => `${c.column_name}:${c.column_type}`);
    const rows = (await db.runAndReadAll(`SELECT * FROM '${path}'`)).getRowObjects();
    return { types, rows };
  } finally {
    db.closeSync();
  }
}

describe('Parquet twin of a bulk-dataset table', () => {
  it('keeps the Table Schema types, leading zeros, "NA" as text, big integers and nulls', async () => {
    const { types, rows } = await readBack(
      await parquetBytes(
        table([
          { code: '063049', sigla: 'NA', year: 2023, people: 38_149_599_569, area: 117.27, capital: true },
          { code: '021008', sigla: 'Bozen, "BZ"', year: 2023, people: 0, area: 0.5, capital: false },
          { code: '001001', sigla: 'TO', year: 2024, people: null, area: null, capital: null },
        ]),
      ),
    );
    expect(types).toEqual([
      'codice_istat:VARCHAR',
      'sigla_provincia:VARCHAR',
      'anno:INTEGER',
      'popolazione:BIGINT',
      'superficie_km2:DOUBLE',
      'capoluogo:BOOLEAN',
    ]);
    expect(rows).toEqual([
      {
        codice_istat: '063049',
        sigla_provincia: 'NA',
        anno: 2023,
        popolazione: 38_149_599_569n,
        superficie_km2: 117.27,
        capoluogo: true,
      },
      {
        codice_istat: '021008',
        sigla_provincia: 'Bozen, "BZ"',
        anno: 2023,
        popolazione: 0n,
        superficie_km2: 0.5,
        capoluogo: false,
      },
      {
        codice_istat: '001001',
        sigla_provincia: 'TO',
        anno: 2024,
        popolazione: null,
        superficie_km2: null,
        capoluogo: null,
      },
    ]);
  });

  it('fails the build on a fractional value in an integer column rather than rounding it', async () => {
    await expect(
      parquetBytes(table([{ code: '001001', sigla: 'TO', year: 2024, people: 1.5, area: 1, capital: false }])),
    ).rejects.toThrow(
      /^dataset in blocco: la conversione in Parquet di \/dati\/prova\.csv in \/dati\/prova\.parquet \(DuckDB\) non è riuscita: .*colonna intera popolazione con un valore non intero: 1.5/,
    );
  });

  it('writes the same bytes for the same rows', async () => {
    const rows: Row[] = [{ code: '001001', sigla: 'TO', year: 2024, people: 1, area: 2, capital: false }];
    expect(Buffer.from(await parquetBytes(table(rows))).equals(Buffer.from(await parquetBytes(table(rows))))).toBe(
      true,
    );
  });
});

describe('zip of the bulk dataset', () => {
  it('holds every file byte for byte: the CSV deflated, the Parquet file (already compressed) stored', async () => {
    const writer = await OutputWriter.create(join(await mkdtemp(join(tmpdir(), 'dati-')), 'public'));
    const packer = await DatiPacker.start(writer, '/dati');
    try {
      const rows: Row[] = Array.from({ length: 500 }, (_, i) => ({
        code: String(i).padStart(6, '0'),
        sigla: 'TO',
        year: 2024,
        people: i,
        area: i / 4,
        capital: i === 0,
      }));
      const csv = await packer.write('prova.csv', table(rows).csvChunks());
      await packer.parquet('prova.parquet', csv.path, table(rows).fields);
      const size = await packer.zip('tutto.zip', ['prova.csv', 'prova.parquet']);
      await writer.flush();
      const dir = join(writer.root, 'dati');
      const zip = await readFile(join(dir, 'tutto.zip'));
      expect(zip.byteLength).toBe(size);
      const methods: Record<string, number> = {};
      const entries = unzipSync(zip, {
        filter: (f) => {
          methods[f.name] = f.compression;
          return true;
        },
      });
      expect(methods).toEqual({ 'prova.csv': 8, 'prova.parquet': 0 });
      for (const name of ['prova.csv', 'prova.parquet'])
        expect(Buffer.from(entries[name]!).equals(await readFile(join(dir, name)))).toBe(true);
    } finally {
      await packer.close();
      await writer.discard();
    }
  });
});
