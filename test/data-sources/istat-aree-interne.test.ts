import { describe, expect, it } from 'vitest';
import { parseClassi2021, parseMappaAi2020, type SkippedRow } from '../../data-sources/istat-aree-interne.ts';
import { readWorkbook } from '../../data-sources/lib/xlsx.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

// Hand-written rows in the publishers' layout: a title on row 1, a blank row 2, the header on
// row 3 with line breaks inside the cells, PROCOM_T as text (and once as a bare number).
const MAPPA_HEADER = [
  'PROCOM_T',
  'COD_REG',
  'COMUNE_30sett20',
  'Superficie territoriale \r\n(kmq) al 01/01/2019',
  'MAPPA AI 2020\r\n\r\nCOD_AI_2020',
  'MAPPA AI 2020 \r\n\r\nDES_AI_2020',
  'MAPPA AI 2020\r\n\r\nMEDIA tempi di percorrenza (arrotondata alla prima cifra ddcimale)',
  'MAPPA AI 2020\r\n\r\nCodice PROCOM_N\r\ndel COMUNE di destinazione prevalente',
  'MAPPA AI 2020\r\n\r\nDenominazione del COMUNE di destinazione prevalente',
];

async function sheetRows(rows: (string | number | null)[][], name = 'DATI') {
  const [sheet] = await readWorkbook(makeXlsx([{ name, rows }]));
  return sheet!.rows;
}

describe('istat-aree-interne: Mappa AI 2020', () => {
  it('finds the header on row 3 across multi-line cells and reads class, time and destination pole', async () => {
    const rows = await sheetRows([
      ['Mappa Aree Interne 2020', null, null, null, null, null, null, null, null],
      [null, null, null, null, null, null, null, null, null],
      MAPPA_HEADER,
      ['001003', 1, 'Ala di Stura', 46.2, 'E', 'E - Periferico', 58, 1090, 'Collegno'],
      ['001078', 1, 'Chieri', 54.2, 'A', 'A - Polo', 0, 1078, 'Chieri'],
      [1004, 1, "Albiano d'Ivrea", '11,7', 'c', 'C - Cintura', '17,5', 1125, 'Ivrea'],
      ['090064', 20, 'Sassari', null, 'F', 'F - Ultraperiferico', null, null, null],
    ]);
    const m = parseMappaAi2020(rows);
    expect(m.size).toBe(4);
    expect(m.get('001003')).toEqual({
      classe: 'E',
      descrizione: 'E - Periferico',
      tempo_minuti: 58,
      polo_destinazione: 'Collegno',
      codice_polo_destinazione: '001090',
    });
    // A pole is 0 minutes from itself: a real 0, kept.
    expect(m.get('001078')).toMatchObject({ classe: 'A', tempo_minuti: 0, codice_polo_destinazione: '001078' });
    // Numeric code padded to 6 digits, lower-case class normalised, decimal comma read.
    expect(m.get('001004')).toMatchObject({
      classe: 'C',
      tempo_minuti: 17.5,
      polo_destinazione: 'Ivrea',
    });
    // Blank cells stay null, never 0.
    expect(m.get('090064')).toMatchObject({
      classe: 'F',
      tempo_minuti: null,
      polo_destinazione: null,
      codice_polo_destinazione: null,
    });
  });

  it('skips and reports rows that are not comuni, and rejects unknown classes', async () => {
    const rows = await sheetRows([
      ['Titolo'],
      MAPPA_HEADER,
      ['001001', 1, 'Agliè', 13.1462, 'C', 'C - Cintura', 24, 1125, 'Ivrea'],
      ['Totale', null, null, null, null, null, null, null, null],
    ]);
    const skipped: SkippedRow[] = [];
    expect([...parseMappaAi2020(rows, skipped).keys()]).toEqual(['001001']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.reason).toMatch(/Totale/);
    const bad = await sheetRows([MAPPA_HEADER, ['001001', 1, 'Agliè', 13.1462, 'G', 'G - ?', 24, 1125, 'Ivrea']]);
    expect(() => parseMappaAi2020(bad)).toThrow(/classe aree interne sconosciuta "G"/);
  });

  it('fails with the header it saw when a column is renamed', async () => {
    const rows = await sheetRows([
      MAPPA_HEADER.map((h) => h.replace('tempi di percorrenza', 'distanza')),
      ['001001', 1, 'Agliè', 13.1462, 'C', 'C - Cintura', 24, 1125, 'Ivrea'],
    ]);
    expect(() => parseMappaAi2020(rows)).toThrow(/nessuna colonna corrisponde a .*tempi di percorrenza/);
  });
});

describe('istat-aree-interne: classi 2014-2020 / 2021-2027', () => {
  it('reads both classifications below a title, keyed by padded PROCOM_T', async () => {
    const rows = await sheetRows(
      [
        [
          'Classificazioni dei Comuni secondo le caratteristiche di Area Interna (geografia amministrativa al 30 settembre 2020).',
        ],
        [],
        [
          'PROCOM_T',
          'PROCOM_N',
          'DENOMINAZIONE_COMUNE',
          'CODICE_Aree_Interne 2014-2020',
          'DESCRIZIONE_Aree_Interne 2014-2020',
          'CODICE_Aree_Interne 2021-2027',
          'DESCRIZIONE_Aree_Interne 2021-2027',
          'PROCOM_Comune di destinazione prevalente \r\n(AI 2021-27)',
        ],
        ['111104', 111104, 'Villasalto', 'F', 'F - Ultraperiferico', 'E', 'E - Periferico', 92009],
        [1001, 1001, 'Agliè', 'C', 'C - Cintura', 'C', 'C - Cintura', 1125],
        ['099031', 99031, 'Comune nuovo', null, null, 'D', 'D - Intermedio', 41044],
      ],
      'Classificazione Aree Interne',
    );
    const c = parseClassi2021(rows);
    expect(c.get('111104')).toEqual({
      classe_2014_2020: 'F',
      descrizione_2014_2020: 'F - Ultraperiferico',
      classe_2021_2027: 'E',
      descrizione_2021_2027: 'E - Periferico',
    });
    expect(c.get('001001')).toMatchObject({ classe_2014_2020: 'C', classe_2021_2027: 'C' });
    expect(c.get('099031')).toMatchObject({
      classe_2014_2020: null,
      descrizione_2014_2020: null,
      classe_2021_2027: 'D',
    });
  });
});
