/** Which declared files a run fetches: the sources and years asked for, or an error naming what exists. */
import type { SourceFile, SourceMeta } from '../../data-sources/lib/source.ts';

export class SelectionError extends Error {
  override name = 'SelectionError';
}

export interface Selected {
  meta: SourceMeta;
  file: SourceFile;
}

/** The declared files matching --only and --year; throws a SelectionError naming what exists. */
export function selectFiles(
  sources: readonly SourceMeta[],
  only: readonly string[] = [],
  years: readonly number[] = [],
): Selected[] {
  const ids = new Set(sources.map((s) => s.id));
  const unknown = only.filter((id) => !ids.has(id));
  if (unknown.length)
    throw new SelectionError(
      `unknown source id ${unknown.map((u) => `"${u}"`).join(', ')}; known ids: ${[...ids].join(', ')}`,
    );
  const chosen = only.length ? sources.filter((s) => only.includes(s.id)) : sources;
  const selected = chosen.flatMap((meta) =>
    meta.files
      .filter((file) => years.length === 0 || (file.year !== undefined && years.includes(file.year)))
      .map((file) => ({ meta, file })),
  );
  if (selected.length === 0) {
    const declared = [
      ...new Set(chosen.flatMap((s) => s.files.map((f) => f.year)).filter((y): y is number => y !== undefined)),
    ].sort();
    throw new SelectionError(
      `nothing to fetch: no declared file of ${only.length ? only.join(', ') : 'any source'} has year ${years.join(' or ')} (declared years: ${declared.join(', ') || 'none'})`,
    );
  }
  return selected;
}
