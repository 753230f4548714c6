/**
 * Load run of the local server (`npm run test:load`): autocannon with LOAD_CONNECTIONS
 * (50) connections for LOAD_DURATION (20) seconds over a fixed mix of static files (the
 * OpenAPI document among them) and computed answers, accepting br and gzip. The server runs in a child process so that its memory is measured
 * alone, after a forced GC: once started, after a warm-up run, after the measured run.
 *
 * Prints requests/s, latency (p50, p99, max), errors and memory; exits non-zero on any
 * error, timeout or non-200 answer, or when the server's memory after the run exceeds
 * the one after the warm-up by more than LOAD_MAX_HEAP_GROWTH_MB (16) of used heap or
 * LOAD_MAX_RSS_GROWTH_MB (64) of RSS. A leak grows with the requests served and the
 * run serves tens of thousands, so a KB per request breaks the heap bound; RSS moves
 * by a few tens of MB with the allocator alone (measured from -24 to -7 MB), hence
 * its looser bound.
 *
 *   npm run test:load [-- --out DIR --generated-dir DIR]
 *
 * Default build: the test build `npm test` writes (TEST_BUILD_DIR, default build/test),
 * built first if missing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PROJECT_ROOT, resolveConfig, withIndexEntry } from '../generator/config.ts';
import { createApp } from '../server/app.ts';
import { importIndexData } from '../server/index-module.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const DURATION = Number(process.env.LOAD_DURATION ?? 20);
const WARMUP = Math.min(5, DURATION);
const MAX_RSS_GROWTH_MB = Number(process.env.LOAD_MAX_RSS_GROWTH_MB ?? 64);
const MAX_HEAP_GROWTH_MB = Number(process.env.LOAD_MAX_HEAP_GROWTH_MB ?? 16);

const CODES = ['058091', '015146', '001272', '063049', '082053', '040012'];

/** Answered from a file the build wrote (records, default list pages, metadata). */
const STATIC = [
  ...CODES.slice(0, 4).flatMap((c) => [
    `/api/comuni/${c}`,
    `/api/demografia/${c}`,
    `/api/ambiente/${c}`,
    `/api/qualita-vita/${c}`,
  ]),
  '/api/redditi/058091',
  '/api/comuni',
  '/api/comuni?regione=lazio&offset=300',
  '/api/comuni?provincia=MI',
  '/api/demografia/classifica/popolazione',
  '/api/redditi/classifica/reddito?ordine=asc',
  '/api/ambiente/aria/classifica?indicatore=no2',
  '/api/ambiente/suolo/classifica',
  '/api/qualita-vita/classifica?regione=toscana',
  '/api/confronta/nazionale-medie?anno=2022',
  '/api/regioni',
  '/api/province',
  '/api/comuni/082053.json',
  // The largest document (~0.7 MB, ~70 KB in brotli), served from memory like any file.
  '/api/openapi.json',
];

/** Computed on request by the handler (search, comparison, wizard, projections, lists without a file). */
const COMPUTED = [
  ...['roma', 'forli', 'milnao', 'san giovanni', 'reggio', 'bozen', "sant'ang", 'aosta'].map(
    (q) => `/api/comuni/cerca?q=${encodeURIComponent(q)}`,
  ),
  `/api/confronta?comuni=${CODES.slice(0, 2).join(',')}`,
  `/api/confronta?comuni=${CODES.slice(2, 6).join(',')}&anno=2022`,
  '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=ambiente',
  '/api/qualita-vita/wizard?budget=alto&dimensione=piccolo&priorita=servizi&regione=Piemonte',
  '/api/qualita-vita/wizard?budget=basso&dimensione=grande&priorita=bilanciato&limit=50',
  '/api/demografia/058091?anno=2020',
  '/api/redditi/015146?anno=2015',
  '/api/comuni?limit=7&offset=300',
  '/api/demografia/classifica/densita?limit=20&offset=40',
  '/api/qualita-vita/classifica?min_pop=5000&max_pop=20000',
];

interface Memory {
  rss: number;
  heapUsed: number;
}

/** Child mode: the server alone, answering memory questions from the parent over IPC. */
async function serve(outDir: string, generatedDir: string) {
  const server = createApp(outDir, await importIndexData(join(generatedDir, 'edge-index.js')), () => {});
  server.listen(0, '127.0.0.1', () =>
    process.send!({ type: 'ready', port: (server.address() as { port: number }).port }),
  );
  const gc = (globalThis as { gc?: () => void }).gc!;
  process.on('message', async (message: { type: 'memory'; id: number; gc: boolean }) => {
    if (message.gc) {
      // Twice, with a pause: buffers held by finalised responses are released on the second pass.
      gc();
      await new Promise((wait) => setTimeout(wait, 250));
      gc();
    }
    const { rss, heapUsed } = process.memoryUsage();
    process.send!({ type: 'memory', id: message.id, rss, heapUsed });
  });
}

function startChild(outDir: string, generatedDir: string) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve', outDir, generatedDir], {
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  const waiting = new Map<number, (m: Memory) => void>();
  let next = 0;
  const ready = new Promise<number>((resolvePort, reject) => {
    child.on('message', (m: { type: string; port?: number; id?: number } & Memory) => {
      if (m.type === 'ready') resolvePort(m.port!);
      if (m.type === 'memory') {
        waiting.get(m.id!)?.(m);
        waiting.delete(m.id!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const memory = (gc: boolean) =>
    new Promise<Memory>((resolveMemory) => {
      const id = next++;
      waiting.set(id, resolveMemory);
      child.send({ type: 'memory', id, gc });
    });
  return { child, ready, memory };
}

const mb = (bytes: number) => bytes / 2 ** 20;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const argv = process.argv.slice(2);
  const testBuild = resolve(PROJECT_ROOT, process.env.TEST_BUILD_DIR ?? 'build/test');
  const config = withIndexEntry(
    resolveConfig(
      argv.includes('--out')
        ? argv
        : [...argv, '--out', join(testBuild, 'public'), '--generated-dir', join(testBuild, 'generated')],
    ),
  );
  if (
    !existsSync(join(config.outDir, 'api', 'status.json')) ||
    !existsSync(join(config.generatedDir, 'edge-index.js'))
  ) {
    console.log(`No build in ${config.outDir}: building first.`);
    // Imported here so that the server process does not load the generator.
    const { build } = await import('../generator/build.ts');
    await build(config);
  }
  const server = startChild(config.outDir, config.generatedDir);
  try {
    const port = await server.ready;
    const url = `http://127.0.0.1:${port}`;
    const paths = [...STATIC, ...COMPUTED];
    for (const path of paths) {
      const response = await fetch(url + path);
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`${path} answers ${response.status}: fix the URL mix before measuring`);
    }
    // As browsers and HTTP libraries ask: compressed answers.
    const requests = paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } }));
    console.log(
      `Load: ${CONNECTIONS} connections × ${DURATION} s (after a ${WARMUP} s warm-up), ${paths.length} URLs (${STATIC.length} static files, ${COMPUTED.length} computed)`,
    );

    const startup = await server.memory(true);
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, requests });
    const before = await server.memory(true);
    let peak = before.rss;
    const sampler = setInterval(() => void server.memory(false).then((m) => (peak = Math.max(peak, m.rss))), 500);
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests, timeout: 10 });
    clearInterval(sampler);
    const after = await server.memory(true);

    const rssGrowth = mb(after.rss - before.rss);
    const heapGrowth = mb(after.heapUsed - before.heapUsed);
    const failed = result.errors + result.timeouts + result.non2xx;
    console.log(
      `  requests/s   ${fmt(result.requests.average)} average (${fmt(result.requests.total)} requests in ${fmt(result.duration, 1)} s), ${fmt(mb(result.throughput.average), 1)} MB/s`,
    );
    console.log(
      `  latency      p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `  failures     ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (status codes: ${JSON.stringify(Object.fromEntries(Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count])))})`,
    );
    console.log(
      `  memory RSS   ${fmt(mb(startup.rss))} MB started → ${fmt(mb(before.rss))} MB after warm-up → ${fmt(mb(after.rss))} MB after the run (${rssGrowth >= 0 ? '+' : ''}${fmt(rssGrowth, 1)} MB, bound ${MAX_RSS_GROWTH_MB} MB); peak ${fmt(mb(peak))} MB`,
    );
    console.log(
      `  heap used    ${fmt(mb(startup.heapUsed))} MB started → ${fmt(mb(before.heapUsed))} MB after warm-up → ${fmt(mb(after.heapUsed))} MB after the run (${heapGrowth >= 0 ? '+' : ''}${fmt(heapGrowth, 1)} MB, bound ${MAX_HEAP_GROWTH_MB} MB)`,
    );

    const problems = [
      ...(failed > 0 ? [`${failed} failed requests`] : []),
      ...(result['2xx'] === 0 ? ['no successful request'] : []),
      ...(rssGrowth > MAX_RSS_GROWTH_MB ? [`RSS grew by ${fmt(rssGrowth, 1)} MB`] : []),
      ...(heapGrowth > MAX_HEAP_GROWTH_MB ? [`used heap grew by ${fmt(heapGrowth, 1)} MB`] : []),
    ];
    if (problems.length) {
      console.error(`FAILED: ${problems.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('OK');
    }
  } finally {
    server.child.kill();
  }
}

if (process.argv[2] === '--serve') {
  serve(process.argv[3]!, process.argv[4]!).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
