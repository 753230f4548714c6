import { describe, expect, it } from 'vitest';
import { parseConsumoSuoloComuni } from '../../data-sources/ispra-consumo-suolo-comuni.ts';
import { readWorkbook } from '../../data-sources/lib/xlsx.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

// Hand-written rows in ISPRA's layout: integer codes without leading zeros, two periods
// (the real file has eleven), spreadsheet-precision differences, a negative net change.
const HEADER = [
  'PRO_COM',
  'Nome_Comune',
  'Nome_Regione',
  'Nome_Provincia',
  'Incremento netto 2006-2012 [ettari]',
  'Incremento lordo 2006-2012 [ettari]',
  'Ripristino 2006-2012 [ettari]',
  'Incremento netto 2023-2024 [ettari]',
  'Incremento lordo 2023-2024 [ettari]',
  'Ripristino 2023-2024 [ettari]',
  'Suolo consumato 2024 [ettari]',
  'Suolo consumato 2024 [%]',
];

async function rows(body: (string | number | null)[][]) {
  const [sheet] = await readWorkbook(makeXlsx([{ name: 'Comuni', rows: [HEADER, ...body] }]));
  return sheet!.rows;
}

describe('ispra-consumo-suolo-comuni', () => {
  it('pads the code, keeps every period net change (negative too) and rounds as ISPRA prints', async () => {
    const table = parseConsumoSuoloComuni(
      await rows([
        [58091, 'Roma', 'Lazio', 'Roma', 602.96, 603, 0.04, 53.59, 60, 6.41, 30396.82, 23.69591222],
        [1002, 'Airasca', 'Piemonte', 'Torino', 0.47999999999998977, 0.48, 0, -1.26, 0.03, 1.29, 199.48, 12.66789019],
      ]),
    );
    expect(table.get('058091')).toEqual({
      ettari: 30396.82,
      percentuale: 23.7,
      incrementi_netti: [
        { periodo: '2006-2012', ettari: 602.96 },
        { periodo: '2023-2024', ettari: 53.59 },
      ],
    });
    expect(table.get('001002')!.incrementi_netti).toEqual([
      { periodo: '2006-2012', ettari: 0.48 },
      { periodo: '2023-2024', ettari: -1.26 },
    ]);
  });

  it('stops on a blank figure (never read as 0), a share outside 0–100 or a repeated code', async () => {
    const row: (string | number | null)[] = [58091, 'Roma', 'Lazio', 'Roma', 1, 1, 0, 1, 1, 0, 30396.82, 23.7];
    const blank = [...row];
    blank[10] = null;
    await expect(rows([blank]).then(parseConsumoSuoloComuni)).rejects.toThrow(/ettari/);
    const over = [...row];
    over[11] = 130;
    await expect(rows([over]).then(parseConsumoSuoloComuni)).rejects.toThrow(/fuori da 0–100/);
    await expect(rows([row, row]).then(parseConsumoSuoloComuni)).rejects.toThrow(/due volte/);
  });
});
