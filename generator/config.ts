import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../data-sources/lib/files.ts';
import type { BuildScale } from './check/validate-dataset.ts';

export interface BuildConfig {
  dataDir: string;
  outDir: string;
  /** Where the edge function's index module is written (bundled by Netlify, imported locally). */
  generatedDir: string;
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
}

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/**
 * Data directory: --data-dir flag, else DATA_DIR, else the shared mirror beside the
 * project. Output: --out flag, else public/ in the project; the edge function's index
 * module: --generated-dir, else generated/. Site address: --site-url, else SITE_URL, else
 * the URL Netlify sets during its builds.
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
  const siteUrl = flag('--site-url') ?? env.SITE_URL ?? (env.NETLIFY === 'true' ? env.URL : undefined);
  return {
    dataDir: resolve(flag('--data-dir') ?? env.DATA_DIR ?? DEFAULT_DATA_DIR),
    outDir: resolve(flag('--out') ?? resolve(PROJECT_ROOT, 'public')),
    generatedDir: resolve(flag('--generated-dir') ?? resolve(PROJECT_ROOT, 'generated')),
    ...(lock === undefined ? {} : { lockPath: resolve(lock) }),
    ...(ack === undefined ? {} : { changesAckPath: resolve(ack) }),
    ...(argv.includes('--accept-changes') ? { acceptChanges: true } : {}),
    ...(siteUrl ? { siteUrl: siteUrl.replace(/\/+$/, '') } : {}),
  };
}
