import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { WrittenFile } from '../render/datapackage.ts';
import type { Field } from '../render/dati-table.ts';
import type { OutputWriter } from './output.ts';
import { parquetSql } from './write-parquet.ts';
import { SpareWorker } from './spare-worker.ts';

interface Answer {
  resolve: (result: never) => void;
  reject: (error: Error) => void;
}

/**
 * Writes the files of one folder of the build (public/dati/): the writer writes them, and a
 * thread of their own (dati-thread.mjs) hashes and compresses them, has DuckDB write the
 * Parquet twins and writes the zip. Held in the main thread, those buffers (the Parquet files,
 * the compressed members, the zip) counted as V8 external memory and started full collections
 * of the heap (~600 MB then) while the records were being written: five starts for "external memory
 * pressure" in one build's --trace-incremental-marking, none since.
 */
export class DatiPacker {
  private nextId = 0;
  private readonly answers = new Map<number, Answer>();
  private failure: Error | null = null;

  private constructor(
    private readonly writer: OutputWriter,
    private readonly folder: string,
    private readonly dir: string,
    private readonly thread: Worker,
  ) {
    thread.on('message', ({ id, result, error }: { id: number; result: never; error?: string }) => {
      const answer = this.answers.get(id);
      this.answers.delete(id);
      if (error === undefined) answer?.resolve(result);
      else answer?.reject(new Error(error));
    });
    thread.on('error', (error) => this.fail(error));
    thread.on('exit', (code) => this.fail(new Error(`il thread del dataset in blocco è terminato (codice ${code})`)));
  }

  /** Loading DuckDB in the thread takes ~0.45 s (~0.6 s of CPU): the build prepares it before reading the sources. */
  static readonly spare = new SpareWorker(new URL('./dati-thread.mjs', import.meta.url));

  /** Starts the work for `folder` (a public path, e.g. /dati) of the writer's tree, on the prepared thread if there is one. */
  static async start(writer: OutputWriter, folder: string): Promise<DatiPacker> {
    const dir = join(writer.root, folder);
    await mkdir(dir, { recursive: true });
    const thread = DatiPacker.spare.take();
    const packer = new DatiPacker(writer, folder, dir, thread);
    await packer.call('open', dir);
    return packer;
  }

  /**
   * Writes `path` (inside the folder) from its pieces, in order, through the writer's batches;
   * once they are on disk the thread reads the file back to hash and compress it.
   */
  async write(path: string, pieces: Iterable<string | Uint8Array>): Promise<WrittenFile> {
    if (this.failure) throw this.failure;
    await this.writer.pieces(`${this.folder}/${path}`, pieces);
    await this.writer.flush();
    return this.call<WrittenFile>('finished', path);
  }

  /** Writes `path`, the Parquet twin of the CSV `csv` written before, with the table's fields. */
  async parquet(path: string, csv: string, fields: readonly Field[]): Promise<WrittenFile> {
    const sql = parquetSql(join(this.dir, csv), join(this.dir, path), fields);
    // DuckDB's own message names neither the file nor the step: the build's error does.
    const file = await this.call<WrittenFile>('parquet', path, sql).catch((error: Error) => {
      throw new Error(
        `dataset in blocco: la conversione in Parquet di ${this.folder}/${csv} in ${this.folder}/${path} (DuckDB) non è riuscita: ${error.message}`,
      );
    });
    // DuckDB writes the Parquet file itself: the writer only counts it (the tree is still the writer's).
    this.writer.adopt(file.bytes);
    return file;
  }

  /** Writes the zip `path` of the files written so far, in `order`; returns its size. */
  async zip(path: string, order: readonly string[]): Promise<number> {
    const bytes = await this.call<number>('zip', path, order);
    this.writer.adopt(bytes);
    return bytes;
  }

  /** Stops the thread; safe after a failure. */
  async close(): Promise<void> {
    this.failure ??= new Error('il thread del dataset in blocco è chiuso');
    await this.thread.terminate();
  }

  private call<T>(op: string, ...args: unknown[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.answers.set(id, { resolve: resolve as Answer['resolve'], reject });
      this.thread.postMessage({ op, id, args });
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.answers.values()) reject(this.failure);
    this.answers.clear();
  }
}
