// The body of the records' thread (records-thread.ts), loaded by records-worker.mjs.
import { parentPort } from 'node:worker_threads';
import { portableDocuments, type ComuneDocument } from '../render/comune-documents.ts';
import { CoverageTally } from '../report/coverage.ts';
import { OutputWriter } from './output.ts';
import type { RecordsChunk, RecordsJob, RecordsMessage, RecordsResult } from './records-thread.ts';
import { writeDocument } from './write-records.ts';

const port = parentPort!;
const send = (message: RecordsMessage) => port.postMessage(message);

/** Chunks of comuni as they arrive, the reader waiting for the next one, and how many chunks are left to ask for. */
const arrived: unknown[][] = [];
let waiting: ((chunk: unknown[]) => void) | null = null;
let unasked = 0;

const ask = () => {
  if (unasked === 0) return;
  unasked--;
  send({ next: true });
};

/** The next chunk of the job's comuni; the one after it, if any, is asked for at once, so that it is there when needed. */
function nextChunk(): Promise<unknown[]> {
  ask();
  const chunk = arrived.shift();
  return chunk ? Promise.resolve(chunk) : new Promise((resolve) => (waiting = resolve));
}

/** Renders, checks, counts and writes the portable documents of one build into its tree; then answers. */
async function renderRecords({ root, dataset, codes, chunk: size }: RecordsJob): Promise<RecordsResult> {
  // Each chunk holds what its document's `portable` read of each comune, which its `render` takes.
  const documents = Object.values(portableDocuments(dataset)) as ComuneDocument<unknown>[];
  const writer = new OutputWriter(root);
  const coverage = new CoverageTally(documents);
  unasked = Object.values(codes).reduce((n, list) => n + Math.ceil(list.length / size), 0);
  ask();
  try {
    // In the job's order, the order the main thread sends the chunks in.
    for (const [dominio, list] of Object.entries(codes)) {
      const document = documents.find((d) => d.dominio === dominio)!;
      for (let done = 0; done < list.length;) {
        const chunk = await nextChunk();
        for (const [i, c] of chunk.entries()) await writeDocument(writer, coverage, document, c, list[done + i]!);
        done += chunk.length;
        send({ progress: chunk.length });
      }
    }
    await writer.flush();
  } finally {
    await writer.release();
  }
  return { ...writer.written(), coverage: coverage.part() };
}

export function serve(): void {
  port.on('message', (message: RecordsJob | RecordsChunk) => {
    if ('comuni' in message) {
      if (waiting) waiting(message.comuni);
      else arrived.push(message.comuni);
      waiting = null;
      return;
    }
    renderRecords(message).then(
      (result) => send({ result }),
      (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
