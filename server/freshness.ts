import { readFile } from 'node:fs/promises';
import { ALL_SOURCE_META } from '../data-sources/index.ts';
import { buildFingerprint, BUILD_CODE, codeHash } from '../generator/write/build-fingerprint.ts';
import type { BuildConfig } from '../generator/config.ts';
import { hashSourceFiles, sha256ByPath } from '../generator/load/source-hashes.ts';
import { recoverOutputs } from '../generator/write/output.ts';
import { BUILD_INFO_PATH, edgeIndexFile, edgeIndexTrailer } from '../generator/write/write-edge-index.ts';
import { join } from 'node:path';

/**
 * True when public/ must be (re)built: no complete previous build (a missing or truncated
 * edge index included), or a fingerprint of the build's inputs (the checksums of the source
 * files it reads and of its code) that differs from the one the output records. Content, not
 * modification times: `touch` on any file changes nothing. Leftovers of a killed build are
 * recovered first (see recoverOutputs).
 */
export async function needsBuild(
  config: Pick<BuildConfig, 'outDir' | 'dataDir'>,
  code = BUILD_CODE,
): Promise<{ build: boolean; reason: string }> {
  await recoverOutputs(config.outDir);
  const info = await readFile(join(config.outDir, BUILD_INFO_PATH), 'utf8').then(
    (text) => (JSON.parse(text) as { fingerprint?: unknown }).fingerprint,
    () => null,
  );
  if (typeof info !== 'string')
    return { build: true, reason: `${join(config.outDir, BUILD_INFO_PATH)} manca o non è leggibile` };
  const index = await readFile(edgeIndexFile(config.outDir), 'utf8').catch(() => null);
  if (index === null) return { build: true, reason: `manca ${edgeIndexFile(config.outDir)}` };
  if (!index.endsWith(edgeIndexTrailer(info)))
    return { build: true, reason: `${edgeIndexFile(config.outDir)} è incompleto o di un'altra build` };
  const current = buildFingerprint(
    await codeHash(code),
    sha256ByPath(hashSourceFiles(config.dataDir, ALL_SOURCE_META)),
  );
  if (current !== info)
    return { build: true, reason: "i file delle fonti o il codice sono cambiati dall'ultima build (checksum diversi)" };
  return { build: false, reason: 'la build è aggiornata' };
}
