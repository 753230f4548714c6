import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { etagOf, STATIC_HEADER_RULES } from '../api/http.ts';
import { chooseEncoding, type CompressionCache, type Encoding } from './compress.ts';

/** The site's text files and the API's files, by extension: served from memory, compressed. */
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

/** Raw header lines (name, value, name, value…) as `writeHead` takes them without building an object per answer. */
type RawHeaders = string[];

/** One encoding of a kept file: its body and the whole header block of its 200, built once. */
interface Form {
  body: Buffer;
  head: RawHeaders;
}

export interface Entry {
  size: number;
  mtimeMs: number;
  body: Buffer;
  etag: string;
  /** Headers of every answer of this file (its path's static rules, type, ETag, Vary). */
  head: RawHeaders;
  /** The 304's headers: the same without Content-Type (RFC 9110 §15.4.5). */
  notModified: RawHeaders;
  forms: Map<Encoding | 'identity', Form>;
  /** Kept in memory (not a file read per request), and the bytes it counts against the budget (body and compressed forms). */
  kept: boolean;
  cost: number;
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

const flat = (headers: Record<string, string>): RawHeaders => Object.entries(headers).flat();

/**
 * An answer to keep in memory (a file, or a computed answer of server/answer-cache.ts): `headers`
 * are those of its 200 with its ETag; Vary gains Accept-Encoding, as the body is sent compressed.
 */
export function entryOf(body: Buffer, headers: Record<string, string>): Entry {
  // Names in any case (a Response gives them in lower case).
  const named = (name: string) => Object.keys(headers).find((key) => key.toLowerCase() === name);
  const varyName = named('vary');
  const all = { ...headers };
  if (varyName) delete all[varyName];
  all.Vary = varyName ? `${headers[varyName]}, Accept-Encoding` : 'Accept-Encoding';
  const without = { ...all };
  delete without[named('content-type') ?? 'Content-Type'];
  return {
    size: body.byteLength,
    mtimeMs: 0,
    body,
    etag: headers[named('etag') ?? 'ETag']!,
    head: flat(all),
    notModified: flat(without),
    forms: new Map(),
    kept: false,
    cost: 0,
  };
}

/** Clients send a handful of distinct Accept-Encoding headers: each is parsed once. */
const encodings = new Map<string | undefined, Encoding | null>();
function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = chooseEncoding(acceptEncoding);
    if (encodings.size < 256) encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

/**
 * Files of the output from memory: a file is read once and kept while its size and
 * modification time stay the same (checked with one stat per request, so a rebuild is seen at
 * once), with its ETag, its header block and its compressed forms built once, within a byte
 * budget (bodies and compressed forms). Only the site's text files and JSON (TYPES) are served
 * here; everything else (images, the bulk dataset, ranges) by serve-handler.
 */
export function staticFiles(publicDir: string, compressed: CompressionCache, budget = 32 * 1024 * 1024) {
  const root = join(publicDir, '/');
  const entries = new Map<string, Entry>();
  let bytes = 0;

  /** Counts `size` more bytes for a kept entry, then drops the oldest entries while over the budget. */
  const charge = (entry: Entry, size: number) => {
    if (!entry.kept) return;
    entry.cost += size;
    bytes += size;
    for (const [oldest, value] of entries) {
      if (bytes <= budget) break;
      entries.delete(oldest);
      bytes -= value.cost;
      value.kept = false;
    }
  };

  /** A kept file still current on disk (one synchronous stat: no promise, no thread-pool round trip), or null. */
  function hot(path: string): Entry | null {
    const kept = entries.get(path);
    if (!kept) return null;
    const info = statSync(join(publicDir, path), { throwIfNoEntry: false });
    return info && info.size === kept.size && info.mtimeMs === kept.mtimeMs ? kept : null;
  }

  /** Files being read: requests arriving meanwhile wait for the same read (a burst reads and hashes a file once). */
  const loading = new Map<string, Promise<Entry | null>>();

  function load(path: string): Promise<Entry | null> {
    const known = hot(path);
    if (known) return Promise.resolve(known);
    let pending = loading.get(path);
    if (!pending) {
      pending = read(path).finally(() => loading.delete(path));
      loading.set(path, pending);
    }
    return pending;
  }

  async function read(path: string): Promise<Entry | null> {
    const file = join(publicDir, path);
    if (!file.startsWith(root)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const body = await readFile(file);
    const etag = etagOf(body.toString('utf8'));
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const entry = entryOf(body, { ...headersFor(path), 'Content-Type': type, ETag: etag });
    Object.assign(entry, { size: info.size, mtimeMs: info.mtimeMs, kept: body.byteLength <= MAX_KEPT_FILE });
    const kept = entries.get(path);
    if (kept) (entries.delete(path), (bytes -= kept.cost));
    if (entry.kept) {
      entries.set(path, entry);
      charge(entry, body.byteLength);
    }
    return entry;
  }

  /** Forms being made: requests arriving meanwhile wait for the same one (a burst compresses a file once). */
  const making = new WeakMap<Entry, Map<Encoding | 'identity', Promise<Form>>>();

  /** The body and header block of `entry` in `encoding` (identity when compression does not pay), built once. */
  function form(entry: Entry, encoding: Encoding | 'identity'): Promise<Form> {
    const ready = entry.forms.get(encoding);
    if (ready) return Promise.resolve(ready);
    let pending = making.get(entry);
    if (!pending) making.set(entry, (pending = new Map()));
    let made = pending.get(encoding);
    if (!made) {
      made = makeForm(entry, encoding).finally(() => pending.delete(encoding));
      pending.set(encoding, made);
    }
    return made;
  }

  async function makeForm(entry: Entry, encoding: Encoding | 'identity'): Promise<Form> {
    const packed = encoding === 'identity' ? null : await compressed.compress(entry.body, encoding, null);
    const body = packed ?? entry.body;
    const head = [
      ...entry.head,
      ...(packed ? ['Content-Encoding', encoding] : []),
      'Content-Length',
      String(body.byteLength),
    ];
    const made = { body, head };
    entry.forms.set(encoding, made);
    if (packed) charge(entry, packed.byteLength);
    return made;
  }

  /** Answers a GET or HEAD with a file's entry: 304 on a matching If-None-Match, else its best encoding for the client. */
  function send(req: IncomingMessage, res: ServerResponse, entry: Entry): void | Promise<void> {
    if (matches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return;
    }
    const encoding = encodingFor(req.headers['accept-encoding']) ?? 'identity';
    const ready = entry.forms.get(encoding);
    const write = (f: Form) => {
      res.writeHead(200, f.head);
      res.end(req.method === 'HEAD' ? undefined : f.body);
    };
    if (ready) return write(ready);
    return form(entry, encoding).then(write);
  }

  return {
    /** A file of the output from memory (its bytes and the ETag the handler would give its text), or null. */
    entry: load,
    /** A kept file, current on disk, without waiting on anything; null when it must be loaded first. */
    hot,
    send,
    /** Answers `path` (already resolved) when it is a text file of the site; false otherwise. */
    async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
      const file = path === '/' ? '/index.html' : path;
      if (!TYPES[extname(file)] || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const entry = await load(file);
      if (!entry) return false;
      await send(req, res, entry);
      return true;
    },
  };
}
