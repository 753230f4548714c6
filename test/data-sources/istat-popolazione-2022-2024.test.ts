import { describe, expect, it } from 'vitest';
import { parsePopolazione2022_2023 } from '../../data-sources/istat-popolazione-2022-2023.ts';
import { parsePopolazione2022Sesso } from '../../data-sources/istat-popolazione-2022-sesso.ts';
import { parsePopolazione2024 } from '../../data-sources/istat-popolazione-2024.ts';
import { withSexSplit } from '../../generator/join/sex-split.ts';

// Hand-written rows in each file's layout (SDMX-CSV with floats; POSAS totals; the derived 2022 table).
const SDMX = [
  'DATAFLOW,FREQ,REF_AREA,DATA_TYPE,SEX,AGE,MARITAL_STATUS,TIME_PERIOD,OBS_VALUE,OBS_STATUS',
  'IT1:22_289(1.0),A,001001,JAN,9,TOTAL,99,2022-01-01,2562.0,',
  'IT1:22_289(1.0),A,001002,JAN,9,TOTAL,99,2022-01-01,3660.0,',
  'IT1:22_289(1.0),A,IT,JAN,9,TOTAL,99,2022-01-01,6222.0,',
  'IT1:22_289(1.0),A,001001,JAN,9,TOTAL,99,2023-01-01,2550.0,',
  'IT1:22_289(1.0),A,005079,JAN,9,TOTAL,99,2023-01-01,0.0,',
].join('\n');
const POSAS = [
  '"","codice_comune","comune","et_a","totale_maschi","totale_femmine","totale"',
  '"1",28001,"Abano Terme",999,9721,10629,20350',
].join('\n');
const DERIVED = [
  '"municipality","municipality_code","province_code","province","province_short","region","region_code","population","population_F","population_M"',
  '"Agliè","1001","1","Torino","TO","Piemonte","1","2562.0","1347.0","1215.0"',
  '"Airasca","1002","1","Torino","TO","Piemonte","1","3661.0","1793.0","1868.0"',
  '"Misiliscemi","81025","81","Trapani","TP","Sicilia","19","","",""',
].join('\n');

describe('ISTAT population 2022–2024 parsers', () => {
  it('reads the SDMX totals per date, drops non-comune areas and the 0 of a ceased code', () => {
    const [y22, y23] = parsePopolazione2022_2023(SDMX);
    expect([...y22!.valori]).toEqual([
      ['001001', 2562],
      ['001002', 3660],
    ]);
    expect([...y23!.valori]).toEqual([['001001', 2550]]);
    expect(y23!.scartati).toEqual([{ codice: '005079', motivo: '0 residenti: codice di un comune cessato' }]);
  });

  it('reads 2024 by sex at 1 January, codes padded to 6 digits', () => {
    const p = parsePopolazione2024(POSAS);
    expect([p.data_riferimento, p.valori.get('028001'), p.sesso!.maschi.get('028001')]).toEqual([
      '2024-01-01',
      20350,
      9721,
    ]);
    expect(() => parsePopolazione2024(POSAS.replace('10629', '10630'))).toThrow(/non fanno il totale/);
    // A full POSAS file also has one row per age: only the total (et_a 999) is read.
    const byAge = parsePopolazione2024(`${POSAS}\n"2",28001,"Abano Terme",42,150,160,310`);
    expect(byAge.valori.get('028001')).toBe(20350);
  });

  it("keeps the derived table's split only where its total equals ISTAT's", () => {
    const [y22] = parsePopolazione2022_2023(SDMX);
    const { point, report } = withSexSplit(y22!, parsePopolazione2022Sesso(DERIVED));
    expect(point.valori).toBe(y22!.valori);
    expect([...point.sesso!.maschi]).toEqual([['001001', 1215]]);
    expect(report.discordanti).toEqual([{ codice: '001002', totale_istat: 3660, totale_altra_fonte: 3661 }]);
  });
});
