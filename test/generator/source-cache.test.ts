/**
 * The cache of parsed sources (generator/load/source-cache.ts): a build that reads every source
 * from it writes the very files a build that parses them does, a changed file is parsed again
 * alone, a damaged entry is parsed again and rewritten, and with --no-cache nothing is kept.
 */
import { appendFile, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_MODULES } from '../../data-sources/index.ts';
import { build } from '../../generator/build.ts';
import { DEFAULT_SOURCE_CACHE_DIR, resolveConfig } from '../../generator/config.ts';
import { loadSources } from '../../generator/load/load-sources.ts';
import { hashSourceFiles, sha256ByPath } from '../../generator/load/source-hashes.ts';
import { SourceCache } from '../../generator/load/source-cache.ts';
import { recordingEffects } from '../helpers/build-effects.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';

const CLOCK = new Date('2026-01-15T09:00:00.000Z');
const hashesOf = (dataDir: string) =>
  sha256ByPath(
    hashSourceFiles(
      dataDir,
      SOURCE_MODULES.map((m) => m.meta),
    ),
  );
const openCache = (dir: string, dataDir = MINI_MIRROR.dataDir) => SourceCache.open(dir, dataDir, hashesOf(dataDir));
const loaded = (r: Awaited<ReturnType<typeof loadSources>>) => r.status.filter((s) => s.mancante === null).length;

/** Every file under `dir`, by its path below the build's folder (`public/…`, `generated/…`). */
async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(
    await Promise.all(files.map(async (f) => [basename(dir) + f.slice(dir.length), await readFile(f)] as const)),
  );
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'source-cache-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('every source module', () => {
  it.each(SOURCE_MODULES.filter((m) => m.parsedCache !== 'none').map((m) => [m.meta.id, m] as const))(
    '%s: its parsed value comes back from the cache equal, prototypes included',
    async (_id, mod) => {
      const value = await mod.load(MINI_MIRROR.dataDir);
      const clone = deserialize(serialize(value));
      const how = mod.parsedCache;
      // toStrictEqual compares classes too: a class instance come back a plain object fails here.
      expect(how && how !== 'none' ? how.revive(clone) : clone).toStrictEqual(value);
    },
  );
});

describe('the source cache', () => {
  it('gives the build the same output, every file byte for byte, as parsing every source', async () => {
    const cacheDir = join(root, 'same-output');
    const first = await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) });
    expect(first.fromCache).toBe(0);
    const run = async (name: string, sourceCacheDir?: string) => {
      const effects = recordingEffects(() => CLOCK);
      await build(
        {
          dataDir: MINI_MIRROR.dataDir,
          lockPath: MINI_MIRROR.lockPath,
          scale: MINI_MIRROR.scale,
          outDir: join(root, name, 'public'),
          generatedDir: join(root, name, 'generated'),
          changesAckPath: join(root, name, 'changes-ack.json'),
          ...(sourceCacheDir ? { sourceCacheDir } : {}),
        },
        effects,
      );
      // public/ is a link to the tree the build wrote, named after its process and time: compared through it.
      const files = new Map([
        ...(await readTree(join(root, name, 'public'))),
        ...(await readTree(join(root, name, 'generated'))),
      ]);
      return { files, lines: effects.lines };
    };
    const parsed = await run('parsed', resolveConfig(['--no-cache'], {}).sourceCacheDir);
    const cached = await run('cached', cacheDir);
    const stepLine = (lines: string[]) => lines.find((l) => l.startsWith('✓ lettura delle fonti'));
    expect(stepLine(parsed.lines)).toMatch(/; cache delle fonti disattivata\)$/);
    expect(stepLine(cached.lines)).toMatch(new RegExp(`; ${loaded(first)} di ${loaded(first)} dalla cache\\)$`));
    expect([...cached.files.keys()].sort()).toEqual([...parsed.files.keys()].sort());
    const differing = [...parsed.files].filter(([path, bytes]) => !bytes.equals(cached.files.get(path)!));
    expect(differing.map(([path]) => path)).toEqual([]);
  }, 120_000);

  it('parses again only the source whose file changed, and keeps one entry for it', async () => {
    const dataDir = join(root, 'mirror');
    await cp(MINI_MIRROR.dataDir, dataDir, { recursive: true });
    const cacheDir = join(root, 'changed-file');
    const first = await loadSources(dataDir, { cache: await openCache(cacheDir, dataDir) });
    const changed = 'comuni-ita/2026-01-26/comuni.json';
    const owner = SOURCE_MODULES.find((m) => m.meta.files.some((f) => f.path === changed))!;
    // Other bytes, the same JSON: what a publisher's re-export without new figures looks like.
    await appendFile(join(dataDir, changed), '\n');
    const second = await loadSources(dataDir, { cache: await openCache(cacheDir, dataDir) });
    expect(second.fromCache).toBe(loaded(first) - 1);
    const [mirror] = await readdir(join(cacheDir, owner.meta.id));
    expect(await readdir(join(cacheDir, owner.meta.id, mirror!))).toHaveLength(1);
    const third = await loadSources(dataDir, { cache: await openCache(cacheDir, dataDir) });
    expect(third.fromCache).toBe(loaded(first));
    expect(third.data).toStrictEqual(first.data);
  });

  it("keeps each data directory's entries: building another mirror does not evict them", async () => {
    const dataDir = join(root, 'other-mirror');
    await cp(MINI_MIRROR.dataDir, dataDir, { recursive: true });
    const cacheDir = join(root, 'two-mirrors');
    const first = await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) });
    expect((await loadSources(dataDir, { cache: await openCache(cacheDir, dataDir) })).fromCache).toBe(0);
    expect((await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) })).fromCache).toBe(
      loaded(first),
    );
  });

  it('ignores an entry it cannot read, parses the source again and rewrites the entry', async () => {
    const cacheDir = join(root, 'corrupt');
    const first = await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) });
    const [damaged, cut] = SOURCE_MODULES.filter((m) => m.parsedCache !== 'none').map((m) => join(cacheDir, m.meta.id));
    const entryOf = async (folder: string) => {
      const [mirror] = await readdir(folder);
      return join(folder, mirror!, (await readdir(join(folder, mirror!)))[0]!);
    };
    await writeFile(await entryOf(damaged!), 'not a v8 clone');
    const whole = await readFile(await entryOf(cut!));
    await writeFile(await entryOf(cut!), whole.subarray(0, whole.length >> 1));
    const second = await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) });
    expect(second.fromCache).toBe(loaded(first) - 2);
    expect(second.data).toStrictEqual(first.data);
    expect((await loadSources(MINI_MIRROR.dataDir, { cache: await openCache(cacheDir) })).fromCache).toBe(
      loaded(first),
    );
  });

  it('is off with --no-cache or NO_SOURCE_CACHE=1, and on by default in node_modules/.cache', () => {
    expect(resolveConfig([], {}).sourceCacheDir).toBe(DEFAULT_SOURCE_CACHE_DIR);
    expect(resolveConfig(['--no-cache'], {}).sourceCacheDir).toBeUndefined();
    expect(resolveConfig([], { NO_SOURCE_CACHE: '1' }).sourceCacheDir).toBeUndefined();
  });
});
