import { fileURLToPath } from 'node:url';

/**
 * Imports a TypeScript module of the project as a bundle of its own (importBundled of
 * generator/build-cli.mjs, reused while its files are unchanged), so that `npm start`'s bundle
 * neither holds it nor loads the packages it imports (the build's and the sources' parsers:
 * ~0.6 s of a start) unless it is needed. The specifier is computed, so esbuild leaves it out.
 */
export async function importSeparately<T>(module: URL): Promise<T> {
  const cli = new URL('../generator/build-cli.mjs', import.meta.url).href;
  const { importBundled } = (await import(cli)) as { importBundled(entry: string): Promise<unknown> };
  return (await importBundled(fileURLToPath(module))) as T;
}
