import type { Worker } from 'node:worker_threads';
import type { PortableDataset } from '../render/comune-documents.ts';
import type { CoveragePart } from '../report/coverage.ts';
import type { WrittenAnswers } from './output.ts';
import { SpareWorker } from './spare-worker.ts';

/** The job, first message to the thread: the tree to write into, what every document reads, each document's comuni in order. */
export interface RecordsJob {
  root: string;
  dataset: PortableDataset;
  codes: Record<string, string[]>;
  /** Comuni per chunk (RECORDS_CHUNK): each document's list comes in ceil(length / chunk) chunks. */
  chunk: number;
}

/** A piece of the comuni of the job's documents, in order (one document's comuni after the other's); the thread asks for each. */
export interface RecordsChunk {
  /** What the document reads of each comune (ComuneDocument.portable). */
  comuni: unknown[];
}

export interface RecordsResult extends WrittenAnswers {
  coverage: CoveragePart;
}

export type RecordsMessage = { progress: number } | { next: true } | { result: RecordsResult } | { error: string };

/** Comuni in a chunk: small enough that the thread holds little of the input at a time, few enough messages. */
export const RECORDS_CHUNK = 256;

/**
 * The second core's share of the records: the portable documents (comune-documents.ts: the income and
 * environment records, ~565 of the ~960 MB of records) are rendered, checked, counted and written by a thread of
 * their own while the main thread does the others. Rendering, validating and serialising ~1 GB of records on one thread was the longest
 * step of the build (docs/performance.md). The thread asks for its input a chunk at a time: sent whole, its
 * copy (~110 MB serialised) and the serialised message raised the build's peak memory by ~450 MB.
 */
export class RecordsThread {
  /** The build prepares the thread before reading the sources, so that loading the renderers' bundle overlaps them. */
  static readonly spare = new SpareWorker(new URL('./records-worker.mjs', import.meta.url));

  private failure: Error | null = null;
  private readonly result: Promise<RecordsResult>;

  private constructor(
    private readonly thread: Worker,
    chunks: Iterator<unknown[]>,
    onProgress: (done: number) => void,
  ) {
    this.result = new Promise<RecordsResult>((resolve, reject) => {
      const fail = (error: Error) => {
        this.failure ??= error;
        reject(this.failure);
      };
      thread.on('message', (message: RecordsMessage) => {
        if ('next' in message) {
          const next = chunks.next();
          if (next.done) fail(new Error('il thread delle schede ha chiesto comuni oltre quelli del lavoro'));
          else thread.postMessage({ comuni: next.value } satisfies RecordsChunk);
        } else if ('progress' in message) onProgress(message.progress);
        else if ('result' in message) resolve(message.result);
        else fail(new Error(message.error));
      });
      thread.on('error', fail);
      thread.on('exit', (code) => fail(new Error(`il thread delle schede è terminato (codice ${code})`)));
    });
    // Handled where it is awaited (or once the thread is stopped); never an unhandled rejection, which exits.
    this.result.catch(() => undefined);
  }

  /** Sends the job to the prepared thread (or a new one); `read` gives what a document reads of a comune, as plain data. */
  static start(
    job: Omit<RecordsJob, 'chunk'>,
    read: (dominio: string, code: string) => unknown,
    onProgress: (done: number) => void,
  ): RecordsThread {
    function* chunks() {
      for (const [dominio, list] of Object.entries(job.codes))
        for (let i = 0; i < list.length; i += RECORDS_CHUNK)
          yield list.slice(i, i + RECORDS_CHUNK).map((code) => read(dominio, code));
    }
    const records = new RecordsThread(RecordsThread.spare.take(), chunks(), onProgress);
    records.thread.postMessage({ ...job, chunk: RECORDS_CHUNK } satisfies RecordsJob);
    return records;
  }

  /** The thread's failure so far, if any: the main thread stops its own share at once. */
  get failed(): Error | null {
    return this.failure;
  }

  /** Waits for the thread's answer and stops it. */
  async finish(): Promise<RecordsResult> {
    try {
      return await this.result;
    } finally {
      await this.thread.terminate();
    }
  }

  /** Stops the thread whatever it is doing (its writing thread with it): the build has failed elsewhere. */
  async stop(): Promise<void> {
    this.failure ??= new Error('il thread delle schede è stato fermato');
    await this.thread.terminate();
  }
}
