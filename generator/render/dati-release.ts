import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { sourcePath } from '../../data-sources/lib/files.ts';
import type { SourceMeta } from '../../data-sources/lib/source.ts';

/**
 * Identity of one release of the bulk dataset (public/dati/), so a researcher can cite
 * the vintage they used. Everything follows from the input files: the same files give
 * the same version, id and zip name, byte for byte.
 */
export interface DatiRelease {
  /** The build's data version (versione_dati of /api/status): a hash of every source file. */
  hash: string;
  /** When the newest source file was obtained (ISO 8601, UTC). */
  created: string;
  /** `AAAA.MM.GG+hash`: the day of `created`, readable and sortable, then the exact data version. */
  version: string;
  /** Name-based UUID (RFC 9562 v5) of the data version: datapackage.json's `id`. */
  id: string;
  /** File name of the zip of this release: it carries the version, so two vintages never share a name. */
  zip: string;
  /** The site's address when the build knows it (--site-url, SITE_URL or Netlify's URL), else null. */
  homepage: string | null;
}

/** The stable name of the current release's zip: a redirect to the versioned file (see writeDati). */
export const DATI_ZIP_ALIAS = 'comuni-italiani-dati.zip';

/** UUID namespace for URLs (RFC 9562, appendix C). */
const NAMESPACE_URL = '6ba7b8119dad11d180b400c04fd430c8';

function uuidV5(name: string): string {
  const hash = createHash('sha1').update(Buffer.from(NAMESPACE_URL, 'hex')).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function datiRelease(hash: string, created: string, homepage: string | null): DatiRelease {
  const day = created.slice(0, 10).replace(/-/g, '.');
  return {
    hash,
    created,
    version: `${day}+${hash}`,
    id: uuidV5(`comuni-api:comuni-italiani:${hash}`),
    zip: `comuni-italiani-dati-${day}-${hash}.zip`,
    homepage,
  };
}

/**
 * When the data was obtained: the newest download date the fetch lock records for the
 * sources (npm run data:fetch), else the newest modification time of their files in the
 * data directory (a mirror copied by hand). Not the build time, so rebuilding the same
 * files gives the same release.
 */
export async function dataCreated(
  dataDir: string,
  sources: readonly SourceMeta[],
  fetchedAt: ReadonlyMap<string, string>,
): Promise<string> {
  const times: number[] = [];
  for (const meta of sources) {
    const fetched = fetchedAt.get(meta.id);
    if (fetched) {
      times.push(Date.parse(fetched));
      continue;
    }
    for (const file of meta.files) {
      const info = await stat(sourcePath(dataDir, file)).catch(() => null);
      if (info) times.push(info.mtimeMs);
    }
  }
  if (times.length === 0) throw new Error('dati: nessun file sorgente con cui datare la release');
  // Whole seconds: sub-second mtimes differ between file systems for the same copy.
  return new Date(Math.floor(Math.max(...times) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The _redirects rule that gives the current release under the stable name (302: it moves with every release). */
export function zipAliasRedirect(release: DatiRelease): string {
  return `/dati/${DATI_ZIP_ALIAS} /dati/${release.zip} 302`;
}
