/**
 * `npm run test:netlify`: replays a fixed URL set (test/netlify/urls.ts) against Netlify's
 * dev server (offline, edge functions under Deno, netlify.toml's rewrites and headers) and
 * against `npm start` on the same build; compares status, body bytes and the API's headers;
 * counts edge-function invocations (the `x-nf-edge-functions` header netlify dev adds) per
 * route family; replays a mixed workload (test/netlify/workload.ts) and counts invocations
 * per 100 requests. Fails on any difference not listed in DOCUMENTED, or on any invocation by
 * a path-only route's URL (docs/netlify.md: the file-backed routes with query parameters
 * still invoke on their plain URL, and why).
 *
 * Options: --out / --generated-dir / --data-dir as for the build (built first when stale);
 * NETLIFY_DEV_PORT and LOCAL_PORT (default: free ports, so two runs on one machine do not collide).
 */
import { createServer, type AddressInfo } from 'node:net';
import fg from 'fast-glob';
import { excludedPatterns, pathOnlyRoutes } from '../../api/cdn-layer.ts';
import { fullIndex } from '../../api/handler.ts';
import { JSON_TYPE, PROBLEM_TYPE } from '../../api/http.ts';
import { build } from '../../generator/build.ts';
import { resolveConfig, withIndexEntry } from '../../generator/config.ts';
import { createApp } from '../../server/app.ts';
import { needsBuild } from '../../server/freshness.ts';
import { importIndexData } from '../../server/index-module.ts';
import { ensureNetlifyCli, startNetlifyDev } from './netlify-dev.ts';
import { CEASED_ON_STATIC, familyOf, fidelityRequests, NO_FILE, type FidelityRequest } from './urls.ts';
import { fileBackedRoutes, mixedWorkload } from './workload.ts';

/** The differences between netlify dev and `npm start` that are expected, and why (docs/netlify-deploy.md). */
const DOCUMENTED = {
  etag: 'ETag: the CDN computes its own (weak) validator for files; both servers send one and answer 304 to it.',
  cacheControl:
    "Cache-Control: netlify dev's static server sends `public, max-age=0` on files, ignoring netlify.toml; the CDN applies it.",
  noFile:
    "Nothing to serve on the static layer (a well-formed unknown key on a path-only route such as /api/comuni/999999, a .json URL without a file): 404 on both, but the CDN's generic 404 body instead of the specific problem+json.",
  devRetry:
    "A 404 of the edge function: netlify dev retries it at <path>.html, .htm, /index.html and /index.htm (to mimic pretty URLs of files) and serves the last retry's answer, which names that path; the CDN returns the function's answer. test/deno compares those answers of the function with Node's byte for byte.",
  ceasedType:
    "Content-Type of a ceased code's 404 on the static layer (/api/comuni/002114): same status and body bytes, but netlify dev takes the header rules of the requested path (/api/*: application/json), not those of the /_404/ file it serves (application/problem+json); the deployed CDN's choice is not verified.",
  preflightType:
    "Content-Type on a 204 preflight: netlify dev adds netlify.toml's /api/* Content-Type to a response without a body.",
} as const;

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'x-content-type-options',
  'allow',
  'access-control-allow-methods',
  'access-control-max-age',
];
const DEV_STATIC_CACHE = /^public, max-age=0(, must-revalidate)?$/;

interface Reply {
  status: number;
  headers: Headers;
  body: Buffer;
}

async function send(origin: string, request: FidelityRequest): Promise<Reply> {
  const response = await fetch(origin + request.url, {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The problem body names a pretty-URL variant of the requested path (netlify dev's retry of a 404, see DOCUMENTED.devRetry). */
function retriedPath(request: FidelityRequest, reply: Reply): boolean {
  try {
    const instance = new URL((JSON.parse(reply.body.toString()) as { instance: string }).instance, 'http://x').pathname;
    const path = new URL(request.url, 'http://x').pathname;
    return ['.html', '.htm', '/index.html', '/index.htm'].some((suffix) => instance === path + suffix);
  } catch {
    return false;
  }
}

/** Differences of the Netlify reply from the local one: undocumented ones, and the documented ones seen. */
function compare(
  request: FidelityRequest,
  netlify: Reply,
  local: Reply,
): { failures: string[]; documented: Set<keyof typeof DOCUMENTED> } {
  const failures: string[] = [];
  const documented = new Set<keyof typeof DOCUMENTED>();
  if (request.kind === NO_FILE) {
    if (netlify.status !== 404 || local.status !== 404)
      failures.push(`status ${netlify.status} (Netlify) vs ${local.status} (local), expected 404 on both`);
    documented.add('noFile');
    return { failures, documented };
  }
  if (local.status === 404 && retriedPath(request, netlify)) {
    documented.add('devRetry');
    return { failures, documented };
  }
  if (netlify.status !== local.status) failures.push(`status ${netlify.status} vs ${local.status}`);
  if (!netlify.body.equals(local.body))
    failures.push(
      `body differs:\n  Netlify: ${netlify.body.toString().slice(0, 300)}\n  locale:  ${local.body.toString().slice(0, 300)}`,
    );
  for (const name of COMPARED_HEADERS) {
    const [n, l] = [netlify.headers.get(name), local.headers.get(name)];
    if (n === l) continue;
    if (name === 'cache-control' && n !== null && DEV_STATIC_CACHE.test(n)) documented.add('cacheControl');
    else if (name === 'content-type' && netlify.status === 204 && l === null) documented.add('preflightType');
    else if (name === 'content-type' && request.kind === CEASED_ON_STATIC && n === JSON_TYPE && l === PROBLEM_TYPE)
      documented.add('ceasedType');
    else failures.push(`${name}: ${n} vs ${l}`);
  }
  if (netlify.status === 200) {
    if (!netlify.headers.get('etag') || !local.headers.get('etag')) failures.push('ETag missing');
    else if (netlify.headers.get('etag') !== local.headers.get('etag')) documented.add('etag');
  }
  return { failures, documented };
}

/** Every server answers 304 to its own ETag. */
async function conditional(origin: string, url: string): Promise<number> {
  const first = await fetch(origin + url);
  await first.arrayBuffer();
  const again = await fetch(origin + url, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
  await again.arrayBuffer();
  return again.status;
}

/**
 * The deterministic URL space: one URL per file the build wrote under public/api (the file's
 * path without `.json`, except the OpenAPI document, whose URL is its file). Path-only URLs
 * are the ones the edge function's declaration excludes.
 */
async function deterministicSpace(publicDir: string) {
  const files = await fg('api/**/*.json', { cwd: publicDir });
  const pathOnly = excludedPatterns()
    .slice(1)
    .map((p) => new RegExp(p));
  let excluded = 0;
  for (const file of files) {
    if (file === 'api/404.json') continue;
    const url = `/${file}`.replace(/(?<!openapi)\.json$/, '');
    if (url.endsWith('.json') || pathOnly.some((re) => re.test(url))) excluded++;
  }
  return { total: files.length - (files.includes('api/404.json') ? 1 : 0), excluded };
}

/** netlify dev marks every answer an edge function took part in (even one that stepped aside). */
const invoked = (reply: { headers: Headers }) => reply.headers.has('x-nf-edge-functions');

/** Replays the mixed workload on `origin` (8 at a time), counting invocations per class. */
async function replay(origin: string, requests: ReturnType<typeof mixedWorkload>) {
  const byClass = new Map<string, { requests: number; invocations: number; errors: number }>();
  let [next, invocations, errors] = [0, 0, 0];
  const worker = async () => {
    while (next < requests.length) {
      const { kind, url } = requests[next++]!;
      const response = await fetch(origin + url, { redirect: 'manual' });
      await response.arrayBuffer();
      const row = byClass.get(kind) ?? { requests: 0, invocations: 0, errors: 0 };
      row.requests++;
      if (invoked(response)) (row.invocations++, invocations++);
      // A year a comune lacks (one instituted later) is a 404 that lists its years: an answer, not an error.
      const lacksYear = response.status === 404 && url.includes('anno=');
      if (response.status >= 400 && !lacksYear) (row.errors++, errors++);
      byClass.set(kind, row);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { byClass, requests: requests.length, invocations, errors };
}

/** A port nothing listens on now (the OS picks it), for netlify dev, which needs a number up front. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function main() {
  const started = performance.now();
  const config = withIndexEntry(resolveConfig(process.argv.slice(2)));
  const log = (line: string) => console.log(line);
  await ensureNetlifyCli(log);
  if ((await needsBuild(config)).build) await build(config);
  const data = await importIndexData(`${config.generatedDir}/edge-index.js`);
  const server = createApp(config.outDir, data, () => {});
  await new Promise<void>((resolve) => server.listen(Number(process.env.LOCAL_PORT ?? 0), '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log('Avvio netlify dev --offline…');
  const devStarted = performance.now();
  const netlify = await startNetlifyDev(
    config.outDir,
    config.generatedDir,
    process.env.NETLIFY_DEV_PORT ? Number(process.env.NETLIFY_DEV_PORT) : await freePort(),
  );
  log(`netlify dev pronto in ${((performance.now() - devStarted) / 1000).toFixed(0)} s su ${netlify.origin}`);

  const failures: string[] = [];
  const seen = new Set<keyof typeof DOCUMENTED>();
  const byKind = new Map<string, { requests: number; identical: number; invocations: number }>();
  let mix: Awaited<ReturnType<typeof replay>> | undefined;
  try {
    for (const request of fidelityRequests(await fullIndex(data))) {
      const [n, l] = [await send(netlify.origin, request), await send(local, request)];
      const result = compare(request, n, l);
      const family = familyOf(request);
      const row = byKind.get(family) ?? { requests: 0, identical: 0, invocations: 0 };
      row.requests++;
      if (result.failures.length === 0 && result.documented.size === 0) row.identical++;
      if (invoked(n)) row.invocations++;
      byKind.set(family, row);
      for (const key of result.documented) seen.add(key);
      for (const failure of result.failures) failures.push(`${request.method} ${request.url}: ${failure}`);
    }
    for (const url of [
      '/api/comuni/058091',
      '/api/comuni?regione=lazio',
      '/api/comuni/cerca?q=roma',
      '/api/demografia/058091?anno=2020',
    ]) {
      const [n, l] = [await conditional(netlify.origin, url), await conditional(local, url)];
      if (n !== 304 || l !== 304) failures.push(`If-None-Match ${url}: ${n} (Netlify) / ${l} (local), expected 304`);
    }
    mix = await replay(netlify.origin, mixedWorkload(await fullIndex(data)));
  } finally {
    await netlify.stop();
    await new Promise((resolve) => server.close(resolve));
  }

  console.log('\nFamiglia di URL | richieste | identiche | differenze documentate | invocazioni');
  for (const [kind, row] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${kind} | ${row.requests} | ${row.identical} | ${row.requests - row.identical} | ${row.invocations}`);

  // Measured: a path-only route's URL never invokes the function; a record with `anno` always does.
  const pathOnly = new Set(pathOnlyRoutes().map((r) => r.id));
  for (const route of fileBackedRoutes()) {
    const row = byKind.get(route.id);
    if (!row) failures.push(`${route.id}: no URL without a query string was requested`);
    else if (pathOnly.has(route.id) && row.invocations > 0)
      failures.push(`${route.id}: ${row.invocations} URLs invoked the function`);
    else if (!pathOnly.has(route.id) && row.invocations > 0)
      console.log(`Nota: ${route.id} invoca la funzione anche senza query (${row.invocations}/${row.requests}).`);
  }
  for (const kind of ['file .json', CEASED_ON_STATIC])
    if (byKind.get(kind)?.invocations) failures.push(`${kind}: invoked the edge function`);
  for (const id of ['demografia.get', 'redditi.get']) {
    const withQuery = byKind.get(`${id} (con query)`);
    if (!withQuery || withQuery.invocations !== withQuery.requests)
      failures.push(`${id}: records with query parameters must reach the edge function`);
  }

  console.log('\nCarico misto | richieste | invocazioni | per 100 | risposte non 2xx/3xx');
  for (const [kind, row] of mix!.byClass)
    console.log(
      `${kind} | ${row.requests} | ${row.invocations} | ${((100 * row.invocations) / row.requests).toFixed(1)} | ${row.errors}`,
    );
  const per100 = (100 * mix!.invocations) / mix!.requests;
  console.log(`totale | ${mix!.requests} | ${mix!.invocations} | ${per100.toFixed(1)} | ${mix!.errors}`);
  if (mix!.errors > 0) failures.push(`mixed workload: ${mix!.errors} answers neither 2xx nor 3xx`);
  const space = await deterministicSpace(config.outDir);
  const share = space.excluded / space.total;
  console.log(
    `\nSpazio deterministico: ${space.total} URL (uno per file di public/api); senza invocazioni: ${space.excluded} (${(share * 100).toFixed(1)} %).`,
  );
  for (const key of seen) console.log(`Differenza documentata: ${DOCUMENTED[key]}`);
  if (share < 0.55) failures.push(`zero-invocation share ${(share * 100).toFixed(1)} % under 55 %`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} differenze non documentate:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(`\nNessuna differenza non documentata (${((performance.now() - started) / 60_000).toFixed(1)} min).`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
