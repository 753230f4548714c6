import type { SourceStatus } from './dataset.ts';
import type { Table } from './dati-table.ts';

/**
 * datapackage.json for public/dati/: a Frictionless Data Package v2
 * (https://datapackage.org/standard/data-package/) whose resources are tabular CSVs
 * with a Table Schema each (https://datapackage.org/standard/table-schema/). `unit` on
 * a field and `attribution` on a source are extension properties (the standard allows
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

function licence(s: SourceStatus) {
  const id = OPEN_DEFINITION_IDS[s.meta.licence.name];
  return { ...(id ? { name: id } : {}), path: s.meta.licence.url, title: s.meta.licence.name };
}

function source(s: SourceStatus) {
  return { title: `${s.meta.publisher} – ${s.meta.dataset}`, path: s.meta.landingUrl, version: s.meta.vintage, attribution: s.meta.attribution };
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

export function dataPackage(tables: readonly Table[], files: ReadonlyMap<string, WrittenFile>, fonti: readonly SourceStatus[], others: readonly FileResource[] = []) {
  const available = new Map(fonti.filter((s) => s.mancante === null).map((s) => [s.meta.id, s]));
  const used = (t: { fonti: readonly string[] }) => t.fonti.filter((id) => available.has(id)).map((id) => available.get(id)!);
  const all = [...new Map([...tables, ...others].flatMap(used).map((s) => [s.meta.id, s])).values()];
  return {
    $schema: `${PROFILE}/datapackage.json`,
    name: 'comuni-italiani',
    title: 'Comuni italiani: anagrafica, popolazione, redditi, ambiente, servizi, sicurezza, qualità della vita',
    description: [
      `Dati aperti sui comuni italiani attuali, una tabella CSV per dominio, con chiave codice_istat (testo di 6 cifre: leggerlo come stringa per non perdere gli zeri iniziali).`,
      'Sono gli stessi valori dell\'API comuni-api (/api/...). Una cella vuota è un valore mancante (null nell\'API), mai uno zero: la descrizione di ogni colonna dice quando e perché manca. I valori DERIVATI e STIMATI sono indicati nella descrizione della colonna, con il metodo in /api/metodologia.',
      `Attribuzione richiesta dalle licenze delle fonti: ${[...new Set(all.map((s) => s.meta.attribution))].join('; ')}.`,
    ].join('\n\n'),
    keywords: ['comuni', 'ISTAT', 'popolazione', 'redditi IRPEF', 'qualità dell\'aria', 'consumo di suolo', 'qualità della vita', 'Italia'],
    licenses: licences(all),
    sources: all.map(source),
    resources: [
      ...tables.map((t) => {
      const file = files.get(t.name);
      if (!file) throw new Error(`datapackage: no file written for ${t.name}`);
      return {
        $schema: `${PROFILE}/dataresource.json`,
        name: t.name,
        type: 'table',
        path: file.path,
        title: t.title,
        description: t.description,
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        bytes: file.bytes,
        hash: `sha256:${file.sha256}`,
        righe: t.rowCount,
        dialect: CSV_DIALECT,
        sources: used(t).map(source),
        licenses: licences(used(t)),
        schema: {
          $schema: `${PROFILE}/tableschema.json`,
          fields: t.fields,
          missingValues: [''],
          primaryKey: t.primaryKey,
          ...(t.foreignKeys.length > 0 ? { foreignKeys: t.foreignKeys } : {}),
        },
      };
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
