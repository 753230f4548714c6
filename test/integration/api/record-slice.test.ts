import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableYears, selectedYear, yearEntry } from '../../../api/record-slice.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

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
