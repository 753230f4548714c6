import type { PopulationPoint } from './anpr-popolazione.ts';
import { loadPopulationTable, readPopulationTable, type PopulationTable } from './lib/population-table.ts';
import type { SourceMeta } from './lib/source.ts';

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

const LAYOUT: PopulationTable = {
  context: 'ISTAT IT1:22_289',
  years: YEARS,
  columns: { code: 'REF_AREA', period: 'TIME_PERIOD', total: 'OBS_VALUE' },
  codes: 'as-written',
  totals: { SEX: '9', AGE: 'TOTAL', MARITAL_STATUS: '99' },
};

/** Parses the SDMX export into one total per comune at 1 January 2022 and 2023. */
export const parsePopolazione2022_2023 = (text: string): PopulationPoint[] => readPopulationTable(text, LAYOUT);

export const load = (dataDir: string): Promise<PopulationPoint[]> => loadPopulationTable(dataDir, meta, LAYOUT);
