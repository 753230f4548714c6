import { pathToFileURL } from 'node:url';
import type { RuntimeIndex } from '../api/runtime-index.ts';
import { build } from '../generator/build.ts';
import { resolveConfig } from '../generator/config.ts';
import { createApp } from './app.ts';
import { needsBuild } from './freshness.ts';
import { rateLimitFromEnv } from './rate-limit.ts';

/**
 * `npm start`: build if public/ is missing or stale, then serve the API and the site on
 * HOST (default 127.0.0.1: not reachable from other machines unless asked) and PORT
 * (default 3000); RATE_LIMIT_PER_MINUTE=N limits each client IP to N requests a minute.
 */
async function main() {
  const config = resolveConfig(process.argv.slice(2));
  const fresh = await needsBuild(config);
  if (fresh.build) {
    console.log(`Building first: ${fresh.reason}.`);
    await build(config);
  }
  const index = (await import(pathToFileURL(`${config.generatedDir}/edge-index.js`).href)).default as RuntimeIndex;
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST || '127.0.0.1';
  const rateLimitPerMinute = rateLimitFromEnv(process.env.RATE_LIMIT_PER_MINUTE);
  const server = createApp(config.outDir, index, console.log, { rateLimitPerMinute });
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  server.listen(port, host, () => {
    console.log(`comuni-api on ${origin}/ (API under /api, e.g. ${origin}/api/comuni/058091)`);
    if (rateLimitPerMinute) console.log(`Rate limit: ${rateLimitPerMinute} requests per minute per client IP.`);
  });
  const stop = (signal: string) => {
    console.log(`${signal}: closing…`);
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
