import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Compression of the local server's answers (JSON, HTML, JS, CSS, SVG, text), as the CDN
 * does: brotli when the client accepts it, else gzip. Compressed bodies are kept in memory by
 * ETag within a byte budget (oldest out first), so a hot file or the OpenAPI document is
 * compressed once, not per request.
 */
export type Encoding = 'br' | 'gzip';

const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|geo\+json)|text\/|image\/svg\+xml)/;

/** Below this, compression saves less than a packet and costs a call. */
const MIN_BYTES = 1024;

export const isCompressible = (contentType: string | null) => contentType !== null && COMPRESSIBLE.test(contentType);

/** The encoding to use for an Accept-Encoding header: br, then gzip, unless refused with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Brotli 5 is within a few % of 11 on these JSON bodies at a fraction of the time.
const compressWith = (encoding: Encoding, body: Buffer) =>
  encoding === 'br'
    ? brotli(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : gzipAsync(body, { level: 6 });

export interface CompressionCache {
  /** The compressed body, or null when not worth it (small, or no smaller). */
  compress(body: Buffer, encoding: Encoding, key: string | null): Promise<Buffer | null>;
  readonly bytes: number;
}

/** A cache of compressed bodies by `key` (an ETag) and encoding, at most `budget` bytes. */
export function compressionCache(budget = 64 * 1024 * 1024): CompressionCache {
  const entries = new Map<string, Buffer | null>();
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    async compress(body, encoding, key) {
      if (body.byteLength < MIN_BYTES) return null;
      const id = key === null ? null : `${encoding} ${key}`;
      if (id !== null && entries.has(id)) {
        const hit = entries.get(id)!;
        // Refresh its place: the oldest-used entries leave first.
        entries.delete(id);
        entries.set(id, hit);
        return hit;
      }
      const packed = await compressWith(encoding, body);
      const result = packed.byteLength < body.byteLength ? packed : null;
      if (id !== null && (result?.byteLength ?? 0) <= budget / 8) {
        entries.set(id, result);
        bytes += result?.byteLength ?? 0;
        for (const [oldest, value] of entries) {
          if (bytes <= budget) break;
          entries.delete(oldest);
          bytes -= value?.byteLength ?? 0;
        }
      }
      return result;
    },
  };
}
