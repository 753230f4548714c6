import { describe, expect, it } from 'vitest';
import { parseClassificazioni } from '../../data-sources/istat-classificazioni-comuni.ts';
import { readWorkbook } from '../../data-sources/lib/xlsx.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

// Hand-written rows in ISTAT's layout: header cells with line breaks, the zone as text, the
// flags as numbers, a blank altitude, a note row below the table.
const HEADER = [
  'Codice Regione',
  'Codice Istat del Comune \r\n(alfanumerico)',
  'Codice Istat del Comune \r\n(numerico)',
  'Denominazione (Italiana e straniera)',
  'Denominazione altra lingua',
  'Superficie territoriale (kmq) al 01/01/2025',
  'Popolazione legale 2021 (31/12/2021)',
  'Popolazione residente al 31/12/2024',
  'Zona altimetrica',
  'Altitudine del centro (metri)',
  'Comune litoraneo',
  'Comune isolano',
  'Zone costiere 2021',
  'Grado di urbanizzazione 2021',
];

async function rows(body: (string | number | null)[][]) {
  const [sheet] = await readWorkbook(makeXlsx([{ name: 'Comuni 01-01-2026', rows: [HEADER, ...body] }]));
  return sheet!.rows;
}

describe('istat-classificazioni-comuni', () => {
  it('reads area, zone, altitude, flags and DEGURBA, keeps a blank cell null, skips note rows', async () => {
    const table = parseClassificazioni(
      await rows([
        ['12', '058091', 58091, 'Roma', null, 1288.1875, 2749031, 2747290, '5', 20, 1, 0, 1, 1],
        ['03', '017111', 17111, 'Monte Isola', null, 12.6442, 1712, 1700, '3', null, 0, 1, 0, 3],
        ['Fonte: Istat', null, null, null, null, null, null, null, null, null, null, null, null, null],
      ]),
    );
    expect([...table.keys()]).toEqual(['058091', '017111']);
    expect(table.get('058091')).toEqual({
      nome: 'Roma',
      superficie_km2: 1288.1875,
      zona_altimetrica: 5,
      altitudine_centro_m: 20,
      litoraneo: true,
      isolano: false,
      grado_urbanizzazione: 1,
    });
    expect(table.get('017111')).toMatchObject({ altitudine_centro_m: null, isolano: true, grado_urbanizzazione: 3 });
  });

  it('stops on a code the Legenda does not define, a non-positive area or a repeated comune', async () => {
    const row = ['12', '058091', 58091, 'Roma', null, 1288.1875, 0, 0, '5', 20, 1, 0, 1, 1];
    const withZone = [...row];
    withZone[8] = '6';
    await expect(rows([withZone]).then(parseClassificazioni)).rejects.toThrow(/zona altimetrica: codice 6/);
    const negative = [...row];
    negative[5] = -3;
    await expect(rows([negative]).then(parseClassificazioni)).rejects.toThrow(/non positiva/);
    await expect(rows([row, row]).then(parseClassificazioni)).rejects.toThrow(/due volte/);
  });
});
