import { describe, expect, it } from 'vitest';
import { parseElencoComuni, parseElencoComuniReport } from '../../data-sources/istat-elenco-comuni.ts';
import { decodeText } from '../../data-sources/lib/text.ts';

// Header written by hand in ISTAT's layout: two cells break their line inside the quotes (LF),
// the header row itself ends in CRLF, and two NUTS2 headers carry a footnote and a trailing space.
const HEADER = [
  'Codice Regione',
  `"Codice dell'Unità territoriale sovracomunale \n(valida a fini statistici)"`,
  'Codice Provincia (Storico)(1)',
  'Progressivo del Comune (2)',
  'Codice Comune formato alfanumerico',
  'Denominazione (Italiana e straniera)',
  'Denominazione in italiano',
  'Denominazione altra lingua',
  'Codice Ripartizione Geografica',
  'Ripartizione geografica',
  'Denominazione Regione',
  `"Denominazione dell'Unità territoriale sovracomunale \n(valida a fini statistici)"`,
  'Tipologia di Unità territoriale sovracomunale ',
  'Flag Comune capoluogo di provincia/città metropolitana/libero consorzio',
  'Sigla automobilistica',
  'Codice Comune formato numerico',
  'Codice Comune numerico con 110 province (dal 2010 al 2016)',
  'Codice Comune numerico con 107 province (dal 2006 al 2009)',
  'Codice Comune numerico con 103 province (dal 1995 al 2005)',
  'Codice Catastale del comune',
  'Codice NUTS1 2010',
  'Codice NUTS2 2010 (3) ',
  'Codice NUTS3 2010',
  'Codice NUTS1 2021',
  'Codice NUTS2 2021 (3) ',
  'Codice NUTS3 2021',
].join(';');

const ROWS = [
  '01;201;001; 001 ;001001;Agliè;Agliè;;1;Nord-ovest;Piemonte;Torino;3;0;TO;1001;1001;1001;1001;A074;ITC;ITC1;ITC11;ITC;ITC1;ITC11',
  '04;021;021; 008 ;021008;Bolzano/Bozen;Bolzano;Bozen;2;Nord-est;Trentino-Alto Adige/Südtirol;Bolzano/Bozen;2;1;BZ;21008;21008;21008;21008;A952;ITH;ITH1;ITH10;ITH;ITH1;ITH10',
  // Moved province in 2009: legacy codes differ, NUTS 2010 and 2021 differ.
  '08;099;099; 030 ;099030;Montecopiolo;Montecopiolo;;2;Nord-est;Emilia-Romagna;Rimini;1;0;RN;99030;41033;41033;41033;F478;ITI;ITI3;ITI31;ITH;ITH5;ITH59',
];

/** The fixture as ISTAT ships it: header CRLF-terminated, data rows mixing CRLF and LF. */
const TEXT = `${HEADER}\r\n${ROWS[0]}\r\n${ROWS[1]}\n${ROWS[2]}\r\n`;

describe('istat-elenco-comuni decoding', () => {
  it('reads Latin-1 accents and the Windows-1252 Š/Ž of Slovene names', () => {
    // "Agliè;Števerjan;Nabrežina" in Windows-1252 bytes: è = 0xE8, Š = 0x8A, ž = 0x9E.
    const bytes = Uint8Array.from([
      0x41, 0x67, 0x6c, 0x69, 0xe8, 0x3b, 0x8a, 0x74, 0x65, 0x76, 0x65, 0x72, 0x6a, 0x61, 0x6e, 0x3b, 0x4e, 0x61, 0x62,
      0x72, 0x65, 0x9e, 0x69, 0x6e, 0x61,
    ]);
    expect(decodeText(bytes, 'latin1')).toBe('Agliè;Števerjan;Nabrežina');
  });

  it('parses a file given as Latin-1 bytes end to end', () => {
    const bytes = Uint8Array.from(TEXT, (c) => {
      const code = c.charCodeAt(0);
      if (code > 0xff) throw new Error(`fixture char ${c} is not Latin-1`);
      return code;
    });
    const [aglie, bolzano] = parseElencoComuni(decodeText(bytes, 'latin1'));
    expect(aglie!.nome).toBe('Agliè');
    expect(bolzano!.nome_regione).toBe('Trentino-Alto Adige/Südtirol');
  });
});

describe('istat-elenco-comuni parser', () => {
  it('finds the columns under multi-line header cells and reads every row across mixed line endings', () => {
    const comuni = parseElencoComuni(TEXT);
    expect(comuni.map((c) => c.codice_istat)).toEqual(['001001', '021008', '099030']);
    expect(comuni[0]).toEqual({
      codice_istat: '001001',
      nome: 'Agliè',
      nome_altra_lingua: null,
      codice_regione: '01',
      nome_regione: 'Piemonte',
      codice_uts: '201',
      nome_uts: 'Torino',
      codice_provincia_storico: '001',
      sigla: 'TO',
      ripartizione: { codice: 1, nome: 'Nord-ovest' },
      capoluogo: false,
      codice_catastale: 'A074',
      codici_legacy: { province_110: '001001', province_107: '001001', province_103: '001001' },
      nuts_2010: { nuts1: 'ITC', nuts2: 'ITC1', nuts3: 'ITC11' },
      nuts_2021: { nuts1: 'ITC', nuts2: 'ITC1', nuts3: 'ITC11' },
    });
  });

  it('keeps bilingual names apart and reads the capoluogo flag', () => {
    const bolzano = parseElencoComuni(TEXT)[1]!;
    expect(bolzano).toMatchObject({
      nome: 'Bolzano',
      nome_altra_lingua: 'Bozen',
      nome_uts: 'Bolzano/Bozen',
      capoluogo: true,
      ripartizione: { codice: 2, nome: 'Nord-est' },
    });
  });

  it('pads legacy codes and keeps NUTS 2010 and 2021 apart', () => {
    const montecopiolo = parseElencoComuni(TEXT)[2]!;
    expect(montecopiolo.codici_legacy).toEqual({
      province_110: '041033',
      province_107: '041033',
      province_103: '041033',
    });
    // A comune of a province created in 2009: its 103-province code is under Milano.
    const agrate =
      '03;108;108; 001 ;108001;Agrate Brianza;Agrate Brianza;;1;Nord-ovest;Lombardia;Monza e della Brianza;2;0;MB;108001;108001;108001;15002;A087;ITC;ITC4;ITC4D;ITC;ITC4;ITC4D';
    expect(parseElencoComuni(`${HEADER}\r\n${agrate}\r\n`)[0]!.codici_legacy).toEqual({
      province_110: '108001',
      province_107: '108001',
      province_103: '015002',
    });
    expect(montecopiolo.nuts_2010).toEqual({ nuts1: 'ITI', nuts2: 'ITI3', nuts3: 'ITI31' });
    expect(montecopiolo.nuts_2021).toEqual({ nuts1: 'ITH', nuts2: 'ITH5', nuts3: 'ITH59' });
  });

  it('trims stray spaces around cells', () => {
    const row =
      ' 01 ; 201 ; 001 ; 001 ; 001001 ; Agliè ; Agliè ;  ; 1 ; Nord-ovest ; Piemonte ; Torino ; 3 ; 0 ; TO ; 1001 ; 1001 ; 1001 ; 1001 ; a074 ; ITC ; ITC1 ; ITC11 ; ITC ; ITC1 ; ITC11 ';
    const [aglie] = parseElencoComuni(`${HEADER}\r\n${row}\r\n`);
    expect(aglie).toMatchObject({
      codice_istat: '001001',
      nome: 'Agliè',
      nome_altra_lingua: null,
      codice_regione: '01',
      codice_uts: '201',
      sigla: 'TO',
      codice_catastale: 'A074',
      codici_legacy: { province_110: '001001' },
      nuts_2021: { nuts3: 'ITC11' },
    });
  });

  it('keeps missing legacy and NUTS cells as null, never 0', () => {
    const row =
      '03;013;013; 256 ;013256;Uggiate con Ronago;Uggiate con Ronago;;1;Nord-ovest;Lombardia;Como;1;0;CO;13256;;0;;M435;ITC;ITC4;ITC42;;;';
    const [c] = parseElencoComuni(`${HEADER}\r\n${row}\r\n`);
    expect(c!.codici_legacy).toEqual({ province_110: null, province_107: null, province_103: null });
    expect(c!.nuts_2021).toEqual({ nuts1: null, nuts2: null, nuts3: null });
    expect(c!.nuts_2010).toEqual({ nuts1: 'ITC', nuts2: 'ITC4', nuts3: 'ITC42' });
  });

  it('skips and counts rows that are not comuni', () => {
    const total = ';;;;;Totale;Totale;;;;;;;;;;;;;;;;;;;';
    const { comuni, skipped } = parseElencoComuniReport(`${HEADER}\r\n${ROWS[0]}\r\n${total}\r\n`);
    expect(comuni).toHaveLength(1);
    expect(skipped).toEqual([{ riga: 2, codice: '', nome: 'Totale' }]);
  });

  it('stops with a readable message when a column is renamed or a flag is unexpected', () => {
    expect(() => parseElencoComuni(TEXT.replace('Codice Comune formato alfanumerico', 'Codice Comune'))).toThrow(
      /Elenco-comuni-italiani.csv: nessuna colonna di nome "codice comune formato alfanumerico"/,
    );
    expect(() => parseElencoComuni(`${HEADER}\r\n${ROWS[0]!.replace(';3;0;TO;', ';3;SI;TO;')}\r\n`)).toThrow(
      /001001: il flag capoluogo vale "SI"/,
    );
    expect(() => parseElencoComuni(`${HEADER}\r\n${ROWS[0]}\r\n${ROWS[0]}\r\n`)).toThrow(
      /il codice comune 001001 compare due volte/,
    );
  });
});
