import { describe, expect, it } from 'vitest';
import type { StationYear } from '../../data-sources/ispra-aria.ts';
import {
  METODI_ARIA,
  MOTIVO_NESSUNA_STAZIONE,
  attributeAir,
  descrizioneMetodo,
  haversineKm,
  type ComunePosition,
} from '../../generator/join/attribute-air.ts';

// Hand-made geography around (45°N, 9°E); offsets in km.
const LAT0 = 45;
const LON0 = 9;
const KM_LAT = 111.195;
const at = (northKm: number, eastKm: number) => ({
  lat: LAT0 + northKm / KM_LAT,
  lon: LON0 + eastKm / (KM_LAT * Math.cos((LAT0 * Math.PI) / 180)),
});

function station(
  codice: string,
  codice_istat: string,
  anno: number,
  media: number,
  pos: { lat: number | null; lon: number | null },
  inquinante: StationYear['inquinante'] = 'no2',
): StationYear {
  return {
    inquinante,
    codice_stazione: codice,
    nome_stazione: `Stazione ${codice}`,
    codice_istat,
    comune: `Comune ${codice_istat}`,
    tipo_zona: 'urbana',
    tipo_stazione: 'fondo',
    anno,
    media,
    ...pos,
  };
}

const COMUNI: ComunePosition[] = [
  { codice_istat: '001001', ...at(0, 0) }, // two stations of its own
  { codice_istat: '001002', ...at(0, 5) }, // none: nearest is 5 km away
  { codice_istat: '001003', ...at(0, 40) }, // none within 10 km
  { codice_istat: '001004', lat: null, lon: null }, // no coordinates, one station of its own
  { codice_istat: '001005', lat: null, lon: null }, // no coordinates, no station
];

const STATIONS: StationYear[] = [
  station('IT0001A', '001001', 2022, 30, at(0, 0)),
  station('IT0002A', '001001', 2022, 41, at(1, 0)),
  station('IT0006A', '001001', 2021, 20, at(0, -6)), // 11 km from 001002
  station('IT0003A', '001099', 2021, 50, at(0, 13)), // 8 km from 001002, 27 km from 001003
  station('IT0004A', '001004', 2022, 17, at(200, 200)),
  station('IT0005A', '001099', 2022, 25, { lat: null, lon: null }), // in another comune, position unknown
  station('IT0010A', '001001', 2022, 33, at(0, 0), 'pm10'),
];

describe('attributeAir', () => {
  const result = attributeAir(STATIONS, COMUNI);

  it('averages the annual means of the stations in the comune, listing them without distance', () => {
    const [v2021, v2022] = result.get('001001')!.get('no2')!;
    expect(v2022).toEqual({
      anno: 2022,
      valore: 35.5,
      metodo: 'stazioni_nel_comune',
      stazioni: [
        {
          codice: 'IT0001A',
          nome: 'Stazione IT0001A',
          tipo_stazione: 'fondo',
          tipo_zona: 'urbana',
          distanza_km: null,
          media: 30,
        },
        {
          codice: 'IT0002A',
          nome: 'Stazione IT0002A',
          tipo_stazione: 'fondo',
          tipo_zona: 'urbana',
          distanza_km: null,
          media: 41,
        },
      ],
    });
    expect(v2021).toMatchObject({ anno: 2021, valore: 20, metodo: 'stazioni_nel_comune' });
    expect(result.get('001001')!.get('pm10')).toEqual([expect.objectContaining({ anno: 2022, valore: 33 })]);
  });

  it('falls back to the nearest valid station of the same year within the threshold', () => {
    const values = result.get('001002')!.get('no2')!;
    expect(values.map((v) => [v.anno, v.valore, v.metodo, v.stazioni.map((s) => [s.codice, s.distanza_km])])).toEqual([
      [2021, 50, 'stazione_piu_vicina', [['IT0003A', 8]]],
      [2022, 30, 'stazione_piu_vicina', [['IT0001A', 5]]],
    ]);
    // No PM10 station within 10 km in 2021; the 2022 one is 5 km away.
    expect(
      result
        .get('001002')!
        .get('pm10')!
        .map((v) => v.anno),
    ).toEqual([2022]);
  });

  it('leaves out comuni with no station in the comune nor within the threshold', () => {
    expect(result.has('001003')).toBe(false);
    const strict = attributeAir(STATIONS, COMUNI, { maxDistanceKm: 4 });
    expect(strict.has('001002')).toBe(false);
    expect(
      strict
        .get('001001')!
        .get('no2')!
        .map((v) => v.valore),
    ).toEqual([20, 35.5]);
  });

  it('serves a comune without coordinates from its own stations only', () => {
    expect(result.get('001004')!.get('no2')).toEqual([
      expect.objectContaining({ anno: 2022, valore: 17, metodo: 'stazioni_nel_comune' }),
    ]);
    expect(result.has('001005')).toBe(false);
  });

  it('rounds the mean to one decimal', () => {
    const r = attributeAir(
      [
        station('A', '002001', 2020, 30, at(0, 0)),
        station('B', '002001', 2020, 31, at(0, 0)),
        station('C', '002001', 2020, 31, at(0, 0)),
      ],
      [{ codice_istat: '002001', ...at(0, 0) }],
    );
    expect(r.get('002001')!.get('no2')![0]!.valore).toBe(30.7);
  });

  it('finds the same nearest station as a brute-force search', () => {
    let seed = 42;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const stations = Array.from({ length: 400 }, (_, i) =>
      station(`S${i}`, '099999', 2022, Math.round(random() * 600) / 10, at(random() * 300, random() * 300)),
    );
    const comuni = Array.from({ length: 600 }, (_, i) => ({
      codice_istat: String(100000 + i),
      ...at(random() * 300, random() * 300),
    }));
    const r = attributeAir(stations, comuni, { maxDistanceKm: 12 });
    for (const c of comuni) {
      const distances = stations
        .map((s) => ({ s, d: haversineKm(c.lat, c.lon, s.lat!, s.lon!) }))
        .filter((x) => x.d <= 12);
      const best = distances.sort((a, b) => a.d - b.d)[0];
      expect(r.get(c.codice_istat)?.get('no2')?.[0]?.stazioni[0]?.codice).toBe(best?.s.codice_stazione);
    }
  });

  it('states the threshold in the method descriptions', () => {
    expect(METODI_ARIA.stazione_piu_vicina).toContain('10 km');
    expect(METODI_ARIA.stazioni_nel_comune).toContain('10 km');
    expect(MOTIVO_NESSUNA_STAZIONE).toContain('10 km');
    expect(descrizioneMetodo('stazione_piu_vicina', 7.5)).toContain('7,5 km');
  });
});

describe('haversineKm', () => {
  it('measures a known distance (Milano Duomo – Roma Colosseo ≈ 477 km)', () => {
    expect(haversineKm(45.4642, 9.19, 41.8902, 12.4922)).toBeCloseTo(477, -1);
  });
});

describe('attributeAir for ozone', () => {
  const o3 = (
    codice: string,
    comune: string,
    media: number,
    days: number | null,
    pos: { lat: number; lon: number },
  ): StationYear => ({
    ...station(codice, comune, 2022, media, pos, 'o3'),
    giorni_mm8_over_120: days,
  });
  const stations = [
    o3('IT0701A', '001001', 51, 79, at(0, 0)),
    o3('IT0702A', '001001', 50, 42, at(1, 0)),
    o3('IT0703A', '001001', 48, null, at(0, -1)),
    o3('IT0704A', '001099', 60, 12, at(0, 13)),
  ];
  const result = attributeAir(stations, COMUNI);

  it('averages the days above 120 µg/m³ over the same stations as the mean, among those that report them', () => {
    const [v] = result.get('001001')!.get('o3')!;
    expect(v).toMatchObject({ valore: 49.7, metodo: 'stazioni_nel_comune', giorni_mm8_over_120: 60.5 });
    expect(v!.stazioni.map((s) => [s.codice, s.giorni_mm8_over_120])).toEqual([
      ['IT0701A', 79],
      ['IT0702A', 42],
      ['IT0703A', null],
    ]);
  });

  it('takes the nearest station’s days with its mean, and names it with its distance', () => {
    const [v] = result.get('001002')!.get('o3')!;
    expect(v).toMatchObject({ valore: 51, metodo: 'stazione_piu_vicina', giorni_mm8_over_120: 79 });
    expect(v!.stazioni).toEqual([expect.objectContaining({ codice: 'IT0701A', distanza_km: 5 })]);
  });

  it('adds no day count to the other pollutants', () => {
    expect(attributeAir(STATIONS, COMUNI).get('001001')!.get('no2')![1]).not.toHaveProperty('giorni_mm8_over_120');
  });
});
