import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Demografia } from '../../../api/schemas/demografia.ts';
import type { Redditi } from '../../../api/schemas/redditi.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';
import { DATA_PACKAGE } from '../../site/data-package-schema.ts';
import { readTable, type Cell, type TableDescriptor, type TableRead } from '../../site/table-check.ts';

interface Resource {
  name: string;
  path: string;
  format: string;
  bytes: number;
  hash: string;
  righe: number;
  sources: { title: string; path: string; attribution: string }[];
  licenses: { name?: string; path: string; title: string }[];
  schema: TableDescriptor & {
    fields: { name: string; type: string; description?: string; unit?: string }[];
    foreignKeys?: { fields: string[]; reference: { resource: string; fields: string[] } }[];
  };
}

const DATI = () => join(TEST_BUILD.outDir, 'dati');
/** The zip's name carries the release version (AAAA.MM.GG+hash → AAAA.MM.GG-hash). */
const ZIP = (version: string) => `comuni-italiani-dati-${version.replace('+', '-')}.zip`;
const ROMA = '058091';
const MILANO = '015146';

/** Sum over the per-comune files of one API resource. */
async function sumOverComuni(resource: string, count: (body: never) => number): Promise<number> {
  const dir = join(TEST_BUILD.outDir, 'api', resource);
  const files = (await readdir(dir)).filter((f) => /^\d{6}\.json$/.test(f));
  let total = 0;
  for (let i = 0; i < files.length; i += 64) {
    const bodies = await Promise.all(
      files.slice(i, i + 64).map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as never),
    );
    for (const body of bodies) total += count(body);
  }
  return total;
}

describe.skipIf(!hasRealBuild)(`public/dati, the bulk dataset${REAL_DATA}`, () => {
  let pkg: {
    id: string;
    version: string;
    created: string;
    citation: string;
    resources: Resource[];
    licenses: unknown[];
    sources: unknown[];
  };
  /** The CSV resources (their Parquet twins are checked in parquet.test.ts). */
  const csvs = () => pkg.resources.filter((r) => r.format === 'csv');
  const tables = new Map<string, TableRead>();
  const csvBytes = new Map<string, Buffer>();
  /** Rows kept for the value checks: Roma and Milano. */
  const keep = (row: Record<string, Cell>) => row.codice_istat === ROMA || row.codice_istat === MILANO;
  const rowsOf = (table: string, code: string, anno?: number) =>
    tables.get(table)!.rows.filter((r) => r.codice_istat === code && (anno === undefined || r.anno === anno));

  beforeAll(async () => {
    pkg = JSON.parse(await readFile(join(DATI(), 'datapackage.json'), 'utf8'));
    for (const r of csvs()) {
      const bytes = await readFile(join(DATI(), r.path));
      csvBytes.set(r.path, bytes);
      tables.set(r.name, readTable(bytes.toString('utf8'), r.schema, keep));
    }
  });

  it('has a CSV and a Parquet per domain, the boundaries TopoJSON, the descriptor, README, citation and the versioned zip, and nothing else', async () => {
    const domains = [
      'comuni',
      'demografia',
      'redditi',
      'ambiente',
      'aria',
      'servizi',
      'sicurezza',
      'qualita-vita',
      'raccordo-codici',
    ];
    expect(pkg.resources.map((r) => r.name)).toEqual([
      ...domains.flatMap((d) => [d, `${d}-parquet`]),
      'confini-comuni-2025',
    ]);
    const files = (await readdir(DATI())).sort();
    expect(files).toEqual(
      [...pkg.resources.map((r) => r.path), ZIP(pkg.version), 'datapackage.json', 'README.md', 'CITATION.cff'].sort(),
    );
  });

  it('is a citable release: id, version and creation date, the same as /api/status gives', async () => {
    const status = await readBuilt<{
      versione_dati: string;
      dataset_in_blocco: { versione: string; creato: string; zip: string; zip_ultima_versione: string };
    }>('/api/status.json');
    expect(pkg.version).toMatch(/^\d{4}\.\d{2}\.\d{2}\+[0-9a-f]{16}$/);
    expect(pkg.version.endsWith(`+${status.versione_dati}`)).toBe(true);
    expect(pkg.version.slice(0, 10).replace(/\./g, '-')).toBe(pkg.created.slice(0, 10));
    expect(pkg.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(status.dataset_in_blocco).toEqual({
      versione: pkg.version,
      creato: pkg.created,
      zip: `/dati/${ZIP(pkg.version)}`,
      zip_ultima_versione: '/dati/comuni-italiani-dati.zip',
      datapackage: '/dati/datapackage.json',
    });
    expect(pkg.citation).toContain(`versione ${pkg.version}`);
    // Netlify serves the stable name as a redirect to this release.
    expect((await readFile(join(TEST_BUILD.outDir, '_redirects'), 'utf8')).split('\n')[0]).toBe(
      `/dati/comuni-italiani-dati.zip /dati/${ZIP(pkg.version)} 302`,
    );
  });

  it('README.md lists every file of the package and how to read codice_istat and Napoli\'s "NA" in pandas, R and DuckDB', async () => {
    const readme = await readFile(join(DATI(), 'README.md'), 'utf8');
    for (const r of pkg.resources) expect(readme, r.path).toContain(`| \`${r.path}\` |`);
    expect(readme).toContain(pkg.version);
    expect(readme).toContain('keep_default_na=False');
    expect(readme).toContain('na.strings = ""');
    expect(readme).toMatch(/```sql\n/);
    expect(readme).toContain(pkg.citation);
  });

  it('CITATION.cff names this version, its date and every source as a reference', async () => {
    const cff = await readFile(join(DATI(), 'CITATION.cff'), 'utf8');
    expect(cff).toMatch(/^cff-version: 1\.2\.0\n/);
    expect(cff).toContain('type: dataset\n');
    expect(cff).toContain(`version: "${pkg.version}"\n`);
    expect(cff).toContain(`date-released: "${pkg.created.slice(0, 10)}"\n`);
    expect(cff.match(/^  - type: data$/gm)).toHaveLength(pkg.sources.length);
  });

  it('datapackage.json validates against the Data Package v2 / Table Schema JSON Schema written from the spec', () => {
    const ajv = (addFormats as unknown as (a: Ajv2020) => Ajv2020)(new Ajv2020({ allErrors: true, strict: false }));
    const validate = ajv.compile(DATA_PACKAGE);
    const valid = validate(pkg);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('documents every column (description; unit for numbers) and names the sources, licences and attribution of every resource', () => {
    for (const r of pkg.resources) {
      for (const f of r.schema?.fields ?? []) {
        expect(f.description?.length ?? 0, `${r.name}.${f.name}`).toBeGreaterThan(10);
        if (f.type === 'number' || f.type === 'integer') expect(f.unit, `${r.name}.${f.name}`).toBeTruthy();
      }
      if (r.schema) expect(r.schema.missingValues).toEqual(['']);
      expect(r.sources.length, r.name).toBeGreaterThan(0);
      for (const s of r.sources) expect(s.attribution, `${r.name}: ${s.title}`).toBeTruthy();
      expect(r.licenses.length, r.name).toBeGreaterThan(0);
    }
    expect(pkg.licenses.length).toBeGreaterThan(0);
  });

  it('every CSV matches its Table Schema: header, types, constraints, unique primary key', () => {
    for (const r of csvs()) expect(tables.get(r.name)!.errors, r.name).toEqual([]);
  });

  it('every codice_istat of every table is a comune of the registry (foreign keys)', () => {
    const registry = tables.get('comuni')!.codes;
    for (const r of csvs()) {
      for (const fk of r.schema.foreignKeys ?? []) {
        expect(fk).toEqual({ fields: ['codice_istat'], reference: { resource: 'comuni', fields: ['codice_istat'] } });
        const orphans = [...tables.get(r.name)!.codes].filter((c) => !registry.has(c));
        expect(orphans, r.name).toEqual([]);
      }
    }
  });

  it('states the true size, hash and row count of each file', async () => {
    // Parquet twins are checked in parquet.test.ts.
    for (const r of pkg.resources.filter((r) => r.format !== 'parquet')) {
      const bytes = await readFile(join(DATI(), r.path));
      expect(r.bytes, r.name).toBe(bytes.byteLength);
      expect(r.hash, r.name).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      if (tables.has(r.name)) expect(r.righe, r.name).toBe(tables.get(r.name)!.count);
    }
  });

  it('zips every file of the folder, README.md and CITATION.cff included, byte for byte', async () => {
    const entries = unzipSync(await readFile(join(DATI(), ZIP(pkg.version))));
    const members = [...pkg.resources.map((r) => r.path), 'datapackage.json', 'README.md', 'CITATION.cff'];
    expect(Object.keys(entries).sort()).toEqual(members.sort());
    for (const path of members)
      expect(Buffer.from(entries[path]!).equals(await readFile(join(DATI(), path))), path).toBe(true);
  });

  it('has as many rows as the built API has records', async () => {
    const { totale } = await readBuilt<{ totale: number }>('/api/comuni.json');
    for (const name of ['comuni', 'ambiente', 'servizi', 'qualita-vita'])
      expect(tables.get(name)!.count, name).toBe(totale);
    expect(tables.get('demografia')!.count).toBe(
      await sumOverComuni('demografia', (d: Demografia) => d.serie_storica.length),
    );
    expect(tables.get('redditi')!.count).toBe(await sumOverComuni('redditi', (d: Redditi) => d.serie_storica.length));
    const airYears = (a: { aria: Record<string, { serie_storica: { anno: number }[] }> }) =>
      new Set(Object.values(a.aria).flatMap((p) => p.serie_storica.map((s) => s.anno))).size;
    expect(tables.get('aria')!.count).toBe(await sumOverComuni('ambiente', airYears as (body: never) => number));
  });

  it('holds the values the API serves, with empty cells where the API has null', async () => {
    const roma = await readBuilt<Demografia>(`/api/demografia/${ROMA}.json`);
    for (const year of roma.serie_storica) {
      const [row] = rowsOf('demografia', ROMA, year.anno);
      expect(row).toMatchObject({
        popolazione_totale: year.popolazione_totale,
        maschi: year.maschi,
        femmine: year.femmine,
        densita_ab_km2: year.densita_ab_km2,
      });
    }
    // Official ISTAT population and the ANPR register count in separate columns, never one for the other.
    expect(rowsOf('demografia', ROMA, 2025)[0]).toMatchObject({
      popolazione_totale: 2_747_290,
      maschi: 1_307_642,
      nati: 15_817,
      morti: 28_890,
      popolazione_anagrafe: 2_802_877,
      mese_anagrafe: '2025-01',
    });
    expect(rowsOf('demografia', ROMA, 2022)[0]).toMatchObject({
      popolazione_totale: 2_749_031,
      mese_anagrafe: '2022-12',
      fonte_popolazione: 'istat-popolazione-2022-2023',
      fonte_anagrafe: 'anpr-popolazione',
    });
    const milano = await readBuilt<Redditi>(`/api/redditi/${MILANO}.json`);
    const m2023 = rowsOf('redditi', MILANO, 2023)[0]!;
    expect(m2023.contribuenti).toBe(1_047_822);
    expect(m2023.reddito_imponibile_euro).toBe(38_149_599_569);
    expect(m2023.reddito_medio_euro).toBe(milano.serie_storica.find((y) => y.anno === 2023)!.reddito_medio_euro);
    expect(milano.dati.scaglioni!.map((s) => s.frequenza)).toEqual(
      Object.entries(m2023)
        .filter(([k]) => /^scaglione_.*_contribuenti$/.test(k))
        .map(([, v]) => v),
    );
    // 2024 is a summary without brackets: empty cells, not zeros.
    const m2024 = rowsOf('redditi', MILANO, 2024)[0]!;
    expect(m2024.scaglione_0_10000_contribuenti).toBeNull();
    expect(m2024.reddito_mediano_stimato_euro).toBeNull();
    const quality = await readBuilt<{ punteggio: number; posizione_nazionale: { posizione: number } }>(
      `/api/qualita-vita/${ROMA}.json`,
    );
    expect(rowsOf('qualita-vita', ROMA)[0]).toMatchObject({
      punteggio: quality.punteggio,
      posizione_nazionale: quality.posizione_nazionale.posizione,
    });
  });
});
