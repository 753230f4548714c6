// `npm run build`: bundles generator/build.ts and everything it imports from the project into one
// ES module with esbuild, then runs it with plain Node. Through tsx's loader, Node resolved and
// loaded ~360 TypeScript modules one by one: 1.4–1.8 s from process start until build.ts was
// ready to run, against 0.9–1.0 s with the bundle, bundling included (three runs each). Packages
// stay imports (node_modules is not bundled). `node --import tsx generator/build.ts` runs the same
// build unbundled, and tests and `npm start` import build.ts as it is. The bundle is reused while
// none of the files it was made from changed (see reusableBundle).
// Plain JavaScript: it runs before any TypeScript can be loaded.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { build, version as esbuildVersion } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');
const ENTRY = join(import.meta.dirname, 'build.ts');
/** A tool cache, like other tools' node_modules/.cache: the bundle resolves the packages from there. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'comuni-api');
/** Files that change a bundle without being part of it: this script (esbuild's options) and the TypeScript settings. */
const SETTINGS = [import.meta.filename, join(ROOT, 'tsconfig.json')];

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * Each module keeps its own location: `import.meta.url` and `import.meta.dirname` are replaced by
 * the module's path, so the worker threads, templates and project root it finds relative to
 * itself are where they are in the source tree, not beside the bundle. The checksum of each file
 * as it was read goes into `read`: what the bundle was made from, even if the file changes meanwhile.
 */
const ownLocation = (read) => ({
  name: 'own-location',
  setup(plugin) {
    plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const bytes = await readFile(path);
      read.set(path, sha256(bytes));
      return {
        contents: bytes
          .toString('utf8')
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
        loader: 'ts',
      };
    });
  },
});

/** The last bundle of `entry` and the checksum of every file it was made from. */
const manifestOf = (entry, cache) => join(cache, `${basename(entry, '.ts')}.inputs.json`);

/** Checksums of `paths`, each read in full (a missing file has none). */
async function checksums(paths) {
  const sums = await Promise.all(paths.map((path) => readFile(path).then(sha256, () => null)));
  return Object.fromEntries(paths.map((path, i) => [path, sums[i]]));
}

/**
 * The bundle of `entry` made by an earlier run in this checkout, if every file it was made from still has
 * the same content, with the same esbuild; null otherwise. Bundling took ~330 ms of every `npm run build`
 * (esbuild's start, then the location plugin's pass over ~360 files), reading and hashing those
 * files ~30 ms.
 */
export async function reusableBundle(entry, cache = CACHE) {
  const manifest = await readFile(manifestOf(entry, cache), 'utf8').then(JSON.parse, () => null);
  // The bundle holds this checkout's absolute paths: a node_modules copied from another checkout must not reuse it.
  if (!manifest || manifest.root !== ROOT || manifest.esbuild !== esbuildVersion) return null;
  if (!existsSync(join(cache, manifest.bundle))) return null;
  const now = await checksums(Object.keys(manifest.inputs));
  return Object.entries(manifest.inputs).every(([path, sum]) => now[path] === sum)
    ? join(cache, manifest.bundle)
    : null;
}

/** Bundles the TypeScript module `entry` (unless an earlier bundle can be reused) and imports the bundle: its exports. */
export async function importBundled(entry, cache = CACHE) {
  const reused = await reusableBundle(entry, cache);
  if (reused) return import(pathToFileURL(reused).href);
  const name = basename(entry, '.ts');
  const read = new Map();
  const { outputFiles, metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: join(cache, `${name}.mjs`),
    plugins: [ownLocation(read)],
    logLevel: 'warning',
    absWorkingDir: ROOT,
    metafile: true,
  });
  const code = outputFiles[0].contents;
  // Named by its content: a build running meanwhile keeps importing its own bundle.
  const file = join(cache, `${name}-${sha256(code).slice(0, 16)}.mjs`);
  await mkdir(cache, { recursive: true });
  if (!existsSync(file)) {
    await writeAtomically(file, code);
    await pruneOldBundles(cache, name, file);
  }
  const paths = Object.keys(metafile.inputs).map((path) => join(ROOT, path));
  const unread = await checksums([...paths.filter((path) => !read.has(path)), ...SETTINGS]);
  const inputs = { ...Object.fromEntries(read), ...unread };
  await writeAtomically(
    manifestOf(entry, cache),
    JSON.stringify({ root: ROOT, esbuild: esbuildVersion, bundle: basename(file), inputs }),
  );
  return import(pathToFileURL(file).href);
}

/** Bundles generator/build.ts and imports the bundle: its exports. */
export function bundledBuild() {
  return importBundled(ENTRY);
}

/** Written aside, then renamed: a process reading it meanwhile sees the old file or the new one, whole. */
async function writeAtomically(path, content) {
  await writeFile(`${path}.${process.pid}`, content);
  await rename(`${path}.${process.pid}`, path);
}

/** Bundles of earlier code of the entry `name`, once no process can still be about to import them (an hour old). */
async function pruneOldBundles(cache, name, keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const file of await readdir(cache)) {
    const path = join(cache, file);
    if (path === keep || !new RegExp(`^${name}-[0-9a-f]{16}\\.mjs$`).test(file)) continue;
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < hourAgo) await rm(path, { force: true });
  }
}

if (isMainThread && process.argv[1] === import.meta.filename) {
  const { runBuildCli } = await bundledBuild();
  await runBuildCli(process.argv.slice(2));
}
