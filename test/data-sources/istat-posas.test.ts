import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { load, meta, NATIONAL_FILE, parsePosas, SAMPLE_FILE } from '../../data-sources/istat-posas.ts';
import { MissingSourceError } from '../../data-sources/lib/files.ts';

// Hand-written rows in the POSAS layout: a title line, then the header; ";", quoted code and name;
// marital-status counts (civil-union columns blank), "Totale maschi", the same for women, "Totale".
const TITLE = '"Popolazione residente per età, sesso e stato civile al 1° gennaio 2025"';
const HEADER = [
  'Codice comune',
  'Comune',
  'Età',
  'Celibi',
  'Coniugati',
  'Divorziati',
  'Vedovi',
  'Uniti civilmente',
  'Maschi già in unione civile (per scioglimento unione)',
  'Maschi già in unione civile (per decesso del partner)',
  'Totale maschi',
  'Nubili',
  'Coniugate',
  'Divorziate',
  'Vedove',
  'Unite civilmente',
  'Femmine già in unione civile (per scioglimento unione)',
  'Femmine già in unione civile (per decesso del partner)',
  'Totale femmine',
  'Totale',
]
  .map((h) => `"${h}"`)
  .join(';');
const row = (code: string, name: string, age: number, m: number, f: number, total = m + f) =>
  `"${code}";"${name}";${age};${m};0;0;0;;;;${m};${f};0;0;0;;;;${f};${total}`;

const FILE = [
  TITLE,
  HEADER,
  row('097001', 'Abbadia Lariana', 0, 7, 13),
  row('097001', 'Abbadia Lariana', 100, 0, 1),
  row('097001', 'Abbadia Lariana', 1, 13, 9),
  row('097001', 'Abbadia Lariana', 999, 20, 23),
  row('097002', 'Airuno', 0, 10, 7),
  row('097002', 'Airuno', 999, 10, 7),
].join('\r\n');

describe('istat-posas parser', () => {
  it('reads a file whose header is on the second line, taking totals from the age-999 row', () => {
    const comuni = parsePosas(FILE);
    expect([...comuni.keys()]).toEqual(['097001', '097002']);
    expect(comuni.get('097001')).toEqual({
      nome: 'Abbadia Lariana',
      maschi: 20,
      femmine: 23,
      totale: 43,
      per_eta: [
        { eta: 0, maschi: 7, femmine: 13 },
        { eta: 1, maschi: 13, femmine: 9 },
        { eta: 100, maschi: 0, femmine: 1 },
      ],
    });
    expect(comuni.get('097002')).toMatchObject({ maschi: 10, femmine: 7, totale: 17 });
  });

  it('throws when the total row disagrees with the sum over ages', () => {
    const wrong = FILE.replace(row('097002', 'Airuno', 999, 10, 7), row('097002', 'Airuno', 999, 11, 7));
    expect(() => parsePosas(wrong)).toThrow(
      /097002: riga di totale \(maschi 11, femmine 7\) ≠ somma sulle età \(maschi 10, femmine 7\)/,
    );
  });

  it('throws when a comune has no total row, or a row whose sexes do not add up', () => {
    expect(() => parsePosas([TITLE, HEADER, row('097002', 'Airuno', 0, 10, 7)].join('\n'))).toThrow(
      /097002: nessuna riga di totale/,
    );
    expect(() => parsePosas([TITLE, HEADER, row('097002', 'Airuno', 0, 10, 7, 18)].join('\n'))).toThrow(
      /maschi 10 \+ femmine 7 ≠ totale 18/,
    );
  });

  it('throws on a header it does not recognise', () => {
    expect(() => parsePosas(`${TITLE}\n"Codice";"Comune"`)).toThrow(
      /nessuna riga di intestazione che inizi con "Codice comune"/,
    );
  });
});

describe('istat-posas load', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
  async function dataDir(files: { path: string; text: string }[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'posas-'));
    dirs.push(dir);
    for (const f of files) {
      await mkdir(dirname(join(dir, f.path)), { recursive: true });
      await writeFile(join(dir, f.path), f.text);
    }
    return dir;
  }
  const national = [TITLE, HEADER, row('058091', 'Roma', 0, 5, 4), row('058091', 'Roma', 999, 5, 4)].join('\n');

  it('is optional and declares both the national file and the sample', () => {
    expect(meta.required).toBe(false);
    expect(meta.files).toEqual([NATIONAL_FILE, SAMPLE_FILE]);
    expect(NATIONAL_FILE.path.endsWith('/POSAS_2025_it_Comuni.csv')).toBe(true);
  });

  it('uses the sample when the national file is absent, and says so', async () => {
    const result = await load(await dataDir([{ path: SAMPLE_FILE.path, text: FILE }]));
    expect(result.copertura).toBe('campione');
    expect(result.punto).toMatchObject({ anno: 2025, data_riferimento: '2025-01-01' });
    expect([...result.punto.valori]).toEqual([
      ['097001', 43],
      ['097002', 17],
    ]);
  });

  it('prefers the national file when present (with a byte-order mark)', async () => {
    const result = await load(
      await dataDir([
        { path: SAMPLE_FILE.path, text: FILE },
        { path: NATIONAL_FILE.path, text: `\uFEFF${national}` },
      ]),
    );
    expect(result.copertura).toBe('nazionale');
    expect([...result.punto.valori]).toEqual([['058091', 9]]);
  });

  it('fails naming the national file when neither is present', async () => {
    const error = await load(await dataDir([])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingSourceError);
    expect((error as MissingSourceError).file).toBe(NATIONAL_FILE);
  });
});
