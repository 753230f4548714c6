import { describe, expect, it } from 'vitest';
import { AIR_FILES, comuneFromIdComune, meta, parseAirStatistics, readAirRows } from '../../data-sources/ispra-aria.ts';
import type { Cell } from '../../data-sources/lib/xlsx.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

// Rows written by hand in ISPRA's layout: an unnamed index column first, "NA" for
// missing cells, tipo_zona / tipo_stazione in mixed case, copertura 0/1.
const HEADER = ['', 'station_eu_code', 'id_regione', 'id_comune', 'Regione', 'Comune', 'nome_stazione', 'tipo_zona', 'tipo_stazione', 'Lon', 'Lat', 'yy', 'n', 'media_yy', 'perc50', 'copertura'];
const ROWS: (string | number | null)[][] = [
  HEADER,
  [1, 'IT9001A', 1, 1001028, 'Piemonte', 'Borgaro Torinese', 'Borgaro - Stazione prova', 'SUBURBANA', 'FONDO', 7.658, 45.1546, 2021, 8600, 27, 22, 1],
  [2, 'IT9001A', 1, 1001028, 'Piemonte', 'Borgaro Torinese', 'Borgaro - Stazione prova', 'SUBURBANA', 'FONDO', 7.658, 45.1546, 2022, 5100, 31, 25, 0],
  [3, 'IT9002A', 12, 12058091, 'Lazio', 'Roma', 'Roma - Citt\uFFFD universitaria', 'Urbana', 'Traffico', 12.5, 41.9, 2022, 8700, 44, 40, 1],
  [4, 'IT9003A', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 'NA', 2022, 8500, 20, 18, 1],
  [5, 'IT9004A', 3, 3015146, 'Lombardia', 'Milano', 'MILANO CITT\uFFFD STUDI', 'URBANA', 'FONDO', 9.2, 45.47, 2022, 2000, 'NA', 'NA', 0],
  [6, 'IT9005A', 20, 20092009, 'Sardegna', 'Cagliari', 'Cagliari - prova', 'RURALE-NEARCITY', 'Industriale', 'NA', 'NA', 2022, 8700, 12, 10, 1],
];

describe('ispra-aria parser', () => {
  it('keeps valid station-years, drops copertura 0 and stations without a comune, and counts both', async () => {
    const sheets = makeXlsx([{ name: '2024-01-09 2001_2022 NO2 _STATI', rows: ROWS }]);
    const result = parseAirStatistics(await readAirRows(sheets), 'no2');
    expect(result.scartati_copertura).toBe(2);
    expect(result.scartati_senza_comune).toBe(1);
    expect(result.stazioni.map((s) => `${s.codice_stazione}/${s.anno}`)).toEqual(['IT9001A/2021', 'IT9002A/2022', 'IT9005A/2022']);
    expect(result.stazioni[0]).toEqual({
      inquinante: 'no2',
      codice_stazione: 'IT9001A',
      nome_stazione: 'Borgaro - Stazione prova',
      codice_istat: '001028',
      comune: 'Borgaro Torinese',
      tipo_zona: 'suburbana',
      tipo_stazione: 'fondo',
      lat: 45.1546,
      lon: 7.658,
      anno: 2021,
      media: 27,
    });
  });

  it('normalizes case, repairs the broken "città", keeps missing coordinates as null', async () => {
    const { stazioni } = parseAirStatistics(await readAirRows(makeXlsx([{ name: 'x', rows: ROWS }])), 'pm10');
    const [, roma, cagliari] = stazioni;
    expect(roma).toMatchObject({ inquinante: 'pm10', codice_istat: '058091', nome_stazione: 'Roma - Città universitaria', tipo_zona: 'urbana', tipo_stazione: 'traffico' });
    expect(cagliari).toMatchObject({ codice_istat: '092009', tipo_zona: 'rurale-nearcity', tipo_stazione: 'industriale', lat: null, lon: null, media: 12 });
  });

  it('reads the official CSV form too (";", decimal comma as in the ozone file, string cells)', async () => {
    const csv = [
      ';station_eu_code;id_comune;Comune;nome_stazione;tipo_zona;tipo_stazione;Lon;Lat;yy;media_yy;copertura',
      '1;IT9010A;3015146;Milano;MILANO CITT\uFFFD STUDI;URBANA;FONDO;9,2355;45,4761;2022;36,5;1',
      '2;IT9011A;NA;NA;NA;NA;NA;NA;NA;2022;30;1',
      '3;IT9012A;3015146;Milano;Milano - Senato;URBANA;TRAFFICO;9.1973;45.4705;2022;NA;1',
    ].join('\r\n');
    const result = parseAirStatistics(await readAirRows(new TextEncoder().encode(csv)), 'no2');
    expect(result.stazioni).toEqual([
      { inquinante: 'no2', codice_stazione: 'IT9010A', nome_stazione: 'MILANO CITTÀ STUDI', codice_istat: '015146', comune: 'Milano', tipo_zona: 'urbana', tipo_stazione: 'fondo', lat: 45.4761, lon: 9.2355, anno: 2022, media: 36.5 },
    ]);
    expect(result).toMatchObject({ scartati_copertura: 1, scartati_senza_comune: 1 });
  });

  it('takes the last six digits of id_comune and rejects codes that are not region + comune', () => {
    expect(comuneFromIdComune(1001028)).toBe('001028');
    expect(comuneFromIdComune(12058091)).toBe('058091');
    expect(comuneFromIdComune('20092009')).toBe('092009');
    expect(comuneFromIdComune('NA')).toBeNull();
    expect(comuneFromIdComune(null)).toBeNull();
    expect(() => comuneFromIdComune(58091)).toThrow(/6-digit/);
    expect(() => comuneFromIdComune('Roma')).toThrow(/not a number/);
  });

  it('fails with the header it saw when a column is renamed', () => {
    const rows: Cell[][] = [['', 'station_eu_code', 'id_comune', 'yy', 'media_annua', 'copertura']];
    expect(() => parseAirStatistics(rows, 'pm10')).toThrow(/nessuna colonna di nome "comune".*l.intestazione è/);
  });

  it('declares one official ISPRA file per pollutant, each in meta.files', () => {
    expect(AIR_FILES.map((f) => f.inquinante).sort()).toEqual(['no2', 'pm10']);
    for (const f of AIR_FILES) {
      expect(f.url).toMatch(/^https:\/\/www\.isprambiente\.gov\.it\/files2024\/attivita\/aria\/.*statistiche\.csv$/);
      expect(meta.files).toContainEqual({ path: f.path, url: f.url });
    }
  });
});
