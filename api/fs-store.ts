import { readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { StaticStore } from './context.ts';

/**
 * The StaticStore of the Node runtimes (the local server, and the build, which asks the
 * handler for the OpenAPI examples); the Netlify functions read with fetch (api/cdn-store.ts). Files
 * of public/, never outside it. Reads are synchronous on
 * purpose: the files are small and in the page cache, and a comparison reads up to 9 of
 * them, where each async readFile costs several thread-pool round trips (measured: p99
 * of `confronta` 2.7 ms with fs/promises against well under 2 ms this way).
 */
export function fsStore(publicDir: string): StaticStore {
  const root = publicDir.endsWith(sep) ? publicDir : publicDir + sep;
  return {
    async read(path) {
      const file = normalize(join(root, path));
      if (!file.startsWith(root)) return null;
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return null;
      }
    },
  };
}
