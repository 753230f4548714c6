import { access } from 'node:fs/promises';
import { parsePopulationCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex, headerLineIndex } from './lib/csv.ts';
import { MissingSourceError, parseSourceFile, sourcePath } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const YEAR = 2025;
const LANDING = 'https://demo.istat.it/app/?i=POS&l=it';

/** The official national file: preferred whenever a maintainer has added it to the mirror. */
export const NATIONAL_FILE: SourceFile = {
  path: `istat/posas-${YEAR}/POSAS_${YEAR}_it_Comuni.csv`,
  url: `https://demo.istat.it/data/posas/POSAS_${YEAR}_it_Comuni.zip`,
  zipMember: `POSAS_${YEAR}_it_Comuni.csv`,
  year: YEAR,
};

/** Two comuni (097001, 097002) cut from the published Lecco extract: same format, tiny coverage. */
export const SAMPLE_FILE: SourceFile = {
  path: 'istat/posas-2025-sample/POSAS_2025_it_097_Lecco_SAMPLE_first2comuni.csv',
  url: LANDING,
  year: YEAR,
};

export const meta: SourceMeta = {
  id: 'istat-posas',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: 'Popolazione residente per età, sesso e stato civile al 1° gennaio (POSAS)',
  landingUrl: LANDING,
  vintage: `1° gennaio ${YEAR}`,
  referenceDate: `${YEAR}-01-01`,
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: `ISTAT, Popolazione residente per età, sesso e stato civile al 1° gennaio ${YEAR} (demo.istat.it), CC BY 4.0`,
  files: [NATIONAL_FILE, SAMPLE_FILE],
  required: false,
  feeds: ['demografia'],
  notes: [
    `Si usa il file nazionale POSAS_${YEAR}_it_Comuni.csv quando è presente nel mirror; altrimenti il campione di due comuni (097001 Abbadia Lariana, 097002 Airuno) e la copertura è dichiarata "campione": maschi, femmine ed età esistono solo per quei comuni.`,
    "Il campione è stato ritagliato dall'estratto provinciale di Lecco pubblicato sulla stessa pagina: non è scaricabile come tale, perciò il suo URL è la pagina del dataset.",
    'Separatore ";", codice e nome tra virgolette, intestazione su due righe (la prima è un titolo). Età 0–100 (100 = 100 e oltre) e 999 = totale; i totali di ciascun comune sono presi dalla riga 999 e verificati contro la somma delle età.',
    'Licenza ISTAT: Creative Commons Attribuzione 3.0 o successive (https://www.istat.it/en/legal-notice).',
  ],
};

export interface PosasComune {
  nome: string;
  maschi: number;
  femmine: number;
  totale: number;
  /** One entry per single year of age, 0 to 100 ("100 and over"), in age order. */
  per_eta: { eta: number; maschi: number; femmine: number }[];
}

const TOTAL_AGE = 999;
const MAX_AGE = 100;

/**
 * Parses a POSAS file (national or provincial extract). Totals come from the age-999 row
 * and must equal the sum over single ages; any disagreement or a missing total row throws.
 */
export function parsePosas(text: string): Map<string, PosasComune> {
  const context = 'POSAS';
  const body = text.replace(/^\uFEFF/, '');
  // The header follows a title line; find it rather than trusting a fixed offset.
  const headerLine = headerLineIndex(body, 'Codice comune', context);
  const table = parseTable(body, ';', { skipLines: headerLine });
  const col = (names: string | string[]) => columnIndex(table.header, names, context);
  const [codeCol, nameCol, ageCol, maleCol, femaleCol, totalCol] = [
    col('Codice comune'),
    col('Comune'),
    col(['Età', 'Eta']),
    col('Totale maschi'),
    col('Totale femmine'),
    col('Totale'),
  ];

  const totals = new Map<string, { maschi: number; femmine: number; totale: number }>();
  const result = new Map<string, PosasComune>();
  for (const row of table.rows) {
    const rawCode = row[codeCol]!.trim();
    const code = toCodiceIstat(rawCode);
    if (!code) throw new Error(`${context}: "${rawCode}" non è un codice comune`);
    const ageText = row[ageCol]!.trim();
    const where = `${context} ${code}, età ${ageText}`;
    const count = (i: number, label: string) => {
      const value = parsePopulationCount(row[i], `${where}, ${label}`);
      if (value === null) throw new Error(`${where}: "${label}" è vuoto`);
      return value;
    };
    const maschi = count(maleCol, 'Totale maschi');
    const femmine = count(femaleCol, 'Totale femmine');
    const totale = count(totalCol, 'Totale');
    if (maschi + femmine !== totale)
      throw new Error(`${where}: maschi ${maschi} + femmine ${femmine} ≠ totale ${totale}`);
    const eta = /^\d+$/.test(ageText) ? Number(ageText) : NaN;

    let comune = result.get(code);
    if (!comune) {
      comune = { nome: row[nameCol]!.trim(), maschi: 0, femmine: 0, totale: 0, per_eta: [] };
      result.set(code, comune);
    }
    if (eta === TOTAL_AGE) {
      if (totals.has(code)) throw new Error(`${where}: seconda riga di totale`);
      totals.set(code, { maschi, femmine, totale });
    } else if (eta >= 0 && eta <= MAX_AGE) {
      if (comune.per_eta.some((e) => e.eta === eta)) throw new Error(`${where}: età presente due volte`);
      comune.per_eta.push({ eta, maschi, femmine });
    } else {
      throw new Error(`${where}: l'età non è né 0–${MAX_AGE} né ${TOTAL_AGE} (totale)`);
    }
  }

  for (const [code, comune] of result) {
    const total = totals.get(code);
    if (!total) throw new Error(`${context} ${code}: nessuna riga di totale (età ${TOTAL_AGE})`);
    comune.per_eta.sort((a, b) => a.eta - b.eta);
    const sumM = comune.per_eta.reduce((s, e) => s + e.maschi, 0);
    const sumF = comune.per_eta.reduce((s, e) => s + e.femmine, 0);
    if (sumM !== total.maschi || sumF !== total.femmine) {
      throw new Error(
        `${context} ${code}: riga di totale (maschi ${total.maschi}, femmine ${total.femmine}) ≠ somma sulle età (maschi ${sumM}, femmine ${sumF})`,
      );
    }
    Object.assign(comune, total);
  }
  return result;
}

export interface PosasLoad {
  /** Which file was read: the national file, or the two-comuni sample. */
  copertura: 'nazionale' | 'campione';
  file: SourceFile;
  /** Total residents per comune, in the shape shared by all population sources. */
  punto: PopulationPoint;
  comuni: Map<string, PosasComune>;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads the national file when present, otherwise the sample; fails naming the national file. */
export async function load(dataDir: string): Promise<PosasLoad> {
  let file: SourceFile;
  let copertura: PosasLoad['copertura'];
  if (await exists(sourcePath(dataDir, NATIONAL_FILE))) {
    [file, copertura] = [NATIONAL_FILE, 'nazionale'];
  } else if (await exists(sourcePath(dataDir, SAMPLE_FILE))) {
    [file, copertura] = [SAMPLE_FILE, 'campione'];
  } else {
    throw new MissingSourceError(meta, NATIONAL_FILE, sourcePath(dataDir, NATIONAL_FILE));
  }
  const comuni = await parseSourceFile(dataDir, meta, file, (bytes) => parsePosas(decodeText(bytes, 'auto')));
  const punto: PopulationPoint = {
    anno: YEAR,
    data_riferimento: `${YEAR}-01-01`,
    valori: new Map(),
    nomi: new Map(),
    scartati: [],
  };
  for (const [code, c] of comuni) {
    punto.valori.set(code, c.totale);
    punto.nomi.set(code, c.nome);
  }
  return { copertura, file, punto, comuni };
}
