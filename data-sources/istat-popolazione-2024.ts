import { addValue, parsePopulationCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const YEAR = 2024;

export const meta: SourceMeta = {
  id: 'istat-popolazione-2024',
  publisher: 'ISTAT – Istituto nazionale di statistica (estratto POSAS di un repository pubblico)',
  dataset: 'Popolazione residente per sesso al 1° gennaio 2024 (POSAS, righe del totale per età), comuni',
  landingUrl: 'https://demo.istat.it/app/?i=POS&l=it',
  vintage: '1° gennaio 2024',
  referenceDate: `${YEAR}-01-01`,
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'Fonte: Istat, popolazione residente al 1° gennaio 2024 (POSAS), estratto da lorenzo-ruffino/data-viz, CC BY 4.0',
  files: [
    {
      path: 'istat/popolazione-2024/pop_comuni.csv',
      url: 'https://github.com/lorenzo-ruffino/data-viz/raw/0fc0d082/Comuni%20con%20meno%20di%20500%20abitanti/Input/pop_comuni.csv',
      year: YEAR,
    },
  ],
  required: true,
  feeds: ['demografia'],
  notes: [
    'Righe del totale per età (età 999) della popolazione ISTAT per età e sesso (POSAS), estratte da un repository pubblico (lorenzo-ruffino/data-viz, commit 0fc0d082) e copiate senza modifiche.',
    "La data di riferimento NON è scritta nel file: è il 1° gennaio 2024 perché la somma dei comuni, 58.989.749, è la popolazione dell'Italia al 1° gennaio 2024 pubblicata da ISTAT, e i 7.901 codici sono i comuni del 2024.",
    'codice_comune è scritto come intero senza zeri iniziali (1001 = 001001): viene riportato a 6 cifre. Maschi + femmine = totale su ogni riga (verificato in lettura).',
  ],
};

/** Parses the POSAS total rows: residents by sex at 1 January 2024. */
export function parsePopolazione2024(text: string): PopulationPoint {
  const context = 'pop_comuni.csv (ISTAT 2024)';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const [codeCol, nameCol, ageCol, mCol, fCol, totCol] = [
    'codice_comune',
    'comune',
    'et_a',
    'totale_maschi',
    'totale_femmine',
    'totale',
  ].map((n) => columnIndex(table.header, n, context)) as [number, number, number, number, number, number];
  const point: PopulationPoint = {
    anno: YEAR,
    data_riferimento: `${YEAR}-01-01`,
    valori: new Map(),
    nomi: new Map(),
    scartati: [],
    sesso: { maschi: new Map(), femmine: new Map() },
  };
  for (const row of table.rows) {
    const raw = row[codeCol]!.trim();
    const code = toCodiceIstat(raw);
    if (!code) {
      point.scartati.push({ codice: raw, motivo: 'codice non comunale' });
      continue;
    }
    if (row[ageCol]!.trim() !== '999')
      throw new Error(`${context}: la riga di ${code} non è il totale per età (et_a ${row[ageCol]})`);
    const count = (i: number) => parsePopulationCount(row[i], `${context}, ${table.header[i]} di ${code}`);
    const [m, f, tot] = [count(mCol), count(fCol), count(totCol)];
    if (tot === null) {
      point.scartati.push({ codice: code, motivo: 'totale mancante' });
      continue;
    }
    if (m === null || f === null || m + f !== tot)
      throw new Error(`${context}: a ${code} maschi (${m}) + femmine (${f}) non fanno il totale (${tot})`);
    addValue(point, code, row[nameCol]!.trim(), tot, context);
    point.sesso!.maschi.set(code, m);
    point.sesso!.femmine.set(code, f);
  }
  if (point.valori.size === 0) throw new Error(`${context}: nessun comune`);
  return point;
}

export async function load(dataDir: string): Promise<PopulationPoint> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parsePopolazione2024(decodeText(bytes, 'utf-8')));
}
