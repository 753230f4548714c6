import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { parseDecimalPoint } from './lib/values.ts';

const ISPRA_XLSX =
  'https://www.isprambiente.gov.it/it/attivita/suolo-e-territorio/suolo/il-consumo-di-suolo/consumo_di_suolo_estratto_dati_2025_anni_2006_2024.xlsx';
/** The file in the mirror is this republication (pinned commit) of the ISPRA workbook's province sheet. */
const REPUBLISHED_CSV =
  'https://raw.githubusercontent.com/lorenzo-ruffino/data-viz/a1c695063fce636500029b28bb844d001ede7395/Consumo%20di%20suolo%20in%20Italia/output/consumo_suolo_italia.csv';

export const meta: SourceMeta = {
  id: 'ispra-suolo',
  publisher: 'ISPRA / SNPA',
  dataset:
    'Consumo di suolo, dinamiche territoriali e servizi ecosistemici – edizione 2025: suolo consumato per provincia',
  landingUrl:
    'https://www.isprambiente.gov.it/it/attivita/suolo-e-territorio/suolo/il-consumo-di-suolo/i-dati-sul-consumo-di-suolo',
  vintage: 'edizione 2025 (Report SNPA 46/2025), dati 2024',
  referenceDate: '2024',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'ISPRA/SNPA, "Consumo di suolo, dinamiche territoriali e servizi ecosistemici", edizione 2025, licenza CC BY 4.0',
  files: [{ path: 'ispra/suolo/consumo_suolo_italia.csv', url: REPUBLISHED_CSV }],
  required: false,
  feeds: ['ambiente'],
  notes: [
    'Livello PROVINCIALE (107 province): il dato vale per la provincia e si applica ai suoi comuni solo come contesto, dichiarandolo.',
    `Il file nel mirror è una ripubblicazione (progetto data-viz di Lorenzo Ruffino) del foglio Province_2006_2024 del file ufficiale ISPRA ${ISPRA_XLSX}: colonne "Suolo consumato 2024 [ettari]" (ettari) e "Suolo consumato 2024 [%]" (quota, % della superficie).`,
    "NUTS_ID è stato attribuito dal ripubblicatore per nome della provincia; i 107 codici coincidono con i NUTS-3 2021 dell'elenco ISTAT dei comuni.",
    "CSV separato da virgola, punto decimale, righe ordinate per quota decrescente; i nomi usano l'apostrofo per l'accento (\"Forli'-Cesena\").",
    'Il dato comunale 2024 (foglio Comuni_2006_2024 del file ufficiale) non è nel mirror.',
  ],
};

export interface ConsumoSuoloProvincia {
  provincia: string;
  regione: string;
  /** NUTS-3 2021 code, e.g. "ITC4C". */
  nuts3: string;
  /** Consumed soil in 2024, hectares. */
  ettari: number | null;
  /** Consumed soil in 2024, % of the province's area. */
  percentuale: number | null;
}

const NUTS3 = /^IT[C-I][0-9A-Z]{2}$/;

/** Parses the province table; rows without an Italian NUTS-3 code (totals such as "Italia") are skipped and listed. */
export function parseConsumoSuolo(text: string): { province: ConsumoSuoloProvincia[]; scartati: string[] } {
  const context = 'consumo_suolo_italia.csv';
  const table = parseTable(text, ',');
  const [provincia, regione, nuts, ettari, quota] = ['provincia', 'regione', 'NUTS_ID', 'ettari', 'quota'].map((name) =>
    columnIndex(table.header, name, context),
  ) as number[];
  const province: ConsumoSuoloProvincia[] = [];
  const scartati: string[] = [];
  const seen = new Set<string>();
  for (const row of table.rows) {
    const nome = row[provincia!]!.trim();
    const nuts3 = row[nuts!]!.trim().toUpperCase();
    if (!NUTS3.test(nuts3)) {
      scartati.push(nome || row.join(','));
      continue;
    }
    if (seen.has(nuts3)) throw new Error(`${context}: NUTS-3 ${nuts3} compare due volte`);
    seen.add(nuts3);
    province.push({
      provincia: nome,
      regione: row[regione!]!.trim(),
      nuts3,
      ettari: parseDecimalPoint(row[ettari!], `${context}: ettari di ${nuts3}`),
      percentuale: parseDecimalPoint(row[quota!], `${context}: quota di ${nuts3}`),
    });
  }
  return { province, scartati };
}

export function parseConsumoSuoloProvince(text: string): ConsumoSuoloProvincia[] {
  return parseConsumoSuolo(text).province;
}

export async function load(dataDir: string): Promise<{ province: ConsumoSuoloProvincia[]; scartati: string[] }> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseConsumoSuolo(decodeText(bytes, 'utf-8')));
}
