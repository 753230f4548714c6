import { readFile } from 'node:fs/promises';
import type { IndexData } from '../api/runtime-index.ts';
import { resolveConfig, type BuildConfig } from '../generator/config.ts';
import { edgeIndexFile } from '../generator/write/write-edge-index.ts';
import { createApp } from './app.ts';
import { needsBuild } from './freshness.ts';
import { importIndexData } from './index-module.ts';
import { importSeparately } from './import-separately.ts';
import { rateLimitFromEnv } from './rate-limit.ts';

/**
 * The edge index of the output tree. Imported with the file's size and time as a query, so a
 * module that failed to load is not served again from the import cache after a rebuild.
 */
async function importIndex(config: BuildConfig): Promise<IndexData> {
  const file = edgeIndexFile(config.outDir);
  const version = (await readFile(file)).byteLength;
  return importIndexData(file, `?v=${version}-${Date.now()}`);
}

/** The generator, loaded only when a build is needed (most starts serve an up-to-date output). */
async function build(config: BuildConfig): Promise<void> {
  const { build: run } = await importSeparately<typeof import('../generator/build.ts')>(
    new URL('../generator/build.ts', import.meta.url),
  );
  await run(config);
}

/**
 * `npm start`: build if public/ is missing, incomplete or stale, then serve the API and the site on
 * HOST (default 127.0.0.1: not reachable from other machines unless asked) and PORT
 * (default 3000); RATE_LIMIT_PER_MINUTE=N limits each client IP to N requests a minute;
 * ANSWER_CACHE_MB (default 16) bounds the computed answers kept by URL.
 */
async function main() {
  const config = resolveConfig(process.argv.slice(2));
  const fresh = await needsBuild(config);
  if (fresh.build) {
    console.log(`Prima la build: ${fresh.reason}.`);
    await build(config);
  }
  let index: IndexData;
  try {
    index = await importIndex(config);
  } catch (error) {
    // An index that passed the checks but does not load (edited by hand, disk error): rebuild once.
    console.log(`Prima la build: l'indice dell'edge function non si carica (${(error as Error).message}).`);
    await build(config);
    index = await importIndex(config);
  }
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || '127.0.0.1';
  const rateLimitPerMinute = rateLimitFromEnv(process.env.RATE_LIMIT_PER_MINUTE);
  // ANSWER_CACHE_MB=0: every computed answer computed again (to measure the handler, bench/peer.ts).
  const cacheMb = Number(process.env.ANSWER_CACHE_MB ?? 16);
  const answerCacheBytes = Number.isFinite(cacheMb) && cacheMb >= 0 ? cacheMb * 1024 * 1024 : undefined;
  const server = createApp(config.outDir, index, console.log, { rateLimitPerMinute, answerCacheBytes });
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  server.listen(port, host, () => {
    console.log(`comuni-api su ${origin}/ (API sotto /api, per esempio ${origin}/api/comuni/058091)`);
    if (rateLimitPerMinute) console.log(`Limite di richieste: ${rateLimitPerMinute} al minuto per IP del client.`);
  });
  const stop = (signal: string) => {
    console.log(`${signal}: chiusura…`);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
