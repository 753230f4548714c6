import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import {
  DELITTI_PROVINCE,
  DELITTI_PROVINCE_SENZA_DATO,
  type DelittiProvinciaMapping,
} from './mappings/delitti-province.ts';

const DIR = 'istat/delitti';
const LANDING = 'http://dati.istat.it/Index.aspx?DataSetCode=DCCV_DELITTIPS';

export const meta: SourceMeta = {
  id: 'istat-delitti',
  publisher: 'ISTAT',
  dataset: "Delitti denunciati dalle forze di polizia all'autorità giudiziaria (DCCV_DELITTIPS), per provincia",
  landingUrl: LANDING,
  vintage: 'anni 2014-2024, 106 province',
  referenceDate: '2014/2024',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.it' },
  attribution: "ISTAT, Delitti denunciati dalle forze di polizia all'autorità giudiziaria",
  files: [
    // JSON extracts of the dataset (today served as dataflow 73_67_DF_DCCV_DELITTIPS on esploradati.istat.it); no direct file URL.
    { path: `${DIR}/delitti_province.json`, url: LANDING },
    { path: `${DIR}/reati_allarme_sociale_province.json`, url: LANDING },
  ],
  required: false,
  feeds: ['sicurezza'],
  notes: [
    'Dato provinciale: vale per tutti i comuni della provincia, non è un dato del comune.',
    'Sono delitti denunciati, non delitti commessi: risentono della propensione a denunciare.',
    'I territori del file hanno codici storici (Roma ITE43, Sardegna ITG25-ITG28, IT108-IT110); la corrispondenza con le province attuali è una tabella rivista (data-sources/mappings/delitti-province.ts), verificata sulla popolazione 2020.',
    'Sud Sardegna (SU) non è presente nel file: per i suoi comuni il dato è null.',
    'Tasso_per_1000 e Tasso_per_100k sono quelli del file (delitti / popolazione residente).',
    'I file JSON sono estratti del dataset; il campo url indica la pagina del dataset su dati.istat.it.',
  ],
};

export interface DelittiAnno {
  anno: number;
  delitti: number | null;
  popolazione: number | null;
  tasso_per_1000: number | null;
}

export interface ReatoAnno {
  anno: number;
  /** Crime type as ISTAT names it, e.g. "Omicidi volontari consumati". */
  reato: string;
  delitti: number | null;
  popolazione: number | null;
  tasso_per_100000: number | null;
}

export interface TerritorioNonMappato {
  territorio: string;
  ref_area: string;
  motivo: string;
}

export interface ProvinciaSenzaDato {
  sigla: string;
  motivo: string;
}

export interface DelittiPerProvincia<T> {
  /** Per current sigla, sorted by year. */
  perSigla: Map<string, T[]>;
  /** Territories of the file that the mapping table does not accept. */
  nonMappati: TerritorioNonMappato[];
  /** Current provinces with no figures, with the reason. */
  senzaDato: ProvinciaSenzaDato[];
}

type JsonRecord = Record<string, unknown>;

function records(json: unknown, file: string): JsonRecord[] {
  if (!Array.isArray(json)) throw new Error(`${file}: atteso un array JSON di record`);
  return json.map((r, i) => {
    if (r == null || typeof r !== 'object' || Array.isArray(r))
      throw new Error(`${file}: il record ${i} non è un oggetto`);
    return r as JsonRecord;
  });
}

function str(r: JsonRecord, key: string, file: string): string {
  const v = r[key];
  if (typeof v !== 'string' || v.trim() === '') throw new Error(`${file}: record senza ${key}: ${JSON.stringify(r)}`);
  return v.trim();
}

/** A count or rate: null when absent or null in the file, never 0. */
function num(r: JsonRecord, key: string, file: string): number | null {
  const v = r[key];
  if (v == null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
  if (!Number.isFinite(n)) throw new Error(`${file}: ${key} "${String(v)}" non è un numero`);
  return n;
}

function year(r: JsonRecord, file: string): number {
  const n = num(r, 'Anno', file);
  if (n == null || !Number.isInteger(n)) throw new Error(`${file}: Anno non valido in ${JSON.stringify(r)}`);
  return n;
}

/** Resolves a file territory to a current sigla through the reviewed table. */
function resolver(mapping: readonly DelittiProvinciaMapping[]) {
  const byName = new Map(mapping.map((m) => [m.territorio.toLowerCase(), m]));
  return (territorio: string, refArea: string): { sigla: string } | { motivo: string } => {
    const m = byName.get(territorio.toLowerCase());
    if (!m) return { motivo: 'territorio non presente nella tabella di corrispondenza' };
    if (m.ref_area !== refArea) return { motivo: `REF_AREA "${refArea}" diverso da quello verificato "${m.ref_area}"` };
    return { sigla: m.sigla };
  };
}

function group<T extends { anno: number }>(
  rows: JsonRecord[],
  file: string,
  build: (r: JsonRecord) => T,
  mapping: readonly DelittiProvinciaMapping[],
  siglaAttuali: Iterable<string> | undefined,
  key: (t: T) => string,
): DelittiPerProvincia<T> {
  const resolve = resolver(mapping);
  const perSigla = new Map<string, T[]>();
  const nonMappati = new Map<string, TerritorioNonMappato>();
  const seen = new Set<string>();
  for (const r of rows) {
    const territorio = str(r, 'Territorio', file);
    const refArea = str(r, 'REF_AREA', file);
    const target = resolve(territorio, refArea);
    if ('motivo' in target) {
      nonMappati.set(`${refArea}|${territorio}`, { territorio, ref_area: refArea, motivo: target.motivo });
      continue;
    }
    const item = build(r);
    const k = `${target.sigla}|${key(item)}`;
    if (seen.has(k)) throw new Error(`${file}: due record per ${k}`);
    seen.add(k);
    const list = perSigla.get(target.sigla) ?? [];
    list.push(item);
    perSigla.set(target.sigla, list);
  }
  for (const list of perSigla.values()) list.sort((a, b) => a.anno - b.anno || key(a).localeCompare(key(b)));
  const reasons = new Map(DELITTI_PROVINCE_SENZA_DATO.map((s) => [s.sigla, s.motivo]));
  const senzaDato: ProvinciaSenzaDato[] = [];
  const expected = siglaAttuali ? [...siglaAttuali] : [...reasons.keys()];
  for (const sigla of expected) {
    if (perSigla.has(sigla)) continue;
    senzaDato.push({ sigla, motivo: reasons.get(sigla) ?? 'provincia assente dal file ISTAT' });
  }
  return { perSigla, nonMappati: [...nonMappati.values()], senzaDato };
}

/**
 * delitti_province.json: all crimes reported, per territory and year. `siglaAttuali`
 * (the registry's provinces) lets the result list every current province left without
 * figures; without it only the provinces the mapping table names are listed.
 */
export function parseDelittiProvince(
  json: unknown,
  siglaAttuali?: Iterable<string>,
  mapping: readonly DelittiProvinciaMapping[] = DELITTI_PROVINCE,
): DelittiPerProvincia<DelittiAnno> {
  const file = 'delitti_province.json';
  return group(
    records(json, file),
    file,
    (r) => ({
      anno: year(r, file),
      delitti: num(r, 'Delitti', file),
      popolazione: num(r, 'Popolazione', file),
      tasso_per_1000: num(r, 'Tasso_per_1000', file),
    }),
    mapping,
    siglaAttuali,
    (t) => String(t.anno),
  );
}

/** reati_allarme_sociale_province.json: six serious crime types, per territory, year and type. */
export function parseReatiAllarmeSociale(
  json: unknown,
  siglaAttuali?: Iterable<string>,
  mapping: readonly DelittiProvinciaMapping[] = DELITTI_PROVINCE,
): DelittiPerProvincia<ReatoAnno> {
  const file = 'reati_allarme_sociale_province.json';
  return group(
    records(json, file),
    file,
    (r) => ({
      anno: year(r, file),
      reato: str(r, 'Reato', file),
      delitti: num(r, 'Delitti', file),
      popolazione: num(r, 'Popolazione', file),
      tasso_per_100000: num(r, 'Tasso_per_100k', file),
    }),
    mapping,
    siglaAttuali,
    (t) => `${t.anno}|${t.reato}`,
  );
}

export interface IstatDelitti {
  delitti: DelittiPerProvincia<DelittiAnno>;
  reatiAllarmeSociale: DelittiPerProvincia<ReatoAnno>;
}

export async function load(dataDir: string, siglaAttuali?: Iterable<string>): Promise<IstatDelitti> {
  const [delittiFile, reatiFile] = meta.files as [(typeof meta.files)[0], (typeof meta.files)[0]];
  const siglas = siglaAttuali ? [...siglaAttuali] : undefined;
  return {
    delitti: await parseSourceFile(dataDir, meta, delittiFile, (bytes) =>
      parseDelittiProvince(JSON.parse(decodeText(bytes, 'utf-8')), siglas),
    ),
    reatiAllarmeSociale: await parseSourceFile(dataDir, meta, reatiFile, (bytes) =>
      parseReatiAllarmeSociale(JSON.parse(decodeText(bytes, 'utf-8')), siglas),
    ),
  };
}
