import { describe, expect, it } from 'vitest';
import { parseCoperturaFtth } from '../../data-sources/agcom-copertura-ftth.ts';
import { readLegacyWorkbook, type Cell } from '../../data-sources/lib/xlsx.ts';
import { makeXls } from '../helpers/xlsx-fixture.ts';

// Hand-written rows in AGCOM's layout (only the columns the parser reads matter).
const HEADER = [
  'Regione',
  'Comune',
  'pro_com',
  'Famiglie Residenti (calcolato)',
  'Famiglie raggiunte FTTH (calcolato)',
  'Copertura FTTH DESI',
];

async function parse(rows: (string | number | null)[][]) {
  const [sheet] = await readLegacyWorkbook(await makeXls([{ name: 'Comuni', rows: [HEADER, ...rows] }]));
  return parseCoperturaFtth(sheet!.rows as Cell[][]);
}

describe('agcom-copertura-ftth', () => {
  it('reads the .xls sheet by 2026 code, zeros restored, with the share as published', async () => {
    const parsed = await parse([
      ['Lazio', 'Roma', 58091, 1000.5, 900.45, 0.9],
      ['Sardegna', 'Alghero', 112001, 200, 50, 0.25],
    ]);
    expect(parsed.get('058091')).toEqual({ famiglie_residenti: 1000.5, famiglie_raggiunte_ftth: 900.45, quota: 0.9 });
    expect(parsed.get('112001')?.quota).toBe(0.25);
  });

  it('reads an empty reached cell as 0 only where the published share is 0', async () => {
    expect((await parse([['Abruzzo', 'Palena', 69060, 471.8, null, 0]])).get('069060')?.famiglie_raggiunte_ftth).toBe(
      0,
    );
    await expect(parse([['Abruzzo', 'Palena', 69060, 471.8, null, 0.3]])).rejects.toThrow(/vuote ma copertura/);
  });

  it('fails on a code that is not a whole number, a text figure, a repeated code or a share that does not add up', async () => {
    await expect(parse([['Lazio', 'Roma', '058091', 10, 5, 0.5]])).rejects.toThrow(/codice comune non valido/);
    await expect(parse([['Lazio', 'Roma', 58091.5, 10, 5, 0.5]])).rejects.toThrow(/codice comune non valido/);
    await expect(parse([['Lazio', 'Roma', 58091, '10 famiglie', 5, 0.5]])).rejects.toThrow(/non è un numero/);
    await expect(parse([['Lazio', 'Roma', 58091, 10, 5, 0.6]])).rejects.toThrow(/diversa da famiglie raggiunte/);
    await expect(
      parse([
        ['Lazio', 'Roma', 58091, 10, 5, 0.5],
        ['Lazio', 'Roma', 58091, 10, 5, 0.5],
      ]),
    ).rejects.toThrow(/compare due volte/);
  });
});
