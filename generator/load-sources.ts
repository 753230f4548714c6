import * as anpr from '../data-sources/anpr-popolazione.ts';
import * as comuniIta from '../data-sources/comuni-ita.ts';
import * as dipe from '../data-sources/dipe-urban-index.ts';
import * as gi from '../data-sources/gi-db-comuni.ts';
import * as gisco from '../data-sources/gisco-ospedali.ts';
import * as interno from '../data-sources/interno-delitti.ts';
import * as aria from '../data-sources/ispra-aria.ts';
import * as suolo from '../data-sources/ispra-suolo.ts';
import * as areeInterne from '../data-sources/istat-aree-interne.ts';
import * as delitti from '../data-sources/istat-delitti.ts';
import * as elenco from '../data-sources/istat-elenco-comuni.ts';
import * as pop1821 from '../data-sources/istat-popolazione-2018-2021.ts';
import * as pop2020 from '../data-sources/istat-popolazione-2020.ts';
import * as posas from '../data-sources/istat-posas.ts';
import { MissingSourceError } from '../data-sources/lib/files.ts';
import type { SourceMeta } from '../data-sources/lib/source.ts';
import * as irpef2024 from '../data-sources/mef-irpef-2024-sintesi.ts';
import * as irpef from '../data-sources/mef-irpef-comunale.ts';
import type { SourceStatus } from './dataset.ts';

interface SourceModule<T> {
  meta: SourceMeta;
  load(dataDir: string): Promise<T>;
}

/** Every source module the build reads, by the name the join uses. */
export const MODULES = {
  gi,
  elenco,
  comuniIta,
  anpr,
  pop2020,
  pop1821,
  posas,
  irpef,
  irpef2024,
  aria,
  suolo,
  areeInterne,
  dipe,
  delitti,
  interno,
  gisco,
} as const;

type Modules = typeof MODULES;
export type LoadedSources = { [K in keyof Modules]: Awaited<ReturnType<Modules[K]['load']>> | null };

/**
 * Loads every source. A required source that is missing or unreadable stops the build
 * with the module's message (which names the file and the fix); an optional one that is
 * missing becomes null, and the reason is kept so its fields can say why they are null.
 */
export async function loadSources(dataDir: string, onLoaded?: (id: string, ms: number) => void): Promise<{ data: LoadedSources; status: SourceStatus[] }> {
  const entries = Object.entries(MODULES) as [keyof Modules, SourceModule<unknown>][];
  const status: SourceStatus[] = [];
  const results = await Promise.all(
    entries.map(async ([key, mod]) => {
      const started = performance.now();
      try {
        const value = await mod.load(dataDir);
        status.push({ meta: mod.meta, mancante: null });
        onLoaded?.(mod.meta.id, performance.now() - started);
        return [key, value] as const;
      } catch (error) {
        if (error instanceof MissingSourceError && !mod.meta.required) {
          status.push({ meta: mod.meta, mancante: error.message });
          return [key, null] as const;
        }
        throw error;
      }
    }),
  );
  status.sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  return { data: Object.fromEntries(results) as LoadedSources, status };
}

export function requireLoaded<T>(value: T | null, id: string): T {
  if (value === null) throw new Error(`required source ${id} was not loaded`);
  return value;
}
