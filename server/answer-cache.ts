import type { Entry } from './static-files.ts';

/**
 * Computed answers (search, comparison, wizard, lists without a file) kept by URL and Accept
 * header, as the CDN keeps a function's answer for its cache period (`Netlify-CDN-Cache-Control`,
 * api/http.ts): a repeated URL is answered from memory with its ETag, header block and
 * compressed forms, without the handler. The index they come from does not change while the
 * server runs (restart after a build), so an answer stays right as long as the process lives.
 * Within `budget` bytes, counted as three times the body (the body and at most two compressed
 * forms, each smaller); the least recently used answers leave first.
 */
export function answerCache(budget = 16 * 1024 * 1024) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  return {
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (entry) (entries.delete(key), entries.set(key, entry));
      return entry;
    },
    set(key: string, entry: Entry): void {
      const cost = 3 * entry.body.byteLength;
      if (cost > budget / 8 || entries.has(key)) return; // a budget of 0 keeps nothing
      entries.set(key, entry);
      bytes += cost;
      for (const [oldest, value] of entries) {
        if (bytes <= budget) break;
        entries.delete(oldest);
        bytes -= 3 * value.body.byteLength;
      }
    },
  };
}
