import { columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { toCodiceIstat } from './lib/values.ts';
import { findSheet, readWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';

const OFFICIAL_XLSX =
  'https://www.isprambiente.gov.it/it/attivita/suolo-e-territorio/suolo/il-consumo-di-suolo/consumo_di_suolo_estratto_dati_2025_anni_2006_2024.xlsx';

export const meta: SourceMeta = {
  id: 'ispra-consumo-suolo-comuni',
  publisher: 'ISPRA / SNPA',
  dataset:
    'Consumo di suolo, dinamiche territoriali e servizi ecosistemici – edizione 2025: suolo consumato per comune, anni 2006–2024',
  landingUrl:
    'https://www.isprambiente.gov.it/it/attivita/suolo-e-territorio/suolo/il-consumo-di-suolo/i-dati-sul-consumo-di-suolo',
  vintage: 'edizione 2025 (Report SNPA 46/2025), suolo consumato 2024 e incrementi netti per periodo dal 2006',
  referenceDate: '2024',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'ISPRA/SNPA, "Consumo di suolo, dinamiche territoriali e servizi ecosistemici", edizione 2025 (Munafò M., a cura di, Report SNPA 46/2025), licenza CC BY 4.0',
  files: [{ path: 'ispra/consumo-suolo-comuni-2024/ISPRA_Consumo_Suolo.xlsx', url: OFFICIAL_XLSX }],
  required: false,
  feeds: ['ambiente', 'qualita-vita'],
  notes: [
    'Foglio comunale (Comuni_2006_2024 nel file ufficiale, "Comuni" nella copia del mirror: una ripubblicazione salvata di nuovo in Excel, progetto BiellaMap di albertofrison, commit 6af0f84; valori invariati per quanto verificato).',
    'Codici ISTAT 2025 come interi (zeri iniziali persi): 7.896 comuni. Un nome ha caratteri corrotti (Duino Aurisina-Devin Nabrežina): il join è per codice.',
    'Percentuale arrotondata a 0,01 (il file ha la precisione del foglio di calcolo, es. 23,69591222 per Roma).',
    'Per 11 periodi (2006-2012, 2012-2015, poi annuali fino a 2023-2024) incremento netto, incremento lordo e ripristino in ettari; poi suolo consumato 2024 in ettari e in % della superficie comunale.',
    'La variazione netta dal 2006 servita è derivata: somma degli incrementi netti degli 11 periodi (2006-2024), arrotondata a 0,01 ha. Un incremento netto negativo (ripristino maggiore del nuovo consumo) è un dato, non un errore: 224 comuni nel 2023-2024.',
  ],
};

export interface IncrementoNetto {
  /** "2006-2012", …, "2023-2024". */
  periodo: string;
  ettari: number;
}

export interface ConsumoSuoloComune {
  ettari: number;
  percentuale: number;
  /** Net change per period, in the file's order (oldest first). */
  incrementi_netti: IncrementoNetto[];
}

const PERIOD = /^Incremento netto (\d{4}-\d{4}) \[ettari\]$/;

function number(cell: Cell | undefined, context: string): number {
  if (typeof cell !== 'number' || !Number.isFinite(cell))
    throw new Error(`${context}: "${String(cell)}" non è un numero`);
  return cell;
}

/** Spreadsheet differences such as 0.47999999999998977: ISPRA publishes hectares to 0.01. */
const hectares = (x: number) => Math.round(x * 100) / 100;

/** Sheet "Comuni" (Comuni_2006_2024 in ISPRA's file): one header row, one row per comune. */
export function parseConsumoSuoloComuni(rows: Cell[][]): Map<string, ConsumoSuoloComune> {
  const context = 'ISPRA consumo di suolo, foglio Comuni';
  const { header, rows: body } = tableBelowHeader({ name: context, rows }, 'PRO_COM');
  const iCode = columnIndex(header, 'PRO_COM', context);
  const iHa = columnIndex(header, 'Suolo consumato 2024 [ettari]', context);
  const iPct = columnIndex(header, 'Suolo consumato 2024 [%]', context);
  const periods = header.flatMap((h, i) => {
    const m = PERIOD.exec(h);
    return m ? [{ periodo: m[1]!, i }] : [];
  });
  if (periods.length === 0) throw new Error(`${context}: nessuna colonna "Incremento netto AAAA-AAAA [ettari]"`);
  const out = new Map<string, ConsumoSuoloComune>();
  for (const row of body) {
    const codice = toCodiceIstat(row[iCode] as string | number | null);
    if (!codice) throw new Error(`${context}: codice comune non valido "${String(row[iCode])}"`);
    if (out.has(codice)) throw new Error(`${context}: il codice ${codice} compare due volte`);
    const at = `${context} ${codice}`;
    const percentuale = number(row[iPct], `${at} %`);
    if (percentuale < 0 || percentuale > 100) throw new Error(`${at}: percentuale ${percentuale} fuori da 0–100`);
    out.set(codice, {
      ettari: hectares(number(row[iHa], `${at} ettari`)),
      // To 0.01 as ISPRA's reports print it (Roma 23.70 %); the file carries spreadsheet precision.
      percentuale: Math.round(percentuale * 100) / 100,
      incrementi_netti: periods.map(({ periodo, i }) => ({
        periodo,
        ettari: hectares(number(row[i], `${at} incremento ${periodo}`)),
      })),
    });
  }
  return out;
}

export async function load(dataDir: string): Promise<Map<string, ConsumoSuoloComune>> {
  const file = meta.files[0]!;
  return parseSourceFile(dataDir, meta, file, async (bytes) =>
    parseConsumoSuoloComuni(findSheet(await readWorkbook(bytes), /^Comuni/, file.path).rows),
  );
}
