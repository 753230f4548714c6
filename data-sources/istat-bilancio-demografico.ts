import { parseTable, columnIndex, headerLineIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

/** Calendar year of the balance: population at 1 January YEAR and at 31 December YEAR, movements during YEAR. */
export const YEAR = 2025;
const LANDING = 'https://demo.istat.it/app/?i=P02&l=it';

export const meta: SourceMeta = {
  id: 'istat-bilancio-demografico',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: `Bilancio demografico e popolazione residente al 31 dicembre ${YEAR} (P02), per comune e sesso`,
  landingUrl: LANDING,
  vintage: `bilancio ${YEAR} (popolazione al 1° gennaio ${YEAR} definitiva; movimenti e popolazione al 31 dicembre ${YEAR} provvisori)`,
  referenceDate: `${YEAR}-01-01/${YEAR}-12-31`,
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: `Fonte: ISTAT, Bilancio demografico ${YEAR} (demo.istat.it), CC BY 4.0`,
  files: [
    {
      path: `istat/bilancio-demografico-${YEAR}/P2_${YEAR}_it_Comuni.csv`,
      url: `https://demo.istat.it/data/p2/P2_${YEAR}_it_Comuni.zip`,
      zipMember: `P2_${YEAR}_it_Comuni.csv`,
      year: YEAR,
    },
  ],
  required: true,
  feeds: ['demografia'],
  notes: [
    `Popolazione censita al 1° gennaio ${YEAR}: definitiva (ISTAT corregge l'anagrafe con il censimento permanente). Nati, morti, migrazioni e popolazione al 31 dicembre ${YEAR}: provvisori dove la colonna Informazioni vale "p" (tutti i comuni di questa annata).`,
    'UTF-8 con BOM, separatore ";"; la prima riga è un titolo, la seconda l\'intestazione; l\'ultima riga è una nota ("p = dato provvisorio ...") e viene scartata.',
    "Controllo a ogni build, per ogni comune e ogni sesso: maschi + femmine = totale; saldi = iscritti − cancellati; popolazione al 31 dicembre = popolazione al 1° gennaio + saldo naturale + saldo migratorio interno + saldo migratorio con l'estero + variazioni territoriali. Una riga che non torna ferma la build.",
    'Iscritti e cancellati "per altri motivi" (v = in corso di validazione) non entrano nell\'identità contabile e non sono serviti.',
    `La popolazione al 31 dicembre ${YEAR} è servita come popolazione del ${YEAR + 1} (anno=${YEAR + 1}), provvisoria.`,
  ],
};

/** The measures of the balance, in file order, with the header label ISTAT uses for each. */
export const MEASURES = {
  popolazione_inizio: 'Popolazione censita al 1° gennaio',
  nati: 'Nati vivi',
  morti: 'Morti',
  saldo_naturale: 'Saldo naturale',
  iscritti_da_altro_comune: 'Immigrati da altro comune',
  cancellati_per_altro_comune: 'Emigrati per altro comune',
  saldo_migratorio_interno: 'Saldo migratorio interno',
  iscritti_dall_estero: "Immigrati dall'estero",
  cancellati_per_l_estero: "Emigrati per l'estero",
  saldo_migratorio_estero: "Saldo migratorio con l'estero",
  variazioni_territoriali: 'Unità in più/meno dovute a variazioni territoriali',
  popolazione_fine: 'Popolazione al 31 dicembre',
} as const;
export type Measure = keyof typeof MEASURES;

/** Balances and territorial changes can be negative; the other measures are head counts. */
const SIGNED: ReadonlySet<Measure> = new Set([
  'saldo_naturale',
  'saldo_migratorio_interno',
  'saldo_migratorio_estero',
  'variazioni_territoriali',
]);

const SEXES = { maschi: 'Maschi', femmine: 'Femmine', totale: 'Totale' } as const;
export type Sex = keyof typeof SEXES;
export type BySex = Record<Sex, number>;

export interface BilancioComune {
  nome: string;
  /** ISTAT's "p" flag: movements and end-of-year population are provisional. */
  provvisorio: boolean;
  misure: Record<Measure, BySex>;
}

export interface BilancioDemografico {
  anno: number;
  comuni: Map<string, BilancioComune>;
  /** The footnote row of the file, kept for the record (it explains the flags). */
  nota: string | null;
}

function parseCount(cell: string | undefined, signed: boolean, where: string): number {
  const text = (cell ?? '').trim();
  if (!(signed ? /^-?\d+$/ : /^\d+$/).test(text))
    throw new Error(`${where}: "${text}" non è ${signed ? 'un intero' : 'un conteggio di persone'}`);
  return Number(text);
}

/** Throws unless every arithmetic relation ISTAT's balance must satisfy holds for one comune. */
function checkAccounts(code: string, m: Record<Measure, BySex>): void {
  const fail = (what: string) => {
    throw new Error(`Bilancio demografico ISTAT ${code}: ${what}`);
  };
  for (const measure of Object.keys(MEASURES) as Measure[]) {
    const v = m[measure];
    if (v.maschi + v.femmine !== v.totale)
      fail(`${MEASURES[measure]}: maschi ${v.maschi} + femmine ${v.femmine} ≠ totale ${v.totale}`);
  }
  for (const sex of Object.keys(SEXES) as Sex[]) {
    const s = (measure: Measure) => m[measure][sex];
    const balance = (saldo: Measure, plus: Measure, minus: Measure) => {
      if (s(saldo) !== s(plus) - s(minus)) fail(`${MEASURES[saldo]} (${sex}) ${s(saldo)} ≠ ${s(plus)} − ${s(minus)}`);
    };
    balance('saldo_naturale', 'nati', 'morti');
    balance('saldo_migratorio_interno', 'iscritti_da_altro_comune', 'cancellati_per_altro_comune');
    balance('saldo_migratorio_estero', 'iscritti_dall_estero', 'cancellati_per_l_estero');
    const expected =
      s('popolazione_inizio') +
      s('saldo_naturale') +
      s('saldo_migratorio_interno') +
      s('saldo_migratorio_estero') +
      s('variazioni_territoriali');
    if (s('popolazione_fine') !== expected) {
      fail(
        `popolazione al 31 dicembre (${sex}) ${s('popolazione_fine')} ≠ 1° gennaio + saldi + variazioni territoriali = ${expected}`,
      );
    }
  }
}

/**
 * Parses ISTAT's P2 file (one row per comune, 14 measures × sex). The year in the title
 * must be the declared one; a non-code row is accepted only as a note (one cell); every
 * comune's accounts are checked (checkAccounts), so a corrupted or re-shaped file stops the build.
 */
export function parseBilancioDemografico(text: string, expectedYear: number = YEAR): BilancioDemografico {
  const context = `Bilancio demografico ISTAT ${expectedYear}`;
  const body = text.replace(/^\uFEFF/, '');
  const headerAt = headerLineIndex(body, 'Codice comune', context);
  const title = body.split(/\r?\n/, headerAt).join(' ');
  const titleYear = /31 dicembre (\d{4})/.exec(title)?.[1];
  if (titleYear !== undefined && Number(titleYear) !== expectedYear)
    throw new Error(`${context}: il titolo del file indica il ${titleYear}, atteso ${expectedYear}`);
  const table = parseTable(body, ';', { skipLines: headerAt, notes: true });
  const codeCol = columnIndex(table.header, 'Codice comune', context);
  const nameCol = columnIndex(table.header, 'Comune', context);
  const infoCol = columnIndex(table.header, 'Informazioni', context);
  const columns = Object.entries(MEASURES).map(([measure, label]) => ({
    measure: measure as Measure,
    bySex: Object.entries(SEXES).map(
      ([sex, sexLabel]) => [sex as Sex, columnIndex(table.header, `${label} - ${sexLabel}`, context)] as const,
    ),
  }));

  const comuni = new Map<string, BilancioComune>();
  let nota: string | null = null;
  for (const row of table.rows) {
    const code = row[codeCol]!.trim();
    if (!/^\d{6}$/.test(code)) {
      // ISTAT closes the file with a footnote in the first cell: anything else is a format change.
      if (row.slice(1).some((cell) => cell.trim() !== ''))
        throw new Error(`${context}: la riga "${code}" non è né un comune né una nota`);
      nota = code;
      continue;
    }
    if (comuni.has(code)) throw new Error(`${context}: il codice ${code} compare due volte`);
    const misure = {} as Record<Measure, BySex>;
    for (const { measure, bySex } of columns) {
      const values = {} as BySex;
      for (const [sex, col] of bySex)
        values[sex] = parseCount(row[col], SIGNED.has(measure), `${context} ${code}, ${table.header[col]}`);
      misure[measure] = values;
    }
    checkAccounts(code, misure);
    const flag = row[infoCol]!.trim().toLowerCase();
    if (flag !== 'p' && flag !== '')
      throw new Error(`${context} ${code}: flag Informazioni sconosciuto "${flag}" (atteso "p" o vuoto)`);
    comuni.set(code, { nome: row[nameCol]!.trim(), provvisorio: flag === 'p', misure });
  }
  if (comuni.size === 0) throw new Error(`${context}: nessuna riga di comune`);
  return { anno: expectedYear, comuni, nota };
}

export async function load(dataDir: string): Promise<BilancioDemografico> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parseBilancioDemografico(decodeText(bytes, 'utf-8')),
  );
}
