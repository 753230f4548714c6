import { describe, expect, it } from 'vitest';
import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import { italianDate, populationChange } from '../../generator/derive/map-indicators.ts';

const source = (fonte: string) => ({
  fonte,
  editore: fonte,
  dataset: '',
  licenza: 'CC BY 4.0',
  anno_riferimento: null,
  data_riferimento: null,
  metadati: `/api/fonti/${fonte}`,
});
const year = (
  anno: number,
  data_riferimento: string,
  popolazione_totale: number | null,
  fonte: string,
  provvisorio = false,
): DemografiaAnno => ({
  anno,
  data_riferimento,
  provvisorio,
  popolazione_totale,
  maschi: null,
  femmine: null,
  nati: null,
  morti: null,
  densita_ab_km2: null,
  bilancio: null,
  tassi_per_1000: null,
  anagrafe: null,
  fonti: { popolazione_totale: source(fonte), sesso: null, bilancio: null, anagrafe: null },
  valori_mancanti: {},
});

describe('population change on the map', () => {
  it('compares the newest count with the earliest count of the same source, never across sources', () => {
    const series = [
      year(2018, '2018-01-01', 1000, 'istat-popolazione-2018-2021'),
      year(2021, '2021-01-01', 960, 'istat-popolazione-2018-2021'),
      year(2025, '2025-01-01', 900, 'istat-bilancio-demografico'),
      year(2026, '2025-12-31', 882, 'istat-bilancio-demografico', true),
    ];
    const change = populationChange(series)!;
    expect(change.value).toBeCloseTo(-2, 6);
    expect(change.period).toBe('1° gennaio 2025 – 31 dicembre 2025');
    expect(change.provisional).toBe(true);
  });

  it('has no value when the comune has only one count of its newest source (e.g. created since)', () => {
    expect(
      populationChange([
        year(2020, '2020-01-01', 500, 'istat-popolazione-2020'),
        year(2025, '2025-01-01', 510, 'istat-bilancio-demografico'),
      ]),
    ).toBeNull();
    expect(populationChange([])).toBeNull();
  });

  it('writes reference months in Italian', () => {
    expect(italianDate('2026-01')).toBe('gennaio 2026');
    expect(italianDate('2025-01-01')).toBe('1° gennaio 2025');
    expect(italianDate('2025-12-31')).toBe('31 dicembre 2025');
    expect(italianDate('2024')).toBe('2024');
  });
});
