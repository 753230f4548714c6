import { describe, expect, it } from 'vitest';
import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import { italianMonth, populationChange } from '../../generator/map-indicators.ts';

const source = (fonte: string) => ({ fonte, editore: fonte, dataset: '', licenza: 'CC BY 4.0', anno_riferimento: null, data_riferimento: null, metadati: `/api/fonti/${fonte}` });
const year = (anno: number, data_riferimento: string, popolazione_totale: number | null, fonte: string): DemografiaAnno => ({
  anno,
  data_riferimento,
  popolazione_totale,
  maschi: null,
  femmine: null,
  nati: null,
  morti: null,
  densita_ab_km2: null,
  fonti: { popolazione_totale: source(fonte), sesso: null },
  valori_mancanti: {},
});

describe('population change on the map', () => {
  it('compares the newest count with the earliest count of the same source, never across sources', () => {
    const series = [
      year(2018, '2018-01-01', 1000, 'istat-popolazione-2018-2021'),
      year(2022, '2022-12', 900, 'anpr-popolazione'),
      year(2025, '2025-01', 880, 'anpr-popolazione'),
      year(2026, '2026-01', 882, 'anpr-popolazione'),
    ];
    const change = populationChange(series)!;
    expect(change.value).toBeCloseTo(-2, 6);
    expect(change.period).toBe('dicembre 2022 – gennaio 2026');
  });

  it('has no value when the comune has only one count of its newest source (e.g. created since)', () => {
    expect(populationChange([year(2020, '2020-01-01', 500, 'istat-popolazione-2020'), year(2026, '2026-01', 510, 'anpr-popolazione')])).toBeNull();
    expect(populationChange([])).toBeNull();
  });

  it('writes reference months in Italian', () => {
    expect(italianMonth('2026-01')).toBe('gennaio 2026');
    expect(italianMonth('2022-12-31')).toBe('dicembre 2022');
    expect(italianMonth('2024')).toBe('2024');
  });
});
