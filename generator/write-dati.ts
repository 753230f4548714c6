import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import type { Dataset } from './dataset.ts';
import { dataPackage, type FileResource, type WrittenFile } from './datapackage.ts';
import { datiTables } from './dati-tables.ts';
import type { OutputWriter } from './output.ts';
import type { QualityResult } from './quality-index/index.ts';

export const DATI_DIR = '/dati';
export const DATI_ZIP = 'comuni-italiani-dati.zip';

/** A file of public/dati/ as the site lists it (rows for the CSVs only). */
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
  return { filename, size: data.byteLength, crc: crc32(data), compressed: deflate(data, { level: 6 }) };
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
 * public/dati/: one CSV per domain, datapackage.json describing them, and one zip
 * holding both (datapackage.json at its root, as Frictionless tools expect).
 */
/** A file written to public/dati/ by another step, described in the package and put in the zip. */
export interface OtherDatiFile extends Omit<FileResource, 'file'> {
  path: string;
  bytes: Uint8Array;
}

export async function writeDati(writer: OutputWriter, dataset: Dataset, quality: QualityResult, others: readonly OtherDatiFile[] = []): Promise<DatiFile[]> {
  const tables = datiTables(dataset, quality);
  const zip: ZipMember[] = [];
  const written = new Map<string, WrittenFile>();
  const out: DatiFile[] = [];
  for (const t of tables) {
    const bytes = Buffer.from(t.render());
    const path = `${t.name}.csv`;
    written.set(t.name, { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') });
    zip.push(zipMember(path, bytes));
    out.push({ path, title: t.title, rows: t.rowCount, bytes: bytes.byteLength });
    await writer.text(`${DATI_DIR}/${path}`, bytes);
  }
  const resources = others.map(({ path, bytes, ...r }) => {
    zip.push(zipMember(path, bytes));
    out.push({ path, title: r.title, rows: null, bytes: bytes.byteLength });
    return { ...r, file: { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') } };
  });
  const descriptor = Buffer.from(`${JSON.stringify(dataPackage(tables, written, dataset.fonti, resources), null, 2)}\n`);
  zip.push(zipMember('datapackage.json', descriptor));
  await writer.text(`${DATI_DIR}/datapackage.json`, descriptor);
  out.push({ path: 'datapackage.json', title: 'Descrittore Frictionless Data Package v2', rows: null, bytes: descriptor.byteLength });
  const archive = await zipFiles(zip);
  await writer.text(`${DATI_DIR}/${DATI_ZIP}`, archive);
  out.push({ path: DATI_ZIP, title: 'Tutta la cartella in un solo file', rows: null, bytes: archive.byteLength });
  return out;
}
