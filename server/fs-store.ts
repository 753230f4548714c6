import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { StaticStore } from '../api/handler.ts';

/** The local StaticStore: files of public/, never outside it. */
export function fsStore(publicDir: string): StaticStore {
  return {
    async read(path) {
      const file = normalize(join(publicDir, path));
      if (!file.startsWith(publicDir)) return null;
      return readFile(file, 'utf8').catch(() => null);
    },
  };
}
