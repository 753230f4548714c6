import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { toCodiceIstat } from './lib/values.ts';
import { findSheet, readWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';
import { columnIndex } from './lib/csv.ts';

const FILE = 'istat/classificazioni-comuni-2026/Classificazioni statistiche-e-dimensione-dei-comuni_01_01_2026.xlsx';

export const meta: SourceMeta = {
  id: 'istat-classificazioni-comuni',
  publisher: 'ISTAT',
  dataset: 'Classificazioni statistiche e dimensione dei comuni al 1° gennaio 2026',
  landingUrl: 'https://www.istat.it/classificazione/principali-statistiche-geografiche-sui-comuni/',
  vintage:
    'elenco al 1° gennaio 2026: superficie al 1° gennaio 2025, zona altimetrica e flag litoraneo/isolano 2026, altitudine del centro (censimento 2011), grado di urbanizzazione 2021',
  referenceDate: '2026-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.it' },
  attribution: 'Fonte: Istat, "Classificazioni statistiche e dimensione dei comuni" al 1° gennaio 2026',
  files: [
    {
      path: FILE,
      // No direct link to ISTAT's workbook could be confirmed: the mirror's copy comes unmodified
      // from a public repository, whose folder is given (see notes).
      url: 'https://github.com/lorenzo-ruffino/data-viz/tree/7b38a25e/Nascite%20per%20tipologia%20comune',
    },
  ],
  required: false,
  feeds: ['comuni', 'demografia'],
  notes: [
    "Codici 2026: i 377 comuni sardi hanno i codici delle nuove province (112-119) e si uniscono ai codici 2025 con l'elenco ISTAT dei codici sardi 2026 (fonte istat-codici-sardegna).",
    'Superficie territoriale (km²) al 1° gennaio 2025, calcolata da ISTAT sui limiti comunali (GIS): è la superficie ufficiale servita; quella del registro Garda Informatica resta come controllo (differenze nel report di build, registro.superfici_confronto).',
    'Zona altimetrica: 1 montagna interna, 2 montagna litoranea, 3 collina interna, 4 collina litoranea, 5 pianura (foglio Legenda; riferimento 2026).',
    'Altitudine del centro: metri s.l.m. della sede del municipio, rilevata ai censimenti (Legenda: anno 2011).',
    'Comune litoraneo: almeno un tratto del confine bagnato dal mare (i lacuali esclusi). Comune isolano: isole marittime minori e lacuali (Monte Isola è l’unico lacuale).',
    'Grado di urbanizzazione (DEGURBA) 2021, Eurostat e ISTAT sulla griglia di popolazione del censimento 2021: 1 città, 2 piccole città e sobborghi, 3 zone rurali.',
    'File copiato senza modifiche dal repository pubblico lorenzo-ruffino/data-viz (commit 7b38a25e, cartella "Nascite per tipologia comune"); link diretto al file ISTAT non confermato.',
    'Una cella vuota è null ("null quando non disponibile" nella Legenda), mai 0.',
  ],
};

export const ZONE_ALTIMETRICHE = {
  1: 'Montagna interna',
  2: 'Montagna litoranea',
  3: 'Collina interna',
  4: 'Collina litoranea',
  5: 'Pianura',
} as const;
export const GRADI_URBANIZZAZIONE = {
  1: 'Città o zone densamente popolate',
  2: 'Piccole città e sobborghi o zone a densità intermedia',
  3: 'Zone rurali o zone scarsamente popolate',
} as const;
export type ZonaAltimetrica = keyof typeof ZONE_ALTIMETRICHE;
export type GradoUrbanizzazione = keyof typeof GRADI_URBANIZZAZIONE;

/** Reference year the Legenda gives for each column. */
export const ANNI = {
  superficie_km2: 2025,
  zona_altimetrica: 2026,
  altitudine_centro_m: 2011,
  litoraneo: 2026,
  isolano: 2026,
  grado_urbanizzazione: 2021,
} as const;

export interface ClassificazioneComune {
  nome: string;
  /** Official area on 1 January 2025, km². */
  superficie_km2: number | null;
  zona_altimetrica: ZonaAltimetrica | null;
  altitudine_centro_m: number | null;
  litoraneo: boolean | null;
  isolano: boolean | null;
  grado_urbanizzazione: GradoUrbanizzazione | null;
}

const COLUMNS = {
  codice: 'Codice Istat del Comune (alfanumerico)',
  nome: 'Denominazione (Italiana e straniera)',
  superficie: 'Superficie territoriale (kmq) al 01/01/2025',
  zona: 'Zona altimetrica',
  altitudine: 'Altitudine del centro (metri)',
  litoraneo: 'Comune litoraneo',
  isolano: 'Comune isolano',
  urbanizzazione: 'Grado di urbanizzazione 2021',
} as const;

function number(cell: Cell | undefined, context: string): number | null {
  if (cell == null || cell === '') return null;
  const value = typeof cell === 'number' ? cell : Number(String(cell).trim());
  if (typeof cell === 'boolean' || cell instanceof Date || !Number.isFinite(value))
    throw new Error(`${context}: "${String(cell)}" non è un numero`);
  return value;
}

function coded<K extends number>(cell: Cell | undefined, labels: Record<K, string>, context: string): K | null {
  const value = number(cell, context);
  if (value === null) return null;
  if (!(value in labels)) throw new Error(`${context}: codice ${value} non previsto dalla Legenda`);
  return value as K;
}

function flag(cell: Cell | undefined, context: string): boolean | null {
  return coded<0 | 1>(cell, { 0: 'no', 1: 'sì' }, context) === null ? null : number(cell, context) === 1;
}

/** Sheet "Comuni 01-01-2026": one header row, then one row per comune keyed by its 2026 code. */
export function parseClassificazioni(rows: Cell[][]): Map<string, ClassificazioneComune> {
  const context = 'Classificazioni statistiche 2026';
  const { header, rows: body } = tableBelowHeader({ name: context, rows }, 'Codice Regione');
  const col = Object.fromEntries(
    Object.entries(COLUMNS).map(([k, name]) => [k, columnIndex(header, name, context)]),
  ) as Record<keyof typeof COLUMNS, number>;
  const out = new Map<string, ClassificazioneComune>();
  for (const row of body) {
    const codice = toCodiceIstat(row[col.codice] as string | number | null);
    // Note rows below the table have no code.
    if (!codice) continue;
    if (out.has(codice)) throw new Error(`${context}: il codice ${codice} compare due volte`);
    const at = `${context} ${codice}`;
    const superficie = number(row[col.superficie], `${at} superficie`);
    if (superficie !== null && superficie <= 0) throw new Error(`${at}: superficie ${superficie} non positiva`);
    out.set(codice, {
      nome: String(row[col.nome] ?? '').trim(),
      superficie_km2: superficie,
      zona_altimetrica: coded(row[col.zona], ZONE_ALTIMETRICHE, `${at} zona altimetrica`),
      altitudine_centro_m: number(row[col.altitudine], `${at} altitudine`),
      litoraneo: flag(row[col.litoraneo], `${at} litoraneo`),
      isolano: flag(row[col.isolano], `${at} isolano`),
      grado_urbanizzazione: coded(row[col.urbanizzazione], GRADI_URBANIZZAZIONE, `${at} grado di urbanizzazione`),
    });
  }
  return out;
}

export async function load(dataDir: string): Promise<Map<string, ClassificazioneComune>> {
  const file = meta.files[0]!;
  return parseSourceFile(dataDir, meta, file, async (bytes) =>
    parseClassificazioni(findSheet(await readWorkbook(bytes), /^Comuni/, file.path).rows),
  );
}
