import { describe, expect, it } from 'vitest';
import type { PeriodoComune } from '../../data-sources/anpr-archivio-comuni.ts';
import { Crosswalk, rekeyRows, territoryDate } from '../../generator/join/crosswalk.ts';
import { territorioDato } from '../../generator/join/rekey-sources.ts';
import { sumIrpefRows } from '../../generator/join/sum-rows.ts';
import type { PopulationMeasure, SuccessorInputs } from '../../generator/join/successor-inputs.ts';
import { deriveSuccessors } from '../../generator/join/successors.ts';
import { buildHistory } from '../../generator/join/territorial-history.ts';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import type { IrpefComune } from '../../data-sources/mef-irpef-comunale.ts';

const period = (
  codice_catastale: string,
  codice_istat: string,
  nome: string,
  inizio: string,
  fine: string | null,
  sigla_provincia = 'XX',
): PeriodoComune => ({
  codice_istat,
  codice_catastale,
  nome,
  nome_altra_lingua: null,
  sigla_provincia,
  inizio,
  fine,
});

// Alfa changes province (and code) in 2016; Beta and Gamma merge into the new Delta on 1 January 2019;
// Epsilon is incorporated the same day into Phi, which already existed.
const ARCHIVE = [
  period('A001', '001001', 'ALFA', '1900-01-01', '2015-12-31'),
  period('A001', '002001', 'ALFA', '2016-01-01', null, 'YY'),
  period('B002', '001002', 'BETA', '1900-01-01', '2018-12-31'),
  period('C003', '001003', 'GAMMA', '1900-01-01', '2018-12-31'),
  period('D004', '001010', 'DELTA', '2019-01-01', null),
  period('E005', '001005', 'EPSILON', '1900-01-01', '2018-12-31'),
  period('F006', '001006', 'PHI', '1900-01-01', null),
];
const COMUNI = [
  { codice_istat: '002001', codice_catastale: 'A001' },
  { codice_istat: '001010', codice_catastale: 'D004' },
  { codice_istat: '001006', codice_catastale: 'F006' },
];
const POPULATION: PopulationMeasure[] = [
  {
    data_territorio: '2018-12-31',
    riferimento: '2019-01-01',
    valori: new Map([
      ['002001', 10],
      ['001002', 100],
      ['001003', 200],
      ['001005', 50],
      ['001006', 1000],
    ]),
  },
  {
    data_territorio: '2019-12-31',
    riferimento: '2020-01-01',
    valori: new Map([
      ['002001', 10],
      ['001010', 298],
      ['001006', 1052],
    ]),
  },
];

function derive(population = POPULATION) {
  const history = buildHistory(ARCHIVE, []);
  const result = deriveSuccessors({
    history,
    current: new Set(COMUNI.map((c) => c.codice_catastale)),
    taxpayers: new Map(),
    profiles: new Map(),
    population,
    confini2019: [],
    confini2025: [],
    belfioreOf2025: new Map(COMUNI.map((c) => [c.codice_istat, c.codice_catastale])),
  });
  return { history, ...result };
}

describe('successor links', () => {
  it('finds the new comune of a fusion and the existing comune that grew by an incorporated one, and checks both on population', () => {
    const { links, unresolved } = derive();
    expect(unresolved).toEqual([]);
    const byPredecessor = Object.fromEntries(links.map((l) => [l.predecessore, l]));
    expect(byPredecessor.B002).toMatchObject({ successore: 'D004', evento: 'fusione', data_evento: '2019-01-01' });
    expect(byPredecessor.C003).toMatchObject({ successore: 'D004', evento: 'fusione' });
    expect(byPredecessor.E005).toMatchObject({ successore: 'F006', evento: 'incorporazione', metodo: 'bilancio' });
    expect(byPredecessor.B002!.verifica).toMatchObject({
      misura: 'popolazione',
      somma_prima: 300,
      valore_dopo: 298,
      verificato: true,
    });
    expect(byPredecessor.E005!.verifica).toMatchObject({ somma_prima: 1050, valore_dopo: 1052, verificato: true });
  });

  it('flags a link whose figures do not balance, and the crosswalk moves no data through it', () => {
    const flat = POPULATION.map((m, i) =>
      i === 1
        ? {
            ...m,
            valori: new Map([
              ['002001', 10],
              ['001010', 298],
              ['001006', 1000],
            ]),
          }
        : m,
    );
    const { history, links } = derive(flat);
    const e = links.find((l) => l.predecessore === 'E005')!;
    expect(e.verifica).toMatchObject({ somma_prima: 350, valore_dopo: 298, verificato: false });
    expect(new Crosswalk(history, COMUNI, links).currentOf('E005')).toBeNull();
  });
});

/** Successors derived from MEF figures alone (no population on either side): profiles by code, tax year → counts. */
function deriveFromMef(
  archive: PeriodoComune[],
  current: string[],
  profiles: Record<string, Record<number, number[]>>,
  boundaries: Pick<SuccessorInputs, 'confini2019' | 'confini2025' | 'belfioreOf2025'> = {
    confini2019: [],
    confini2025: [],
    belfioreOf2025: new Map(),
  },
) {
  const history = buildHistory(archive, []);
  const byCode = new Map(
    Object.entries(profiles).map(([b, years]) => [b, new Map(Object.entries(years).map(([y, v]) => [Number(y), v]))]),
  );
  const taxpayers = new Map([...byCode].map(([b, years]) => [b, new Map([...years].map(([y, v]) => [y, v[0]!]))]));
  return deriveSuccessors({
    history,
    current: new Set(current),
    taxpayers,
    profiles: byCode,
    population: [],
    ...boundaries,
  });
}

describe('successor links from MEF figures', () => {
  it('tells apart two fusions of the same day whose taxpayers balance two ways, by the other MEF counts', () => {
    // W+X → N1 and Y+Z → N2; by taxpayers alone Y+X → N1 and W+Z → N2 balances as well (1%).
    const archive = [
      period('W001', '001001', 'W', '1900-01-01', '2016-12-31'),
      period('X002', '001002', 'X', '1900-01-01', '2016-12-31'),
      period('Y003', '001003', 'Y', '1900-01-01', '2016-12-31'),
      period('Z004', '001004', 'Z', '1900-01-01', '2016-12-31'),
      period('N005', '001005', 'N1', '2017-01-01', null),
      period('N006', '001006', 'N2', '2017-01-01', null),
    ];
    const { links, unresolved } = deriveFromMef(archive, ['N005', 'N006'], {
      W001: { 2015: [100, 50, 30, 80] },
      X002: { 2015: [400, 100, 250, 300] },
      Y003: { 2015: [95, 200, 20, 70] },
      Z004: { 2015: [415, 100, 90, 330] },
      N005: { 2016: [500, 150, 280, 380] },
      N006: { 2016: [510, 300, 110, 400] },
    });
    expect(unresolved).toEqual([]);
    expect(Object.fromEntries(links.map((l) => [l.predecessore, l.successore]))).toEqual({
      W001: 'N005',
      X002: 'N005',
      Y003: 'N006',
      Z004: 'N006',
    });
  });

  it('places the parts of fusions the figures cannot tell apart by their 2019 polygons, then a part without one by what is left', () => {
    const archive = [
      period('V000', '001000', 'V', '1900-01-01', '2019-12-31'),
      period('W001', '001001', 'W', '1900-01-01', '2019-12-31'),
      period('X002', '001002', 'X', '1900-01-01', '2019-12-31'),
      period('Y003', '001003', 'Y', '1900-01-01', '2019-12-31'),
      period('Z004', '001004', 'Z', '1900-01-01', '2019-12-31'),
      period('N005', '001005', 'N1', '2020-01-01', null),
      period('N006', '001006', 'N2', '2020-01-01', null),
    ];
    const square = (x: number, y: number, w = 1) => [
      [
        [
          [x, y],
          [x + w, y],
          [x + w, y + 1],
          [x, y + 1],
          [x, y],
        ] as [number, number][],
      ],
    ];
    const old = (b: string, x: number, y: number) => ({
      codice_istat: '',
      codice_catastale: b,
      nome: b,
      polygons: square(x, y),
    });
    const { links, unresolved } = deriveFromMef(
      archive,
      ['N005', 'N006'],
      // Taxpayers alone balance two ways (V+W+X or V+Y+X into N1); V has no 2019 polygon.
      {
        V000: { 2018: [50] },
        W001: { 2018: [100] },
        X002: { 2018: [400] },
        Y003: { 2018: [95] },
        Z004: { 2018: [415] },
        N005: { 2019: [550] },
        N006: { 2019: [510] },
      },
      {
        confini2019: [old('W001', 0, 0), old('X002', 1, 0), old('Y003', 0, 1), old('Z004', 1, 1)],
        confini2025: [
          { codice_istat: '001005', nome: 'N1', polygons: square(0, 0, 2) },
          { codice_istat: '001006', nome: 'N2', polygons: square(0, 1, 2) },
        ],
        belfioreOf2025: new Map([
          ['001005', 'N005'],
          ['001006', 'N006'],
        ]),
      },
    );
    expect(unresolved).toEqual([]);
    expect(links.map((l) => [l.predecessore, l.successore, l.evento, l.metodo, l.esito])).toEqual([
      ['W001', 'N005', 'fusione', 'confini_2019_2025', 'verificato'],
      ['X002', 'N005', 'fusione', 'confini_2019_2025', 'verificato'],
      ['Y003', 'N006', 'fusione', 'confini_2019_2025', 'verificato'],
      ['Z004', 'N006', 'fusione', 'confini_2019_2025', 'verificato'],
      ['V000', 'N005', 'fusione', 'istituzione_e_bilancio', 'verificato'],
    ]);
  });

  it('gives a comune incorporated the same day as a fusion to the comune that grew, not to the new one (Acquacanina, Valfornace)', () => {
    // Fusion F+P → V (3.3% fewer taxpayers the next year, beyond the 3% balance); A incorporated into existing E.
    const archive = [
      period('A031', '043001', 'ACQUACANINA', '1900-01-01', '2016-12-31'),
      period('D609', '043002', 'FIORDIMONTE', '1900-01-01', '2016-12-31'),
      period('G637', '043003', 'PIEVEBOVIGLIANA', '1900-01-01', '2016-12-31'),
      period('M382', '043058', 'VALFORNACE', '2017-01-01', null),
      period('D564', '043017', 'FIASTRA', '1900-01-01', null),
    ];
    const { links, unresolved } = deriveFromMef(archive, ['M382', 'D564'], {
      A031: { 2015: [83] },
      D609: { 2015: [137] },
      G637: { 2015: [597] },
      M382: { 2016: [710] },
      D564: { 2015: [421], 2016: [497] },
    });
    expect(unresolved).toEqual([]);
    const by = Object.fromEntries(links.map((l) => [l.predecessore, l]));
    expect(by.A031).toMatchObject({ successore: 'D564', evento: 'incorporazione', metodo: 'bilancio' });
    expect(by.A031!.verifica).toMatchObject({ somma_prima: 504, valore_dopo: 497, verificato: true });
    expect(by.D609).toMatchObject({ successore: 'M382', evento: 'fusione' });
    expect(by.G637!.verifica).toMatchObject({ somma_prima: 734, valore_dopo: 710, verificato: true });
  });
});

describe('outcome of the checks', () => {
  it('confirms a fusion whose first year after is off by a one-year blip on the years one further out, and moves its data', () => {
    // Maccagno, Pino, Veddasca → Maccagno con Pino e Veddasca: 1692 in 2012 (a spike) against 1596 in 2013.
    const archive = [
      period('E775', '012093', 'MACCAGNO', '1900-01-01', '2014-02-03'),
      period('G677', '012113', 'PINO', '1900-01-01', '2014-02-03'),
      period('M339', '012142', 'MACCAGNO CON PINO E VEDDASCA', '2014-02-04', null),
    ];
    const { links } = deriveFromMef(archive, ['M339'], {
      E775: { 2011: [1426], 2012: [1339] },
      G677: { 2011: [215], 2012: [353] },
      M339: { 2013: [1596], 2014: [1597] },
    });
    expect(links[0]).toMatchObject({
      esito: 'verificato_secondo_metodo',
      verifica: { somma_prima: 1692, valore_dopo: 1596, verificato: false },
      verifica_secondo_metodo: { prima: "anno d'imposta 2011", dopo: "anno d'imposta 2014", verificato: true },
    });
    const cw = new Crosswalk(buildHistory(archive, []), [{ codice_istat: '012142', codice_catastale: 'M339' }], links);
    expect(cw.currentOf('E775')).toBe('012142');
  });

  it('reports a fusion before the first MEF year as not verifiable, with the reason, and moves nothing', () => {
    const archive = [
      period('B833', '028021', 'CARRARA SAN GIORGIO', '1900-01-01', '1995-04-07'),
      period('M300', '028105', 'DUE CARRARE', '1995-04-08', null),
    ];
    const { links } = deriveFromMef(archive, ['M300'], { M300: { 2000: [5000], 2001: [5050] } });
    expect(links[0]).toMatchObject({ successore: 'M300', verifica: null, esito: 'non_verificabile' });
    expect(links[0]!.motivo_esito).toContain('nessun dato prima del 2000');
    const cw = new Crosswalk(buildHistory(archive, []), [{ codice_istat: '028105', codice_catastale: 'M300' }], links);
    expect(cw.currentOf('B833')).toBeNull();
  });

  it('finds a new comune whose cadastral code had been used before (Porto Viro, 1929–1938 and from 1995)', () => {
    const archive = [
      period('C967', '029016', 'CONTARINA', '1956-08-09', '1994-12-31'),
      period('D337', '029020', 'DONADA', '1956-08-09', '1994-12-31'),
      period('G926', '029052', 'PORTO VIRO', '1932-12-18', '1938-02-10'),
      period('G926', '029052', 'PORTO VIRO', '1995-01-01', null),
    ];
    const { links, unresolved } = deriveFromMef(archive, ['G926'], { G926: { 2000: [9000] } });
    expect(unresolved).toEqual([]);
    expect(links.map((l) => [l.predecessore, l.successore, l.metodo, l.esito])).toEqual([
      ['C967', 'G926', 'istituzione_stesso_giorno', 'non_verificabile'],
      ['D337', 'G926', 'istituzione_stesso_giorno', 'non_verificabile'],
    ]);
  });

  it('keeps a fusion whose figures disagree on both checks out of the data, with both figures', () => {
    const archive = [
      period('A001', '001001', 'A', '1900-01-01', '2016-12-31'),
      period('N002', '001002', 'N', '2017-01-01', null),
    ];
    const { links } = deriveFromMef(archive, ['N002'], {
      A001: { 2014: [1000], 2015: [1000] },
      N002: { 2016: [800], 2017: [800] },
    });
    expect(links[0]).toMatchObject({ esito: 'non_verificato', verifica: { verificato: false } });
    expect(links[0]!.motivo_esito).toContain("anno d'imposta 2014 → anno d'imposta 2017");
  });
});

describe('rekeyRows, the crosswalk step of every join', () => {
  const { history, links } = derive();
  const cw = new Crosswalk(history, COMUNI, links);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  it("keeps a re-coded comune under its current code and sums merged predecessors into today's comune", () => {
    const rows = [
      { codice_istat: '002001', value: 10 },
      { codice_istat: '001002', value: 100 },
      { codice_istat: '001003', value: 200 },
      { codice_istat: '001005', value: 50 },
      { codice_istat: '001006', value: 1000 },
    ];
    const { valori, report } = rekeyRows(cw, rows, '2018-12-31', sum);
    expect(valori.get('001010')).toMatchObject({
      value: 300,
      ricostruito: true,
      parti: [
        { codice_istat: '001002', nome: 'BETA' },
        { codice_istat: '001003', nome: 'GAMMA' },
      ],
    });
    expect(valori.get('001006')).toMatchObject({ value: 1050, ricostruito: true });
    expect(report).toMatchObject({ stesso_codice: 1, ricostruiti: 2, non_collegati: [] });
    const old = rekeyRows(cw, [{ codice_istat: '001001', value: 9 }], '2010-12-31', sum);
    expect(old.valori.get('002001')).toMatchObject({
      value: 9,
      ricostruito: false,
      parti: [{ codice_istat: '001001' }],
    });
    expect(old.report.ricodificate).toBe(1);
  });

  it('never counts twice a new comune that a file of later boundaries lists beside the comuni it was made of', () => {
    const rows = [
      { codice_istat: '001002', value: 100 },
      { codice_istat: '001003', value: 200 },
      { codice_istat: '001010', value: 298 },
    ];
    const { valori, report } = rekeyRows(cw, rows, '2018-12-31', sum);
    expect(valori.get('001010')).toMatchObject({ value: 300, parti: [{ nome: 'BETA' }, { nome: 'GAMMA' }] });
    expect(report.non_collegati).toEqual([
      expect.objectContaining({ codice_istat: '001010', codice_catastale: 'D004' }),
    ]);
  });

  it('keeps the row of a comune born after the date when the file lists it instead of the comuni it was made of', () => {
    // ISTAT's population at 1 January 2019 (territory of 31 December 2018) already lists Delta, born that day.
    const { valori, report } = rekeyRows(cw, [{ codice_istat: '001010', value: 301 }], '2018-12-31', sum);
    expect(valori.get('001010')).toMatchObject({ value: 301, ricostruito: false, parti: [{ codice_istat: '001010' }] });
    expect(territorioDato('001010', valori.get('001010'))).toBeUndefined();
    expect(report.incompleti).toEqual([]);
  });

  it('never serves an undercount: a territory with a part missing gets no value', () => {
    const { valori, report } = rekeyRows(cw, [{ codice_istat: '001002', value: 100 }], '2018-12-31', sum);
    expect(valori.has('001010')).toBe(false);
    expect(report.incompleti).toEqual([expect.objectContaining({ codice_istat: '001010', mancanti: ['C003'] })]);
  });

  it('flags, and never sums, a territory that may lack a ceased comune whose successor is not established', () => {
    // Omega ceased on 31 December 2018 and may have gone into Delta or Alfa: no figure tells which.
    const omega = {
      codice_catastale: 'O009',
      nome: 'OMEGA',
      data_cessazione: '2018-12-31',
      categoria: 'nessuna_ripartizione_univoca' as const,
      motivo: 'Nessuna ripartizione univoca.',
      possibili_successori: ['D004', 'A001'],
    };
    const uncertain = new Crosswalk(history, COMUNI, links, [omega]);
    const rows = [
      { codice_istat: '001002', value: 100 },
      { codice_istat: '001003', value: 200 },
      { codice_istat: '002001', value: 10 },
    ];
    const before = rekeyRows(uncertain, rows, '2018-12-31', sum);
    // Delta's sum of Beta and Gamma may lack Omega: not served, and the report says why.
    expect(before.valori.has('001010')).toBe(false);
    expect(before.report.incompleti).toEqual([expect.objectContaining({ codice_istat: '001010', mancanti: ['O009'] })]);
    // Alfa's own row is served, saying what it may lack; after the cessation nothing is flagged.
    expect(before.valori.get('002001')).toMatchObject({ value: 10, ricostruito: false });
    expect(territorioDato('002001', before.valori.get('002001'))?.nota).toContain(
      'OMEGA (O009, cessato il 2018-12-31)',
    );
    const after = rekeyRows(uncertain, [{ codice_istat: '002001', value: 11 }], '2019-12-31', sum);
    expect(after.valori.get('002001')).not.toHaveProperty('avviso');
    expect(territorioDato('002001', after.valori.get('002001'))).toBeUndefined();
  });

  it('attaches non-additive figures only where the territory did not change', () => {
    const rows = [
      { codice_istat: '001001', value: 7 },
      { codice_istat: '001002', value: 1 },
      { codice_istat: '001003', value: 2 },
    ];
    const { valori } = rekeyRows(cw, rows, '2012-01-01', null);
    expect([...valori.keys()]).toEqual(['002001']);
  });

  it('reads a count "at 1 January" as the territory of the day before', () => {
    expect(territoryDate('2019-01-01')).toBe('2018-12-31');
    expect(territoryDate('2022-12')).toBe('2022-12-01');
  });

  it('takes the Garda Informatica periods after the ANPR archive ends', () => {
    const later: GiValidita[] = [
      {
        codice_istat: '001006',
        codice_catastale: 'F006',
        nome: 'PHI',
        sigla_provincia: 'XX',
        attivo: false,
        inizio: '1900-01-01',
        fine: '2023-12-31',
      },
    ];
    expect(buildHistory(ARCHIVE, later).get('F006')!.at(-1)!.fine).toBe('2023-12-31');
  });
});

describe('sum of MEF rows', () => {
  it('adds counts and amounts, keeps bracket bounds, and makes a total unknown when a part was suppressed', () => {
    const pair = (f: number | null, a: number | null) => ({ frequenza: f, ammontare: a });
    const row = (contribuenti: number | null, bracket: number | null): IrpefComune => ({
      codice_istat: '001002',
      codice_catastale: 'B002',
      nome: 'BETA',
      sigla_provincia: 'XX',
      regione: 'Lazio',
      contribuenti,
      reddito_complessivo: null,
      reddito_imponibile: pair(contribuenti, 1000),
      imposta_netta: pair(1, 10),
      addizionale_regionale: pair(1, 1),
      addizionale_comunale: pair(1, 1),
      trattamento_spettante: null,
      per_tipo: {
        fabbricati: pair(1, 1),
        lavoro_dipendente: pair(1, 1),
        pensione: pair(1, 1),
        lavoro_autonomo: null,
        imprenditore_ordinaria: pair(1, 1),
        imprenditore_semplificata: pair(1, 1),
        partecipazione: pair(1, 1),
      },
      scaglioni: [{ da: 0, a: 10000, frequenza: bracket, ammontare: 500 }],
    });
    const total = sumIrpefRows([row(864, 3), row(100, null)]);
    expect(total.contribuenti).toBe(964);
    expect(total.reddito_imponibile).toEqual({ frequenza: 964, ammontare: 2000 });
    expect(total.scaglioni[0]).toEqual({ da: 0, a: 10000, frequenza: null, ammontare: 1000 });
  });
});
