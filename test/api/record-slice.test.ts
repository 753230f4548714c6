import { describe, expect, it } from 'vitest';
import { serialize } from '../../api/http.ts';
import { selectYear } from '../../api/projection.ts';
import { availableYears, selectedYear, yearEntry } from '../../api/record-slice.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// A record as the build writes it: selectYear fixes the key order, serialize the text.
const SERIES = [
  { anno: 2020, nota: 'una "graffa" } dentro una stringa {', valore: 1 },
  { anno: 2021, nota: 'barra \\ e virgolette \\"', valore: { annidato: { anno: 1999 } } },
  { anno: 2023, nota: null, valore: 3 },
];
const TEXT = serialize(
  selectYear(
    {
      codice_istat: '001001',
      nome: 'Agliè',
      serie_storica: SERIES,
      anni_disponibili: [2020, 2021, 2023],
      links: { self: '' },
    } as never,
    2023,
    '/api/x/001001',
  ),
);

describe('reading one year of a serialized record', () => {
  it('finds the selected year and every entry, braces and quotes inside strings included', () => {
    expect(selectedYear(TEXT)).toBe(2023);
    for (const entry of SERIES) expect(yearEntry(TEXT, entry.anno)).toEqual(entry);
    expect(yearEntry(TEXT, 2022)).toBeNull();
    expect(availableYears(TEXT)).toEqual([2020, 2021, 2023]);
  });
});

describe.skipIf(!hasRealBuild)(`on the built records${REAL_DATA}`, () => {
  it('gives the same entries as parsing the whole record, for every year', async () => {
    for (const path of [
      '/api/redditi/058091.json',
      '/api/demografia/058091.json',
      '/api/redditi/013256.json',
      '/api/demografia/111107.json',
    ]) {
      const text = await readFile(join(TEST_BUILD.outDir, path), 'utf8');
      const record = await readBuilt<{
        anno: number;
        dati: unknown;
        serie_storica: { anno: number }[];
        anni_disponibili: number[];
      }>(path);
      expect(selectedYear(text)).toBe(record.anno);
      expect(availableYears(text)).toEqual(record.anni_disponibili);
      for (const entry of record.serie_storica)
        expect(yearEntry(text, entry.anno), `${path} ${entry.anno}`).toEqual(entry);
    }
  });
});
