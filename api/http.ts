import { CSV_DIR, CSV_TYPE } from './csv.ts';
import type { Problem } from './problem.ts';

/** Headers every API response carries, static or dynamic (CONVENTIONS.md). */
export const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': CACHE_CONTROL,
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag',
  'X-Content-Type-Options': 'nosniff',
};

export const JSON_TYPE = 'application/json; charset=utf-8';

export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/**
 * Where the build writes the problem+json bodies that Netlify serves as the custom 404 of a
 * static-layer URL (api/cdn-layer.ts `ceasedCodeRules`); outside /api, so no other header rule sets their type.
 */
export const PROBLEM_DIR = '/_404';

/**
 * Headers of the static layer, by path pattern (most specific first): rendered into
 * netlify.toml and into the local server's serve-handler configuration, so the CDN
 * and `npm start` answer a file with the same headers the handler sets itself.
 */
export const STATIC_HEADER_RULES: readonly { path: string; headers: Readonly<Record<string, string>> }[] = [
  { path: `${PROBLEM_DIR}/*`, headers: { ...COMMON_HEADERS, 'Content-Type': PROBLEM_TYPE } },
  { path: '/api/*', headers: { ...COMMON_HEADERS, 'Content-Type': 'application/json; charset=utf-8' } },
  // The CSV twins of the list files (api/csv.ts); the API serves them with a file name of their request.
  {
    path: `${CSV_DIR}/*`,
    headers: { ...COMMON_HEADERS, 'Content-Type': CSV_TYPE, 'Content-Disposition': 'attachment' },
  },
  { path: '/dati/*', headers: COMMON_HEADERS },
  { path: '/*', headers: { 'X-Content-Type-Options': 'nosniff' } },
];

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * Stable serialisation used for every file and every dynamic answer, so both agree
 * byte for byte. Compact: the full historical series make pretty-printing double the
 * size of public/ (pipe through `jq` to read a file).
 */
export function serialize(body: unknown): string {
  return `${JSON.stringify(body)}\n`;
}

/**
 * serialize(body) when one of its fields holds a file embedded unchanged, given as that file's
 * text (what serialize wrote, without the newline): the same bytes, without serializing the file again.
 */
export function serializeEmbedding(body: Record<string, unknown>, field: string, text: string): string {
  const members = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${key === field ? text : JSON.stringify(value)}`);
  return `{${members.join(',')}}\n`;
}

const hex32 = (h: number) => (h >>> 0).toString(16).padStart(8, '0');

/**
 * Strong ETag from the body: 128 bits from four FNV-1a-style lanes over its UTF-16 code
 * units. A tag only has to change when the body does (each step is a bijection, so any
 * single change does change every lane). Synchronous and plain JS: Web Crypto's digest
 * is a thread-pool round trip in Node that tripled the handler's own time per answer.
 */
export function etagOf(body: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  let c = 0xc2b2ae35;
  let d = 0x27d4eb2f;
  for (let i = 0; i < body.length; i++) {
    const unit = body.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x5bd1e995);
    c = Math.imul(c ^ unit, 0x1b873593);
    d = Math.imul(d ^ unit, 0xcc9e2d51);
  }
  return `"${hex32(a)}${hex32(b)}${hex32(c)}${hex32(d)}"`;
}

export function ifNoneMatchHits(request: Request, etag: string): boolean {
  const header = request.headers.get('If-None-Match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export async function jsonResponse(
  request: Request,
  status: number,
  body: string,
  contentType: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const etag = etagOf(body);
  const headers = new Headers({ ...COMMON_HEADERS, 'Content-Type': contentType, ETag: etag, ...extra });
  if (status === 200 && ifNoneMatchHits(request, etag)) {
    // A 304 has no body, so no Content-Type to describe (RFC 9110 §15.4.5).
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

export function problemResponse(
  request: Request,
  problem: Problem,
  extra: Record<string, string> = {},
): Promise<Response> {
  const allow: Record<string, string> = problem.status === 405 ? { Allow: ALLOWED_METHODS } : {};
  return jsonResponse(request, problem.status, serialize(problem), PROBLEM_TYPE, { ...allow, ...extra });
}

export function preflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...COMMON_HEADERS,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers':
        request.headers.get('Access-Control-Request-Headers') ?? 'If-None-Match, Content-Type',
      'Access-Control-Max-Age': '86400',
    },
  });
}

/**
 * Netlify's CDN caches a dynamic answer only when this header says so (with the function's
 * `cache: 'manual'`): as long as a browser may keep it. A 500 says no-store and stays uncached.
 */
export function withCdnCache<T extends Response | URL | undefined>(answer: T): T {
  if (answer instanceof Response && answer.status < 500) answer.headers.set('Netlify-CDN-Cache-Control', CACHE_CONTROL);
  return answer;
}
