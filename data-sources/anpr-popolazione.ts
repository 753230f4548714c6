import { parseTable, columnIndex } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { isMissing } from './lib/values.ts';

/**
 * One population count per comune at one reference date. Every demographic source
 * (ANPR, ISTAT exports, POSAS) returns this shape, so the join treats them alike.
 */
export interface PopulationPoint {
  /** Year of the reference date. */
  anno: number;
  /** ISO date ('2020-01-01') or month ('2025-01', ANPR monthly snapshot) the count refers to. */
  data_riferimento: string;
  /** codice_istat (6 digits) → residents. A comune without a figure is absent, never 0. */
  valori: Map<string, number>;
  /** codice_istat → name as written in the file (diagnostics only). */
  nomi: Map<string, string>;
  /** Rows skipped (non-comune codes such as "IT" Italia, missing figures) with the reason. */
  scartati: { codice: string; motivo: string }[];
  /** The file's own Italy row, where it has one (a file that also lists merged comuni beside their parts cannot be summed). */
  totale_italia?: number;
  /** Residents by sex, where the file has them: codes as in `valori`, maschi + femmine = the total. */
  sesso?: { maschi: Map<string, number>; femmine: Map<string, number> };
}

export interface AnprVintage {
  year: number;
  month: number;
  /** Name of the file in the mirror: one month cut from the official yearly export. */
  fileName: string;
  url: string;
}

const DIR = 'anpr/popolazione-residente';
/** The official yearly export (every month of the year so far). */
export const exportUrl = (year: number) =>
  `https://raw.githubusercontent.com/italia/anpr-opendata/main/data/stats/popolazione_residente_${year}_export.csv`;

/** The snapshots the API serves. Adding a vintage is one line here. */
export const ANPR_FILES: AnprVintage[] = [
  { year: 2022, month: 12, fileName: 'popolazione_residente_2022_mese12.csv', url: exportUrl(2022) },
  { year: 2025, month: 1, fileName: 'popolazione_residente_2025_mese1.csv', url: exportUrl(2025) },
  { year: 2026, month: 1, fileName: 'popolazione_residente_2026_mese1.csv', url: exportUrl(2026) },
];

/** The declared file of one snapshot: its place in the data directory, the official URL, the year. */
export function anprFile(vintage: AnprVintage): SourceFile {
  return { path: `${DIR}/${vintage.fileName}`, url: vintage.url, year: vintage.year };
}

export const meta: SourceMeta = {
  id: 'anpr-popolazione',
  publisher: "Ministero dell'Interno – ANPR (Anagrafe Nazionale della Popolazione Residente)",
  dataset: 'Popolazione residente per comune, andamento mensile (popolazione_residente_<anno>_export)',
  landingUrl: 'https://github.com/italia/anpr-opendata/blob/main/format/popolazione_residente_aaaa_export.md',
  vintage: ANPR_FILES.map((f) => `${String(f.month).padStart(2, '0')}/${f.year}`).join(', '),
  referenceDate: ANPR_FILES.map((f) => `${f.year}-${String(f.month).padStart(2, '0')}`).join(', '),
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    "Ministero dell'Interno – ANPR, dati aperti (https://www.anagrafenazionale.interno.it/anpr/numeri/), CC BY 4.0",
  files: ANPR_FILES.map(anprFile),
  required: true,
  feeds: ['demografia'],
  notes: [
    "Conteggi dell'anagrafe (ANPR): vicini, ma non identici, alla popolazione ufficiale ISTAT.",
    "L'export ufficiale contiene tutti i mesi dell'anno; il mirror conserva un solo mese per file (nome …_meseN.csv). Il parser usa solo le righe del mese dichiarato e rifiuta un file di un altro anno o privo di quel mese.",
    'Il file 2022 si riferisce a dicembre 2022 (il primo mese pubblicato per il 2022): 7.904 comuni di quella data, 14 poi fusi.',
    'Tre nomi bilingui friulani/sloveni contengono "¿" al posto di una lettera slovena (031019, 031022, 032001): il codice è corretto, il nome è solo diagnostico.',
    "Gennaio 2026: l'anagrafe non aveva ancora applicato la ricodifica ISTAT 2026 dei comuni sardi; 006113 e 083100 compaiono col nome precedente.",
    'Licenza: i metadati DCAT-AP_IT del repository (metadata/anpr-opendata.rdf) dichiarano CC BY 4.0; il README del repository dichiara CC0 1.0. Si applica CC BY 4.0 (attribuzione).',
  ],
};

/**
 * A head count: a non-negative integer. Blank and placeholder cells are null (the row is
 * then reported, never read as 0); anything else that is not a count throws.
 */
export function parsePopulationCount(cell: string | undefined, context: string): number | null {
  if (isMissing(cell)) return null;
  const text = cell!.trim();
  if (!/^\d+$/.test(text)) throw new Error(`${context}: "${text}" non è un conteggio di persone`);
  return Number(text);
}

/**
 * A head count a re-serialising tool wrote as a float ("2562.0", ISTAT SDMX exports saved
 * through pandas): the same as parsePopulationCount once the ".0" is gone; a fraction throws.
 */
export function parseFloatWrittenCount(cell: string | undefined, context: string): number | null {
  return parsePopulationCount(cell?.trim().replace(/\.0+$/, ''), context);
}

/** Adds a comune's figure, refusing a code seen twice (a merged or corrupted file). */
export function addValue(point: PopulationPoint, codice: string, nome: string, value: number, context: string): void {
  if (point.valori.has(codice)) throw new Error(`${context}: il codice ${codice} compare due volte`);
  point.valori.set(codice, value);
  point.nomi.set(codice, nome);
}

/**
 * Parses an ANPR `popolazione_residente_<anno>_export.csv` (or a one-month cut of it) and
 * returns the snapshot of the declared month. Throws when a row belongs to another year or
 * when the declared month is absent, so a mislabelled file never passes for another vintage.
 */
export function parsePopolazioneAnpr(text: string, expected: { year: number; month: number }): PopulationPoint {
  const context = `ANPR popolazione ${expected.year}-${String(expected.month).padStart(2, '0')}`;
  const table = parseTable(text, ',');
  const [mese, anno, codice, comune, residenti] = ['MESE', 'ANNO', 'COD_ISTAT_COMUNE', 'COMUNE', 'RESIDENTI'].map(
    (name) => columnIndex(table.header, name, context),
  ) as [number, number, number, number, number];
  const point: PopulationPoint = {
    anno: expected.year,
    data_riferimento: `${expected.year}-${String(expected.month).padStart(2, '0')}`,
    valori: new Map(),
    nomi: new Map(),
    scartati: [],
  };
  const monthsSeen = new Set<number>();
  let rowsOfMonth = 0;
  for (const row of table.rows) {
    const year = Number(row[anno]!.trim());
    const month = Number(row[mese]!.trim());
    if (year !== expected.year) {
      throw new Error(
        `${context}: la riga di ${row[codice]} ha ANNO "${row[anno]}", ma il file è dichiarato del ${expected.year}`,
      );
    }
    monthsSeen.add(month);
    if (month !== expected.month) continue;
    rowsOfMonth++;
    const code = row[codice]!.trim();
    const nome = row[comune]!.trim();
    if (!/^\d{6}$/.test(code) || Number(code) === 0) {
      point.scartati.push({ codice: code, motivo: `codice non comunale${nome ? ` (${nome})` : ''}` });
      continue;
    }
    const value = parsePopulationCount(row[residenti], `${context}, RESIDENTI di ${code}`);
    if (value === null) {
      point.scartati.push({ codice: code, motivo: 'RESIDENTI mancante' });
      continue;
    }
    addValue(point, code, nome, value, context);
  }
  if (rowsOfMonth === 0) {
    const seen = [...monthsSeen].sort((a, b) => a - b).join(', ') || 'none';
    throw new Error(`${context}: nessuna riga con MESE ${expected.month}; il file contiene MESE ${seen}`);
  }
  return point;
}

export async function load(dataDir: string): Promise<PopulationPoint[]> {
  return allSourceFiles(
    ANPR_FILES.map(async (vintage, i) => {
      return parseSourceFile(dataDir, meta, meta.files[i]!, (bytes) =>
        parsePopolazioneAnpr(decodeText(bytes, 'utf-8'), vintage),
      );
    }),
  );
}
