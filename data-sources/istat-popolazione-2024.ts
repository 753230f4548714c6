import type { PopulationPoint } from './anpr-popolazione.ts';
import { loadPopulationTable, readPopulationTable, type PopulationTable } from './lib/population-table.ts';
import type { SourceMeta } from './lib/source.ts';

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

const LAYOUT: PopulationTable = {
  context: 'pop_comuni.csv (ISTAT 2024)',
  years: [YEAR],
  columns: {
    code: 'codice_comune',
    name: 'comune',
    total: 'totale',
    maschi: 'totale_maschi',
    femmine: 'totale_femmine',
  },
  codes: 'zeros-dropped',
  totals: { et_a: '999' },
  sexAddsUp: true,
};

/** Parses the POSAS total rows: residents by sex at 1 January 2024. */
export const parsePopolazione2024 = (text: string): PopulationPoint => readPopulationTable(text, LAYOUT)[0]!;

export const load = async (dataDir: string): Promise<PopulationPoint> =>
  (await loadPopulationTable(dataDir, meta, LAYOUT))[0]!;
