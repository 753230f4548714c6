import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { sourcePath } from '../data-sources/lib/files.ts';
import type { BuildConfig } from '../generator/config.ts';
import { importSeparately } from './import-separately.ts';
import { BUILD_CODE, buildFingerprint, codeHash } from '../generator/write/build-fingerprint.ts';
import { recoverOutputs } from '../generator/write/swap.ts';
import { BUILD_INFO_PATH, EDGE_DIR, edgeIndexFile, edgeIndexTrailer } from '../generator/write/write-edge-index.ts';

/**
 * Sizes and modification times of every input of the last build found fresh by content (its
 * code files and declared source files, null for a missing one), with that build's
 * fingerprint: while none of them changes, the next start trusts the fingerprint without
 * reading 89 MB of sources and every code file again. In the output's private folder, so a
 * new build (a new output) starts without one.
 */
const MANIFEST_PATH = `${EDGE_DIR}/freshness.json`;

type Stats = Record<string, [size: number, mtimeMs: number] | null>;

interface Manifest {
  fingerprint: string;
  stats: Stats;
}

async function statsOf(paths: readonly string[]): Promise<Stats> {
  const entries = await Promise.all(
    paths.map(async (path) => {
      const info = await stat(path).catch(() => null);
      return [path, info ? ([info.size, info.mtimeMs] as [number, number]) : null] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Every code file the fingerprint covers (a new or deleted file counts as a change). */
async function codeFiles(code = BUILD_CODE): Promise<string[]> {
  const listed = await Promise.all(
    code.dirs.map((cwd) =>
      fg('**/*', { cwd, absolute: true, onlyFiles: true, ignore: ['**/node_modules/**', 'changes-ack.json'] }),
    ),
  );
  return [...listed.flat(), ...code.files].sort();
}

const sameStats = (a: Stats, b: Stats) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([path, s]) => {
    const t = b[path];
    return s === null ? t === null : t != null && t[0] === s[0] && t[1] === s[1];
  });

/**
 * True when public/ must be (re)built: no complete previous build (a missing or truncated
 * edge index included), or a fingerprint of the build's inputs (the checksums of the source
 * files it reads and of its code) that differs from the one the output records. Content, not
 * modification times: `touch` on any file changes nothing but a re-hash. The hashes are skipped
 * when no input's size or modification time changed since they last matched (MANIFEST_PATH).
 * Leftovers of a killed build are recovered first (see recoverOutputs).
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

  const manifestFile = join(config.outDir, MANIFEST_PATH);
  const manifest = await readFile(manifestFile, 'utf8').then(
    (text) => JSON.parse(text) as Manifest,
    () => null,
  );
  const codePaths = await codeFiles(code);
  if (manifest?.fingerprint === info) {
    const known = new Set(codePaths);
    const sources = Object.keys(manifest.stats).filter((path) => !known.has(path));
    if (sameStats(manifest.stats, await statsOf([...codePaths, ...sources])))
      return { build: false, reason: 'la build è aggiornata (nessun file di input cambiato)' };
  }

  // Something changed (or first start on this output): compare by content. The sources' modules load only here.
  const { ALL_SOURCE_META, hashSourceFiles, sha256ByPath } = await importSeparately<
    typeof import('./content-check.ts')
  >(new URL('./content-check.ts', import.meta.url));
  const current = buildFingerprint(
    await codeHash(code),
    sha256ByPath(hashSourceFiles(config.dataDir, ALL_SOURCE_META)),
  );
  if (current !== info)
    return { build: true, reason: "i file delle fonti o il codice sono cambiati dall'ultima build (checksum diversi)" };
  const declared = ALL_SOURCE_META.flatMap((meta) => meta.files.map((file) => sourcePath(config.dataDir, file)));
  const stats = await statsOf([...codePaths, ...declared]);
  await writeFile(manifestFile, JSON.stringify({ fingerprint: info, stats } satisfies Manifest)).catch(() => {});
  return { build: false, reason: 'la build è aggiornata' };
}
