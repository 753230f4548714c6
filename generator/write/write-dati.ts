import type { Dataset } from '../join/dataset.ts';
import {
  dataPackage,
  usedSources,
  type FileResource,
  type TableFiles,
  type WrittenFile,
} from '../render/datapackage.ts';
import { citationCff, citationText } from '../render/dati-citation.ts';
import { PACKAGE_FILES, datiReadme } from '../render/dati-readme.ts';
import type { DatiRelease } from '../render/dati-release.ts';
import { datiTables } from '../render/dati/tables.ts';
import type { QualityResult } from '../quality-index/index.ts';
import { DatiPacker } from './dati-packer.ts';
import type { OutputWriter } from './output.ts';

export const DATI_DIR = '/dati';

/** A file of public/dati/ as the site lists it (rows for the tables only). */
export interface DatiFile {
  path: string;
  title: string;
  rows: number | null;
  bytes: number;
}

/** A file of public/dati/ made by another step (the boundaries' TopoJSON): written, described in the package and put in the zip here. */
export interface OtherDatiFile extends Omit<FileResource, 'file'> {
  path: string;
  bytes: Uint8Array;
}

/**
 * public/dati/: one CSV and its Parquet twin per domain, datapackage.json describing
 * them, README.md and CITATION.cff, and one zip holding them all (datapackage.json at
 * its root, as Frictionless tools expect). The zip's name carries the release version;
 * the stable name DATI_ZIP_ALIAS redirects to it (zipAliasRedirect, in Netlify's _redirects), so a
 * script can always download the current release. The files go through DatiPacker's thread.
 */
export async function writeDati(
  writer: OutputWriter,
  dataset: Dataset,
  quality: QualityResult,
  release: DatiRelease,
  others: readonly OtherDatiFile[] = [],
): Promise<DatiFile[]> {
  const packer = await DatiPacker.start(writer, DATI_DIR);
  try {
    return await packDati(packer, dataset, quality, release, others);
  } finally {
    await packer.close();
  }
}

async function packDati(
  packer: DatiPacker,
  dataset: Dataset,
  quality: QualityResult,
  release: DatiRelease,
  others: readonly OtherDatiFile[],
): Promise<DatiFile[]> {
  const tables = datiTables(dataset, quality);
  const written = new Map<string, TableFiles>();
  const out: DatiFile[] = [];
  const listed = (file: WrittenFile, title: string, rows: number | null): WrittenFile => {
    out.push({ path: file.path, title, rows, bytes: file.bytes });
    return file;
  };
  // The Parquet twin is written from the CSV on disk, so the two cannot disagree. DuckDB converts
  // each CSV while the next one is rendered: waiting for it left the bulk dataset the last step
  // of the build to finish, ~0.5 s after the main thread's.
  const converting: { t: (typeof tables)[number]; csv: WrittenFile; parquet: Promise<WrittenFile> }[] = [];
  for (const t of tables) {
    const csv = await packer.write(`${t.name}.csv`, t.csvChunks());
    const parquet = packer.parquet(`${t.name}.parquet`, csv.path, t.fields);
    // Awaited below, in order; until then a failure must not count as an unhandled rejection (which exits).
    parquet.catch(() => undefined);
    converting.push({ t, csv, parquet });
  }
  for (const { t, csv, parquet } of converting)
    written.set(t.name, {
      csv: listed(csv, t.title, t.rowCount),
      parquet: listed(await parquet, `${t.title} (Parquet)`, t.rowCount),
    });
  const resources = [];
  for (const { path, bytes, ...r } of others)
    resources.push({ ...r, file: listed(await packer.write(path, [bytes]), r.title, null) });
  const sources = usedSources([...tables, ...resources], dataset.fonti);
  const citation = citationText(release, sources);
  const descriptor = dataPackage(tables, written, dataset.fonti, release, citation, resources);
  const registry = dataset.fonti.find((s) => s.meta.id === 'gi-db-comuni')!.meta.referenceDate;
  const text = async (path: string, content: string, title: string) =>
    listed(await packer.write(path, [content]), title, null);
  await text(
    PACKAGE_FILES.descriptor,
    `${JSON.stringify(descriptor, null, 2)}\n`,
    'Descrittore Frictionless Data Package v2',
  );
  await text(
    PACKAGE_FILES.readme,
    datiReadme({
      release,
      citation,
      resources: descriptor.resources,
      sources,
      comuni: dataset.comuni.length,
      registryDate: registry,
    }),
    'Guida: file, unità, valori mancanti, come leggerli',
  );
  await text(
    PACKAGE_FILES.citation,
    citationCff(release, sources),
    'Come citare questa versione (Citation File Format)',
  );
  const bytes = await packer.zip(
    release.zip,
    out.map((f) => f.path),
  );
  out.push({
    path: release.zip,
    title: `Tutta la cartella in un solo file, versione ${release.version}`,
    rows: null,
    bytes,
  });
  return out;
}
