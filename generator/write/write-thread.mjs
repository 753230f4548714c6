// Worker thread of OutputWriter (output.ts): writes the batches of files it is sent, in
// order, with synchronous calls (a piece of a file written in pieces is appended), and
// answers each batch with its id, the first error and the batch's buffer, handed back for reuse.
// Plain JavaScript so that it loads wherever the build runs (tsx, vitest, plain Node):
// a worker does not inherit a TypeScript loader in every runtime.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';

const made = new Set();

parentPort.on('message', ({ id, buffer, files }) => {
  let error = null;
  try {
    for (const { path, start, end, append } of files) {
      const dir = dirname(path);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(path, new Uint8Array(buffer, start, end - start), { flag: append ? 'a' : 'w' });
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  parentPort.postMessage({ id, error, buffer }, [buffer]);
});
