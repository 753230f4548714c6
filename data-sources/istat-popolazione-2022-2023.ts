import { addValue, parseFloatWrittenCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

const YEARS = [2022, 2023] as const;

export const meta: SourceMeta = {
  id: 'istat-popolazione-2022-2023',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: 'Popolazione residente al 1° gennaio (dataflow IT1:22_289, DCIS_POPRES1), comuni, 2022 e 2023',
  landingUrl: 'https://esploradati.istat.it/databrowser/#/it/dw/categories/IT1,POP,1.0/POP_POPULATION/DCIS_POPRES1',
  vintage: '1° gennaio 2022 e 2023',
  referenceDate: '2022-01-01/2023-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'Fonte: Istat, popolazione residente al 1° gennaio 2022 e 2023 (dataflow IT1:22_289), CC BY 4.0',
  files: [
    {
      path: 'istat/popolazione-2022-2023/istat_22_289.csv',
      url: 'https://github.com/lorenzo-ruffino/data-viz/raw/5c35f1bc/Biblioteche%20in%20Italia/input/istat_22_289.csv',
    },
  ],
  required: true,
  feeds: ['demografia'],
  notes: [
    'Export SDMX-CSV del dataflow ISTAT IT1:22_289 (DCIS_POPRES1), copiato senza modifiche da un repository pubblico (lorenzo-ruffino/data-viz, commit 5c35f1bc).',
    'Solo il totale (entrambi i sessi, tutte le età). OBS_VALUE è scritto come decimale ("2562.0"): il file è stato ri-serializzato, i valori sono quelli ISTAT.',
    'REF_AREA è il codice del comune a quella data; le righe di Italia, regioni e province (codici di altra forma) sono scartate. Somma dei comuni = riga Italia: 59.030.133 (2022), 58.997.201 (2023).',
    'Nel 2023 cinque codici di comuni fusi portano 0 residenti: sono scartati (un comune cessato, non un comune vuoto).',
  ],
};

/** Parses the SDMX export into one total per comune at 1 January 2022 and 2023. */
export function parsePopolazione2022_2023(text: string): PopulationPoint[] {
  const context = 'ISTAT IT1:22_289';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const col = (name: string) => columnIndex(table.header, name, context);
  const [area, sex, age, marital, time, value] = [
    'REF_AREA',
    'SEX',
    'AGE',
    'MARITAL_STATUS',
    'TIME_PERIOD',
    'OBS_VALUE',
  ].map(col) as [number, number, number, number, number, number];
  const points = new Map<string, PopulationPoint>(
    YEARS.map((anno) => [
      `${anno}-01-01`,
      { anno, data_riferimento: `${anno}-01-01`, valori: new Map(), nomi: new Map(), scartati: [] },
    ]),
  );
  for (const row of table.rows) {
    const cell = (i: number) => row[i]!.trim();
    if (cell(sex) !== '9' || cell(age) !== 'TOTAL' || cell(marital) !== '99') continue;
    const code = cell(area);
    const point = points.get(cell(time));
    if (!point)
      throw new Error(`${context}: la riga di ${code} ha TIME_PERIOD "${cell(time)}", attesi ${YEARS.join(', ')}`);
    if (!/^\d{6}$/.test(code)) {
      point.scartati.push({
        codice: code,
        motivo: code === 'IT' ? 'totale nazionale' : 'codice territoriale non comunale',
      });
      continue;
    }
    const residents = parseFloatWrittenCount(row[value], `${context}, OBS_VALUE di ${code} ${cell(time)}`);
    if (residents === null || residents === 0) {
      point.scartati.push({
        codice: code,
        motivo: residents === null ? 'OBS_VALUE mancante' : '0 residenti: codice di un comune cessato',
      });
      continue;
    }
    addValue(point, code, code, residents, `${context} ${point.anno}`);
  }
  for (const point of points.values())
    if (point.valori.size === 0) throw new Error(`${context}: nessun comune al ${point.data_riferimento}`);
  return [...points.values()];
}

export async function load(dataDir: string): Promise<PopulationPoint[]> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parsePopolazione2022_2023(decodeText(bytes, 'utf-8')),
  );
}
