// `npm start`: bundles server/start.ts and everything it imports from the project into one ES module
// with esbuild (importBundled of generator/build-cli.mjs, reused while none of its files changed),
// then runs it with plain Node: no tsx loader, no esbuild service process beside the server, no
// TypeScript compiled module by module at every start. `node --import tsx server/start.ts` runs the
// same server unbundled (the tests do). Plain JavaScript: it runs before any TypeScript can be loaded.
import { join } from 'node:path';
import { stop } from 'esbuild';
import { importBundled } from '../generator/build-cli.mjs';

// The bundle starts the server when imported.
await importBundled(join(import.meta.dirname, 'start.ts'));
// esbuild's service process (~50 MB) outlives a bundling; a later build starts it again.
await stop();
