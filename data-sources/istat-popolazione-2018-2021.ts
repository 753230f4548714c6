import { addValue, parsePopulationCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const YEARS = [2018, 2019, 2020, 2021] as const;

export const meta: SourceMeta = {
  id: 'istat-popolazione-2018-2021',
  publisher: 'ISTAT (raccolta della comunità Open Data Sicilia, progetto comuni-italiani)',
  dataset: 'Popolazione residente al 1° gennaio 2018, 2019, 2020 e 2021 per comune',
  landingUrl: 'https://github.com/opendatasicilia/comuni-italiani/tree/main/dati',
  vintage: '1° gennaio 2018–2021',
  referenceDate: '2018-01-01/2021-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'Dati ISTAT, popolazione residente al 1° gennaio 2018–2021, raccolti da Open Data Sicilia (github.com/opendatasicilia/comuni-italiani)',
  files: [
    {
      path: 'istat/popolazione-2018-2021/popolazione_rese_dal_2018_al_2021.csv',
      url: 'https://raw.githubusercontent.com/opendatasicilia/comuni-italiani/main/dati/popolazione_rese_dal_2018_al_2021.csv',
    },
  ],
  required: true,
  feeds: ['demografia'],
  notes: [
    'Ripubblicazione di dati ISTAT da parte della comunità Open Data Sicilia; il repository non dichiara una propria licenza: si applica quella ISTAT (CC BY 3.0 o successive).',
    'UTF-8, separatore ",". pro_com_t è scritto come intero senza zeri iniziali (1001 = 001001): viene riportato a 6 cifre.',
    "Celle vuote per i comuni che in quell'anno non esistevano: il comune manca da quell'anno, non vale 0.",
    '7.983 righe, inclusi comuni poi fusi: la corrispondenza con i comuni attuali si decide nella fase di unione.',
  ],
};

/** Parses the four-year file into one PopulationPoint per year (1 January). */
export function parsePopolazione2018_2021(text: string): PopulationPoint[] {
  const context = 'popolazione_rese_dal_2018_al_2021.csv';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const codeCol = columnIndex(table.header, 'pro_com_t', context);
  const nameCol = columnIndex(table.header, 'comune', context);
  const years = YEARS.map((anno) => ({
    column: columnIndex(table.header, `pop_res_${String(anno).slice(2)}`, context),
    point: {
      anno,
      data_riferimento: `${anno}-01-01`,
      valori: new Map(),
      nomi: new Map(),
      scartati: [],
    } as PopulationPoint,
  }));
  const seen = new Set<string>();
  for (const row of table.rows) {
    const raw = row[codeCol]!.trim();
    const nome = row[nameCol]!.trim();
    const code = toCodiceIstat(raw);
    if (!code) {
      for (const { point } of years)
        point.scartati.push({ codice: raw, motivo: `codice non comunale${nome ? ` (${nome})` : ''}` });
      continue;
    }
    if (seen.has(code)) throw new Error(`${context}: pro_com_t ${code} compare due volte`);
    seen.add(code);
    for (const { column, point } of years) {
      // Blank: the comune did not exist that year. It stays absent, never 0.
      const value = parsePopulationCount(row[column], `${context}, ${table.header[column]} di ${code}`);
      if (value !== null) addValue(point, code, nome, value, `${context} ${point.anno}`);
    }
  }
  return years.map((y) => y.point);
}

export async function load(dataDir: string): Promise<PopulationPoint[]> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parsePopolazione2018_2021(decodeText(bytes, 'utf-8')),
  );
}
