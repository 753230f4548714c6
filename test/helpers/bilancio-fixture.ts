import { MEASURES } from '../../data-sources/istat-bilancio-demografico.ts';

/**
 * Hand-written files in the layout of ISTAT's P2 "Bilancio demografico" export: BOM, a title
 * line, the 45-column header (measures × Maschi/Femmine/Totale, then the "(v)" columns), rows
 * with the code quoted, the "Informazioni" flag last, and a closing footnote row.
 */
export interface FixtureComune {
  codice: string;
  nome: string;
  /** Per sex (maschi, femmine): population at 1 January, births, deaths, internal in/out, foreign in/out, territorial change. */
  maschi: Movements;
  femmine: Movements;
  flag?: string;
}
export interface Movements {
  inizio: number;
  nati: number;
  morti: number;
  inInterno: number;
  outInterno: number;
  inEstero: number;
  outEstero: number;
  territorio?: number;
}

const SEX_LABELS = ['Maschi', 'Femmine', 'Totale'] as const;
const OTHER_REASONS = ['Iscritti in anagrafe per altri motivi', "Cancellati dall'anagrafe per altri motivi"];

export function p2Header(): string {
  const labels = SEX_LABELS.flatMap((sex) => [
    ...Object.values(MEASURES).map((m) => `${m} - ${sex}`),
    ...OTHER_REASONS.map((m) => `${m} - ${sex} (v)`),
  ]);
  return ['Codice comune', 'Comune', ...labels, 'Informazioni'].map((h) => `"${h}"`).join(';');
}

/** The 14 cells of one sex, in file order; `endOffset` breaks the accounting identity on purpose. */
function cells(m: Movements, endOffset = 0): number[] {
  const nat = m.nati - m.morti;
  const int = m.inInterno - m.outInterno;
  const est = m.inEstero - m.outEstero;
  const ter = m.territorio ?? 0;
  return [
    m.inizio,
    m.nati,
    m.morti,
    nat,
    m.inInterno,
    m.outInterno,
    int,
    m.inEstero,
    m.outEstero,
    est,
    ter,
    m.inizio + nat + int + est + ter + endOffset,
    3,
    2,
  ];
}

export function p2Row(c: FixtureComune, options: { endOffset?: number } = {}): string {
  const m = cells(c.maschi, options.endOffset);
  const f = cells(c.femmine);
  const t = m.map((v, i) => v + f[i]!);
  return [`"${c.codice}"`, `"${c.nome}"`, ...m, ...f, ...t, `"${c.flag ?? 'p'}"`].join(';');
}

export const P2_TITLE = '"Bilancio demografico e popolazione residente al 31 dicembre 2025"';
export const P2_NOTE =
  '"Note: p = dato provvisorio. Il dato della popolazione censita al 1°gennaio è definitivo. v = dati in corso di validazione."';

export function p2File(
  rows: string[],
  { bom = true, title = P2_TITLE, note = P2_NOTE }: { bom?: boolean; title?: string | null; note?: string | null } = {},
): string {
  const lines = [...(title === null ? [] : [title]), p2Header(), ...rows, ...(note === null ? [] : [note])];
  return `${bom ? '\uFEFF' : ''}${lines.join('\n')}\n`;
}

export const ROMA: FixtureComune = {
  codice: '058091',
  nome: 'Roma',
  maschi: {
    inizio: 1307642,
    nati: 8024,
    morti: 13405,
    inInterno: 16405,
    outInterno: 18175,
    inEstero: 8928,
    outEstero: 2080,
  },
  femmine: {
    inizio: 1439648,
    nati: 7793,
    morti: 15485,
    inInterno: 16191,
    outInterno: 16930,
    inEstero: 8516,
    outEstero: 2010,
  },
};

export const PICCOLO: FixtureComune = {
  codice: '001001',
  nome: 'Agliè',
  maschi: { inizio: 1300, nati: 5, morti: 12, inInterno: 30, outInterno: 25, inEstero: 2, outEstero: 1 },
  femmine: {
    inizio: 1346,
    nati: 6,
    morti: 14,
    inInterno: 28,
    outInterno: 31,
    inEstero: 1,
    outEstero: 0,
    territorio: 4,
  },
};
