import { describe, expect, it } from 'vitest';
import { parsePopolazione2018_2021 } from '../../data-sources/istat-popolazione-2018-2021.ts';

// Hand-written rows in the file's layout: "," and pro_com_t as an integer without leading zeros.
const FILE = [
  'comune,pro_com_t,pop_res_18,pop_res_19,pop_res_20,pop_res_21',
  'Agliè,1001,2600,2590,2580,2570',
  'Val di Chy,1317,,,1280,1260',
  'Cavaglio-Spoccia,103020,265,264,,',
  'Cellio con Breia ,2171,1000,990,980,970',
  ',0,1,1,1,1',
].join('\n');

describe('istat-popolazione-2018-2021 parser', () => {
  const points = parsePopolazione2018_2021(FILE);
  const byYear = new Map(points.map((p) => [p.anno, p]));

  it('returns one point per year, referred to 1 January', () => {
    expect(points.map((p) => [p.anno, p.data_riferimento])).toEqual([
      [2018, '2018-01-01'],
      [2019, '2019-01-01'],
      [2020, '2020-01-01'],
      [2021, '2021-01-01'],
    ]);
  });

  it('pads integer codes to 6 digits', () => {
    expect([...byYear.get(2018)!.valori]).toEqual([
      ['001001', 2600],
      ['103020', 265],
      ['002171', 1000],
    ]);
    expect(byYear.get(2021)!.nomi.get('002171')).toBe('Cellio con Breia');
  });

  it('leaves a comune absent in the years its cell is blank, never 0', () => {
    expect(byYear.get(2018)!.valori.has('001317')).toBe(false);
    expect(byYear.get(2019)!.valori.has('001317')).toBe(false);
    expect(byYear.get(2020)!.valori.get('001317')).toBe(1280);
    expect(byYear.get(2020)!.valori.has('103020')).toBe(false);
    expect(byYear.get(2021)!.valori.has('103020')).toBe(false);
    expect(byYear.get(2021)!.nomi.has('103020')).toBe(false);
  });

  it('skips and reports a non-comune row in every year', () => {
    for (const p of points) {
      expect(p.valori.has('000000')).toBe(false);
      expect(p.scartati).toEqual([{ codice: '0', motivo: 'codice non comunale' }]);
    }
  });

  it('refuses a code listed twice, even when written once padded and once not', () => {
    expect(() => parsePopolazione2018_2021(`${FILE}\nAgliè,001001,,,,1`)).toThrow(/001001 compare due volte/);
  });
});
