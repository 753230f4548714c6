import { describe, expect, it } from 'vitest';
import {
  AIR_FILES,
  comuneFromIdComune,
  LEGEND_FILE,
  meta,
  parseAirStatistics,
  parseWhoGuidelines,
  readAirRows,
} from '../../data-sources/ispra-aria.ts';
import type { Cell } from '../../data-sources/lib/xlsx.ts';

// Fixtures written by hand in the layouts of ISPRA's official CSVs (";", CRLF).
const csv = (lines: string[]) => new TextEncoder().encode(lines.join('\r\n') + '\r\n');

// PM2.5, PM10 and NO2: an unnamed running-index column first, quoted strings, "NA" for missing cells.
const PM25 = csv([
  '"";"station_eu_code";"id_regione";"id_comune";"Regione";"Comune";"nome_stazione";"tipo_zona";"tipo_stazione";"Lon";"Lat";"yy";"n";"sup25";"media_yy";"copertura"',
  '"1";"IT9001A";1;1001028;"Piemonte";"Borgaro Torinese";"Borgaro - Stazione prova";"SUBURBANA";"FONDO";7.658;45.1546;2021;340;90;27;1',
  '"2";"IT9001A";1;1001028;"Piemonte";"Borgaro Torinese";"Borgaro - Stazione prova";"SUBURBANA";"FONDO";7.658;45.1546;2022;150;40;31;0',
  '"3";"IT9002A";12;12058091;"Lazio";"Roma";"Roma - Citt\uFFFD universitaria";"Urbana";"Traffico";12.5;41.9;2022;350;20;14;1',
  '"4";"IT1587A";NA;NA;NA;NA;NA;NA;NA;NA;NA;2022;255;25;13;1',
  '"5";"IT9004A";3;3015146;"Lombardia";"Milano";"MILANO PASCAL CITT\uFFFD STUDI";"URBANA";"FONDO";9.2;45.47;2022;20;NA;NA;0',
  '"6";"IT9005A";20;20092009;"Sardegna";"Cagliari";"Cagliari - prova";"RURALE-NEARCITY";"Industriale";NA;NA;2022;350;2;9;1',
]);

// Ozone: no index column, no quotes, empty cells for missing values, and the day count.
const O3 = csv([
  'station_eu_code;id_regione;id_comune;Regione;Comune;nome_stazione;tipo_zona;tipo_stazione;Lon;Lat;yy;n;media_yy;copertura;giorni_mm8_over_120;val_ob',
  'IT0705A;3;3015146;Lombardia;Milano;MILANO - VERZIERE;URBANA;TRAFFICO;9.195833;45.462778;2022;8671;51;1;79;79',
  'IT2258A;12;12058097;Lazio;Santa Marinella;;;FONDO;11.833492;42.042434;2022;8700;66;1;0;3',
  'IT1857A;13;13067041;Abruzzo;Teramo;TE - Porta Madonna;URBANA;TRAFFICO;13.70944;42.65722;2022;0;;0;;',
  'IT1587A;;;;;;;;;;2013;8244;57;1;54;54',
  'IT9100A;3;3015146;Lombardia;Milano;Milano prova;URBANA;FONDO;9.2;45.4;2022;8000;48;1;;',
]);

describe('ispra-aria parser', () => {
  it('reads the quoted CSV with its unnamed index column; keeps valid station-years, counts what it drops', () => {
    const result = parseAirStatistics(readAirRows(PM25), 'pm25');
    expect(result.scartati_copertura).toBe(2);
    expect(result.scartati_senza_comune).toBe(1);
    expect(result.stazioni.map((s) => `${s.codice_stazione}/${s.anno}`)).toEqual([
      'IT9001A/2021',
      'IT9002A/2022',
      'IT9005A/2022',
    ]);
    expect(result.stazioni[0]).toEqual({
      inquinante: 'pm25',
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

  it('repairs the U+FFFD "città" in station names, normalizes case, keeps missing coordinates as null', () => {
    const { stazioni } = parseAirStatistics(readAirRows(PM25), 'pm25');
    const [, roma, cagliari] = stazioni;
    expect(roma).toMatchObject({
      codice_istat: '058091',
      nome_stazione: 'Roma - Città universitaria',
      tipo_zona: 'urbana',
      tipo_stazione: 'traffico',
    });
    expect(cagliari).toMatchObject({
      codice_istat: '092009',
      tipo_zona: 'rurale-nearcity',
      tipo_stazione: 'industriale',
      lat: null,
      lon: null,
      media: 9,
    });
  });

  it('reads the ozone CSV (no index column, empty cells) with its days above 120 µg/m³', () => {
    const result = parseAirStatistics(readAirRows(O3), 'o3');
    expect(result.stazioni.map((s) => [s.codice_stazione, s.codice_istat, s.media, s.giorni_mm8_over_120])).toEqual([
      ['IT0705A', '015146', 51, 79],
      ['IT2258A', '058097', 66, 0],
      ['IT9100A', '015146', 48, null],
    ]);
    // The station without a name is called by its code, as in the empty-metadata row of the 2022 file.
    expect(result.stazioni[1]).toMatchObject({ nome_stazione: 'IT2258A', tipo_zona: null, tipo_stazione: 'fondo' });
    expect(result).toMatchObject({ scartati_copertura: 1, scartati_senza_comune: 1 });
  });

  it('requires the ozone day count in the ozone file, and not elsewhere', () => {
    const withoutDays = csv([
      'station_eu_code;id_comune;Comune;nome_stazione;tipo_zona;tipo_stazione;Lon;Lat;yy;media_yy;copertura',
      'IT1;3015146;Milano;x;URBANA;FONDO;9.2;45.4;2022;50;1',
    ]);
    expect(() => parseAirStatistics(readAirRows(withoutDays), 'o3')).toThrow(/giorni_mm8_over_120/);
    expect(parseAirStatistics(readAirRows(withoutDays), 'no2').stazioni[0]).not.toHaveProperty('giorni_mm8_over_120');
  });

  it('takes id_comune mod 10⁶, zero-padded, and rejects codes that are not region × 10⁶ + comune', () => {
    expect(comuneFromIdComune(1001028)).toBe('001028');
    expect(comuneFromIdComune(3015146)).toBe('015146');
    expect(comuneFromIdComune(12058091)).toBe('058091');
    expect(comuneFromIdComune('20092009')).toBe('092009');
    expect(comuneFromIdComune(1000001)).toBe('000001');
    expect(comuneFromIdComune('NA')).toBeNull();
    expect(comuneFromIdComune('')).toBeNull();
    expect(comuneFromIdComune(null)).toBeNull();
    expect(() => comuneFromIdComune(58091)).toThrow(/6 cifre/);
    expect(() => comuneFromIdComune('Roma')).toThrow(/non è un numero/);
  });

  it('fails with the header it saw when a column is renamed', () => {
    const rows: Cell[][] = [['', 'station_eu_code', 'id_comune', 'yy', 'media_annua', 'copertura']];
    expect(() => parseAirStatistics(rows, 'pm10')).toThrow(/nessuna colonna di nome "comune".*l.intestazione è/);
  });

  it('reads the WHO 2021 guidelines from the legend by content, including PM2.5 in the sheet misnamed "Tabella A O3"', () => {
    const sheets = [
      { name: 'PM10', rows: [['station_eu_code', 'codice stazione europeo']] as Cell[][] },
      {
        name: 'Tabella A_O3',
        rows: [
          [
            null,
            'Indicatori',
            'Periodo di mediazione',
            'Valori di riferimento - D.Lgs 155/2010',
            'Valore di riferimento OMS per esposizione umana a breve termine',
          ],
          ['Protezione della salute umana', 'Soglia di informazione', '1 ora', '180 µg/m³', null],
          [
            null,
            'Obiettivo a lungo termine (OLT)',
            'Media massima giornaliera calcolata su 8 ore',
            '120 µg/m³',
            '100 µg/m³  come 99° percentile',
          ],
        ] as Cell[][],
      },
      {
        name: 'Tabella A_NO2',
        rows: [
          ['Periodo di mediazione', 'Valore limite D.Lgs.155/2010', 'Valori di riferimento OMS'],
          ['1 ora', '200 µg/m3 da non superare più di 18 volte', '200 µg/m3'],
          ['Anno civile', '40 µg/m3', '10 µg/m3'],
        ] as Cell[][],
      },
      {
        name: 'Tabella A - PM10',
        rows: [
          ['Periodo di mediazione', 'Valore limite D.Lgs.155/2010', 'Valore di riferimento OMS'],
          ['Anno civile', '40 µg/m3', '15 µg/m3'],
        ] as Cell[][],
      },
      {
        name: 'Tabella A O3',
        rows: [
          [
            'Periodo di mediazione',
            'Valore limite D.Lgs. 155/2010',
            'Data alla quale il valore limite deve essere raggiunto',
            'Valore di riferimento OMS per esposizione umana a lungo termine',
            'Valore di riferimento OMS a breve termine',
          ],
          ['Anno civile', '25 µg/m3', '1° gennaio 2015', '5 µg/m3', '15 µg/m3 da non superare più di tre giorni'],
        ] as Cell[][],
      },
    ];
    const who = parseWhoGuidelines(sheets);
    expect(who.pm25).toEqual({ valore_ug_m3: 5, periodo: 'Anno civile', testo: '5 µg/m3' });
    expect(who.pm10?.valore_ug_m3).toBe(15);
    expect(who.no2?.valore_ug_m3).toBe(10);
    expect(who.o3).toEqual({
      valore_ug_m3: 100,
      periodo: 'Media massima giornaliera calcolata su 8 ore',
      testo: '100 µg/m³  come 99° percentile',
    });
  });

  it('declares the official ISPRA CSV of each of the four pollutants and the legend, each in meta.files', () => {
    expect(AIR_FILES.map((f) => f.inquinante).sort()).toEqual(['no2', 'o3', 'pm10', 'pm25']);
    for (const f of AIR_FILES) {
      expect(f.url).toMatch(/^https:\/\/www\.isprambiente\.gov\.it\/files2024\/attivita\/aria\/.*statistiche\.csv$/);
      expect(f.path.split('/').pop()).toBe(f.url.split('/').pop());
      expect(meta.files).toContainEqual({ path: f.path, url: f.url });
    }
    expect(meta.files).toContainEqual(LEGEND_FILE);
  });
});
