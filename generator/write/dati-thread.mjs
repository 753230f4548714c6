// Worker thread of DatiPacker (dati-packer.ts): writes the files of public/dati/, hashes them,
// converts the CSVs to Parquet with DuckDB, compresses every file and writes the zip.
// Answers each request that has an id with { id, result } or { id, error }.
// Plain JavaScript, like write-thread.mjs: a worker does not inherit a TypeScript loader in every runtime.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { crc32, deflateRaw } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { Zip } from 'fflate';

/** The folder the files go to (public/dati/ of the build being written). */
const { dir } = workerData;
const deflate = promisify(deflateRaw);
/** Fixed timestamp of the zip entries, so the same data gives the same archive (local-time fields, same in every time zone). */
const ZIP_MTIME = new Date(1980, 0, 1);

/** Files being written, by path: their descriptor and the first error. */
const open = new Map();
/** Finished files, by path: what the zip needs. The deflate runs on libuv's pool meanwhile. */
const members = new Map();

function begin(path) {
  const file = { fd: null, error: null };
  open.set(path, file);
  try {
    file.fd = openSync(join(dir, path), 'w');
  } catch (error) {
    file.error = error;
  }
}

function piece(path, data) {
  const file = open.get(path);
  if (file.error) return;
  try {
    writeSync(file.fd, typeof data === 'string' ? Buffer.from(data) : data);
  } catch (error) {
    file.error = error;
  }
}

/**
 * Reads a written file back (from the page cache) and adds it to the zip's members: its
 * pieces need not be kept meanwhile. Describes the file as the data package does.
 */
function finished(path) {
  const bytes = readFileSync(join(dir, path));
  // level 6 and whole-file input: the same archive bytes the build has always made
  members.set(path, { size: bytes.byteLength, crc: crc32(bytes), compressed: deflate(bytes, { level: 6 }) });
  return { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

function end(path) {
  const file = open.get(path);
  open.delete(path);
  if (file.fd !== null) closeSync(file.fd);
  if (file.error) throw file.error;
  return finished(path);
}

/**
 * Runs the COPY … TO built by write-parquet.ts, which writes `path` from a CSV already ended here.
 * A fresh DuckDB instance for each table, so that a file's bytes depend on its CSV alone and not
 * on the tables converted before it.
 */
async function parquet(path, sql) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const db = await instance.connect();
  try {
    await db.run(sql);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
  return finished(path);
}

/** The zip of the finished files, in the order given; fflate writes the container. Returns its size. */
async function zip(path, order) {
  const compressed = await Promise.all(order.map((name) => members.get(name).compressed));
  const chunks = [];
  const archive = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  order.forEach((name, k) => {
    const { size, crc } = members.get(name);
    const entry = { filename: name, size, crc, compression: 8, mtime: ZIP_MTIME };
    archive.add(entry);
    entry.ondata(null, compressed[k], true);
  });
  archive.end();
  const bytes = Buffer.concat(chunks);
  writeFileSync(join(dir, path), bytes);
  return bytes.byteLength;
}

/** Pieces of a file are not answered (a failure is reported by its end); the rest are. */
const STREAMED = { begin, piece };
const ANSWERED = { end, parquet, zip };

parentPort.on('message', async ({ op, id, args }) => {
  if (op in STREAMED) return STREAMED[op](...args);
  try {
    parentPort.postMessage({ id, result: await ANSWERED[op](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
