import { parseTable, columnIndex } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { isMissing } from './lib/values.ts';
import { readWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';

/** Pollutants whose ISPRA station statistics are read. */
export type Inquinante = 'pm10' | 'pm25' | 'no2' | 'o3';

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
 * One official CSV per pollutant, under ISPRA's own file names. The mirror also holds
 * xlsx re-saves of the PM10 and NO2 CSVs (row for row the same data): the CSVs are read
 * because they are the published form and parse several times faster.
 */
export const AIR_FILES: AirFile[] = [
  {
    inquinante: 'no2',
    path: `${DIR}/2024-01-09-2001_2022-no2-_statistiche.csv`,
    url: `${ISPRA}/2024-01-09-2001_2022-no2-_statistiche.csv`,
  },
  {
    inquinante: 'o3',
    path: `${DIR}/2024-02-26_2002_2022_o3_statistiche.csv`,
    url: `${ISPRA}/2024-02-26_2002_2022_o3_statistiche.csv`,
  },
  {
    inquinante: 'pm10',
    path: `${DIR}/2024-01-09_2002_2022_PM10__statistiche.csv`,
    url: `${ISPRA}/2024-01-09_2002_2022_PM10__statistiche.csv`,
  },
  {
    inquinante: 'pm25',
    path: `${DIR}/2024-01-09_2004_2022_PM25__statistiche.csv`,
    url: `${ISPRA}/2024-01-09_2004_2022_PM25__statistiche.csv`,
  },
];

/** ISPRA's column dictionary, whose "Tabella A" sheets give the WHO 2021 guideline values. */
export const LEGEND_FILE: SourceFile = {
  path: `${DIR}/legenda_statistiche.xlsx`,
  url: `${ISPRA}/legenda_statistiche.xlsx`,
};

export const meta: SourceMeta = {
  id: 'ispra-aria',
  publisher: 'ISPRA – Istituto Superiore per la Protezione e la Ricerca Ambientale',
  dataset: "Statistiche annuali della qualità dell'aria per stazione di monitoraggio (PM10, PM2.5, NO2, ozono)",
  landingUrl: 'https://www.isprambiente.gov.it/it/banche-dati/banche-dati-folder/aria/qualita-dellaria',
  vintage:
    'rilasci 2024-01-09 (PM10, PM2.5, NO2) e 2024-02-26 (ozono), serie annuali fino al 2022 (NO2 dal 2001, PM10 e ozono dal 2002, PM2.5 dal 2004)',
  referenceDate: '2001-2022',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    "ISPRA, statistiche annuali della qualità dell'aria per stazione (rilasci 2024-01-09 e 2024-02-26), licenza CC BY 4.0",
  files: [...AIR_FILES.map(({ path, url }): SourceFile => ({ path, url })), LEGEND_FILE],
  required: false,
  feeds: ['ambiente'],
  notes: [
    'Una riga per stazione e anno: media annua (media_yy, µg/m³) delle concentrazioni misurate dalle reti regionali (SNPA), con indicatore di copertura temporale.',
    'Sono usate solo le righe con copertura = 1 (serie annuale valida secondo il D.Lgs. 155/2010); le altre sono scartate e contate.',
    'Ozono: oltre alla media annua si usa giorni_mm8_over_120, i giorni in cui la media mobile massima giornaliera su 8 ore ha superato 120 µg/m³ (obiettivo a lungo termine per la salute), della stessa riga con copertura = 1.',
    'id_comune è il codice della regione moltiplicato per 10⁶ più il codice ISTAT del comune a 6 cifre (es. 3015146 → 015146): si tiene il resto della divisione per 10⁶; i codici sono quelli in vigore al rilascio, non necessariamente quelli del 2025.',
    'Alcune stazioni (IT1587A; per l\'NO2 anche IT1853A e IT1976A) non hanno anagrafica (comune e coordinate "NA" o vuoti): le loro righe sono scartate e contate.',
    'I CSV di PM10, PM2.5 e NO2 iniziano con una colonna indice senza nome e hanno le stringhe tra virgolette e "NA" per i mancanti; quello dell\'ozono non ha né indice né virgolette e lascia vuoti i mancanti.',
    'tipo_zona e tipo_stazione sono scritti in maiuscolo o in minuscolo a seconda della rete: sono normalizzati in minuscolo.',
    'Due nomi di stazione hanno "CITTÀ" guastato in "CITT\uFFFD" (carattere di sostituzione U+FFFD) nel file: la sola parola "città" è ripristinata. Una stazione senza nome (IT2258A) è indicata con il suo codice.',
    'Valori di riferimento OMS 2021 dalla legenda ISPRA (legenda_statistiche.xlsx, fogli "Tabella A"): media annua PM2.5 5 µg/m³, PM10 15 µg/m³, NO2 10 µg/m³; ozono 100 µg/m³ sulla media massima giornaliera di 8 ore. Il foglio della legenda intitolato "Tabella A O3" contiene in realtà la tabella del PM2.5 (valore limite 25 µg/m³, riferimento OMS 5 µg/m³).',
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
  /** Ozone only: days the maximum daily 8-hour mean exceeded 120 µg/m³; null where the row lacks it. */
  giorni_mm8_over_120?: number | null;
}

export interface AirStatistics {
  stazioni: StationYear[];
  /** Rows dropped because the year's coverage is not valid (copertura ≠ 1) or the mean is missing. */
  scartati_copertura: number;
  /** Valid rows dropped because the station has no comune code (stations without registry data). */
  scartati_senza_comune: number;
}

/** A WHO 2021 guideline as ISPRA's legend states it. */
export interface WhoGuideline {
  valore_ug_m3: number;
  /** Averaging period the guideline applies to, in the legend's words. */
  periodo: string;
  /** The legend's cell, verbatim. */
  testo: string;
}

/**
 * Parses one pollutant's statistics: `sheetRows` are the rows of the CSV (header first;
 * PM2.5, PM10 and NO2 start with an unnamed index column, ozone does not).
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
  const ozoneDays = inquinante === 'o3' ? col('giorni_mm8_over_120') : null;

  const stazioni: StationYear[] = [];
  let scartatiCopertura = 0;
  let scartatiSenzaComune = 0;
  for (const row of rows) {
    const codiceStazione = text(row[station!]);
    const where = `${context}, ${codiceStazione ?? '?'} ${String(row[yy!])}`;
    const anno = numberCell(row[yy!], `${where}: yy`);
    if (codiceStazione == null || anno == null || !Number.isInteger(anno))
      throw new Error(`${where}: riga senza codice stazione o anno`);
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
      ...(ozoneDays === null
        ? {}
        : { giorni_mm8_over_120: numberCell(row[ozoneDays], `${where}: giorni_mm8_over_120`) }),
    });
  }
  return { stazioni, scartati_copertura: scartatiCopertura, scartati_senza_comune: scartatiSenzaComune };
}

/**
 * id_comune = region code × 10⁶ + the 6-digit comune code (3015146 → "015146",
 * 12058091 → "058091"): the remainder mod 10⁶, zero-padded. "NA" or blank → null.
 */
export function comuneFromIdComune(cell: Cell | undefined, context = 'id_comune'): string | null {
  const value = numberCell(cell, `${context}: id_comune`);
  if (value == null) return null;
  if (!Number.isInteger(value) || value < 1_000_000 || value >= 100_000_000) {
    throw new Error(
      `${context}: id_comune "${String(cell)}" non è un codice regione × 10⁶ più un codice comune di 6 cifre`,
    );
  }
  return String(value % 1_000_000).padStart(6, '0');
}

/** The rows of an official statistics CSV (";", UTF-8 or Latin-1, quoted or not). */
export function readAirRows(bytes: Uint8Array): Cell[][] {
  const table = parseTable(decodeText(bytes, 'auto'), ';');
  return [table.header, ...table.rows];
}

/**
 * WHO 2021 guideline values from ISPRA's legend. Its "Tabella A" sheets are read by
 * content, not by name, because the sheet named "Tabella A O3" holds PM2.5's table
 * (limit value 25 µg/m³ by 2015, which only PM2.5 has) while ozone's is "Tabella A_O3".
 * Annual means: the "Anno civile" row; ozone: the long-term objective row (8-hour mean).
 */
export function parseWhoGuidelines(
  sheets: { name: string; rows: Cell[][] }[],
): Partial<Record<Inquinante, WhoGuideline>> {
  const out: Partial<Record<Inquinante, WhoGuideline>> = {};
  const cells = (row: Cell[]) => row.map((c) => (c == null ? '' : String(c).trim()));
  const whoColumn = (header: string[]) => header.findIndex((h) => /OMS/i.test(h));
  for (const sheet of sheets.filter((s) => /^Tabella A/i.test(s.name))) {
    const header = cells(sheet.rows[0] ?? []);
    const who = whoColumn(header);
    if (who < 0) continue;
    for (const raw of sheet.rows.slice(1)) {
      const row = cells(raw);
      const limit = row[1] ?? '';
      const inquinante: Inquinante | null =
        row[0] === 'Anno civile'
          ? /^25\b/.test(limit)
            ? 'pm25'
            : /^40\b/.test(limit) && /PM10/i.test(sheet.name)
              ? 'pm10'
              : /^40\b/.test(limit) && /NO2/i.test(sheet.name)
                ? 'no2'
                : null
          : /Obiettivo a lungo termine \(OLT\)/i.test(row[1] ?? '')
            ? 'o3'
            : null;
      if (!inquinante) continue;
      const testo = row[who] ?? '';
      const valore = Number(/^([\d.,]+)\s*\S?g\//.exec(testo)?.[1]?.replace(',', '.'));
      if (!Number.isFinite(valore) || valore <= 0)
        throw new Error(`ISPRA legenda, foglio "${sheet.name}": valore OMS illeggibile "${testo}"`);
      const periodo = inquinante === 'o3' ? (row[2] ?? '') : 'Anno civile';
      out[inquinante] = { valore_ug_m3: valore, periodo, testo };
    }
  }
  return out;
}

export interface AirSource {
  stazioni: StationYear[];
  scarti: Record<Inquinante, Omit<AirStatistics, 'stazioni'>>;
  oms: Partial<Record<Inquinante, WhoGuideline>>;
}

export async function load(dataDir: string): Promise<AirSource> {
  const parsed = await allSourceFiles(
    AIR_FILES.map(async (file) => {
      const declared = meta.files.find((f) => f.path === file.path)!;
      return {
        inquinante: file.inquinante,
        ...(await parseSourceFile(dataDir, meta, declared, (bytes) =>
          parseAirStatistics(readAirRows(bytes), file.inquinante),
        )),
      };
    }),
  );
  const oms = await parseSourceFile(dataDir, meta, LEGEND_FILE, async (bytes) =>
    parseWhoGuidelines(await readWorkbook(bytes)),
  );
  const scarti = {} as AirSource['scarti'];
  for (const p of parsed)
    scarti[p.inquinante] = { scartati_copertura: p.scartati_copertura, scartati_senza_comune: p.scartati_senza_comune };
  return { stazioni: parsed.flatMap((p) => p.stazioni), scarti, oms };
}

function text(cell: Cell | undefined): string | null {
  if (cell == null) return null;
  const value = String(cell).trim();
  return isMissing(value) ? null : value; // isMissing covers ISPRA's "NA"
}

/** Numbers arrive as CSV text with a decimal point (a decimal comma is accepted too); "NA" and blanks are null. */
function numberCell(cell: Cell | undefined, context: string): number | null {
  if (typeof cell === 'number') return cell;
  const value = text(cell);
  if (value == null) return null;
  const normalized = /^-?\d+,\d+$/.test(value) ? value.replace(',', '.') : value;
  const n = Number(normalized);
  if (normalized === '' || !Number.isFinite(n)) throw new Error(`${context}: "${value}" non è un numero`);
  return n;
}

/** "MILANO PASCAL CITT\uFFFD STUDI" → "MILANO PASCAL CITTÀ STUDI": only the word "città", the one the file breaks. */
function repairName(name: string): string {
  return name.replace(/\b(citt)\uFFFD/gi, (_, stem: string) => stem + (stem === stem.toUpperCase() ? 'À' : 'à'));
}
