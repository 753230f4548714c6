import type { SourceStatus } from '../join/dataset.ts';
import { AUTHOR, DATASET_TITLE } from './dati-citation.ts';
import type { DatiRelease } from './dati-release.ts';
import type { Table } from './dati-table.ts';

/**
 * datapackage.json for public/dati/: a Frictionless Data Package v2
 * (https://datapackage.org/standard/data-package/) whose resources are tabular CSVs
 * with a Table Schema each (https://datapackage.org/standard/table-schema/), each
 * followed by its Parquet twin (`<name>-parquet`, `format: parquet`, same schema and
 * rows), then the files that are not tables (the boundaries TopoJSON). `unit` on a field, `attribution` and `licenses` on a source, `righe` on a
 * resource and `citation` on the package are extension properties (the standard allows
 * additional properties on every descriptor).
 */

const PROFILE = 'https://datapackage.org/profiles/2.0';

/** Open Definition identifiers of the licences that have one; the others are named by URL and title. */
const OPEN_DEFINITION_IDS: Record<string, string> = { 'CC BY 4.0': 'CC-BY-4.0', MIT: 'MIT' };

export const CSV_DIALECT = {
  $schema: `${PROFILE}/tabledialect.json`,
  header: true,
  delimiter: ',',
  lineTerminator: '\n',
  quoteChar: '"',
  doubleQuote: true,
} as const;

export interface WrittenFile {
  /** File name inside public/dati/. */
  path: string;
  bytes: number;
  sha256: string;
}

/** The two files of one table. */
export interface TableFiles {
  csv: WrittenFile;
  parquet: WrittenFile;
}

/** IANA media type of Parquet (registered in 2024). */
const PARQUET_MEDIATYPE = 'application/vnd.apache.parquet';
const PARQUET_SUFFIX = '-parquet';

function licence(s: SourceStatus) {
  const id = OPEN_DEFINITION_IDS[s.meta.licence.name];
  return { ...(id ? { name: id } : {}), path: s.meta.licence.url, title: s.meta.licence.name };
}

function source(s: SourceStatus) {
  return {
    title: `${s.meta.publisher} – ${s.meta.dataset}`,
    path: s.meta.landingUrl,
    version: s.meta.vintage,
    attribution: s.meta.attribution,
    licenses: [licence(s)],
  };
}

/** The project compiled the package; each publisher holds the rights on its figures. */
function contributors(sources: readonly SourceStatus[], homepage: string | null) {
  const publishers = [...new Map(sources.map((s) => [s.meta.publisher, s])).values()];
  return [
    { title: AUTHOR, roles: ['creator'], ...(homepage ? { path: homepage } : {}) },
    ...publishers.map((s) => ({ title: s.meta.publisher, roles: ['RightsHolder'], path: s.meta.landingUrl })),
  ];
}

/** One entry per licence (the same licence is linked with different URLs by different sources). */
function licences(sources: readonly SourceStatus[]) {
  return [...new Map(sources.map((s) => [s.meta.licence.name, licence(s)])).values()];
}

/** A file of the package that is not a table (the boundaries TopoJSON). */
export interface FileResource {
  name: string;
  title: string;
  description: string;
  format: string;
  mediatype: string;
  fonti: string[];
  file: WrittenFile;
}

/** The sources of a table or file that this build has (an optional source may be missing). */
function tableSources(t: { fonti: readonly string[] }, fonti: readonly SourceStatus[]): SourceStatus[] {
  const available = new Map(fonti.filter((s) => s.mancante === null).map((s) => [s.meta.id, s]));
  return t.fonti.filter((id) => available.has(id)).map((id) => available.get(id)!);
}

/** The sources that feed at least one table or file, each once. */
export function usedSources(
  parts: readonly { fonti: readonly string[] }[],
  fonti: readonly SourceStatus[],
): SourceStatus[] {
  return [...new Map(parts.flatMap((t) => tableSources(t, fonti)).map((s) => [s.meta.id, s])).values()];
}

export function dataPackage(
  tables: readonly Table[],
  files: ReadonlyMap<string, TableFiles>,
  fonti: readonly SourceStatus[],
  release: DatiRelease,
  citation: string,
  others: readonly FileResource[] = [],
) {
  const used = (t: { fonti: readonly string[] }) => tableSources(t, fonti);
  const all = usedSources([...tables, ...others], fonti);
  const schema = (t: Table, suffix: string) => ({
    $schema: `${PROFILE}/tableschema.json`,
    fields: t.fields,
    missingValues: [''],
    primaryKey: t.primaryKey,
    ...(t.foreignKeys.length > 0
      ? {
          foreignKeys: t.foreignKeys.map((fk) => ({
            ...fk,
            reference: { ...fk.reference, resource: `${fk.reference.resource}${suffix}` },
          })),
        }
      : {}),
  });
  const common = (t: Table, file: WrittenFile) => ({
    $schema: `${PROFILE}/dataresource.json`,
    type: 'table',
    path: file.path,
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
    righe: t.rowCount,
    sources: used(t).map(source),
    licenses: licences(used(t)),
  });
  return {
    $schema: `${PROFILE}/datapackage.json`,
    id: release.id,
    name: 'comuni-italiani',
    title: DATASET_TITLE,
    version: release.version,
    created: release.created,
    ...(release.homepage ? { homepage: release.homepage } : {}),
    description: [
      `Dati aperti sui comuni italiani attuali, una tabella per dominio in CSV e in Parquet, con chiave codice_istat (testo di 6 cifre: leggerlo come stringa per non perdere gli zeri iniziali; il Parquet lo dichiara già come testo).`,
      "Sono gli stessi valori dell'API comuni-api (/api/...). Una cella vuota (null nel Parquet) è un valore mancante, mai uno zero: la descrizione di ogni colonna dice quando e perché manca. I valori DERIVATI e STIMATI sono indicati nella descrizione della colonna, con il metodo in /api/metodologia.",
      `Versione ${release.version}: il giorno in cui è stato ottenuto il file di fonte più recente, poi l'impronta dei file di fonte (versione_dati di /api/status). Come citarla: campo citation, README.md e CITATION.cff.`,
      `Attribuzione richiesta dalle licenze delle fonti: ${[...new Set(all.map((s) => s.meta.attribution))].join('; ')}.`,
    ].join('\n\n'),
    keywords: [
      'comuni',
      'ISTAT',
      'popolazione',
      'redditi IRPEF',
      "qualità dell'aria",
      'consumo di suolo',
      'qualità della vita',
      'Italia',
    ],
    citation,
    contributors: contributors(all, release.homepage),
    licenses: licences(all),
    sources: all.map(source),
    resources: [
      ...tables.flatMap((t) => {
        const written = files.get(t.name);
        if (!written) throw new Error(`datapackage: nessun file scritto per ${t.name}`);
        return [
          {
            name: t.name,
            ...common(t, written.csv),
            title: t.title,
            description: t.description,
            format: 'csv',
            mediatype: 'text/csv',
            encoding: 'utf-8',
            dialect: CSV_DIALECT,
            schema: schema(t, ''),
          },
          {
            name: `${t.name}${PARQUET_SUFFIX}`,
            ...common(t, written.parquet),
            title: `${t.title} (Parquet)`,
            description: `Le stesse righe e gli stessi valori di ${written.csv.path}, in Parquet con i tipi nel file (null dove il CSV ha una cella vuota).`,
            format: 'parquet',
            mediatype: PARQUET_MEDIATYPE,
            schema: schema(t, PARQUET_SUFFIX),
          },
        ];
      }),
      ...others.map((r) => ({
        $schema: `${PROFILE}/dataresource.json`,
        name: r.name,
        path: r.file.path,
        title: r.title,
        description: r.description,
        format: r.format,
        mediatype: r.mediatype,
        encoding: 'utf-8',
        bytes: r.file.bytes,
        hash: `sha256:${r.file.sha256}`,
        sources: used(r).map(source),
        licenses: licences(used(r)),
      })),
    ],
  };
}
