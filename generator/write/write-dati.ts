import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
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
import type { OutputWriter } from './output.ts';
import type { QualityResult } from '../quality-index/index.ts';
import { parquetOfCsv } from './write-parquet.ts';

export const DATI_DIR = '/dati';

/** A file of public/dati/ as the site lists it (rows for the tables only). */
export interface DatiFile {
  path: string;
  title: string;
  rows: number | null;
  bytes: number;
}

/** Fixed timestamp of the zip entries, so the same data gives the same archive (local-time fields, same in every time zone). */
const ZIP_MTIME = new Date(1980, 0, 1);

const deflate = promisify(deflateRaw);

/** A zip member, compressed as soon as its bytes exist (the raw CSVs, ~80 MB, need not stay in memory). */
interface ZipMember {
  filename: string;
  size: number;
  crc: number;
  compressed: Promise<Uint8Array<ArrayBuffer>>;
}

/**
 * Starts compressing one file. The deflate is node:zlib's, several times faster than
 * fflate's own on these ~60 MB of CSV, and runs on libuv's thread pool beside the main thread.
 */
function zipMember(filename: string, data: Uint8Array): ZipMember {
  // Output in pieces of up to 8 MB: zlib hands each piece back through the main thread before
  // compressing on, and with the default 16 KB pieces the income CSV took ~1,000 such turns,
  // each waiting for the records step to yield (the zip finished seconds after everything else).
  const compressed = deflate(data, { level: 6, chunkSize: 8 << 20 });
  return { filename, size: data.byteLength, crc: crc32(data), compressed };
}

/** The zip of the members, in order; fflate writes the container. */
async function zipFiles(members: readonly ZipMember[]): Promise<Uint8Array> {
  const compressed = await Promise.all(members.map((m) => m.compressed));
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  members.forEach(({ filename, size, crc }, k) => {
    const entry: ZipInputFile = { filename, size, crc, compression: 8, mtime: ZIP_MTIME };
    zip.add(entry);
    entry.ondata!(null, compressed[k]!, true);
  });
  zip.end();
  return Buffer.concat(chunks);
}

/**
 * public/dati/: one CSV and its Parquet twin per domain, datapackage.json describing
 * them, README.md and CITATION.cff, and one zip holding them all (datapackage.json at
 * its root, as Frictionless tools expect). The zip's name carries the release version;
 * the stable name DATI_ZIP_ALIAS redirects to it (zipAliasRedirect, in Netlify's _redirects), so a
 * script can always download the current release.
 */
/** A file written to public/dati/ by another step, described in the package and put in the zip. */
export interface OtherDatiFile extends Omit<FileResource, 'file'> {
  path: string;
  bytes: Uint8Array;
}

export async function writeDati(
  writer: OutputWriter,
  dataset: Dataset,
  quality: QualityResult,
  release: DatiRelease,
  others: readonly OtherDatiFile[] = [],
): Promise<DatiFile[]> {
  const tables = datiTables(dataset, quality);
  const zip: ZipMember[] = [];
  const written = new Map<string, TableFiles>();
  const out: DatiFile[] = [];
  const write = async (path: string, bytes: Uint8Array, title: string, rows: number | null): Promise<WrittenFile> => {
    zip.push(zipMember(path, bytes));
    out.push({ path, title, rows, bytes: bytes.byteLength });
    await writer.text(`${DATI_DIR}/${path}`, bytes);
    return { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
  };
  for (const t of tables) {
    const csv = await write(`${t.name}.csv`, Buffer.from(t.render()), t.title, t.rowCount);
    // The Parquet twin is written from the CSV on disk, so the two cannot disagree.
    await writer.flush();
    const parquetBytes = await parquetOfCsv(join(writer.root, DATI_DIR, csv.path), t.fields);
    const parquet = await write(`${t.name}.parquet`, parquetBytes, `${t.title} (Parquet)`, t.rowCount);
    written.set(t.name, { csv, parquet });
  }
  const resources = others.map(({ path, bytes, ...r }) => {
    zip.push(zipMember(path, bytes));
    out.push({ path, title: r.title, rows: null, bytes: bytes.byteLength });
    return { ...r, file: { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') } };
  });
  const sources = usedSources([...tables, ...resources], dataset.fonti);
  const citation = citationText(release, sources);
  const descriptor = dataPackage(tables, written, dataset.fonti, release, citation, resources);
  const registry = dataset.fonti.find((s) => s.meta.id === 'gi-db-comuni')!.meta.referenceDate;
  const text = (content: string) => Buffer.from(content);
  await write(
    PACKAGE_FILES.descriptor,
    text(`${JSON.stringify(descriptor, null, 2)}\n`),
    'Descrittore Frictionless Data Package v2',
    null,
  );
  await write(
    PACKAGE_FILES.readme,
    text(
      datiReadme({
        release,
        citation,
        resources: descriptor.resources,
        sources,
        comuni: dataset.comuni.length,
        registryDate: registry,
      }),
    ),
    'Guida: file, unità, valori mancanti, come leggerli',
    null,
  );
  await write(
    PACKAGE_FILES.citation,
    text(citationCff(release, sources)),
    'Come citare questa versione (Citation File Format)',
    null,
  );
  const archive = await zipFiles(zip);
  await writer.text(`${DATI_DIR}/${release.zip}`, archive);
  out.push({
    path: release.zip,
    title: `Tutta la cartella in un solo file, versione ${release.version}`,
    rows: null,
    bytes: archive.byteLength,
  });
  return out;
}
