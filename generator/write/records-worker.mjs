// Worker thread of RecordsThread (records-thread.ts). It loads records-worker.ts the way `npm run build` loads
// the build (one esbuild bundle, reused while its files are unchanged: build-cli.mjs), so that it runs the same
// TypeScript wherever the build runs: npm run build, vitest, tsx. Plain JavaScript: a worker does not inherit a
// TypeScript loader in every runtime.
import { fileURLToPath } from 'node:url';
import { importBundled } from '../build-cli.mjs';

const { serve } = await importBundled(fileURLToPath(new URL('./records-worker.ts', import.meta.url)));
serve();
