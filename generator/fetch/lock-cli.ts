/**
 * npm run data:lock — records in data-sources/sources.lock.json the checksum of declared
 * source files that a maintainer placed in the data directory by hand (a publisher page
 * without a direct download, a new source module, a vintage dropped in). The build
 * refuses any file whose checksum the lock does not record; `data:fetch` records what it
 * downloads itself.
 *
 *   npm run data:lock -- anpr/popolazione-residente/popolazione_residente_2026_mese1.csv
 *   npm run data:lock -- --only istat-bilancio-demografico
 *   npm run data:lock                      every declared file present in the data directory
 *
 * Options: --data-dir <path> (else DATA_DIR, else ../shared/data-sources), --lock <path>.
 * A file already recorded with the same checksum keeps its entry (and its date). When the
 * data directory has a SHA256SUMS file (the shared mirror does), a file it lists with another
 * checksum is refused: the mirror's own record says the file was altered.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_SOURCE_META } from '../../data-sources/index.ts';
import { sourcePath } from '../../data-sources/lib/files.ts';
import type { SourceFile, SourceMeta } from '../../data-sources/lib/source.ts';
import { resolveConfig } from '../config.ts';
import { sha256Hex } from './download.ts';
import { DEFAULT_LOCK_PATH, readLock, writeLock } from './lock.ts';

export interface LockRequest {
  dataDir: string;
  lockPath: string;
  /** Paths relative to the data directory; empty with no `only`: every declared file present. */
  paths: string[];
  only: string[];
  now?: () => Date;
}

export interface LockResult {
  recorded: string[];
  unchanged: string[];
  problems: string[];
}

/** Checksums listed in the data directory's SHA256SUMS (`<hex>  ./path`), if it has one. */
async function mirrorSums(dataDir: string): Promise<Map<string, string>> {
  const text = await readFile(join(dataDir, 'SHA256SUMS'), 'utf8').catch(() => '');
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64})\s+\*?(?:\.\/)?(.+)$/.exec(line.trim());
    if (m) sums.set(m[2]!, m[1]!);
  }
  return sums;
}

export async function recordInLock(
  req: LockRequest,
  sources: readonly SourceMeta[] = ALL_SOURCE_META,
): Promise<LockResult> {
  const declared = new Map<string, { meta: SourceMeta; file: SourceFile }>();
  for (const meta of sources) for (const file of meta.files) declared.set(file.path, { meta, file });
  const result: LockResult = { recorded: [], unchanged: [], problems: [] };
  for (const id of req.only)
    if (!sources.some((m) => m.id === id)) result.problems.push(`nessuna fonte con id "${id}" (data-sources/index.ts)`);
  for (const path of req.paths)
    if (!declared.has(path))
      result.problems.push(
        `${path}: nessuna fonte dichiara questo file; aggiungilo ai files del modulo in data-sources/ prima di registrarlo`,
      );
  const explicit = req.paths.length > 0 || req.only.length > 0;
  const selected = [...declared.values()].filter(
    ({ meta, file }) => !explicit || req.paths.includes(file.path) || req.only.includes(meta.id),
  );
  const lock = await readLock(req.lockPath);
  const sums = await mirrorSums(req.dataDir);
  const now = (req.now ?? (() => new Date()))().toISOString();
  for (const { meta, file } of selected) {
    const bytes = await readFile(sourcePath(req.dataDir, file)).catch(() => null);
    if (bytes === null) {
      if (req.paths.includes(file.path)) result.problems.push(`${file.path}: il file non c'è in ${req.dataDir}`);
      continue;
    }
    const sha256 = sha256Hex(bytes);
    const listed = sums.get(file.path);
    if (listed !== undefined && listed !== sha256) {
      result.problems.push(
        `${file.path}: sha256 ${sha256}, ma il SHA256SUMS della cartella dati registra ${listed}: il file è stato alterato, non lo registro`,
      );
      continue;
    }
    const entry = lock.files[file.path];
    if (entry && entry.sha256 === sha256 && entry.bytes === bytes.byteLength) {
      result.unchanged.push(file.path);
      continue;
    }
    lock.files[file.path] = {
      source: meta.id,
      url: file.url,
      ...(file.zipMember === undefined ? {} : { zip_member: file.zipMember }),
      sha256,
      bytes: bytes.byteLength,
      fetched_at: now,
      manual: true,
    };
    result.recorded.push(file.path);
  }
  if (result.recorded.length > 0) await writeLock(req.lockPath, lock);
  return result;
}

export function parseLockArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): LockRequest {
  const paths: string[] = [];
  const only: string[] = [];
  let lockPath = DEFAULT_LOCK_PATH;
  const passThrough: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new Error(`${arg} richiede un valore`);
      return v;
    };
    if (arg === '--only') only.push(...value().split(','));
    else if (arg === '--lock') lockPath = value();
    else if (arg === '--data-dir') passThrough.push(arg, value());
    else if (arg.startsWith('--'))
      throw new Error(
        `opzione sconosciuta ${arg} (uso: npm run data:lock -- [percorso …] [--only <id>] [--data-dir <cartella>] [--lock <file>])`,
      );
    else paths.push(arg.replace(/^\.\//, ''));
  }
  return { dataDir: resolveConfig(passThrough, env).dataDir, lockPath, paths, only };
}

async function main() {
  const req = parseLockArgs(process.argv.slice(2));
  const result = await recordInLock(req);
  for (const path of result.recorded) console.log(`registrato  ${path}`);
  console.log(
    `${result.recorded.length} file registrati, ${result.unchanged.length} già registrati con lo stesso checksum, in ${req.lockPath}.`,
  );
  if (result.problems.length > 0) {
    console.error(`\nNon registrati:\n  ${result.problems.join('\n  ')}`);
    process.exit(1);
  }
  if (result.recorded.length > 0) console.log('Fai il commit del lock insieme alla modifica che usa questi file.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  });
}
