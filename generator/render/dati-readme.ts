import { formatDecimal, formatInteger } from '../../api/numbers.ts';
import type { SourceStatus } from '../join/dataset.ts';
import type { DatiRelease } from './dati-release.ts';

/**
 * README.md of the bulk dataset, written from datapackage.json's resources: a table or
 * file another step adds to the package gets its line here with no code of its own.
 * The DuckDB snippets are run by test/site/parquet.test.ts on the built files.
 */

/** What the README reads of a resource: any resource of the package, tabular or not. */
export interface ReadmeResource {
  name: string;
  path: string;
  format: string;
  title?: string;
  righe?: number;
  bytes?: number;
  schema?: { fields: { name: string; type: string; unit?: string }[]; primaryKey?: string[] };
}

export interface ReadmeInput {
  release: DatiRelease;
  citation: string;
  resources: readonly ReadmeResource[];
  sources: readonly SourceStatus[];
  /** Number of comuni and the date of the registry they are (the territorial basis). */
  comuni: number;
  registryDate: string;
}

/** The other files of the package, described once here. */
export const PACKAGE_FILES = {
  descriptor: 'datapackage.json',
  readme: 'README.md',
  citation: 'CITATION.cff',
} as const;

const FORMAT_NAMES: Record<string, string> = { csv: 'CSV', parquet: 'Parquet' };

function megabytes(bytes: number | undefined): string {
  return bytes === undefined ? '' : `${formatDecimal(bytes / 1e6, bytes < 1e6 ? 2 : 1)} MB`;
}

function fileRow(r: ReadmeResource): string {
  const rows = r.righe === undefined ? '' : formatInteger(r.righe);
  return `| \`${r.path}\` | ${FORMAT_NAMES[r.format] ?? r.format} | ${rows} | ${megabytes(r.bytes)} | ${r.title ?? r.name} |`;
}

/** One line per column: name, type, unit (descriptions are in datapackage.json, the codebook). */
function columns(r: ReadmeResource): string[] {
  if (!r.schema) return [];
  const key = r.schema.primaryKey?.length ? ` (chiave: ${r.schema.primaryKey.map((k) => `\`${k}\``).join(' + ')})` : '';
  return [
    '',
    `### ${r.name}${key}`,
    '',
    ...r.schema.fields.map((f) => `- \`${f.name}\` · ${f.type}${f.unit ? ` · ${f.unit}` : ''}`),
  ];
}

const PANDAS = `\`\`\`python
import json
import pandas as pd

pkg = json.load(open("datapackage.json", encoding="utf-8"))

def leggi_csv(nome):
    r = next(r for r in pkg["resources"] if r["name"] == nome)
    testo = {f["name"]: str for f in r["schema"]["fields"] if f["type"] == "string"}
    # Solo la cella vuota è un valore mancante: senza keep_default_na=False la sigla
    # di Napoli "NA" diventa NaN; dtype=str tiene gli zeri iniziali dei codici.
    return pd.read_csv(r["path"], dtype=testo, keep_default_na=False, na_values=[""])

comuni = leggi_csv("comuni")
print(comuni.loc[comuni.codice_istat == "063049", ["nome", "sigla_provincia"]])

# Parquet (con pyarrow): i tipi sono nel file, nessuna opzione.
redditi = pd.read_parquet("redditi.parquet", dtype_backend="numpy_nullable")
\`\`\``;

const R = `\`\`\`r
pkg <- jsonlite::fromJSON("datapackage.json", simplifyVector = FALSE)

leggi_csv <- function(nome) {
  r <- Filter(function(r) r$name == nome, pkg$resources)[[1]]
  testo <- vapply(Filter(function(f) f$type == "string", r$schema$fields), function(f) f$name, "")
  # na.strings = "": senza, la sigla di Napoli "NA" diventa NA; i codici restano testo.
  read.csv(r$path, colClasses = setNames(rep("character", length(testo)), testo),
           na.strings = "", encoding = "UTF-8")
}

comuni <- leggi_csv("comuni")
comuni[comuni$codice_istat == "063049", c("nome", "sigla_provincia")]

# Parquet (pacchetto arrow): i tipi sono nel file.
redditi <- arrow::read_parquet("redditi.parquet")
\`\`\``;

const DUCKDB = `\`\`\`sql
-- Parquet: codice_istat è VARCHAR, gli interi BIGINT, i decimali DOUBLE, senza opzioni.
SELECT anno, count(*) AS comuni, sum(contribuenti) AS contribuenti
FROM 'redditi.parquet' GROUP BY anno ORDER BY anno;

-- CSV: DuckDB riconosce i codici con zeri iniziali come testo e legge "NA" come testo.
SELECT codice_istat, nome, sigla_provincia FROM 'comuni.csv' WHERE codice_istat = '063049';
\`\`\``;

export function datiReadme(input: ReadmeInput): string {
  const { release, resources, sources } = input;
  // A Parquet twin has the columns of its CSV: listed once.
  const tables = resources.filter((r) => r.schema && r.format !== 'parquet');
  const lines = [
    '# Comuni italiani: dati aperti di comuni-api',
    '',
    `Versione **${release.version}** · creata il ${release.created} · id \`${release.id}\`${release.homepage ? ` · ${release.homepage}` : ''}`,
    '',
    `Dati sui ${formatInteger(input.comuni)} comuni italiani: anagrafica, popolazione, redditi IRPEF, qualità dell'aria e consumo di suolo, servizi, sicurezza (dato provinciale), indice di qualità della vita. Sono gli stessi valori dell'API comuni-api, con fonte e anno di riferimento.`,
    '',
    "La versione è il giorno in cui è stato ottenuto il file di fonte più recente, poi l'impronta dei file di fonte (`versione_dati` di `/api/status`): gli stessi file danno la stessa versione.",
    '',
    '## File',
    '',
    '| File | Formato | Righe | Dimensione | Contenuto |',
    '|---|---|---:|---:|---|',
    ...resources.map(fileRow),
    `| \`${PACKAGE_FILES.descriptor}\` | JSON | | | Frictionless Data Package v2: per ogni colonna tipo, unità di misura, descrizione (quando e perché manca un valore, se è DERIVATO o STIMATO); chiavi, fonti, licenze |`,
    `| \`${PACKAGE_FILES.readme}\` | Markdown | | | questo file |`,
    `| \`${PACKAGE_FILES.citation}\` | CFF 1.2.0 | | | come citare questa versione e le fonti |`,
    '',
    'Ogni tabella è in due formati con le stesse righe e gli stessi valori: CSV (UTF-8, virgola, intestazione, fine riga `\\n`) e Parquet (compressione ZSTD, tipi nel file: testo → string, `integer` → INT64, `number` → DOUBLE, `year` → INT32, `boolean` → BOOLEAN).',
    '',
    '## Base territoriale',
    '',
    `Le righe sono i ${formatInteger(input.comuni)} comuni in vigore al ${input.registryDate}, con chiave \`codice_istat\` (6 cifre). Gli anni passati sono i valori pubblicati dalle fonti per quel codice; come sono trattati i comuni istituiti, fusi o ricodificati è spiegato nella descrizione delle colonne e in \`/api/metodologia\`. I valori marcati DATO PROVINCIALE sono della provincia del comune, uguali per tutti i suoi comuni.`,
    '',
    '## Valori mancanti, unità, tipi',
    '',
    '- Un valore mancante è una **cella vuota** nel CSV e un **null** nel Parquet, mai uno zero. La descrizione della colonna in `datapackage.json` dice quando e perché manca; una colonna che nessuna fonte riempie è omessa e la descrizione della tabella lo dice.',
    '- Ogni colonna numerica ha la sua unità di misura (`unit` in `datapackage.json`, ripetuta qui sotto).',
    '- `codice_istat`, i codici di provincia e regione e il CAP sono **testo**: letti come numeri perdono gli zeri iniziali (001001 → 1001). `sigla_provincia` di Napoli è `NA`, che pandas e R leggono come valore mancante se non si dice loro che solo la cella vuota lo è. Il Parquet non ha questi problemi.',
    '',
    '### pandas',
    '',
    PANDAS,
    '',
    '### R',
    '',
    R,
    '',
    '### DuckDB',
    '',
    DUCKDB,
    '',
    '## Colonne',
    '',
    'Nome · tipo · unità, uguali nel CSV e nel Parquet. Le descrizioni complete sono in `datapackage.json`.',
    ...tables.flatMap(columns),
    '',
    '## Come citare',
    '',
    input.citation,
    '',
    `Gli stessi dati in formato Citation File Format sono in \`${PACKAGE_FILES.citation}\`.`,
    '',
    '## Fonti e licenze',
    '',
    "Ogni fonte conserva la sua licenza; chi riusa i dati deve citarla con l'attribuzione indicata.",
    '',
    ...sources.map(
      (s) =>
        `- **${s.meta.publisher}**, ${s.meta.dataset} (${s.meta.vintage}). Licenza [${s.meta.licence.name}](${s.meta.licence.url}). Attribuzione: ${s.meta.attribution}. ${s.meta.landingUrl}`,
    ),
    '',
  ];
  return lines.join('\n');
}
