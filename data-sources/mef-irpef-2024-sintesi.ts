import { createHash } from 'node:crypto';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import type { Pair } from './mef-irpef-comunale.ts';

export type { Pair } from './mef-irpef-comunale.ts';

const DIR = 'mef/irpef-comunale-2024-sintesi';
/** The official MEF file the re-publication was built from (recorded in its meta.json). */
const OFFICIAL_ZIP =
  'https://www1.finanze.gov.it/finanze/analisi_stat/public/v_4_0_0/contenuti/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.zip';

export const meta: SourceMeta = {
  id: 'mef-irpef-2024-sintesi',
  publisher: 'MEF – Dipartimento delle Finanze',
  dataset: "Redditi e principali variabili IRPEF su base comunale, anno d'imposta 2024 (sintesi ripubblicata in JSON)",
  landingUrl: 'https://www1.finanze.gov.it/finanze/analisi_stat/public/index.php?tree=2025',
  vintage: "anno d'imposta 2024 (dichiarazioni 2025, pubblicato dal MEF il 2026-04-23)",
  referenceDate: '2024',
  licence: { name: 'CC BY 3.0 IT', url: 'https://creativecommons.org/licenses/by/3.0/it/' },
  attribution: 'MEF – Dipartimento delle Finanze',
  // The three JSON files are a third party's derivative of the official zip below, not
  // members of it: the URL is the official file they were built from (see notes).
  files: ['mef-irpef-2024.data.json', 'mef-irpef-2024.meta.json', 'mef-irpef-2024.source.json'].map((name) => ({
    path: `${DIR}/${name}`,
    url: OFFICIAL_ZIP,
  })),
  required: false,
  feeds: ['redditi'],
  notes: [
    'Dati MEF ripubblicati da terzi in JSON (datasetId "mef_irpef_comunale", schemaVersion 1; il ripubblicatore non è nominato nei file): il file ufficiale è lo zip MEF indicato, di cui meta.json registra dimensione e SHA-256 (anche del CSV contenuto); i JSON non sono membri dello zip.',
    'Solo contribuenti e cinque coppie (frequenza, ammontare): reddito complessivo, reddito imponibile, imposta netta, addizionale regionale e comunale dovute. Nessuno scaglione di reddito: per il 2024 la mediana non è stimabile.',
    'Gli ammontari sono interi in centesimi nel JSON e sono riconvertiti in euro; i valori oscurati dal MEF (frequenza inferiore a 4 e celle collegate) restano null.',
    'La riga MEF "Mancante/errata" (contribuenti senza comune) non è tra i comuni: è riportata tra gli scartati con il suo numero di contribuenti.',
    "L'ordine delle misure in ogni riga è letto da measureOrder nel file; le prime sei posizioni della riga (codice ISTAT, codice catastale, nome, codice provincia, sigla, codice regione) e la settima (contribuenti) seguono lo schema osservato nel file, che le verifica.",
  ],
};

export interface IrpefSintesiComune {
  codice_istat: string;
  nome: string;
  sigla_provincia: string;
  contribuenti: number | null;
  reddito_complessivo: Pair;
  reddito_imponibile: Pair;
  imposta_netta: Pair;
  addizionale_regionale: Pair;
  addizionale_comunale: Pair;
}

export interface IrpefSintesiChecksums {
  zip: { url: string; bytes: number; sha256: string };
  csv: { name: string; bytes: number; sha256: string };
  data_json: { bytes: number; sha256: string };
}

export interface IrpefSintesi2024 {
  anno: number;
  comuni: IrpefSintesiComune[];
  scartati: { codice: string; nome: string; motivo: string }[];
  checksums: IrpefSintesiChecksums;
}

/** The re-publication's measure names → this API's field names. */
const MEASURES = {
  comprehensiveIncome: 'reddito_complessivo',
  taxableIncome: 'reddito_imponibile',
  netTaxDeclared: 'imposta_netta',
  regionalSurtaxDue: 'addizionale_regionale',
  municipalSurtaxDue: 'addizionale_comunale',
} as const;
type MeasureName = keyof typeof MEASURES;

/** Identity cells before the taxpayers and the measure pairs in each municipality row. */
const IDENTITY = [
  'codice_istat',
  'codice_catastale',
  'nome',
  'codice_provincia',
  'sigla_provincia',
  'codice_regione',
] as const;

const CONTEXT = 'mef-irpef-2024-sintesi';

function fail(message: string): never {
  throw new Error(`${CONTEXT}: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(obj: unknown, path: string): unknown {
  let current: unknown = obj;
  for (const key of path.split('.')) {
    if (!isRecord(current) || !(key in current)) fail(`manca "${path}"`);
    current = current[key];
  }
  return current;
}

function str(obj: unknown, path: string): string {
  const v = field(obj, path);
  if (typeof v !== 'string') fail(`"${path}" non è una stringa`);
  return v;
}

function int(obj: unknown, path: string): number {
  const v = field(obj, path);
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) fail(`"${path}" non è un intero`);
  return v;
}

/** A count, or null where suppressed. */
function count(value: unknown, context: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(`${context}: ${JSON.stringify(value)} non è un conteggio`);
  return value;
}

/** Integer cents → euro; null stays null. */
function centsToEuro(value: unknown, context: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    fail(`${context}: ${JSON.stringify(value)} non è un importo in centesimi interi`);
  // Division of an integer by 100 gives the nearest double to the exact euro amount (and
  // the exact amount itself when it is a whole number of euro, as MEF's source figures are).
  return value / 100;
}

/**
 * Parses the re-published 2024 file (data.json, already JSON.parse'd) with its meta.json.
 * Row layout: the six identity cells, the taxpayers, then one (frequenza, ammontare in
 * cents) pair per measure in the order `measureOrder` gives.
 */
export function parseIrpef2024(data: unknown, metaJson: unknown): IrpefSintesi2024 {
  const anno = int(data, 'taxYear');
  const metaYear = int(metaJson, 'period.taxYear');
  if (anno !== metaYear) fail(`data.json è dell'anno d'imposta ${anno}, meta.json del ${metaYear}`);
  const order = field(data, 'measureOrder');
  if (!Array.isArray(order) || !order.every((m) => typeof m === 'string'))
    fail('"measureOrder" non è un elenco di nomi');
  const position = new Map<MeasureName, number>();
  for (const name of Object.keys(MEASURES) as MeasureName[]) {
    const at = order.indexOf(name);
    if (at < 0) fail(`measureOrder ${JSON.stringify(order)} non contiene "${name}"`);
    position.set(name, at);
  }
  const width = IDENTITY.length + 1 + 2 * order.length;
  const rows = field(data, 'municipalities');
  if (!Array.isArray(rows)) fail('"municipalities" non è un elenco');
  const seen = new Set<string>();
  const comuni = rows.map((row: unknown, r): IrpefSintesiComune => {
    if (!Array.isArray(row) || row.length !== width)
      fail(
        `la riga comunale ${r} dovrebbe avere ${width} celle (6 identificative, contribuenti, ${order.length} coppie)`,
      );
    const codice = row[0];
    if (typeof codice !== 'string' || !/^\d{6}$/.test(codice) || codice === '000000')
      fail(`riga comunale ${r}: ${JSON.stringify(codice)} non è un codice comune`);
    if (typeof row[2] !== 'string' || typeof row[4] !== 'string' || !/^[A-Z]{2}$/.test(row[4]))
      fail(`riga comunale ${r} (${codice}): celle del nome o della provincia inattese`);
    if (seen.has(codice)) fail(`il codice ISTAT ${codice} compare due volte`);
    seen.add(codice);
    const pair = (name: MeasureName): Pair => {
      const at = IDENTITY.length + 1 + 2 * position.get(name)!;
      return {
        frequenza: count(row[at], `${codice} ${name} count`),
        ammontare: centsToEuro(row[at + 1], `${codice} ${name} amount`),
      };
    };
    return {
      codice_istat: codice,
      nome: row[2],
      sigla_provincia: row[4],
      contribuenti: count(row[IDENTITY.length], `${codice} taxpayers`),
      reddito_complessivo: pair('comprehensiveIncome'),
      reddito_imponibile: pair('taxableIncome'),
      imposta_netta: pair('netTaxDeclared'),
      addizionale_regionale: pair('regionalSurtaxDue'),
      addizionale_comunale: pair('municipalSurtaxDue'),
    };
  });
  const scartati: IrpefSintesi2024['scartati'] = [];
  const unassigned = isRecord(data) && isRecord(data.national) ? data.national.unassigned : undefined;
  if (isRecord(unassigned)) {
    const label = typeof unassigned.label === 'string' ? unassigned.label : 'non attribuiti';
    const taxpayers = count(unassigned.taxpayers ?? null, 'national.unassigned.taxpayers');
    scartati.push({
      codice: '0',
      nome: label,
      motivo: `riga MEF "${label}"${taxpayers === null ? '' : ` (${taxpayers} contribuenti)`}: contribuenti senza comune attribuito, esclusa dalla ripubblicazione`,
    });
  }
  return {
    anno,
    comuni,
    scartati,
    checksums: {
      zip: {
        url: str(metaJson, 'source.assetUrl'),
        bytes: int(metaJson, 'source.zip.bytes'),
        sha256: str(metaJson, 'source.zip.sha256'),
      },
      csv: {
        name: str(metaJson, 'source.csvMember.name'),
        bytes: int(metaJson, 'source.csvMember.bytes'),
        sha256: str(metaJson, 'source.csvMember.sha256'),
      },
      data_json: { bytes: int(metaJson, 'dataArtifactBytes'), sha256: str(metaJson, 'dataArtifactSha256') },
    },
  };
}

/** SHA-256 of data.json must match the one meta.json records, or the pair is not the published one. */
export function verifyDataArtifact(dataBytes: Uint8Array, metaJson: unknown): void {
  const expected = str(metaJson, 'dataArtifactSha256');
  const actual = createHash('sha256').update(dataBytes).digest('hex');
  if (actual !== expected) fail(`lo SHA-256 di data.json ${actual} è diverso da ${expected} registrato in meta.json`);
  const bytes = int(metaJson, 'dataArtifactBytes');
  if (dataBytes.length !== bytes) fail(`data.json è di ${dataBytes.length} byte, meta.json ne registra ${bytes}`);
}

export async function load(dataDir: string): Promise<IrpefSintesi2024> {
  const [dataFile, metaFile, sourceFile] = meta.files;
  // source.json documents the CSV → JSON mapping; it is only required to be present (and JSON).
  await parseSourceFile(dataDir, meta, sourceFile!, () => null);
  const metaJson: unknown = await parseSourceFile(dataDir, meta, metaFile!, (bytes) =>
    JSON.parse(decodeText(bytes, 'utf-8')),
  );
  return parseSourceFile(dataDir, meta, dataFile!, (dataBytes) => {
    verifyDataArtifact(dataBytes, metaJson);
    return parseIrpef2024(JSON.parse(decodeText(dataBytes, 'utf-8')), metaJson);
  });
}
