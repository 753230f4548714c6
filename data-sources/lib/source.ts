import { getOrSet } from '../../lib/maps.ts';

/**
 * The contract every upstream source module follows: metadata that says where the
 * figures come from (served by /api/fonti and used by the fetcher), and the files
 * it reads below the data directory.
 */
export interface SourceFile {
  /** Path relative to the data directory, as the mirror lays it out. */
  path: string;
  /** Official download URL of this file (or of the zip that holds it). */
  url: string;
  /** Member to extract when `url` is a zip archive. */
  zipMember?: string;
  /** Reference year of the figures in this file, where a source has one file per year. */
  year?: number;
}

export interface SourceMeta {
  /** Stable id, also the path segment of /api/fonti/{id}. */
  id: string;
  publisher: string;
  dataset: string;
  /** Page where the publisher documents the dataset. */
  landingUrl: string;
  /** Human-readable vintage, e.g. "anni d'imposta 2000–2023". */
  vintage: string;
  /** Reference date or period of the figures (ISO date or year range). */
  referenceDate: string;
  licence: { name: string; url: string };
  attribution: string;
  files: SourceFile[];
  /** A required source stops the build when missing; an optional one leaves its fields null. */
  required: boolean;
  /** API domains this source feeds. */
  feeds: string[];
  /** Quirks and caveats a user of the figures should know. */
  notes: string[];
}

/**
 * How the build's cache of parsed sources (generator/load/source-cache.ts, docs/source-cache.md) keeps
 * what a module's `load` returns. A module that exports none is kept as v8's structured clone gives it
 * back: plain objects, arrays, Map, Set, Date and typed arrays make the round trip, a class instance
 * comes back a plain object without its prototype's getters and methods. Such a module exports
 * `parsedCache`: `revive` turns the clone back into what `load` returns, 'none' keeps it out of the cache.
 * test/generator/source-cache.test.ts fails for a module whose value does not come back equal.
 */
export type ParsedCache = { revive: (clone: unknown) => unknown } | 'none';

/** Provenance attached to every data block the API serves. */
export interface Provenance {
  fonte: string;
  editore: string;
  dataset: string;
  licenza: string;
  anno_riferimento: number | null;
  data_riferimento: string | null;
  metadati: string;
}

export function provenance(meta: SourceMeta, year: number | null, date: string | null = null): Provenance {
  const byPeriod = getOrSet(provenances, meta, () => new Map<string, Provenance>());
  return getOrSet(byPeriod, `${year}|${date}`, () =>
    Object.freeze({
      fonte: meta.id,
      editore: meta.publisher,
      dataset: meta.dataset,
      licenza: meta.licence.name,
      anno_riferimento: year,
      data_riferimento: date,
      metadati: `/api/fonti/${meta.id}`,
    }),
  );
}

/**
 * One frozen object per source and period, shared by every figure that cites it (each year of
 * each comune's series cites its source): with one object a citation, the joined dataset took
 * 530 MB of heap instead of 488 (measured after a full collection), all of it for the collector to trace.
 */
const provenances = new WeakMap<SourceMeta, Map<string, Provenance>>();
