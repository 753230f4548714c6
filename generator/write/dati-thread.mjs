// Worker thread of DatiPacker (dati-packer.ts): hashes and compresses the files of public/dati/
// once the writer has written them, converts the CSVs to Parquet with DuckDB and writes the zip.
// Answers each request with { id, result } or { id, error }. Its folder comes with `open`, the
// first request: the thread may be started before the build knows it (DatiPacker.spare).
// Plain JavaScript, like write-thread.mjs: a worker does not inherit a TypeScript loader in every runtime.
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { crc32, deflateRawSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { Zip } from 'fflate';
import { ReusedRead } from '../../lib/reused-read.mjs';

/** The folder the files go to (public/dati/ of the build being written), set by open(). */
let dir = null;
/** Fixed timestamp of the zip entries, so the same data gives the same archive (local-time fields, same in every time zone). */
const ZIP_MTIME = new Date(1980, 0, 1);

/** Deflate level of the zip's CSV and text members (see finished()). */
const DEFLATE_LEVEL = 4;

/** Finished files, by path: what the zip needs. */
const members = new Map();

/** Starts the work for `folder`. */
function open(folder) {
  dir = folder;
  members.clear();
}

/** Every file is read back into one buffer (the income CSV alone is 52 MB, 13,000 pages): see reused-read.mjs. */
const readBack = new ReusedRead();

/**
 * Reads a written file back (from the page cache), hashes it and adds it to the zip's members,
 * deflated, or `stored` as it is when it is compressed already (the Parquet files: deflate took
 * ~0.6 s to shrink the income table's 20 MB by 0.3 %). Describes the file as the data package does.
 */
function finished(path, stored = false) {
  const bytes = readBack.read(join(dir, path));
  members.set(path, {
    size: bytes.byteLength,
    crc: crc32(bytes),
    compression: stored ? 0 : 8,
    // A copy of the stored bytes (the read buffer is reused); a fixed level and whole-file input
    // for the rest: the same archive bytes for the same files. Level 4: on the bulk dataset's
    // 73 MB of CSV, zlib's default level 6 took 2.5 s of CPU for 24.8 MB, level 4 1.3 s for
    // 25.5 MB (+0.7 MB on a 48 MB zip), CPU the build's threads compete for on two cores.
    data: stored ? Buffer.from(bytes) : deflateRawSync(bytes, { level: DEFLATE_LEVEL }),
  });
  return { path, bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Runs the COPY … TO built by write-parquet.ts, which writes `path` from a CSV already written.
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
  return finished(path, true);
}

function writeAll(fd, bytes) {
  for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done);
  return bytes.byteLength;
}

/** The zip of the finished files, in the order given, written as fflate makes it. Returns its size. */
function zip(path, order) {
  const fd = openSync(join(dir, path), 'w');
  let size = 0;
  try {
    const archive = new Zip((error, chunk) => {
      if (error) throw error;
      size += writeAll(fd, chunk);
    });
    for (const name of order) {
      const { size: bytes, crc, compression, data } = members.get(name);
      const entry = { filename: name, size: bytes, crc, compression, mtime: ZIP_MTIME };
      archive.add(entry);
      entry.ondata(null, data, true);
    }
    archive.end();
  } finally {
    closeSync(fd);
  }
  return size;
}

const OPS = { open, finished, parquet, zip };

parentPort.on('message', async ({ op, id, args }) => {
  try {
    parentPort.postMessage({ id, result: await OPS[op](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
