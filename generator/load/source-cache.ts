import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SourceModule } from '../../data-sources/index.ts';
import { PROJECT_ROOT } from '../config.ts';
import { codeHash } from '../write/build-fingerprint.ts';

/**
 * The code that turns a source's files into its parsed value: data-sources/ and lib/ (the only
 * folders a source module may import, .dependency-cruiser.cjs) and the locked package versions
 * (the XLSX and CSV parsers). The lock of the data files sits in data-sources/ but no loader reads
 * it (nor the acknowledged changes): a new vintage of one source must not discard the others.
 */
const PARSING_CODE = {
  dirs: ['data-sources', 'lib'].map((dir) => join(PROJECT_ROOT, dir)),
  files: [join(PROJECT_ROOT, 'package-lock.json')],
  ignore: ['sources.lock.json'],
};

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The parsing code's hash, with the Node version, whose v8 writes the entries, and the time zone
 * (SheetJS makes the Date of a spreadsheet's date cell in local time).
 */
async function parsingCodeHash(): Promise<string> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return sha256(`node ${process.version}\nzone ${zone}\ncode ${await codeHash(PARSING_CODE)}\n`);
}

/**
 * Each source module's parsed value as the last build left it, by what it was parsed from: the
 * module, the sha256 of each declared file (or its absence), the parsing code and Node's version.
 * Parsing every source took ~9.9 s of the main thread before anything else could start; reading
 * the 146 MB of clones back takes a fraction of it. An entry that cannot be read (cut short,
 * corrupt, from another v8) is a miss and is written again; a failed write only loses the entry.
 */
export class SourceCache {
  private constructor(
    private readonly dir: string,
    private readonly mirror: string,
    private readonly code: string,
    private readonly fileHashes: ReadonlyMap<string, string>,
  ) {}

  /** `fileHashes`: the sha256 of every declared file present in `dataDir`, by its path there (verifyInputs). */
  static async open(dir: string, dataDir: string, fileHashes: ReadonlyMap<string, string>): Promise<SourceCache> {
    return new SourceCache(dir, sha256(resolve(dataDir)).slice(0, 16), await parsingCodeHash(), fileHashes);
  }

  private key(mod: SourceModule): string {
    const files = mod.meta.files.map((f) => `${f.path}\0${this.fileHashes.get(f.path) ?? 'assente'}`);
    return sha256(`${mod.meta.id}\n${this.code}\n${files.join('\n')}`);
  }

  /**
   * One folder a module and data directory: a new entry replaces the older ones of the same mirror, so that
   * building the mini mirror (the unit tests) does not drop the national mirror's entries, nor the reverse.
   */
  private entry(mod: SourceModule): { key: string; folder: string; file: string } {
    const key = this.key(mod);
    const folder = join(this.dir, mod.meta.id, this.mirror);
    return { key, folder, file: join(folder, `${key.slice(0, 32)}.v8`) };
  }

  /** The module's value parsed from these very files by this very code, or undefined. */
  async read(mod: SourceModule): Promise<{ value: unknown } | undefined> {
    const how = mod.parsedCache;
    if (how === 'none') return undefined;
    const { key, file } = this.entry(mod);
    const bytes = await readFile(file).catch(() => null);
    if (bytes === null) return undefined;
    try {
      // The key inside the entry too: a file renamed or copied by hand under another key is a miss.
      const entry = deserialize(bytes) as { key?: unknown; value?: unknown } | null;
      if (entry?.key !== key) return undefined;
      return { value: how ? how.revive(entry.value) : entry.value };
    } catch {
      return undefined;
    }
  }

  /** Keeps the module's value (written aside, then renamed) and removes its older entries. Never throws. */
  async write(mod: SourceModule, value: unknown): Promise<void> {
    if (mod.parsedCache === 'none') return;
    const { key, folder, file } = this.entry(mod);
    const aside = `${file}.${process.pid}`;
    try {
      const bytes = serialize({ key, value });
      await mkdir(folder, { recursive: true });
      await writeFile(aside, bytes);
      await rename(aside, file);
      await pruneOthers(folder, file);
    } catch {
      await rm(aside, { force: true }).catch(() => undefined);
    }
  }
}

/** Every other file of the module's folder: older entries, and files set aside by a build that stopped over an hour ago. */
async function pruneOthers(folder: string, keep: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    if (path === keep) continue;
    // Another build may be writing its entry aside right now: the rename would fail and lose only that entry, but leave it be.
    if (!name.endsWith('.v8') && ((await stat(path).catch(() => null))?.mtimeMs ?? 0) > hourAgo) continue;
    await rm(path, { force: true });
  }
}
