/**
 * `npm run test:netlify`: replays a fixed URL set (test/netlify/urls.ts) against Netlify's
 * dev server (offline, edge functions under Deno, the Function under Node, netlify.toml's and
 * _redirects' rules and headers) and against `npm start` on the same build; compares status,
 * body bytes and the API's headers; counts invocations of the edge function and of the
 * Function per route family; requests a sample of the URLs of public/api's files; replays a
 * mixed workload (test/netlify/workload.ts) and counts invocations per 100 requests; does a
 * cross-origin fetch of a former code in Chromium. Fails on any difference not listed in
 * DOCUMENTED, on any invocation by a file-backed route's URL without a query string, under
 * 99 % of the files answered without an invocation, or over 25 invocations per 100 requests.
 *
 * Options: --out / --generated-dir / --data-dir as for the build (built first when stale);
 * NETLIFY_DEV_PORT and LOCAL_PORT (default: free ports, so two runs on one machine do not collide).
 */
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import fg from 'fast-glob';
import { chromium } from 'playwright-core';
import { FUNCTION_PATH, listFileRules, queryFileRoutes, queryNames, reachesFunction } from '../../api/cdn-layer.ts';
import { canonicalUrl } from '../../api/envelope.ts';
import { fullIndex } from '../../api/handler.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import { precomputedListVariants, staticFilePath } from '../../api/static-files.ts';
import { JSON_TYPE, PROBLEM_TYPE } from '../../api/http.ts';
import { build } from '../../generator/build.ts';
import { resolveConfig, withIndexEntry } from '../../generator/config.ts';
import { createApp } from '../../server/app.ts';
import { needsBuild } from '../../server/freshness.ts';
import { importIndexData } from '../../server/index-module.ts';
import { ensureNetlifyCli, startNetlifyDev } from './netlify-dev.ts';
import { CEASED_ON_STATIC, familyOf, fidelityRequests, NO_FILE, type FidelityRequest } from './urls.ts';
import { fileBackedRoutes, mixedWorkload } from './workload.ts';

/** The differences between netlify dev and `npm start` that are expected, and why (docs/netlify.md). */
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
 * The deterministic URL space: one URL per file the build wrote under public/api: a list's
 * precomputed combination is asked with its query string (`/api/comuni?regione=lazio`), any
 * other file by its path without `.json` (the OpenAPI document by its file). Each with the
 * invocation Netlify's rules predict (`reachesFunction`, or a file rule of `_redirects`).
 */
async function deterministicSpace(publicDir: string, index: RuntimeIndex) {
  const byFile = new Map(
    precomputedListVariants(index).map(({ route, values }) => [
      staticFilePath(route, values),
      canonicalUrl(route, values),
    ]),
  );
  const fileRules = new Set(
    listFileRules(index)
      .filter((r) => r.to !== FUNCTION_PATH)
      .map((r) => `${r.from}?${new URLSearchParams(r.query).toString()}`),
  );
  const files = (await fg('api/**/*.json', { cwd: publicDir })).filter((f) => f !== 'api/404.json').sort();
  return files.map((file) => {
    const url = byFile.get(`/${file}`) ?? queryFileUrl(`/${file}`) ?? `/${file}`.replace(/(?<!openapi)\.json$/, '');
    return { url, predicted: reachesFunction(new URL(url, 'http://x')) && !fileRules.has(url) };
  });
}

/** The URL of a file named by the route's query parameters (`/api/confronta/nazionale-medie/anno/2005.json` → `?anno=2005`). */
function queryFileUrl(file: string): string | null {
  for (const route of queryFileRoutes().filter((r) => !r.path.includes('{'))) {
    if (!file.startsWith(`${route.path}/`)) continue;
    const parts = file
      .slice(route.path.length + 1)
      .replace(/\.json$/, '')
      .split('/');
    const names = queryNames(route);
    if (parts.length % 2 !== 0 || !parts.every((part, k) => k % 2 === 1 || names.includes(part))) continue;
    const query = new URLSearchParams();
    for (let k = 0; k < parts.length; k += 2) query.append(parts[k]!, parts[k + 1]!);
    return `${route.path}?${query}`;
  }
  return null;
}

/** netlify dev marks every answer an edge function took part in (even one that stepped aside). */
const edgeInvoked = (reply: { headers: Headers }) => reply.headers.has('x-nf-edge-functions');
/** Netlify's Functions bootstrap (@netlify/serverless-functions-api) adds it to every answer of a v2 Function, to nothing else. */
const functionInvoked = (reply: { headers: Headers }) => reply.headers.has('x-nf-invocation-metadata');
const invoked = (reply: { headers: Headers }) => edgeInvoked(reply) || functionInvoked(reply);

/** Requests every `step`-th URL of the space and counts those that disagree with the prediction. */
async function sampleSpace(origin: string, space: Awaited<ReturnType<typeof deterministicSpace>>, step: number) {
  const wrong: string[] = [];
  let requested = 0;
  for (let i = 0; i < space.length; i += step) {
    const { url, predicted } = space[i]!;
    const response = await fetch(origin + url, { redirect: 'manual' });
    await response.arrayBuffer();
    requested++;
    if (response.status !== 200 || invoked(response) !== predicted)
      wrong.push(`${url}: ${response.status}, ${invoked(response) ? '' : 'non '}invocato (previsto: ${predicted})`);
  }
  return { requested, wrong };
}

/**
 * A cross-origin fetch of a former code's URL in Chromium, from a page on another origin: the
 * 301 must carry CORS for the browser to follow it. Returns the final status, or the error.
 */
async function crossOriginFetch(target: string): Promise<string> {
  const page = createHttpServer((_, res) => res.end('<!doctype html><title>altra origine</title>'));
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(page.address() as AddressInfo).port}/`);
    return await tab.evaluate(async (url) => {
      try {
        const response = await fetch(url);
        return `${response.status} ${response.redirected ? 'redirected' : 'direct'}`;
      } catch (error) {
        return String(error);
      }
    }, target);
  } finally {
    await browser.close();
    await new Promise((resolve) => page.close(resolve));
  }
}

/** Debian's Chromium (.ci/run installs it), never a browser downloaded by a test tool. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Replays the mixed workload on `origin` (8 at a time), counting invocations per class. Each
 * distinct URL is requested once and its answer counts for every request of it: netlify dev
 * caches nothing, so a repeat would invoke exactly as the first did (on Netlify a repeated
 * computed answer is a CDN hit: the figure is an upper bound). About 4,600 distinct URLs of
 * 10,000; netlify dev spends ~0.1 s of CPU on each file it serves through the 12,000 rules.
 */
async function replay(origin: string, requests: ReturnType<typeof mixedWorkload>) {
  const distinct = [...new Set(requests.map((r) => r.url))];
  const answers = new Map<string, { invoked: boolean; error: boolean }>();
  let next = 0;
  const worker = async () => {
    while (next < distinct.length) {
      const url = distinct[next++]!;
      const response = await fetch(origin + url, { redirect: 'manual' });
      await response.arrayBuffer();
      // A year a comune lacks (one instituted later) is a 404 that lists its years: an answer, not an error.
      const lacksYear = response.status === 404 && url.includes('anno=');
      answers.set(url, { invoked: invoked(response), error: response.status >= 400 && !lacksYear });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const byClass = new Map<string, { requests: number; invocations: number; errors: number }>();
  let [invocations, errors] = [0, 0];
  for (const { kind, url } of requests) {
    const answer = answers.get(url)!;
    const row = byClass.get(kind) ?? { requests: 0, invocations: 0, errors: 0 };
    row.requests++;
    if (answer.invoked) (row.invocations++, invocations++);
    if (answer.error) (row.errors++, errors++);
    byClass.set(kind, row);
  }
  return { byClass, requests: requests.length, distinct: distinct.length, invocations, errors };
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
  const byKind = new Map<string, { requests: number; identical: number; edge: number; fn: number }>();
  let mix: Awaited<ReturnType<typeof replay>> | undefined;
  const index = await fullIndex(data);
  const space = await deterministicSpace(config.outDir, index);
  let sample: Awaited<ReturnType<typeof sampleSpace>> | undefined;
  const former = Object.keys(index.territorio.alias).sort()[0]!;
  const crossOrigin: Record<string, string> = {};
  try {
    log('Richieste confrontate con npm start…');
    const requests = fidelityRequests(index);
    // 4 at a time: netlify dev starts a worker per Function call (a cold start each, seconds on a busy machine).
    const replies = new Array<[Reply, Reply]>(requests.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < requests.length) {
          const k = next++;
          replies[k] = [await send(netlify.origin, requests[k]!), await send(local, requests[k]!)];
        }
      }),
    );
    for (const [k, request] of requests.entries()) {
      const [n, l] = replies[k]!;
      const result = compare(request, n, l);
      const family = familyOf(request);
      const row = byKind.get(family) ?? { requests: 0, identical: 0, edge: 0, fn: 0 };
      row.requests++;
      if (result.failures.length === 0 && result.documented.size === 0) row.identical++;
      if (edgeInvoked(n)) row.edge++;
      if (functionInvoked(n)) row.fn++;
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
    log(`Campione dello spazio deterministico (${space.length} URL)…`);
    sample = await sampleSpace(netlify.origin, space, Math.max(1, Math.floor(space.length / 400)));
    if (existsSync(CHROMIUM))
      for (const [name, origin] of [
        ['Netlify', netlify.origin],
        ['locale', local],
      ] as const)
        crossOrigin[name] = await crossOriginFetch(`${origin}/api/comuni/${former}`);
    else failures.push(`no ${CHROMIUM} for the cross-origin fetch (.ci/run installs it)`);
    log('Carico misto (10.000 richieste)…');
    mix = await replay(netlify.origin, mixedWorkload(index));
  } finally {
    await netlify.stop();
    await new Promise((resolve) => server.close(resolve));
  }

  console.log(
    '\nFamiglia di URL | richieste | identiche | differenze documentate | invocazioni edge | invocazioni Function',
  );
  for (const [kind, row] of [...byKind].sort(([a], [b]) => a.localeCompare(b)))
    console.log(
      `${kind} | ${row.requests} | ${row.identical} | ${row.requests - row.identical} | ${row.edge} | ${row.fn}`,
    );

  // Measured: a file-backed route's URL without a query string never invokes a function; a record with `anno` does.
  for (const route of fileBackedRoutes()) {
    const row = byKind.get(route.id);
    if (!row) failures.push(`${route.id}: no URL without a query string was requested`);
    else if (row.edge + row.fn > 0) failures.push(`${route.id}: ${row.edge + row.fn} URLs invoked a function`);
  }
  for (const kind of ['file .json', CEASED_ON_STATIC, ...fileBackedRoutes().map((r) => `${r.id} (parametri ignoti)`)]) {
    const row = byKind.get(kind);
    if (row && row.edge + row.fn > 0) failures.push(`${kind}: invoked a function`);
  }
  for (const id of ['demografia.get', 'redditi.get']) {
    const withQuery = byKind.get(`${id} (con query)`);
    if (!withQuery || withQuery.fn !== withQuery.requests)
      failures.push(`${id}: records with query parameters must reach the Function`);
  }
  for (const [name, result] of Object.entries(crossOrigin)) {
    console.log(`Fetch da un'altra origine di /api/comuni/${former} (${name}): ${result}`);
    if (result !== '200 redirected') failures.push(`cross-origin fetch of a former code (${name}): ${result}`);
  }

  console.log('\nCarico misto | richieste | invocazioni | per 100 | risposte non 2xx/3xx');
  for (const [kind, row] of mix!.byClass)
    console.log(
      `${kind} | ${row.requests} | ${row.invocations} | ${((100 * row.invocations) / row.requests).toFixed(1)} | ${row.errors}`,
    );
  const per100 = (100 * mix!.invocations) / mix!.requests;
  console.log(`totale | ${mix!.requests} | ${mix!.invocations} | ${per100.toFixed(1)} | ${mix!.errors}`);
  console.log(`(${mix!.distinct} URL distinti richiesti una volta ciascuno)`);
  if (mix!.errors > 0) failures.push(`mixed workload: ${mix!.errors} answers neither 2xx nor 3xx`);
  if (per100 > 25) failures.push(`mixed workload: ${per100.toFixed(1)} invocations per 100 requests, over 25`);
  const zero = space.filter((u) => !u.predicted).length;
  const share = zero / space.length;
  console.log(
    `\nSpazio deterministico: ${space.length} URL (uno per file di public/api); senza invocazioni: ${zero} (${(share * 100).toFixed(2)} %); richiesti ${sample!.requested}, diversi dalla previsione: ${sample!.wrong.length}.`,
  );
  for (const key of seen) console.log(`Differenza documentata: ${DOCUMENTED[key]}`);
  if (share < 0.99) failures.push(`zero-invocation share ${(share * 100).toFixed(2)} % under 99 %`);
  for (const wrong of sample!.wrong) failures.push(`space sample: ${wrong}`);
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
