import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { etagOf, STATIC_HEADER_RULES } from '../api/http.ts';
import { chooseEncoding, type CompressionCache } from './compress.ts';

/** The site's text files, by extension: served here, compressed; every other file by serve-handler. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.geojson': 'application/geo+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files above this are read per request (the bulk dataset), not kept. */
const MAX_KEPT_FILE = 4 * 1024 * 1024;

export interface Entry {
  size: number;
  mtimeMs: number;
  body: Buffer;
  etag: string;
}

/** The static header rules (api/http.ts) that apply to a path, the most specific last so it wins. */
function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of [...STATIC_HEADER_RULES].reverse())
    if (path.startsWith(rule.path.replace(/\*$/, ''))) Object.assign(out, rule.headers);
  return out;
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

/**
 * The site's pages, scripts and styles from memory: a file is read once and kept while its
 * size and modification time stay the same (checked with one stat per request, so a rebuild
 * is seen at once), within a byte budget; compressed forms live in the compression cache.
 */
export function staticFiles(publicDir: string, compressed: CompressionCache, budget = 32 * 1024 * 1024) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  async function load(path: string): Promise<Entry | null> {
    const file = join(publicDir, path);
    if (!file.startsWith(join(publicDir, '/'))) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const kept = entries.get(path);
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs) return kept;
    const body = await readFile(file);
    const entry = { size: info.size, mtimeMs: info.mtimeMs, body, etag: etagOf(body.toString('utf8')) };
    if (kept) (entries.delete(path), (bytes -= kept.size));
    if (body.byteLength <= MAX_KEPT_FILE) {
      entries.set(path, entry);
      bytes += body.byteLength;
      for (const [oldest, value] of entries) {
        if (bytes <= budget) break;
        entries.delete(oldest);
        bytes -= value.size;
      }
    }
    return entry;
  }

  return {
    /** A file of the output from memory (its bytes and the ETag the handler would give its text), or null. */
    entry: load,
    /** Answers `path` (already resolved) when it is a text file of the site; false otherwise. */
    async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
      const file = path === '/' ? '/index.html' : path;
      const type = TYPES[extname(file)];
      if (!type || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const entry = await load(file);
      if (!entry) return false;
      const headers: Record<string, string | number> = {
        ...headersFor(file),
        'Content-Type': type,
        ETag: entry.etag,
        Vary: 'Accept-Encoding',
      };
      if (matches(req.headers['if-none-match'], entry.etag)) {
        res.writeHead(304, headers);
        res.end();
        return true;
      }
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      const packed = encoding && (await compressed.compress(entry.body, encoding, `${file} ${entry.etag}`));
      const body = packed || entry.body;
      if (packed) headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = body.byteLength;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
