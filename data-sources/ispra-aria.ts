import { parseTable, columnIndex } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { isMissing } from './lib/values.ts';
import { findSheet, readWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';

/** Pollutants whose station statistics are in the mirror. Add 'pm25' / 'o3' here together with their file. */
export type Inquinante = 'pm10' | 'no2';

export interface AirFile {
  inquinante: Inquinante;
  /** Path relative to the data directory. */
  path: string;
  /** Official ISPRA download URL (a `;`-separated CSV). */
  url: string;
}

const DIR = 'ispra/aria';
const ISPRA = 'https://www.isprambiente.gov.it/files2024/attivita/aria';

/**
 * One entry per pollutant. ISPRA also publishes, in the same release and format,
 * PM2.5 (`${ISPRA}/2024-01-09_2004_2022_pm25__statistiche.csv`) and ozone
 * (`${ISPRA}/2024-02-26_2002_2022_o3_statistiche.csv`): they are not in the mirror yet.
 * To add one, extend `Inquinante` and append { inquinante, path, url } here.
 */
export const AIR_FILES: AirFile[] = [
  { inquinante: 'no2', path: `${DIR}/2001_2022_NO2__STATISTICHE.xlsx`, url: `${ISPRA}/2024-01-09-2001_2022-no2-_statistiche.csv` },
  { inquinante: 'pm10', path: `${DIR}/2002_2022_PM10__STATISTICHE.xlsx`, url: `${ISPRA}/2024-01-09_2002_2022_pm10__statistiche.csv` },
];

export const meta: SourceMeta = {
  id: 'ispra-aria',
  publisher: 'ISPRA – Istituto Superiore per la Protezione e la Ricerca Ambientale',
  dataset: "Statistiche annuali della qualità dell'aria per stazione di monitoraggio (NO2, PM10)",
  landingUrl: 'https://www.isprambiente.gov.it/it/banche-dati/banche-dati-folder/aria/qualita-dellaria',
  vintage: 'rilascio 2024-01-09, serie annuali fino al 2022 (NO2 dal 2001; PM10 dal 2002 secondo il nome del file, con alcune righe 2001)',
  referenceDate: '2001-2022',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: "ISPRA, statistiche annuali della qualità dell'aria per stazione (rilascio 2024-01-09), licenza CC BY 4.0",
  files: AIR_FILES.map(({ path, url }): SourceFile => ({ path, url })),
  required: false,
  feeds: ['ambiente'],
  notes: [
    "Una riga per stazione e anno: media annua (media_yy, µg/m³) delle concentrazioni misurate dalle reti regionali (SNPA), con indicatore di copertura temporale.",
    'Sono usate solo le righe con copertura = 1 (serie annuale valida); le altre sono scartate e contate.',
    "id_comune è il codice della regione seguito dal codice ISTAT del comune a 6 cifre (es. 1001028 → 001028); i codici sono quelli in vigore al rilascio, non necessariamente quelli del 2025.",
    'Alcune stazioni (IT1587A; per l\'NO2 anche IT1853A e IT1976A) non hanno anagrafica (comune e coordinate "NA"): le loro righe sono scartate e contate.',
    'tipo_zona e tipo_stazione sono scritti in maiuscolo o in minuscolo a seconda della rete: sono normalizzati in minuscolo.',
    'Due nomi di stazione hanno "CITTÀ" guastato in "CITT\uFFFD" nel file: la sola parola "città" è ripristinata.',
    'Il mirror contiene una copia xlsx dei CSV ufficiali (un foglio, prima colonna indice senza nome); load() legge sia quella sia il CSV ufficiale separato da ";".',
    'PM2.5 e ozono (file ufficiali ..._pm25__statistiche.csv e ..._o3_statistiche.csv dello stesso rilascio) non sono ancora nel mirror.',
  ],
};

export interface StationYear {
  inquinante: Inquinante;
  /** EU station code (station_eu_code), e.g. "IT1128A". */
  codice_stazione: string;
  nome_stazione: string;
  codice_istat: string;
  comune: string;
  /** Lower case: "urbana", "suburbana", "rurale", "rurale-nearcity", … ; null if not given. */
  tipo_zona: string | null;
  /** Lower case: "traffico", "fondo", "industriale", … ; null if not given. */
  tipo_stazione: string | null;
  lat: number | null;
  lon: number | null;
  anno: number;
  /** Annual mean concentration in µg/m³. */
  media: number;
}

export interface AirStatistics {
  stazioni: StationYear[];
  /** Rows dropped because the year's coverage is not valid (copertura ≠ 1) or the mean is missing. */
  scartati_copertura: number;
  /** Valid rows dropped because the station has no comune code (stations without registry data). */
  scartati_senza_comune: number;
}

/**
 * Parses one pollutant's statistics: `sheetRows` are the rows of the single sheet
 * (xlsx cells, or strings from the CSV), with the header somewhere at the top.
 */
export function parseAirStatistics(sheetRows: Cell[][], inquinante: Inquinante): AirStatistics {
  const context = `ISPRA aria ${inquinante}`;
  const { header, rows } = tableBelowHeader({ name: context, rows: sheetRows }, 'station_eu_code');
  const col = (name: string) => columnIndex(header, name, context);
  const [station, idComune, comune, nome, zona, tipo, lon, lat, yy, media, copertura] = [
    'station_eu_code',
    'id_comune',
    'Comune',
    'nome_stazione',
    'tipo_zona',
    'tipo_stazione',
    'Lon',
    'Lat',
    'yy',
    'media_yy',
    'copertura',
  ].map(col) as number[];

  const stazioni: StationYear[] = [];
  let scartatiCopertura = 0;
  let scartatiSenzaComune = 0;
  for (const row of rows) {
    const codiceStazione = text(row[station!]);
    const where = `${context}, ${codiceStazione ?? '?'} ${String(row[yy!])}`;
    const anno = numberCell(row[yy!], `${where}: yy`);
    if (codiceStazione == null || anno == null || !Number.isInteger(anno)) throw new Error(`${where}: row without station code or year`);
    const valore = numberCell(row[media!], `${where}: media_yy`);
    if (numberCell(row[copertura!], `${where}: copertura`) !== 1 || valore == null) {
      scartatiCopertura++;
      continue;
    }
    const codiceIstat = comuneFromIdComune(row[idComune!], where);
    if (codiceIstat == null) {
      scartatiSenzaComune++;
      continue;
    }
    stazioni.push({
      inquinante,
      codice_stazione: codiceStazione,
      nome_stazione: repairName(text(row[nome!]) ?? codiceStazione),
      codice_istat: codiceIstat,
      comune: text(row[comune!]) ?? '',
      tipo_zona: text(row[zona!])?.toLowerCase() ?? null,
      tipo_stazione: text(row[tipo!])?.toLowerCase() ?? null,
      lat: numberCell(row[lat!], `${where}: Lat`),
      lon: numberCell(row[lon!], `${where}: Lon`),
      anno,
      media: valore,
    });
  }
  return { stazioni, scartati_copertura: scartatiCopertura, scartati_senza_comune: scartatiSenzaComune };
}

/**
 * id_comune = region code followed by the 6-digit comune code, written as an integer
 * (1001028 → "001028", 12058091 → "058091"). "NA" or blank → null.
 */
export function comuneFromIdComune(cell: Cell | undefined, context = 'id_comune'): string | null {
  const value = numberCell(cell, `${context}: id_comune`);
  if (value == null) return null;
  const digits = String(value);
  if (!Number.isInteger(value) || value <= 0 || digits.length < 7 || digits.length > 8) {
    throw new Error(`${context}: id_comune "${String(cell)}" is not a region code followed by a 6-digit comune code`);
  }
  return digits.slice(-6);
}

/**
 * The rows of a statistics file, whichever form it has: the xlsx in the mirror (one
 * sheet) or the official ISPRA CSV (";", decimal point — ozone uses a decimal comma).
 */
export async function readAirRows(bytes: Uint8Array): Promise<Cell[][]> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip) return findSheet(await readWorkbook(bytes), undefined, 'ISPRA aria').rows;
  const table = parseTable(decodeText(bytes, 'auto'), ';');
  return [table.header, ...table.rows];
}

export async function load(dataDir: string): Promise<{ stazioni: StationYear[]; scarti: Record<Inquinante, Omit<AirStatistics, 'stazioni'>> }> {
  const parsed = await allSourceFiles(
    AIR_FILES.map(async (file) => {
      const declared = meta.files.find((f) => f.path === file.path)!;
      return { inquinante: file.inquinante, ...(await parseSourceFile(dataDir, meta, declared, async (bytes) => parseAirStatistics(await readAirRows(bytes), file.inquinante))) };
    }),
  );
  const scarti = {} as Record<Inquinante, Omit<AirStatistics, 'stazioni'>>;
  for (const p of parsed) scarti[p.inquinante] = { scartati_copertura: p.scartati_copertura, scartati_senza_comune: p.scartati_senza_comune };
  return { stazioni: parsed.flatMap((p) => p.stazioni), scarti };
}

function text(cell: Cell | undefined): string | null {
  if (cell == null) return null;
  const value = String(cell).trim();
  return isMissing(value) ? null : value; // isMissing covers ISPRA's "NA"
}

/** Numbers arrive as xlsx numbers or as CSV text with a decimal point or comma; "NA" and blanks are null. */
function numberCell(cell: Cell | undefined, context: string): number | null {
  if (typeof cell === 'number') return cell;
  const value = text(cell);
  if (value == null) return null;
  const normalized = /^-?\d+,\d+$/.test(value) ? value.replace(',', '.') : value;
  const n = Number(normalized);
  if (normalized === '' || !Number.isFinite(n)) throw new Error(`${context}: "${value}" is not a number`);
  return n;
}

/** "MILANO PASCAL CITT\uFFFD STUDI" → "MILANO PASCAL CITTÀ STUDI": only the word "città", the one the file breaks. */
function repairName(name: string): string {
  return name.replace(/\b(citt)\uFFFD/gi, (_, stem: string) => stem + (stem === stem.toUpperCase() ? 'À' : 'à'));
}
