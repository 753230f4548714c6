/**
 * URL rewriting, so tests (and a maintainer behind a mirror) can point the official URLs
 * at another server without touching the source declarations.
 *
 * The map is a JSON object { "<prefix>": "<replacement>" }, given by the env variable
 * FETCH_URL_MAP or the flag --url-map. An official URL that starts with a prefix has that
 * prefix replaced (the longest matching prefix wins); any other URL is fetched as declared.
 * Example, sending every https URL to a local server that mirrors host and path:
 *
 *   FETCH_URL_MAP='{"https://": "http://127.0.0.1:8080/https/"}'
 *   https://www.istat.it/x.csv → http://127.0.0.1:8080/https/www.istat.it/x.csv
 *
 * The lock file and every message keep the official URL; the log adds "via <rewritten>".
 */
export type UrlMap = Readonly<Record<string, string>>;

export function parseUrlMap(text: string | undefined, origin = 'FETCH_URL_MAP'): UrlMap {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${origin} non è JSON valido (${(error as Error).message}); atteso {"<url prefix>": "<replacement>"}`,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${origin} deve essere un oggetto JSON {"<url prefix>": "<replacement>"}`);
  }
  const map: Record<string, string> = {};
  for (const [prefix, replacement] of Object.entries(parsed)) {
    if (prefix === '' || typeof replacement !== 'string') {
      throw new Error(`${origin}: entry "${prefix}" deve associare un prefisso di URL non vuoto a una stringa`);
    }
    map[prefix] = replacement;
  }
  return map;
}

export function rewriteUrl(url: string, map: UrlMap): string {
  let best: string | null = null;
  for (const prefix of Object.keys(map)) {
    if (url.startsWith(prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best === null ? url : map[best] + url.slice(best.length);
}
