import { describe, expect, it } from 'vitest';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import { INDICATORS } from '../../generator/report/tracked-indicators.ts';
import { compareSnapshots } from '../../generator/report/change-report.ts';
import { changeTable } from '../../generator/report/change-table.ts';
import { parseSnapshot, type Snapshot } from '../../generator/report/snapshot.ts';

// Small hand-written snapshots: what a build records of what it served, and what the next
// build says changed.

interface Row {
  codice: string;
  nome: string;
  provincia: string;
  popolazione?: number | null;
  contribuenti?: number | null;
  reddito?: number | null;
  punteggio?: number | null;
}

const SOURCES = [
  { id: 'anpr-popolazione', annata: '01/2025', disponibile: true },
  { id: 'mef-irpef-comunale', annata: "anni d'imposta 2000–2022", disponibile: true },
];

function snapshot(rows: Row[], over: Partial<Snapshot> = {}): Snapshot {
  const column = (get: (r: Row) => number | null | undefined) => rows.map((r) => get(r) ?? null);
  const valori: Snapshot['comuni']['valori'] = Object.fromEntries(INDICATORS.map((i) => [i.id, rows.map(() => null)]));
  valori.popolazione = column((r) => r.popolazione);
  valori.contribuenti = column((r) => r.contribuenti);
  valori.reddito_medio_euro = column((r) => r.reddito);
  valori.punteggio_qualita_vita = column((r) => r.punteggio);
  return {
    formato: 1,
    versione_dati: 'v1',
    anni_predefiniti: { demografia: 2025, redditi: 2022, aria: 2022, suolo: 2024 },
    anni: { demografia: [2022, 2025], redditi: [2021, 2022], aria: [2021, 2022], suolo: [2024] },
    fonti: SOURCES,
    copertura: [
      { dominio: 'demografia', campo: 'popolazione_totale', anno: 2022, comuni_con_valore: 3 },
      { dominio: 'demografia', campo: 'popolazione_totale', anno: 2025, comuni_con_valore: 3 },
      { dominio: 'demografia', campo: 'densita_ab_km2', anno: 2025, comuni_con_valore: 3 },
      { dominio: 'anagrafica', campo: 'contatti.pec', anno: null, comuni_con_valore: 2 },
    ],
    indicatori: Object.fromEntries(
      INDICATORS.map((i) => [
        i.id,
        i.dominio === null ? null : ({ demografia: 2025, redditi: 2022, aria: 2022, suolo: 2024 } as const)[i.dominio],
      ]),
    ),
    comuni: {
      codice: rows.map((r) => r.codice),
      nome: rows.map((r) => r.nome),
      provincia: rows.map((r) => r.provincia),
      valori,
    },
    ...over,
  };
}

const NO_REGISTRY: GiValidita[] = [];
const compare = (prev: Snapshot, curr: Snapshot, validita = NO_REGISTRY) =>
  compareSnapshots({ snapshot: prev }, curr, { validita });
const indicator = (report: ReturnType<typeof compare>, id: string) => report.indicatori.find((i) => i.id === id)!;

const BASE: Row[] = [
  {
    codice: '001001',
    nome: 'Agliè',
    provincia: 'TO',
    popolazione: 1000,
    contribuenti: 700,
    reddito: 20000,
    punteggio: 50,
  },
  {
    codice: '001002',
    nome: 'Airasca',
    provincia: 'TO',
    popolazione: 2000,
    contribuenti: 1400,
    reddito: 22000,
    punteggio: 60,
  },
  {
    codice: '001003',
    nome: 'Ala di Stura',
    provincia: 'TO',
    popolazione: 400,
    contribuenti: 300,
    reddito: 18000,
    punteggio: 40,
  },
];

describe('the first build', () => {
  it('compares nothing and says why', () => {
    const curr = snapshot(BASE);
    const report = compareSnapshots(parseSnapshot(null), curr, { validita: NO_REGISTRY });
    expect(report.senza_confronto).toMatch(/Nessuna build precedente/);
    expect(report.versione_dati).toEqual({ prima: null, ora: 'v1' });
    expect(report.indicatori).toEqual([]);
    expect(report.comuni.aggiunti).toEqual([]);
    expect(changeTable(report)).toMatch(/nessun confronto/);
  });

  it('treats an unreadable or differently shaped previous snapshot as absent, with the reason', () => {
    expect(parseSnapshot('{not json')).toMatchObject({ snapshot: null, motivo: expect.stringMatching(/non è JSON/) });
    expect(parseSnapshot(JSON.stringify({ ...snapshot(BASE), formato: 2 }))).toMatchObject({
      snapshot: null,
      motivo: expect.stringMatching(/altro formato \(2, atteso 1\)/),
    });
    const short = snapshot(BASE);
    short.comuni.valori.popolazione = [1, 2];
    expect(parseSnapshot(JSON.stringify(short))).toMatchObject({
      snapshot: null,
      motivo: expect.stringMatching(/incompleto/),
    });
    expect(parseSnapshot(JSON.stringify(snapshot(BASE))).snapshot?.comuni.codice).toEqual([
      '001001',
      '001002',
      '001003',
    ]);
  });
});

describe('comuni added and removed', () => {
  // Gambugliano and the old Sovizzo merged into a new Sovizzo on 2024-01-01 (new code); Albaredo
  // Arnaboldi was merged into an existing comune (no new code); 099999 vanished from a file while
  // the registry still lists it as active. 024129 is new, but not on the day after any suppression.
  // Arbus moved to a new province under a new code (119001) the day 119002 was also created there.
  const VALIDITA: GiValidita[] = [
    {
      codice_istat: '024044',
      codice_catastale: '',
      nome: 'GAMBUGLIANO',
      sigla_provincia: 'VI',
      attivo: false,
      inizio: '1866-11-19',
      fine: '2023-12-31',
    },
    {
      codice_istat: '024103',
      codice_catastale: '',
      nome: 'SOVIZZO',
      sigla_provincia: 'VI',
      attivo: false,
      inizio: '1866-11-19',
      fine: '1920-01-01',
    },
    {
      codice_istat: '024103',
      codice_catastale: '',
      nome: 'SOVIZZO',
      sigla_provincia: 'VI',
      attivo: false,
      inizio: '1920-01-02',
      fine: '2023-12-31',
    },
    {
      codice_istat: '024128',
      codice_catastale: '',
      nome: 'Sovizzo',
      sigla_provincia: 'VI',
      attivo: true,
      inizio: '2024-01-01',
      fine: null,
    },
    {
      codice_istat: '024129',
      codice_catastale: '',
      nome: 'Nuovo',
      sigla_provincia: 'VI',
      attivo: true,
      inizio: '2024-07-01',
      fine: null,
    },
    {
      codice_istat: '018002',
      codice_catastale: '',
      nome: 'ALBAREDO ARNABOLDI',
      sigla_provincia: 'PV',
      attivo: false,
      inizio: '1863-03-30',
      fine: '2023-12-31',
    },
    {
      codice_istat: '099999',
      codice_catastale: '',
      nome: 'Attivo',
      sigla_provincia: 'RN',
      attivo: true,
      inizio: '1990-01-01',
      fine: null,
    },
    {
      codice_istat: '111001',
      codice_catastale: '',
      nome: 'ARBUS',
      sigla_provincia: 'SU',
      attivo: false,
      inizio: '2016-04-13',
      fine: '2025-12-31',
    },
    {
      codice_istat: '119001',
      codice_catastale: '',
      nome: 'Arbus',
      sigla_provincia: 'VS',
      attivo: true,
      inizio: '2026-01-01',
      fine: null,
    },
    {
      codice_istat: '119002',
      codice_catastale: '',
      nome: 'Altro',
      sigla_provincia: 'VS',
      attivo: true,
      inizio: '2026-01-01',
      fine: null,
    },
  ];
  const prev = snapshot([
    ...BASE,
    { codice: '018002', nome: 'Albaredo Arnaboldi', provincia: 'PV', popolazione: 200 },
    { codice: '024044', nome: 'Gambugliano', provincia: 'VI', popolazione: 900 },
    { codice: '024103', nome: 'Sovizzo', provincia: 'VI', popolazione: 7000 },
    { codice: '099999', nome: 'Attivo', provincia: 'RN', popolazione: 10 },
    { codice: '099998', nome: 'Ignoto', provincia: 'RN', popolazione: 10 },
    { codice: '111001', nome: 'Arbus', provincia: 'SU', popolazione: 5900 },
  ]);
  const curr = snapshot([
    ...BASE,
    { codice: '024129', nome: 'Nuovo', provincia: 'VI' },
    { codice: '024128', nome: 'Sovizzo', provincia: 'VI', popolazione: 7900 },
    { codice: '119001', nome: 'Arbus', provincia: 'VS' },
    { codice: '119002', nome: 'Altro', provincia: 'VS' },
  ]);
  const report = compare(prev, curr, VALIDITA);

  it('dates each change from the registry and links a new code to the codes it replaces', () => {
    expect(report.comuni.prima).toBe(9);
    expect(report.comuni.ora).toBe(7);
    expect(report.comuni.aggiunti).toEqual([
      {
        codice: '024128',
        nome: 'Sovizzo',
        provincia: 'VI',
        istituito_il: '2024-01-01',
        predecessori: ['024044', '024103'],
      },
      { codice: '024129', nome: 'Nuovo', provincia: 'VI', istituito_il: '2024-07-01', predecessori: [] },
      { codice: '119001', nome: 'Arbus', provincia: 'VS', istituito_il: '2026-01-01', predecessori: ['111001'] },
      { codice: '119002', nome: 'Altro', provincia: 'VS', istituito_il: '2026-01-01', predecessori: [] },
    ]);
    expect(report.comuni.rimossi).toEqual([
      {
        codice: '018002',
        nome: 'Albaredo Arnaboldi',
        provincia: 'PV',
        soppresso_il: '2023-12-31',
        ancora_attivo: false,
        successori: [],
      },
      {
        codice: '024044',
        nome: 'Gambugliano',
        provincia: 'VI',
        soppresso_il: '2023-12-31',
        ancora_attivo: false,
        successori: ['024128'],
      },
      // The latest period's end, not the first one's.
      {
        codice: '024103',
        nome: 'Sovizzo',
        provincia: 'VI',
        soppresso_il: '2023-12-31',
        ancora_attivo: false,
        successori: ['024128'],
      },
      { codice: '099998', nome: 'Ignoto', provincia: 'RN', soppresso_il: null, ancora_attivo: false, successori: [] },
      { codice: '099999', nome: 'Attivo', provincia: 'RN', soppresso_il: null, ancora_attivo: true, successori: [] },
      {
        codice: '111001',
        nome: 'Arbus',
        provincia: 'SU',
        soppresso_il: '2025-12-31',
        ancora_attivo: false,
        successori: ['119001'],
      },
    ]);
  });

  it('compares figures only for comuni in both builds', () => {
    expect(indicator(report, 'popolazione').confrontati).toBe(3);
    expect(indicator(report, 'popolazione').oltre_soglia).toBe(0);
  });

  it('prints one line per change, saying what to check', () => {
    const table = changeTable(report);
    expect(table).toContain('comuni: 9 → 7; aggiunti 4, soppressi 6');
    expect(table).toContain('− 024103 Sovizzo (VI) soppresso il 2023-12-31 → 024128');
    expect(table).toContain('+ 024128 Sovizzo (VI) istituito il 2024-01-01 ← 024044, 024103');
    expect(table).toContain('− 099999 Attivo (RN) ancora attivo nel registro: controllare le fonti');
    expect(table).toContain('− 099998 Ignoto (RN) assente dal registro');
    // Long lists are cut, pointing to the file.
    expect(changeTable(report, 2)).toContain('… e altri 4 (vedi /report/changes.json)');
    expect(table).toContain('+ 024129 Nuovo (VI) istituito il 2024-07-01\n');
  });

  it('reports renamed comuni and comuni that changed province under the same code', () => {
    const moved = compare(
      snapshot(BASE),
      snapshot([{ ...BASE[0]!, nome: 'Aglie' }, { ...BASE[1]!, provincia: 'CN' }, BASE[2]!]),
    );
    expect(moved.comuni.rinominati).toEqual([
      { codice: '001001', nome: 'Aglie', provincia: 'TO', nome_prima: 'Agliè' },
    ]);
    expect(moved.comuni.cambio_provincia).toEqual([
      { codice: '001002', nome: 'Airasca', provincia: 'CN', provincia_prima: 'TO' },
    ]);
    expect(moved.comuni.aggiunti).toEqual([]);
    expect(moved.comuni.rimossi).toEqual([]);
  });
});

describe('figures that moved beyond the threshold', () => {
  it('counts a change of more than 5% in population, not one of exactly 5%', () => {
    const report = compare(
      snapshot(BASE),
      snapshot([
        { ...BASE[0]!, popolazione: 1050 },
        { ...BASE[1]!, popolazione: 2104 },
        { ...BASE[2]!, popolazione: 360 },
      ]),
    );
    const pop = indicator(report, 'popolazione');
    expect(pop.soglia).toEqual({ tipo: 'relativa', valore: 0.05 });
    expect(pop).toMatchObject({
      confrontati: 3,
      oltre_soglia: 2,
      in_aumento: 1,
      in_calo: 1,
      comparsi: 0,
      scomparsi: 0,
    });
    // Largest relative change first: −10% (Ala di Stura) before +5.2% (Airasca).
    expect(pop.principali).toEqual([
      {
        codice: '001003',
        nome: 'Ala di Stura',
        provincia: 'TO',
        prima: 400,
        ora: 360,
        variazione: -40,
        variazione_percentuale: -10,
      },
      {
        codice: '001002',
        nome: 'Airasca',
        provincia: 'TO',
        prima: 2000,
        ora: 2104,
        variazione: 104,
        variazione_percentuale: 5.2,
      },
    ]);
    expect(pop.totale_prima).toBe(3400);
    expect(pop.totale_ora).toBe(3514);
  });

  it('uses 10% for income, absolute points for the quality score, and keeps at most `top` comuni', () => {
    const curr = snapshot([
      { ...BASE[0]!, reddito: 22500, punteggio: 56 },
      { ...BASE[1]!, reddito: 24000, punteggio: 55 },
      { ...BASE[2]!, reddito: 20000, punteggio: 44 },
    ]);
    const report = compareSnapshots({ snapshot: snapshot(BASE) }, curr, { validita: NO_REGISTRY, top: 1 });
    const income = indicator(report, 'reddito_medio_euro');
    // +12.5% and +11.1% are beyond 10%; +9.1% is not.
    expect(income).toMatchObject({ oltre_soglia: 2, in_aumento: 2, totale_prima: null });
    expect(income.principali.map((m) => m.codice)).toEqual(['001001']);
    const score = indicator(report, 'punteggio_qualita_vita');
    expect(score.soglia).toEqual({ tipo: 'assoluta', valore: 5, unita: 'punti' });
    // +6 and −5 points: only the first is beyond ±5.
    expect(score).toMatchObject({ oltre_soglia: 1, in_aumento: 1, in_calo: 0 });
    expect(score.principali[0]).toMatchObject({ codice: '001001', prima: 50, ora: 56, variazione: 6 });
    // Printed in the threshold's terms.
    const table = changeTable(report);
    expect(table).toContain('punteggio_qualita_vita: 001001 Agliè (TO) 50 → 56 (+6 punti)');
    expect(table).toContain('reddito_medio_euro: 001001 Agliè (TO) 20.000 → 22.500 (+12,5%)');
  });

  it('counts figures that appeared or disappeared apart from the ones that moved', () => {
    const report = compare(snapshot(BASE), snapshot([{ ...BASE[0]!, contribuenti: null }, BASE[1]!, BASE[2]!]));
    expect(indicator(report, 'contribuenti')).toMatchObject({
      confrontati: 2,
      scomparsi: 1,
      comparsi: 0,
      oltre_soglia: 0,
    });
    const back = compare(snapshot([{ ...BASE[0]!, contribuenti: null }, BASE[1]!, BASE[2]!]), snapshot(BASE));
    expect(indicator(back, 'contribuenti')).toMatchObject({ confrontati: 2, scomparsi: 0, comparsi: 1 });
  });

  it('says when the figures compared belong to another default year', () => {
    const prev = snapshot(BASE);
    const curr = snapshot([{ ...BASE[0]!, popolazione: 900 }, BASE[1]!, BASE[2]!], {
      anni_predefiniti: { demografia: 2026, redditi: 2022, aria: 2022, suolo: 2024 },
      anni: { demografia: [2022, 2025, 2026], redditi: [2021, 2022], aria: [2022], suolo: [2024] },
      indicatori: { ...prev.indicatori, popolazione: 2026 },
    });
    const report = compare(prev, curr);
    expect(report.anni_predefiniti).toEqual([{ dominio: 'demografia', prima: 2025, ora: 2026 }]);
    expect(report.anni).toEqual([
      { dominio: 'demografia', aggiunti: [2026], rimossi: [] },
      { dominio: 'aria', aggiunti: [], rimossi: [2021] },
    ]);
    expect(indicator(report, 'popolazione')).toMatchObject({ anno_prima: 2025, anno_ora: 2026, oltre_soglia: 1 });
    const table = changeTable(report);
    expect(table).toContain('anni predefiniti: demografia 2025 → 2026');
    expect(table).toContain('anni disponibili: demografia +2026; aria −2021');
    expect(table).toMatch(/popolazione\s+2025 → 2026\s+±5%\s+3\s+1\s+0\s+1/);
    expect(table).toContain('popolazione: 001001 Agliè (TO) 1.000 → 900 (−10%)');
  });
});

describe('sources, coverage and an unchanged build', () => {
  it('lists sources whose vintage changed, appeared, disappeared or went missing', () => {
    const curr = snapshot(BASE, {
      fonti: [
        { id: 'anpr-popolazione', annata: '01/2025, 01/2026', disponibile: true },
        { id: 'istat-posas', annata: '1° gennaio 2026', disponibile: false },
      ],
    });
    expect(compare(snapshot(BASE), curr).fonti).toEqual([
      {
        id: 'anpr-popolazione',
        annata_prima: '01/2025',
        annata_ora: '01/2025, 01/2026',
        disponibile_prima: true,
        disponibile_ora: true,
      },
      {
        id: 'istat-posas',
        annata_prima: null,
        annata_ora: '1° gennaio 2026',
        disponibile_prima: null,
        disponibile_ora: false,
      },
      {
        id: 'mef-irpef-comunale',
        annata_prima: "anni d'imposta 2000–2022",
        annata_ora: null,
        disponibile_prima: true,
        disponibile_ora: null,
      },
    ]);
  });

  it('matches a one-row field across a change of year, and per-year fields year by year', () => {
    const curr = snapshot(BASE, {
      copertura: [
        { dominio: 'demografia', campo: 'popolazione_totale', anno: 2022, comuni_con_valore: 3 },
        { dominio: 'demografia', campo: 'popolazione_totale', anno: 2025, comuni_con_valore: 3 },
        { dominio: 'demografia', campo: 'popolazione_totale', anno: 2026, comuni_con_valore: 2 },
        { dominio: 'demografia', campo: 'densita_ab_km2', anno: 2026, comuni_con_valore: 2 },
        { dominio: 'anagrafica', campo: 'contatti.pec', anno: null, comuni_con_valore: 3 },
      ],
    });
    const report = compare(snapshot(BASE), curr);
    expect(report.copertura).toEqual([
      {
        dominio: 'demografia',
        campo: 'densita_ab_km2',
        anno_prima: 2025,
        anno_ora: 2026,
        comuni_prima: 3,
        comuni_ora: 2,
      },
      {
        dominio: 'anagrafica',
        campo: 'contatti.pec',
        anno_prima: null,
        anno_ora: null,
        comuni_prima: 2,
        comuni_ora: 3,
      },
      {
        dominio: 'demografia',
        campo: 'popolazione_totale',
        anno_prima: null,
        anno_ora: 2026,
        comuni_prima: null,
        comuni_ora: 2,
      },
    ]);
    expect(changeTable(report)).toMatch(/demografia\s+popolazione_totale\s+— → 2026\s+—\s+2/);
  });

  it('reports nothing but the comparison itself when the same data is built again', () => {
    const report = compare(snapshot(BASE), snapshot(BASE));
    expect(report.senza_confronto).toBeNull();
    expect([
      report.anni_predefiniti,
      report.anni,
      report.fonti,
      report.copertura,
      report.comuni.aggiunti,
      report.comuni.rimossi,
    ]).toEqual([[], [], [], [], [], []]);
    expect(report.indicatori.every((i) => i.oltre_soglia === 0 && i.comparsi === 0 && i.scomparsi === 0)).toBe(true);
    expect(indicator(report, 'popolazione').confrontati).toBe(3);
    expect(changeTable(report)).toContain('copertura dei campi: invariata');
  });
});
