import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { serialize } from '../../api/http.ts';
import { replaceFolder, swapSteps } from './swap.ts';
import { schemaErrors } from './validators.ts';

/** Bytes gathered before a batch goes to the writing thread: few messages, bounded memory. */
const BATCH_BYTES = 4 << 20;
/** A batch is sent once less than this is left in it (most files are smaller). */
const BATCH_SLACK = 64 << 10;
const encoder = new TextEncoder();

/** The answers a writer has written into a tree it shares (OutputWriter.written). */
export interface WrittenAnswers {
  files: number;
  bytes: number;
  answers: string[];
}

/** A file of a batch: its absolute path, its bytes' place in the batch's buffer, and whether they go after what it has. */
interface BatchFile {
  path: string;
  start: number;
  end: number;
  append: boolean;
}

/**
 * Writes the build into a fresh temporary directory beside the target. Every JSON
 * body is validated against its response schema before it is written; any failure
 * throws, and `commit` (the swap into place) never runs, so the previous public/
 * stays intact.
 *
 * The files (~50,000) are written by a worker thread (write-thread.mjs) in batches of a
 * few MB, encoded straight into the buffer that is then handed over without a copy: the
 * main thread, which renders every answer, no longer spends seconds on the open, write
 * and close callbacks of each file.
 */
export class OutputWriter {
  files = 0;
  bytes = 0;
  /** The paths of the API answers written (json()): checked against the route table's declared files. */
  readonly answers = new Set<string>();
  private failure: Error | null = null;
  private thread: Worker | null = null;
  private batch = Buffer.allocUnsafeSlow(BATCH_BYTES);
  private used = 0;
  /**
   * Batch buffers the thread has written and handed back. Encoding into a fresh 4 MB buffer
   * took 2–3 times as long as into one already used: each of its 1,024 pages is faulted in and
   * zeroed by the kernel on first touch.
   */
  private readonly spare: ArrayBuffer[] = [];
  private queued: BatchFile[] = [];
  private nextId = 0;
  /** Batches sent and not yet written, and the callers waiting for one to be. */
  private readonly inFlight = new Set<number>();
  private waiting: (() => void)[] = [];

  constructor(
    readonly root: string,
    private readonly maxBatchesInFlight = 8,
  ) {}

  static async create(target: string): Promise<OutputWriter> {
    const root = `${target}.tmp-${process.pid}`;
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    return new OutputWriter(root);
  }

  /** Writes the answer of an API URL; `path` is the public path of the file (e.g. /api/comuni/001001.json). */
  async json(path: string, body: unknown, schema: string): Promise<string> {
    const errors = schemaErrors(schema, body);
    if (errors) throw new Error(`${path} non rispetta lo schema ${schema}: ${errors}`);
    const text = serialize(body);
    this.answers.add(path);
    await this.text(path, text);
    return text;
  }

  /**
   * Queues the file and returns once few enough batches are waiting to be written. The
   * queueing itself is synchronous, so callers that interleave (the bulk dataset runs beside
   * the records) never see a half-placed file.
   */
  async text(path: string, content: string | Uint8Array): Promise<void> {
    this.files++;
    await this.queue(path, content, false);
  }

  /**
   * Writes a file too big to hold whole (the bulk dataset's CSVs) from its pieces, in order:
   * the first creates it, the others are appended by the same thread in the same order.
   */
  async pieces(path: string, pieces: Iterable<string | Uint8Array>): Promise<void> {
    this.files++;
    let append = false;
    for (const piece of pieces) {
      await this.queue(path, piece, append);
      append = true;
    }
    if (!append) await this.queue(path, '', false);
  }

  private async queue(path: string, content: string | Uint8Array, append: boolean): Promise<void> {
    if (this.failure) throw this.failure;
    const [start, end] = this.place(content);
    const file = join(this.root, path);
    const last = this.queued.at(-1);
    // A piece right after the one before it of the same file extends it: one write, not one open a piece.
    if (append && last?.path === file && last.end === start) last.end = end;
    else this.queued.push({ path: file, start, end, append });
    this.bytes += end - start;
    if (this.batch.byteLength - this.used < BATCH_SLACK) {
      this.send();
      // A loop of writes only awaits settled promises, which never yield to the event loop: let
      // other steps' I/O completions (the bulk dataset's DuckDB) run once a batch.
      await setImmediate();
    }
    while (this.inFlight.size > this.maxBatchesInFlight) await this.settled();
  }

  /** Counts a file another thread has written under `root` (the bulk dataset's, see dati-packer.ts). */
  adopt(bytes: number): void {
    this.files++;
    this.bytes += bytes;
  }

  /** Counts the answers another writer of the same tree has written (records-thread.ts). */
  adoptAnswers(other: WrittenAnswers): void {
    this.files += other.files;
    this.bytes += other.bytes;
    for (const path of other.answers) this.answers.add(path);
  }

  /** What this writer has written, for the writer of the tree to adopt. */
  written(): WrittenAnswers {
    return { files: this.files, bytes: this.bytes, answers: [...this.answers] };
  }

  /** Copies or encodes `content` into the batch (a new one if it does not fit); returns where its bytes are. */
  private place(content: string | Uint8Array): [number, number] {
    const start = this.used;
    if (typeof content === 'string') {
      const { read, written } = encoder.encodeInto(content, this.batch.subarray(start));
      if (read === content.length) return [start, (this.used += written)];
      // UTF-16 to UTF-8 takes at most 3 bytes a code unit.
      this.startBatch(content.length * 3);
    } else {
      if (content.byteLength <= this.batch.byteLength - start) {
        this.batch.set(content, start);
        return [start, (this.used += content.byteLength)];
      }
      this.startBatch(content.byteLength);
    }
    return this.place(content);
  }

  /** Sends what is queued and starts an empty batch with room for at least `bytes`. */
  private startBatch(bytes: number): void {
    this.send();
    if (bytes > this.batch.byteLength) this.batch = Buffer.allocUnsafeSlow(bytes);
  }

  /** Hands the queued files and their buffer over to the writing thread. */
  private send(): void {
    if (this.queued.length === 0) return;
    const id = this.nextId++;
    const { buffer } = this.batch;
    this.writingThread().postMessage({ id, buffer, files: this.queued }, [buffer]);
    this.inFlight.add(id);
    this.queued = [];
    const spare = this.spare.pop();
    this.batch = spare ? Buffer.from(spare) : Buffer.allocUnsafeSlow(BATCH_BYTES);
    this.used = 0;
  }

  private writingThread(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(new URL('./write-thread.mjs', import.meta.url));
    // Never keeps the process alive: flush() and commit() wait for the batches themselves.
    thread.unref();
    thread.on('message', ({ id, error, buffer }: { id: number; error: string | null; buffer: ArrayBuffer }) => {
      if (error) this.failure ??= new Error(error);
      // Only batches of the usual size come back into use (a bigger one held a single big file).
      if (buffer.byteLength === BATCH_BYTES) this.spare.push(buffer);
      this.inFlight.delete(id);
      this.wake();
    });
    thread.on('error', (error) => this.abandon(error));
    thread.on('exit', (code) => this.abandon(new Error(`il thread di scrittura è terminato (codice ${code})`)));
    this.thread = thread;
    return thread;
  }

  /** The writing thread is gone: nothing in flight will be written. */
  private abandon(error: Error): void {
    if (this.inFlight.size === 0 && this.thread === null) return;
    this.failure ??= error;
    this.inFlight.clear();
    this.thread = null;
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }

  private settled(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Waits until every file queued so far is written (not those queued meanwhile by another
   * step: the bulk dataset's flush must not wait for the records); throws the first write error.
   */
  async flush(): Promise<void> {
    this.send();
    const last = this.nextId - 1;
    while ([...this.inFlight].some((id) => id <= last)) await this.settled();
    if (this.failure) throw this.failure;
  }

  private async stopThread(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    await thread?.terminate();
  }

  /**
   * Puts the finished build (records, lists and the edge index, all in this one tree) at
   * `target` without a moment where `target` is missing (see swapSteps). `realDirectory`: the
   * deploy's case (Netlify publishes `target`, nothing serves it during the build), where the
   * tree is renamed into place as a plain folder.
   */
  async commit(target: string, { realDirectory = false } = {}): Promise<void> {
    await this.flush();
    await this.stopThread();
    if (realDirectory) return replaceFolder(this.root, target);
    for (const step of await swapSteps(this.root, target)) await step();
  }

  /** Drops what is queued, waits for what is being written and stops the writing thread; the tree stays. */
  async release(): Promise<void> {
    this.queued = [];
    while (this.inFlight.size > 0) await this.settled();
    await this.stopThread();
  }

  async discard(): Promise<void> {
    await this.release();
    await rm(this.root, { recursive: true, force: true });
  }
}
