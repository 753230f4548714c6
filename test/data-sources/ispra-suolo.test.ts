import { describe, expect, it } from 'vitest';
import { parseConsumoSuolo, parseConsumoSuoloProvince } from '../../data-sources/ispra-suolo.ts';

// Hand-written rows in the republished layout: ",", decimal point, float noise,
// apostrophe for accents, rows sorted by quota rather than by code.
const CSV = [
  'provincia,regione,NUTS_ID,ettari,quota',
  'Provincia Alfa,Lombardia,ITC4C,50000.5,31.98765432',
  "Forli'-Cesena,Emilia-Romagna,ITH58,17000.25,7.400000000000001",
  'Provincia Beta,Sardegna,ITG2H,,',
  'Italia,,,2150000,7.17',
].join('\n');

describe('ispra-suolo parser', () => {
  it('reads province rows by NUTS-3 with decimal points, keeping blanks as null', () => {
    expect(parseConsumoSuoloProvince(CSV)).toEqual([
      { provincia: 'Provincia Alfa', regione: 'Lombardia', nuts3: 'ITC4C', ettari: 50000.5, percentuale: 31.98765432 },
      {
        provincia: "Forli'-Cesena",
        regione: 'Emilia-Romagna',
        nuts3: 'ITH58',
        ettari: 17000.25,
        percentuale: 7.400000000000001,
      },
      { provincia: 'Provincia Beta', regione: 'Sardegna', nuts3: 'ITG2H', ettari: null, percentuale: null },
    ]);
  });

  it('skips and lists rows that are not provinces', () => {
    expect(parseConsumoSuolo(CSV).scartati).toEqual(['Italia']);
  });

  it('rejects a NUTS-3 code that appears twice and a non-numeric value', () => {
    expect(() => parseConsumoSuoloProvince(`${CSV}\nAltra,Lombardia,ITC4C,1,1`)).toThrow(/ITC4C compare due volte/);
    expect(() => parseConsumoSuoloProvince('provincia,regione,NUTS_ID,ettari,quota\nX,Y,ITC11,"1,5",2')).toThrow(
      /ettari di ITC11/,
    );
  });
});
