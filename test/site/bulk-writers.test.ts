import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../generator/render/csv.ts';
import { defineTable, type Column, type Table } from '../../generator/render/dati-table.ts';
import { fillTemplate, html } from '../../generator/render/html.ts';
import { readTable } from './table-check.ts';

/** The whole CSV a table writes. */
const csvText = (table: Table) => [...table.csvChunks()].join('');

describe('CSV cells of the bulk dataset', () => {
  it('writes a missing value as an empty cell and a zero as 0', () => {
    expect(csvLine([null, 0, false, ''])).toBe(',0,false,\n');
  });

  it('quotes only the cells that need it, so names with commas and quotes survive a round trip', () => {
    const values = ["Reggio nell'Emilia", 'San Giovanni, frazione', 'detto "il borgo"', 'riga\nnuova', 'Bolzano/Bozen'];
    const text = csvLine(values);
    expect(text.startsWith("Reggio nell'Emilia,")).toBe(true);
    expect(parse(text)).toEqual([values]);
  });

  it('writes numbers in plain decimal notation that every reader parses', () => {
    expect(csvCell(0.0000001)).toBe('0.0000001');
    expect(csvCell(1e21)).toBe('1000000000000000000000');
    expect(csvCell(-2016657)).toBe('-2016657');
    expect(csvCell(13.19646038)).toBe('13.19646038');
    expect(() => csvCell(Number.NaN)).toThrow(/non è un numero finito/);
  });
});

describe('tables of the bulk dataset', () => {
  type Row = { code: string; births: number | null; area: number | null };
  const columns: Column<Row>[] = [
    { name: 'codice_istat', type: 'string', description: 'Codice.', value: (r) => r.code },
    {
      name: 'nati',
      type: 'integer',
      unit: 'persone',
      description: 'Nati.',
      omitIfEmpty: 'nessuna fonte dei nati.',
      value: (r) => r.births,
    },
    { name: 'superficie_km2', type: 'number', unit: 'km²', description: 'Superficie.', value: (r) => r.area },
  ];
  const spec = (rows: Row[]) => ({
    name: 'prova',
    title: 'Prova',
    description: 'Tabella di prova.',
    fonti: [],
    primaryKey: ['codice_istat'],
    columns,
    rows,
  });

  it('leaves out a column no row fills, and says why in the description', () => {
    const table = defineTable(
      spec([
        { code: '001001', births: null, area: 13.3 },
        { code: '001002', births: null, area: null },
      ]),
    );
    expect(table.fields.map((f) => f.name)).toEqual(['codice_istat', 'superficie_km2']);
    expect(table.description).toContain('Colonna nati omessa: nessuna fonte dei nati.');
    expect(csvText(table)).toBe('codice_istat,superficie_km2\n001001,13.3\n001002,\n');
    expect(table.rowCount).toBe(2);
  });

  it('keeps that column as soon as one row has a value, with empty cells for the others', () => {
    const table = defineTable(
      spec([
        { code: '001001', births: 0, area: 1 },
        { code: '001002', births: null, area: 2 },
      ]),
    );
    expect(table.fields.map((f) => f.name)).toContain('nati');
    expect(csvText(table).split('\n').slice(1, 3)).toEqual(['001001,0,1', '001002,,2']);
  });

  it('writes every row once and in order, however many there are', () => {
    const rows = Array.from({ length: 4501 }, (_, k) => ({
      code: String(k).padStart(6, '0'),
      births: k,
      area: k / 10,
    }));
    const lines = csvText(defineTable(spec(rows))).split('\n');
    expect(lines).toHaveLength(4503); // header, 4,501 rows, the final newline's empty piece
    expect(lines.slice(1, -1)).toEqual(rows.map((r) => `${r.code},${r.births},${r.area}`));
  });

  it('hands its CSV on in pieces of whole lines small enough to die young (≤ 32,768 characters), a longer line alone', () => {
    const rows = Array.from({ length: 4501 }, (_, k) => ({ code: `${k}`.padStart(6, '0'), births: k, area: k / 10 }));
    const long = { code: 'è'.repeat(40_000), births: 1, area: 1 };
    const pieces = [...defineTable(spec([...rows, long, ...rows.slice(0, 10)])).csvChunks()];
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces) {
      expect(piece.endsWith('\n')).toBe(true);
      if (!piece.includes(long.code)) expect(piece.length).toBeLessThanOrEqual(32_768);
    }
    expect(pieces.filter((p) => p.includes(long.code))).toEqual([`${long.code},1,1\n`]);
  });

  it('refuses a numeric column without a unit', () => {
    const noUnit: Column<Row>[] = [
      { name: 'superficie', type: 'number', description: 'Superficie.', value: (r) => r.area },
    ];
    expect(() => defineTable({ ...spec([]), columns: noUnit })).toThrow(/richiede un'unità di misura/);
  });

  it('points a table at the registry by codice_istat unless told otherwise', () => {
    expect(defineTable(spec([])).foreignKeys).toEqual([
      { fields: ['codice_istat'], reference: { resource: 'comuni', fields: ['codice_istat'] } },
    ]);
    expect(defineTable({ ...spec([]), foreignKeys: [] }).foreignKeys).toEqual([]);
  });
});

describe('site templates', () => {
  it('escapes data and keeps generated HTML', () => {
    const name = '<script>alert("x")</script>';
    expect(fillTemplate('<p>{{ nome }}</p>{{tabella}}', { nome: name, tabella: html`<b>${name}</b>` }, 't')).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</b>',
    );
  });

  it('fails on a placeholder without a value and on a value without a placeholder', () => {
    expect(() => fillTemplate('{{manca}}', {}, 'pagina.html')).toThrow(/pagina\.html: nessun valore per \{\{manca\}\}/);
    expect(() => fillTemplate('<p></p>', { extra: 'x' }, 'pagina.html')).toThrow(/nessun segnaposto per extra/);
  });
});

describe('the Table Schema check used on the built CSVs', () => {
  const schema = {
    fields: [
      { name: 'codice_istat', type: 'string', constraints: { required: true, pattern: '^[0-9]{6}$' } },
      { name: 'anno', type: 'year' },
      { name: 'popolazione', type: 'integer', constraints: { minimum: 0 } },
      { name: 'classe', type: 'string', constraints: { enum: ['A', 'B'] } },
    ],
    missingValues: [''],
    primaryKey: ['codice_istat', 'anno'],
  };

  it('accepts a conforming table and reads empty cells as missing', () => {
    const read = readTable(
      'codice_istat,anno,popolazione,classe\n001001,2025,2646,A\n001001,2026,,\n',
      schema,
      () => true,
    );
    expect(read.errors).toEqual([]);
    expect(read.count).toBe(2);
    expect(read.rows[1]).toEqual({ codice_istat: '001001', anno: 2026, popolazione: null, classe: null });
  });

  it('reports a wrong header, a wrong type, a broken constraint and a repeated key', () => {
    expect(readTable('codice,anno,popolazione,classe\n', schema).errors).toEqual([expect.stringContaining('header')]);
    const errors = readTable(
      'codice_istat,anno,popolazione,classe\n1001,2025,12.5,C\n001001,2025,-1,A\n001001,2025,3,A\n,2024,1,A\n',
      schema,
    ).errors;
    expect(errors).toEqual([
      expect.stringContaining('codice_istat="1001"'),
      expect.stringContaining('popolazione="12.5" non è un integer'),
      expect.stringContaining('classe="C"'),
      expect.stringContaining('popolazione=-1 < 0'),
      expect.stringContaining('chiave primaria 001001|2025 ripetuta'),
      expect.stringContaining('codice_istat obbligatorio'),
      expect.stringContaining('chiave primaria incompleta'),
    ]);
  });
});
