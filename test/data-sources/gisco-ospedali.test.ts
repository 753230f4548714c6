import { describe, expect, it } from 'vitest';
import { parseOspedaliProvince } from '../../data-sources/gisco-ospedali.ts';

// Hand-written rows in the layout of italia_province_fasce_5min_wide.csv (shortened to four bands).
const CSV = [
  'id,nome,media_min,mediana_min,pop_totale,0-5 min,5-10 min,10-15 min,15+ min',
  'ITF11,L’Aquila,12.89,11.37,270693,60000,90000,70000,50694',
  'ITG2H,Sud Sardegna,17.65,,321000,10000,,150000,161002',
].join('\n');

describe('gisco-ospedali', () => {
  it('reads means, medians and population by 5-minute band, the last band open-ended', () => {
    const p = parseOspedaliProvince(CSV);
    expect(p.get('ITF11')).toEqual({
      nome: 'L’Aquila',
      media_min: 12.89,
      mediana_min: 11.37,
      pop_totale: 270693,
      fasce: [
        { da_min: 0, a_min: 5, popolazione: 60000 },
        { da_min: 5, a_min: 10, popolazione: 90000 },
        { da_min: 10, a_min: 15, popolazione: 70000 },
        { da_min: 15, a_min: null, popolazione: 50694 },
      ],
    });
  });

  it('keeps blank cells as null and does not force the rounded bands to add up', () => {
    const su = parseOspedaliProvince(CSV).get('ITG2H')!;
    expect(su.mediana_min).toBeNull();
    expect(su.fasce[1]).toEqual({ da_min: 5, a_min: 10, popolazione: null });
    expect(su.fasce[3]!.popolazione).toBe(161002);
  });

  it('orders bands by their start whatever the column order, and rejects non-Italian codes', () => {
    const p = parseOspedaliProvince(
      'id,nome,media_min,mediana_min,pop_totale,60+ min,0-5 min\nITC11,Torino,7.77,6.34,10,3,7',
    );
    expect(p.get('ITC11')!.fasce).toEqual([
      { da_min: 0, a_min: 5, popolazione: 7 },
      { da_min: 60, a_min: null, popolazione: 3 },
    ]);
    expect(() =>
      parseOspedaliProvince('id,nome,media_min,mediana_min,pop_totale,0-5 min\nFR101,Paris,1,1,1,1'),
    ).toThrow(/non è un codice NUTS3 italiano/);
    expect(() => parseOspedaliProvince('id,nome,media_min,mediana_min,pop_totale\nITC11,Torino,1,1,1')).toThrow(
      /nessuna colonna di fascia di tempo/,
    );
  });
});
