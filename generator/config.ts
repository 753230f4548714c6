import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../data-sources/lib/files.ts';
import type { BuildScale } from './check/validate-dataset.ts';

export interface BuildConfig {
  dataDir: string;
  outDir: string;
  /**
   * Where the edge function's index module is written (bundled by Netlify, imported locally);
   * null: none, the output is not one an edge function is deployed with (see resolveConfig).
   */
  generatedDir: string | null;
  /** The fetcher's lock, for each source's fetch date (default data-sources/sources.lock.json). */
  lockPath?: string;
  /** Go on despite changes beyond the change report's thresholds, recording them in the acknowledgement file (--accept-changes). */
  acceptChanges?: boolean;
  /** The committed acknowledgement file (default data-sources/changes-ack.json). */
  changesAckPath?: string;
  /** The site's public address, for the dataset's homepage and citation (none: left out). */
  siteUrl?: string;
  /** The size the invariants expect (default: the national mirror's, 7,896 comuni); a partial mirror declares its own. */
  scale?: BuildScale;
  /** Where parsed sources are kept between builds (docs/source-cache.md); absent: every source is parsed again. */
  sourceCacheDir?: string;
}

/** A build that writes the edge function's index entry (tools that import the index through it). */
export type EntryBuildConfig = BuildConfig & { generatedDir: string };

/** The config of a tool that needs the index entry: with --out elsewhere, --generated-dir is then required. */
export function withIndexEntry(config: BuildConfig): EntryBuildConfig {
  const { generatedDir } = config;
  if (!generatedDir) throw new Error(`con --out ${config.outDir} serve anche --generated-dir`);
  return { ...config, generatedDir };
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');
/** The output Netlify publishes and npm start serves, whose index generated/edge-index.js re-exports. */
export const DEFAULT_OUT_DIR = resolve(PROJECT_ROOT, 'public');
/** The parsed sources a build keeps for the next one: a tool cache, beside build-cli.mjs's bundle. */
export const DEFAULT_SOURCE_CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules', '.cache', 'comuni-api', 'sources');

/**
 * Data directory: --data-dir flag, else DATA_DIR, else the shared mirror beside the
 * project. Output: --out flag, else public/ in the project; the edge function's index
 * module: --generated-dir, else generated/ when the output is the default one, else none: a
 * build into another folder never moves the entry that the default tree's edge function
 * imports (docs/netlify.md, "A self-contained tree"). Site address: --site-url, else SITE_URL, else
 * the URL Netlify sets during its builds. Parsed sources are cached in DEFAULT_SOURCE_CACHE_DIR unless
 * --no-cache or NO_SOURCE_CACHE=1 (docs/source-cache.md).
 */
export function resolveConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): BuildConfig {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    if (i >= 0) {
      const value = argv[i + 1];
      if (!value || value.startsWith('--')) throw new Error(`${name} richiede un percorso`);
      return value;
    }
    const inline = argv.find((a) => a.startsWith(`${name}=`));
    return inline?.slice(name.length + 1);
  };
  const lock = flag('--lock');
  const ack = flag('--changes-ack');
  const outDir = resolve(flag('--out') ?? DEFAULT_OUT_DIR);
  const generated = flag('--generated-dir');
  const siteUrl = flag('--site-url') ?? env.SITE_URL ?? (env.NETLIFY === 'true' ? env.URL : undefined);
  return {
    dataDir: resolve(flag('--data-dir') ?? env.DATA_DIR ?? DEFAULT_DATA_DIR),
    outDir,
    generatedDir: generated
      ? resolve(generated)
      : outDir === DEFAULT_OUT_DIR
        ? resolve(PROJECT_ROOT, 'generated')
        : null,
    ...(lock === undefined ? {} : { lockPath: resolve(lock) }),
    ...(ack === undefined ? {} : { changesAckPath: resolve(ack) }),
    ...(argv.includes('--accept-changes') ? { acceptChanges: true } : {}),
    ...(siteUrl ? { siteUrl: siteUrl.replace(/\/+$/, '') } : {}),
    ...(argv.includes('--no-cache') || env.NO_SOURCE_CACHE === '1' ? {} : { sourceCacheDir: DEFAULT_SOURCE_CACHE_DIR }),
  };
}
