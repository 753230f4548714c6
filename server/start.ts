import { pathToFileURL } from 'node:url';
import type { RuntimeIndex } from '../api/runtime-index.ts';
import { build } from '../generator/build.ts';
import { resolveConfig } from '../generator/config.ts';
import { createApp } from './app.ts';
import { needsBuild } from './freshness.ts';

/** `npm start`: build if public/ is missing or stale, then serve the API and the site on PORT (default 3000). */
async function main() {
  const config = resolveConfig(process.argv.slice(2));
  const fresh = await needsBuild(config);
  if (fresh.build) {
    console.log(`Building first: ${fresh.reason}.`);
    await build(config);
  }
  const index = (await import(pathToFileURL(`${config.generatedDir}/edge-index.js`).href)).default as RuntimeIndex;
  const port = Number(process.env.PORT ?? 3000);
  const server = createApp(config.outDir, index);
  server.listen(port, () => console.log(`comuni-api on http://localhost:${port}/ (API under /api, e.g. http://localhost:${port}/api/comuni/058091)`));
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
