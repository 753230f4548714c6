import { SOURCES, type SourceModule } from '../../data-sources/index.ts';
import { MissingSourceError } from '../../data-sources/lib/files.ts';
import type { SourceStatus } from '../join/dataset.ts';
import type { SourceCache } from './source-cache.ts';

type Modules = typeof SOURCES;
export type LoadedSources = { [K in keyof Modules]: Awaited<ReturnType<Modules[K]['load']>> | null };
/** `fromCache`: how many sources were read from the cache (null: no cache). */
export type LoadResult = { data: LoadedSources; status: SourceStatus[]; fromCache: number | null };

/**
 * Loads every source. A required source that is missing or unreadable stops the build
 * with the module's message (which names the file and the fix); an optional one that is
 * missing becomes null, and the reason is kept so its fields can say why they are null.
 * With a `cache`, a source parsed from the same files by the same code is read from it
 * (`fromCache` counts them), and every other one is kept there for the next build; a missing
 * source is never kept.
 */
export async function loadSources(
  dataDir: string,
  { cache, onLoaded }: { cache?: SourceCache; onLoaded?: (id: string, ms: number) => void } = {},
): Promise<LoadResult> {
  const entries = Object.entries(SOURCES) as [keyof Modules, SourceModule][];
  const status: SourceStatus[] = [];
  let hits = 0;
  const settled = await Promise.allSettled(
    entries.map(async ([key, mod]) => {
      const started = performance.now();
      try {
        const cached = await cache?.read(mod);
        if (cached) hits++;
        const value = cached ? cached.value : await mod.load(dataDir);
        if (cache && !cached) await cache.write(mod, value);
        status.push({ meta: mod.meta, mancante: null });
        onLoaded?.(mod.meta.id, performance.now() - started);
        return [key, value] as const;
      } catch (error) {
        if (error instanceof MissingSourceError && !mod.meta.required) {
          // Published (/api/fonti, the fields' reasons): the file's path in the mirror, not this machine's.
          status.push({ meta: mod.meta, mancante: error.message.replace(error.absolutePath, error.file.path) });
          return [key, null] as const;
        }
        throw error;
      }
    }),
  );
  // Every source that failed, not the first to fail: a file that cannot be parsed is listed before files that are missing.
  const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length > 0) {
    failures.sort((a, b) => Number(a instanceof MissingSourceError) - Number(b instanceof MissingSourceError));
    const messages = failures.map((e) => (e instanceof Error ? e.message : String(e)));
    throw new Error(
      messages.length === 1 ? messages[0] : `${messages.length} fonti non leggibili:\n\n${messages.join('\n\n')}`,
    );
  }
  const results = settled.map((r) => (r as PromiseFulfilledResult<readonly [keyof Modules, unknown]>).value);
  status.sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  return { data: Object.fromEntries(results) as LoadedSources, status, fromCache: cache ? hits : null };
}

/** What the build's step line says of the cache: "27 di 29 dalla cache". */
export function fromCacheNote({ status, fromCache }: LoadResult): string {
  if (fromCache === null) return 'cache delle fonti disattivata';
  return `${fromCache} di ${status.filter((s) => s.mancante === null).length} dalla cache`;
}

export function requireLoaded<T>(value: T | null, id: string): T {
  if (value === null) throw new Error(`la fonte obbligatoria ${id} non è stata caricata`);
  return value;
}
