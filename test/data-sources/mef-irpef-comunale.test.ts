import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingSourceError } from '../../data-sources/lib/files.ts';
import { decodeText } from '../../data-sources/lib/text.ts';
import { TAX_YEARS, irpefFile, load, meta, parseIrpefYear } from '../../data-sources/mef-irpef-comunale.ts';
import { BRACKETS, headerOf, ID_2023, L2023, mefFile, rowOf, type Layout } from '../helpers/mef-fixture.ts';

// Fixtures written by hand in MEF's layouts. Each header is "<measure> - Frequenza;<measure> - Ammontare…"
// per measure, after the identity columns; rows give every pair a default value unless a test sets it.

const MILANO_2023 = rowOf(L2023, ['2023', 'F205', '015146', 'MILANO', 'MI', 'Lombardia', '03', '1047000'], {
  'Reddito imponibile': ['980000', '38100000000'],
  'Reddito complessivo': ['1009000', '40800000000'],
  'Trattamento spettante': ['120000', '110000000'],
  'Reddito da lavoro autonomo (comprensivo dei valori nulli)': ['41000', '3900000000'],
  [BRACKETS[0]!]: ['300', '-9000000'],
  [BRACKETS[1]!]: ['216000', '900000000'],
  [BRACKETS[7]!]: ['45000', '14000000000'],
});
const MANCANTE_2023 = rowOf(L2023, ['2023', '0', '0', '0', '0', 'Mancante/errata', '0', '5700']);

describe('mef-irpef-comunale: 2023 layout', () => {
  it('reads ";"/CRLF rows under a header ending in "; ", with the total pair, the bonus and the 8 brackets in order', () => {
    const { comuni } = parseIrpefYear(mefFile(L2023, [MILANO_2023, MANCANTE_2023]), 2023);
    expect(comuni).toHaveLength(1);
    const mi = comuni[0]!;
    expect(mi).toMatchObject({ codice_istat: '015146', nome: 'MILANO', sigla_provincia: 'MI', contribuenti: 1047000 });
    expect(mi.reddito_imponibile).toEqual({ frequenza: 980000, ammontare: 38100000000 });
    expect(mi.reddito_complessivo).toEqual({ frequenza: 1009000, ammontare: 40800000000 });
    expect(mi.trattamento_spettante).toEqual({ frequenza: 120000, ammontare: 110000000 });
    expect(mi.per_tipo.lavoro_autonomo).toEqual({ frequenza: 41000, ammontare: 3900000000 });
    expect(mi.scaglioni.map((s) => [s.da, s.a])).toEqual([
      [null, 0],
      [0, 10000],
      [10000, 15000],
      [15000, 26000],
      [26000, 55000],
      [55000, 75000],
      [75000, 120000],
      [120000, null],
    ]);
    expect(mi.scaglioni[0]).toEqual({ da: null, a: 0, frequenza: 300, ammontare: -9000000 });
    expect(mi.scaglioni[1]).toMatchObject({ frequenza: 216000, ammontare: 900000000 });
    expect(mi.scaglioni[7]).toMatchObject({ frequenza: 45000, ammontare: 14000000000 });
  });

  it('keeps blank (privacy-suppressed) cells as null, never 0, and a published 0 as 0', () => {
    const row = rowOf(L2023, ['2023', 'A004', '098001', 'ABBADIA CERRETO', 'LO', 'Lombardia', '03', '214'], {
      'Reddito da lavoro autonomo (comprensivo dei valori nulli)': ['', ''],
      [BRACKETS[0]!]: ['0', '0'],
      [BRACKETS[7]!]: ['', ''],
    });
    const [c] = parseIrpefYear(mefFile(L2023, [row]), 2023).comuni;
    expect(c!.per_tipo.lavoro_autonomo).toEqual({ frequenza: null, ammontare: null });
    expect(c!.scaglioni[7]).toMatchObject({ frequenza: null, ammontare: null });
    expect(c!.scaglioni[0]).toMatchObject({ frequenza: 0, ammontare: 0 });
  });

  it('skips the final non-comune row (code 0, "Mancante/errata") and counts it', () => {
    const { comuni, scartati } = parseIrpefYear(mefFile(L2023, [MILANO_2023, MANCANTE_2023]), 2023);
    expect(comuni.map((c) => c.codice_istat)).toEqual(['015146']);
    expect(scartati).toHaveLength(1);
    expect(scartati[0]).toMatchObject({ codice: '0', nome: 'Mancante/errata' });
    expect(scartati[0]!.motivo).toMatch(/senza comune/);
  });

  it('parses a new tax year whose file keeps the 2023 header, and derives its declared file from the year', () => {
    const row2024 = rowOf(L2023, ['2024', 'H501', '058091', 'ROMA', 'RM', 'Lazio', '12', '1994000'], {
      'Reddito complessivo': ['1927000', '62600000000'],
    });
    const y = parseIrpefYear(mefFile(L2023, [row2024]), 2024);
    expect(y.anno).toBe(2024);
    expect(y.comuni[0]).toMatchObject({
      codice_istat: '058091',
      contribuenti: 1994000,
      reddito_complessivo: { frequenza: 1927000, ammontare: 62600000000 },
    });
    expect(irpefFile(2024)).toEqual({
      path: 'mef/irpef-comunale/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.csv',
      url: 'https://www1.finanze.gov.it/finanze/analisi_stat/public/v_4_0_0/contenuti/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.zip',
      zipMember: 'Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.csv',
      year: 2024,
    });
    // The declared files are exactly one per listed year.
    expect(meta.files).toEqual(TAX_YEARS.map(irpefFile));
    expect(meta.files.map((f) => f.year)).toEqual(Array.from({ length: 24 }, (_, i) => 2000 + i));
  });

  it('rejects a row whose "Anno di imposta" is not the declared year', () => {
    const wrong = rowOf(L2023, ['2022', 'F205', '015146', 'MILANO', 'MI', 'Lombardia', '03', '1']);
    expect(() => parseIrpefYear(mefFile(L2023, [wrong]), 2023)).toThrow(/Anno di imposta "2022", atteso 2023/);
  });
});

describe('mef-irpef-comunale: older layouts and their column names', () => {
  // 2000–2001: Latin-1 with non-breaking spaces inside headers, codes as integers, lavoro autonomo
  // only by section of quadro E, a combined "dipendente e pensione" measure, no non-comune row.
  const L2000: Layout = {
    identity: ID_2023,
    measures: [
      'Reddito da fabbricati',
      'Reddito da lavoro dipendente',
      'Reddito da pensione',
      'Reddito da lavoro dipendente e pensione',
      'Reddito da lavoro autonomo\u00a0sez.E-IA',
      'Reddito da lavoro autonomo\u00a0sez.E-IB',
      'Reddito da lavoro autonomo\u00a0sez.E-II',
      "Reddito di spettanza dell'imprenditore in contabilita' ordinaria",
      "Reddito di spettanza dell'imprenditore in contabilita' semplificata",
      'Reddito da partecipazione ',
      'Reddito imponibile',
      'Imposta netta',
      'Reddito imponibile addizionale',
      'Addizionale regionale dovuta',
      'Addizionale comunale dovuta',
      ...BRACKETS,
    ],
    amount: 'Ammontare in euro',
    tail: '',
  };

  it('2000: decodes Latin-1, pads integer codes, maps lavoro dipendente, leaves split lavoro autonomo and the total as null', () => {
    const text = mefFile(L2000, [
      rowOf(
        L2000,
        ['2000', 'A001', '28001', 'ABANO TERME', 'PD', 'VENETO', '5', '13495'],
        {
          'Reddito da lavoro dipendente': ['6279', '106596294'],
          'Reddito da lavoro dipendente e pensione': ['1', '1'],
        },
        '',
      ),
      rowOf(L2000, ['2000', 'A074', '1001', 'AGLIÈ', 'TO', 'PIEMONTE', '1', '1900'], {}, ';'),
    ]);
    const bytes = Buffer.from(text, 'latin1');
    expect(bytes.includes(0xa0)).toBe(true); // the NBSP is a raw Latin-1 byte, not valid UTF-8
    const y = parseIrpefYear(decodeText(bytes, 'auto'), 2000);
    expect(y.comuni.map((c) => c.codice_istat)).toEqual(['028001', '001001']);
    expect(y.comuni[1]!.nome).toBe('AGLIÈ');
    expect(y.scartati).toEqual([]);
    const abano = y.comuni[0]!;
    expect(abano.per_tipo.lavoro_dipendente).toEqual({ frequenza: 6279, ammontare: 106596294 });
    expect(abano.per_tipo.lavoro_autonomo).toBeNull();
    expect(abano.reddito_complessivo).toBeNull();
    expect(abano.trattamento_spettante).toBeNull();
    expect(abano.scaglioni).toHaveLength(8);
  });

  // 2008–2011: key "Codice Istat", no region code, "contabilità" with an accent, "semplificata(" glued,
  // "Ammontare" without "in euro" (2009–2011), a final row with a blank code.
  const L2009: Layout = {
    identity: [
      'Anno di imposta',
      'Codice catastale',
      'Codice Istat',
      'Denominazione Comune',
      'Sigla Provincia',
      'Regione',
      'Numero contribuenti',
    ],
    measures: [
      'Reddito da fabbricati',
      'Reddito da lavoro dipendente e assimilati',
      'Reddito da pensione',
      'Reddito da lavoro autonomo (comprensivo dei valori nulli)',
      "Reddito di spettanza dell'imprenditore in contabilità ordinaria (compresi valori nulli)",
      "Reddito di spettanza dell'imprenditore in contabilità semplificata(compresi valori nulli)",
      'Reddito da partecipazione (comprensivo dei valori nulli)',
      'Reddito imponibile',
      'Imposta netta',
      'Reddito imponibile addizionale IRPEF',
      'Addizionale regionale dovuta',
      'Addizionale comunale dovuta',
      ...BRACKETS,
    ],
    amount: 'Ammontare',
    tail: '',
  };

  it('2009: "Codice Istat" key, accented and glued column names, blank-code "COMUNE ASSENTE" row skipped', () => {
    const text = mefFile(L2009, [
      rowOf(
        L2009,
        ['2009', 'A001', '028001', 'ABANO TERME', 'PD', 'VENETO', '14216'],
        {
          "Reddito di spettanza dell'imprenditore in contabilità ordinaria (compresi valori nulli)": ['157', '4826953'],
          "Reddito di spettanza dell'imprenditore in contabilità semplificata(compresi valori nulli)": [
            '554',
            '9434775',
          ],
        },
        '',
      ),
      rowOf(L2009, ['2009', '0', '', 'COMUNE ASSENTE - 0000', '', 'REGIONE ASSENTE', '90678'], {}, ''),
    ]);
    const y = parseIrpefYear(decodeText(Buffer.from(text, 'latin1'), 'auto'), 2009);
    expect(y.comuni).toHaveLength(1);
    expect(y.comuni[0]!.per_tipo.imprenditore_ordinaria).toEqual({ frequenza: 157, ammontare: 4826953 });
    expect(y.comuni[0]!.per_tipo.imprenditore_semplificata).toEqual({ frequenza: 554, ammontare: 9434775 });
    expect(y.scartati).toEqual([expect.objectContaining({ codice: '', nome: 'COMUNE ASSENTE - 0000' })]);
  });

  it('2012: quoted codes, abbreviated "Reddito spettanza imprenditore … (compresi nulli)", "000000" row skipped', () => {
    const L2012: Layout = {
      ...L2009,
      identity: ID_2023,
      measures: L2009.measures.map((m) =>
        m
          .replace(
            /Reddito di spettanza dell'imprenditore in contabilità (ordinaria|semplificata) ?\(compresi valori nulli\)/,
            'Reddito spettanza imprenditore $1 (compresi nulli)',
          )
          .replace('(comprensivo dei valori nulli)', '(compresi nulli)'),
      ),
    };
    expect(L2012.measures).toContain('Reddito spettanza imprenditore semplificata (compresi nulli)');
    const text = mefFile(L2012, [
      rowOf(
        L2012,
        ['2012', 'A001', '"028001"', 'ABANO TERME', 'PD', 'Veneto', '"05"', '14306'],
        {
          'Reddito spettanza imprenditore ordinaria (compresi nulli)': ['115', '3930216'],
          'Reddito da partecipazione (compresi nulli)': ['1192', '20207202'],
        },
        '',
      ),
      rowOf(L2012, ['2012', '0000', '"000000"', 'Non indicato', '"00"', 'Non indicato', '"00"', '2067'], {}, ''),
    ]);
    const y = parseIrpefYear(text, 2012);
    expect(y.comuni[0]).toMatchObject({
      codice_istat: '028001',
      per_tipo: {
        imprenditore_ordinaria: { frequenza: 115, ammontare: 3930216 },
        partecipazione: { frequenza: 1192, ammontare: 20207202 },
      },
    });
    expect(y.scartati).toEqual([expect.objectContaining({ codice: '000000', nome: 'Non indicato' })]);
  });

  it('2014 calls the first bracket "minore di zero euro"; 2019–2021 headers end in ";;" or "; ;" and say "Bonus spettante"', () => {
    const L2014: Layout = {
      ...L2023,
      measures: L2023.measures
        .filter((m) => m !== 'Reddito complessivo' && m !== 'Trattamento spettante')
        .map((m) => m.replace('minore o uguale a zero euro', 'minore di zero euro')),
      amount: 'Ammontare',
    };
    const y2014 = parseIrpefYear(
      mefFile(L2014, [
        rowOf(
          L2014,
          ['2014', 'A001', '028001', 'ABANO TERME', 'PD', 'Veneto', '05', '14173'],
          { 'Reddito complessivo minore di zero euro': ['84', '-662370'] },
          ';',
        ),
      ]),
      2014,
    );
    expect(y2014.comuni[0]!.scaglioni[0]).toEqual({ da: null, a: 0, frequenza: 84, ammontare: -662370 });
    expect(y2014.comuni[0]!.trattamento_spettante).toBeNull();

    for (const tail of [';;', '; ;']) {
      const L2020: Layout = {
        ...L2023,
        measures: L2023.measures
          .filter((m) => m !== 'Reddito complessivo')
          .map((m) => (m === 'Trattamento spettante' ? 'Bonus spettante' : m)),
        tail,
      };
      const text = mefFile(L2020, [
        rowOf(
          L2020,
          ['2020', 'A001', '028001', 'ABANO TERME', 'PD', 'Veneto', '05', '14831'],
          { 'Bonus spettante': ['4319', '1853780'] },
          ';;',
        ),
      ]);
      const c = parseIrpefYear(text, 2020).comuni[0]!;
      expect(c.trattamento_spettante).toEqual({ frequenza: 4319, ammontare: 1853780 });
      expect(c.reddito_complessivo).toBeNull();
      expect(c.scaglioni[7]).toMatchObject({ frequenza: 7, ammontare: 7000 });
    }
  });

  it('matches names with double spaces and stray trailing spaces (2006: "Reddito da lavoro dipendente  - Frequenza")', () => {
    const L2006: Layout = {
      ...L2000,
      measures: [
        'Reddito da fabbricati',
        'Reddito da lavoro dipendente ',
        'Reddito da pensione',
        'Reddito da lavoro autonomo',
        "Reddito di spettanza dell'imprenditore in contabilita' ordinaria",
        "Reddito di spettanza dell'imprenditore in contabilita' semplificata",
        'Reddito da partecipazione',
        'Reddito imponibile ',
        'Imposta netta',
        'Reddito imponibile addizionale IRPEF',
        'Addizionale regionale dovuta',
        'Addizionale comunale dovuta',
        ...BRACKETS,
      ],
      amount: 'Ammontare',
    };
    expect(headerOf(L2006)).toContain('Reddito da lavoro dipendente  - Frequenza');
    const c = parseIrpefYear(
      mefFile(L2006, [
        rowOf(
          L2006,
          ['2006', 'A001', '28001', 'ABANO TERME', 'PD', 'VENETO', '5', '14000'],
          {
            'Reddito da lavoro dipendente ': ['7000', '150000000'],
            'Reddito imponibile ': ['13000', '280000000'],
            'Reddito da lavoro autonomo': ['350', '12000000'],
          },
          '',
        ),
      ]),
      2006,
    ).comuni[0]!;
    expect(c.per_tipo.lavoro_dipendente).toEqual({ frequenza: 7000, ammontare: 150000000 });
    expect(c.reddito_imponibile).toEqual({ frequenza: 13000, ammontare: 280000000 });
    expect(c.per_tipo.lavoro_autonomo).toEqual({ frequenza: 350, ammontare: 12000000 });
  });
});

describe('mef-irpef-comunale: failures are loud', () => {
  it('names a missing measure, an ambiguous one, a non-integer cell and a repeated code', () => {
    const noImponibile: Layout = { ...L2023, measures: L2023.measures.filter((m) => m !== 'Reddito imponibile') };
    expect(() => parseIrpefYear(mefFile(noImponibile, []), 2023)).toThrow(/nessuna colonna per "reddito_imponibile"/);
    const twice: Layout = { ...L2023, measures: [...L2023.measures, 'Imposta  netta'] };
    expect(() => parseIrpefYear(mefFile(twice, []), 2023)).toThrow(
      /"imposta_netta" dovrebbe avere una colonna Frequenza e una Ammontare/,
    );
    const noAutonomo: Layout = {
      ...L2023,
      measures: L2023.measures.filter((m) => !m.startsWith('Reddito da lavoro autonomo')),
    };
    expect(() => parseIrpefYear(mefFile(noAutonomo, []), 2023)).toThrow(/lavoro_autonomo/);
    const decimal = rowOf(L2023, ['2023', 'F205', '015146', 'MILANO', 'MI', 'Lombardia', '03', '1.047.822']);
    expect(() => parseIrpefYear(mefFile(L2023, [decimal]), 2023)).toThrow(
      /015146 Numero contribuenti: "1.047.822" non è un intero/,
    );
    expect(() => parseIrpefYear(mefFile(L2023, [MILANO_2023, MILANO_2023]), 2023)).toThrow(/015146 compare due volte/);
  });

  it('load() stops with MissingSourceError naming the official zip when a year is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'irpef-'));
    try {
      await expect(load(dir)).rejects.toBeInstanceOf(MissingSourceError);
      await expect(load(dir)).rejects.toThrow(/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_\d{4}\.zip/);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
