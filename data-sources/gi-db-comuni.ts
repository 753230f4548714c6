import { parseTable, columnIndex, type Table } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { parseDecimalComma, toCodiceIstat } from './lib/values.ts';
import { pushTo } from '../lib/maps.ts';

const DIR = 'gi-db-comuni/2025-01-01';
const ZIP = 'https://www.gardainformatica.it/database-comuni-italiani/2025-01-01/gi_db_comuni-2025-01-01-csv.zip';

export const meta: SourceMeta = {
  id: 'gi-db-comuni',
  publisher: 'Garda Informatica (da elenchi ISTAT)',
  dataset: 'Database Comuni Italiani',
  landingUrl: 'https://www.gardainformatica.it/database-comuni-italiani',
  vintage: 'release 2025-01-01 (7.896 comuni)',
  referenceDate: '2025-01-01',
  licence: { name: 'MIT', url: 'https://opensource.org/license/mit/' },
  attribution: 'Garda Informatica, "Database Comuni Italiani", licenza MIT',
  files: ['gi_comuni.csv', 'gi_cap.csv', 'gi_province.csv', 'gi_regioni.csv', 'gi_comuni_validita.csv'].map((name) => ({
    path: `${DIR}/${name}`,
    url: ZIP,
    zipMember: name,
  })),
  required: true,
  feeds: ['comuni'],
  notes: [
    'Spina del registro: definisce quali comuni esistono (7.896 al 1° gennaio 2025).',
    'UTF-8, separatore ";", virgola decimale.',
    'La tipologia "Citta metropolitana" del file è servita con l\'accento, come nella denominazione ufficiale ("Città metropolitana").',
  ],
};

/** The file writes the metropolitan cities' type without its accent; ISTAT's name has it. */
const TIPOLOGIA_UFFICIALE: Record<string, string> = { 'Citta metropolitana': 'Città metropolitana' };

export interface GiComune {
  codice_istat: string;
  nome: string;
  /** Official bilingual form, e.g. "Bolzano/Bozen". */
  nome_completo: string;
  nome_altra_lingua: string | null;
  sigla_provincia: string;
  /** Code of the supra-municipal unit (UTS), e.g. "201" for the metropolitan city of Torino. */
  codice_uts: string;
  capoluogo: boolean;
  codice_catastale: string;
  lat: number | null;
  lon: number | null;
  superficie_km2: number | null;
  cap: string[];
  /** Values present in the file but impossible (e.g. a negative area): served as null, with the reason. */
  anomalie: { campo: string; valore: string; motivo: string }[];
}

export interface GiProvincia {
  sigla: string;
  nome: string;
  tipologia: string;
  codice_uts: string;
  codice_regione: string;
  superficie_km2: number | null;
}

export interface GiRegione {
  codice: string;
  nome: string;
  tipologia: string;
  ripartizione: string;
}

/** A period in which a code was or is valid (suppressed and renamed comuni keep their past rows). */
export interface GiValidita {
  codice_istat: string;
  codice_catastale: string;
  nome: string;
  sigla_provincia: string;
  attivo: boolean;
  inizio: string | null;
  fine: string | null;
}

export interface GiDbComuni {
  comuni: GiComune[];
  province: GiProvincia[];
  regioni: GiRegione[];
  validita: GiValidita[];
  /** Every (code, CAPs) of gi_cap.csv, the codes of comuni no longer served included. */
  capPerCodice: Map<string, string[]>;
}

function cells(table: Table, context: string) {
  return (name: string) => {
    const i = columnIndex(table.header, name, context);
    return (row: string[]) => row[i]!.trim();
  };
}

/** gi_cap.csv: ISTAT code → its CAPs. It also lists codes no longer in gi_comuni.csv (comuni absorbed in 2024). */
export function parseCap(capText: string): Map<string, string[]> {
  const caps = new Map<string, string[]>();
  const capTable = parseTable(capText, ';');
  const capCol = cells(capTable, 'gi_cap.csv');
  const capCode = capCol('codice_istat');
  const capValue = capCol('cap');
  for (const row of capTable.rows) {
    const code = toCodiceIstat(capCode(row));
    if (!code) continue;
    pushTo(caps, code, capValue(row));
  }
  return caps;
}

export function parseComuni(text: string, capText: string): GiComune[] {
  const caps = parseCap(capText);
  const table = parseTable(text, ';');
  const col = cells(table, 'gi_comuni.csv');
  const code = col('codice_istat');
  const [nome, nomeCompleto, altra, sigla, uts, capoluogo, belfiore, lat, lon, superficie] = [
    'denominazione_ita',
    'denominazione_ita_altra',
    'denominazione_altra',
    'sigla_provincia',
    'codice_sovracomunale',
    'flag_capoluogo',
    'codice_belfiore',
    'lat',
    'lon',
    'superficie_kmq',
  ].map(col) as ((row: string[]) => string)[];
  return table.rows.map((row) => {
    const codice = toCodiceIstat(code(row));
    if (!codice) throw new Error(`gi_comuni.csv: codice_istat non valido "${code(row)}"`);
    const anomalie: GiComune['anomalie'] = [];
    let area = parseDecimalComma(superficie!(row), `superficie di ${codice}`);
    if (area !== null && area <= 0) {
      // Three rows of the 2025-01-01 release carry a negative area: not guessed back (e.g. by dropping the sign).
      anomalie.push({
        campo: 'superficie_km2',
        valore: superficie!(row),
        motivo: `La fonte riporta una superficie non positiva (${superficie!(row)} km²): valore scartato.`,
      });
      area = null;
    }
    return {
      codice_istat: codice,
      nome: nome!(row),
      nome_completo: nomeCompleto!(row),
      nome_altra_lingua: altra!(row) || null,
      sigla_provincia: sigla!(row),
      codice_uts: uts!(row),
      capoluogo: capoluogo!(row) === 'SI',
      codice_catastale: belfiore!(row),
      lat: parseDecimalComma(lat!(row), `lat di ${codice}`),
      lon: parseDecimalComma(lon!(row), `lon di ${codice}`),
      superficie_km2: area,
      cap: [...new Set(caps.get(codice) ?? [])].sort(),
      anomalie,
    };
  });
}

export function parseProvince(text: string): GiProvincia[] {
  const table = parseTable(text, ';');
  const col = cells(table, 'gi_province.csv');
  const [sigla, nome, tipologia, uts, regione, superficie] = [
    'sigla_provincia',
    'denominazione_provincia',
    'tipologia_provincia',
    'codice_sovracomunale',
    'codice_regione',
    'superficie_kmq',
  ].map(col) as ((row: string[]) => string)[];
  return table.rows.map((row) => ({
    sigla: sigla!(row),
    nome: nome!(row),
    tipologia: TIPOLOGIA_UFFICIALE[tipologia!(row)] ?? tipologia!(row),
    codice_uts: uts!(row),
    codice_regione: regione!(row),
    superficie_km2: parseDecimalComma(superficie!(row), `superficie di ${sigla!(row)}`),
  }));
}

export function parseRegioni(text: string): GiRegione[] {
  const table = parseTable(text, ';');
  const col = cells(table, 'gi_regioni.csv');
  const [codice, nome, tipologia, ripartizione] = [
    'codice_regione',
    'denominazione_regione',
    'tipologia_regione',
    'ripartizione_geografica',
  ].map(col) as ((row: string[]) => string)[];
  return table.rows.map((row) => ({
    codice: codice!(row),
    nome: nome!(row),
    tipologia: tipologia!(row),
    ripartizione: ripartizione!(row),
  }));
}

export function parseValidita(text: string): GiValidita[] {
  const table = parseTable(text, ';');
  const col = cells(table, 'gi_comuni_validita.csv');
  const [code, catastale, nome, sigla, inizio, fine, stato] = [
    'codice_istat',
    'codice_belfiore',
    'denominazione_ita',
    'sigla_provincia',
    'data_inizio_validita',
    'data_fine_validita',
    'stato_validita',
  ].map(col) as ((row: string[]) => string)[];
  return table.rows.flatMap((row) => {
    const codice = toCodiceIstat(code!(row));
    if (!codice) return [];
    return [
      {
        codice_istat: codice,
        codice_catastale: catastale!(row),
        nome: nome!(row),
        sigla_provincia: sigla!(row),
        attivo: stato!(row) === 'Attivo',
        inizio: isoDate(inizio!(row)),
        fine: isoDate(fine!(row)),
      },
    ];
  });
}

/** "17/03/1861" → "1861-03-17"; blank → null. */
function isoDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export async function load(dataDir: string): Promise<GiDbComuni> {
  const [comuniFile, capFile, provinceFile, regioniFile, validitaFile] = meta.files as [
    SourceFile,
    SourceFile,
    SourceFile,
    SourceFile,
    SourceFile,
  ];
  // Each file decoded on its own, so an encoding error names the right one; gi_comuni.csv is then parsed with the CAP file.
  const [comuniText, capText, provinceText, regioniText, validitaText] = await allSourceFiles(
    [comuniFile, capFile, provinceFile, regioniFile, validitaFile].map((file) =>
      parseSourceFile(dataDir, meta, file, (bytes) => decodeText(bytes, 'utf-8')),
    ),
  );
  const parse = <T>(file: SourceFile, text: string, fn: (t: string) => T) =>
    parseSourceFile(dataDir, meta, file, () => fn(text));
  return {
    comuni: await parse(comuniFile, comuniText!, (t) => parseComuni(t, capText!)),
    province: await parse(provinceFile, provinceText!, parseProvince),
    regioni: await parse(regioniFile, regioniText!, parseRegioni),
    validita: await parse(validitaFile, validitaText!, parseValidita),
    capPerCodice: parseCap(capText!),
  };
}
