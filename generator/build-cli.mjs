// `npm run build`: bundles generator/build.ts and everything it imports from the project into one
// ES module with esbuild, then runs it with plain Node. Through tsx's loader, Node resolved and
// loaded ~360 TypeScript modules one by one: 1.4–1.8 s from process start until build.ts was
// ready to run, against 0.9–1.0 s with the bundle, bundling included (three runs each). Packages
// stay imports (node_modules is not bundled). `node --import tsx generator/build.ts` runs the same
// build unbundled, and tests and `npm start` import build.ts as it is.
// Plain JavaScript: it runs before any TypeScript can be loaded.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ENTRY = join(import.meta.dirname, 'build.ts');
/** A tool cache, like other tools' node_modules/.cache: the bundle resolves the packages from there. */
const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'comuni-api');

/**
 * Each module keeps its own location: `import.meta.url` and `import.meta.dirname` are replaced by
 * the module's path, so the worker threads, templates and project root it finds relative to
 * itself are where they are in the source tree, not beside the bundle.
 */
const ownLocation = {
  name: 'own-location',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8'))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: 'ts',
    }));
  },
};

/** Bundles the build and imports the bundle: the exports of generator/build.ts. */
export async function bundledBuild() {
  const { outputFiles } = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: join(CACHE, 'build.mjs'),
    plugins: [ownLocation],
    logLevel: 'warning',
  });
  const code = outputFiles[0].contents;
  // Named by its content: a build running meanwhile keeps importing its own bundle.
  const file = join(CACHE, `build-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(CACHE, { recursive: true });
    await writeFile(`${file}.${process.pid}`, code);
    await rename(`${file}.${process.pid}`, file);
    await pruneOldBundles(file);
  }
  return import(pathToFileURL(file).href);
}

/** Bundles of earlier code, once no build can still be about to import them (an hour old). */
async function pruneOldBundles(keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(CACHE)) {
    const path = join(CACHE, name);
    if (path === keep || !name.startsWith('build-')) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < hourAgo) await rm(path, { force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const { runBuildCli } = await bundledBuild();
  await runBuildCli(process.argv.slice(2));
}
