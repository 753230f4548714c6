// Plain JavaScript, so that the build's worker threads (generator/write/*.mjs) import it too:
// a worker does not inherit a TypeScript loader in every runtime.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Reads whole files, one after another, into one buffer grown to the largest of them, for a
 * caller done with a file's bytes before it reads the next (to hash or compress them). Memory
 * first touched is slow to come by on the machines the build runs on (4.1–6.6 s a GiB measured
 * by `npm run bench`), and a fresh buffer per file faults in each of its pages again.
 */
export class ReusedRead {
  #buffer = Buffer.alloc(0);

  /** The bytes of the file at `path`, valid until the next call. */
  read(path) {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size > this.#buffer.byteLength)
        this.#buffer = Buffer.allocUnsafeSlow(Math.max(size, this.#buffer.byteLength * 2));
      let read = 0;
      while (read < size) {
        const n = readSync(fd, this.#buffer, read, size - read, read);
        if (n === 0) throw new Error(`${path}: il file si è accorciato durante la lettura`);
        read += n;
      }
      return this.#buffer.subarray(0, size);
    } finally {
      closeSync(fd);
    }
  }
}
