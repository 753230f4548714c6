import { normalizeHeader } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { parseDecimalComma, toCodiceIstat } from './lib/values.ts';
import { findSheet, readWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';

const DIR = 'istat/aree-interne';

export const meta: SourceMeta = {
  id: 'istat-aree-interne',
  publisher: 'ISTAT e Dipartimento per le politiche di coesione – NUVAP',
  dataset: 'Aree interne: Mappa AI 2020 e classificazione dei comuni 2014-2020 / 2021-2027',
  landingUrl: 'https://www.istat.it/it/archivio/273176',
  vintage:
    'Mappa AI 2020 (geografia amministrativa al 30 settembre 2020, 7.903 comuni); elenco ISTAT del 15 luglio 2022',
  referenceDate: '2020-09-30',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.it' },
  attribution: 'ISTAT e Dipartimento per le politiche di coesione (NUVAP), "Mappa delle Aree interne 2020"',
  files: [
    {
      path: `${DIR}/mappa-ai-2020-elenco-classificazione-comuni.xlsx`,
      // No stable direct link to this workbook could be confirmed: the SNAI page of the
      // Dipartimento per le politiche di coesione that distributes it is given instead (see notes).
      url: 'https://politichecoesione.governo.it/it/politica-di-coesione/strategie-tematiche-e-territoriali/strategie-territoriali/strategia-nazionale-aree-interne-snai/le-aree-interne-2021-2027/',
    },
    {
      path: `${DIR}/20220715_Elenco_Comuni_Classi_di_Aree_Interne.xlsx`,
      url: 'https://www.istat.it/wp-content/uploads/2022/07/20220715_Elenco_Comuni_Classi_di_Aree_Interne.xlsx',
    },
  ],
  required: false,
  feeds: ['servizi'],
  notes: [
    'Classi: A Polo, B Polo intercomunale, C Cintura, D Intermedio, E Periferico, F Ultraperiferico (D, E, F sono le "aree interne").',
    'tempo_minuti è la media dei tempi di percorrenza stradale verso il polo più vicino (Mappa AI 2020, arrotondata al decimo di minuto); per i poli (A, B) vale 0 per costruzione.',
    'Geografia al 30 settembre 2020: i comuni istituiti o ricodificati dopo quella data non hanno classe (null), i comuni soppressi dopo restano solo nel file.',
    'La classificazione 2021-2027 del file ISTAT coincide con la Mappa AI 2020; il file ISTAT aggiunge la classificazione 2014-2020.',
    'URL del file Mappa AI 2020: non è stato possibile confermare un link diretto stabile; il campo url indica la pagina SNAI del Dipartimento per le politiche di coesione che lo distribuisce.',
    'Licenza: ISTAT pubblica con CC BY (note legali istat.it, "3.0 o successiva"); per il file NUVAP non è indicata una licenza esplicita e vale il regime di dato aperto per default (art. 52 c. 2 CAD).',
  ],
};

export type ClasseAreeInterne = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export interface MappaAi2020 {
  classe: ClasseAreeInterne;
  /** Publisher's label, e.g. "E - Periferico". */
  descrizione: string;
  /** Mean road travel time to the nearest pole, minutes; 0 for poles; null when blank. */
  tempo_minuti: number | null;
  /** Name of the prevailing destination pole. */
  polo_destinazione: string | null;
  /** Code of the prevailing destination pole (6 digits). */
  codice_polo_destinazione: string | null;
}

export interface ClassiAreeInterne {
  classe_2014_2020: ClasseAreeInterne | null;
  descrizione_2014_2020: string | null;
  classe_2021_2027: ClasseAreeInterne | null;
  descrizione_2021_2027: string | null;
}

/** A data row that is not a comune (blank or invalid code): skipped, and listed for the build report. */
export interface SkippedRow {
  file: string;
  row: number;
  reason: string;
}

export interface AreeInterne {
  mappa2020: Map<string, MappaAi2020>;
  classi: Map<string, ClassiAreeInterne>;
  skipped: SkippedRow[];
}

const CLASSI = new Set<string>(['A', 'B', 'C', 'D', 'E', 'F']);

/**
 * Finds a column whose header (line breaks folded) matches a pattern. The Mappa AI
 * headers are long multi-line cells ("MAPPA AI 2020\r\n\r\nMEDIA tempi di
 * percorrenza (arrotondata alla prima cifra ddcimale)"), typos included, so they are
 * matched on a stable fragment rather than in full.
 */
function findColumn(header: string[], pattern: RegExp, context: string): number {
  const index = header.findIndex((h) => pattern.test(normalizeHeader(h)));
  if (index < 0)
    throw new Error(`${context}: nessuna colonna corrisponde a ${pattern}; l'intestazione è: ${header.join(' | ')}`);
  return index;
}

function text(cell: Cell | undefined): string {
  if (cell == null) return '';
  return String(cell).trim();
}

function classe(cell: Cell | undefined, context: string): ClasseAreeInterne | null {
  const value = text(cell).toUpperCase();
  if (value === '') return null;
  if (!CLASSI.has(value)) throw new Error(`${context}: classe aree interne sconosciuta "${value}"`);
  return value as ClasseAreeInterne;
}

function number(cell: Cell | undefined, context: string): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  return parseDecimalComma(text(cell), context);
}

function code(cell: Cell | undefined): string | null {
  return typeof cell === 'number' || typeof cell === 'string' ? toCodiceIstat(cell) : null;
}

/** The comune code of a data row: skipped (and listed) when invalid, fatal when repeated. */
function rowCode(
  cell: Cell | undefined,
  seen: Map<string, unknown>,
  at: { file: string; row: number },
  skipped: SkippedRow[],
): string | null {
  const codice = code(cell);
  if (!codice) {
    skipped.push({ ...at, reason: `codice comune non valido "${text(cell)}"` });
    return null;
  }
  if (seen.has(codice)) throw new Error(`${at.file}: PROCOM_T ${codice} compare due volte`);
  return codice;
}

/**
 * Sheet DATI of mappa-ai-2020-elenco-classificazione-comuni.xlsx: a title, a blank
 * row, then the header on row 3. Takes the sheet's rows as read-excel-file returns them.
 */
export function parseMappaAi2020(rows: Cell[][], skipped: SkippedRow[] = []): Map<string, MappaAi2020> {
  const file = 'mappa-ai-2020 DATI';
  const { header, rows: body } = tableBelowHeader({ name: 'DATI', rows }, 'PROCOM_T');
  const iCode = findColumn(header, /^PROCOM_T$/i, file);
  const iClass = findColumn(header, /\bCOD_AI_2020$/i, file);
  const iDesc = findColumn(header, /\bDES_AI_2020$/i, file);
  const iTime = findColumn(header, /tempi di percorrenza/i, file);
  const iPoleCode = findColumn(header, /PROCOM_N del COMUNE di destinazione/i, file);
  const iPoleName = findColumn(header, /Denominazione del COMUNE di destinazione/i, file);
  const out = new Map<string, MappaAi2020>();
  body.forEach((row, i) => {
    const codice = rowCode(row[iCode], out, { file, row: i + 1 }, skipped);
    if (!codice) return;
    const c = classe(row[iClass], `${file} ${codice}`);
    if (!c) {
      skipped.push({ file, row: i + 1, reason: `comune ${codice} senza classe` });
      return;
    }
    out.set(codice, {
      classe: c,
      descrizione: text(row[iDesc]) || c,
      tempo_minuti: number(row[iTime], `${file} tempo di ${codice}`),
      polo_destinazione: text(row[iPoleName]) || null,
      codice_polo_destinazione: code(row[iPoleCode]),
    });
  });
  return out;
}

/**
 * 20220715_Elenco_Comuni_Classi_di_Aree_Interne.xlsx (sheet "Classificazione Aree
 * Interne"): header on row 3, both the 2014-2020 and the 2021-2027 classification.
 */
export function parseClassi2021(rows: Cell[][], skipped: SkippedRow[] = []): Map<string, ClassiAreeInterne> {
  const file = 'Elenco_Comuni_Classi_di_Aree_Interne';
  const { header, rows: body } = tableBelowHeader({ name: file, rows }, 'PROCOM_T');
  const iCode = findColumn(header, /^PROCOM_T$/i, file);
  const iClass14 = findColumn(header, /^CODICE_Aree_Interne 2014-2020$/i, file);
  const iDesc14 = findColumn(header, /^DESCRIZIONE_Aree_Interne 2014-2020$/i, file);
  const iClass21 = findColumn(header, /^CODICE_Aree_Interne 2021-2027$/i, file);
  const iDesc21 = findColumn(header, /^DESCRIZIONE_Aree_Interne 2021-2027$/i, file);
  const out = new Map<string, ClassiAreeInterne>();
  body.forEach((row, i) => {
    const codice = rowCode(row[iCode], out, { file, row: i + 1 }, skipped);
    if (!codice) return;
    out.set(codice, {
      classe_2014_2020: classe(row[iClass14], `${file} 2014-2020 ${codice}`),
      descrizione_2014_2020: text(row[iDesc14]) || null,
      classe_2021_2027: classe(row[iClass21], `${file} 2021-2027 ${codice}`),
      descrizione_2021_2027: text(row[iDesc21]) || null,
    });
  });
  return out;
}

export async function load(dataDir: string): Promise<AreeInterne> {
  const [mappaFile, classiFile] = meta.files as [(typeof meta.files)[0], (typeof meta.files)[0]];
  const skipped: SkippedRow[] = [];
  const mappa2020 = await parseSourceFile(dataDir, meta, mappaFile, async (bytes) =>
    parseMappaAi2020(findSheet(await readWorkbook(bytes), 'DATI', mappaFile.path).rows, skipped),
  );
  const classi = await parseSourceFile(dataDir, meta, classiFile, async (bytes) =>
    parseClassi2021(findSheet(await readWorkbook(bytes), /Classificazione/i, classiFile.path).rows, skipped),
  );
  return { mappa2020, classi, skipped };
}
