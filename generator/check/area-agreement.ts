/**
 * Areas of the same comune from two sources (the registry's against ISTAT's official table in the 2026
 * classification of comuni): a disagreement names both files, the code and the two values. The tolerance
 * is the caller's, to be set from the real files (the largest genuine gap written beside it).
 */
/**
 * Registry against ISTAT's 2025 areas, measured on the real files (7,893 comuni with both): 322 differ by more
 * than 5 % of the larger, 39 by more than 10 %, 2 by more than 20 %, none by 30 %; the largest genuine gaps are
 * San Paolo Bel Sito 2,304 against 2,948 km² (21.85 %) and Procida 3,3796 against 4,2597 (20.66 %), small
 * comuni whose border was redrawn. Only a gross fault fails: a value ×10 or ÷10 is a 90 % gap, a negative one
 * above 100 %.
 */
export const AREA_AGREEMENT = { relative: 0.4 };

export function checkAreas(
  a: { file: string; km2: ReadonlyMap<string, number | null> },
  b: { file: string; km2: ReadonlyMap<string, number | null> },
  tolerance: { relative: number; exceptions?: Record<string, string> },
): string[] {
  const fmt = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 4 });
  const failures: string[] = [];
  for (const [codice, x] of a.km2) {
    const y = b.km2.get(codice);
    if (x == null || y == null || tolerance.exceptions?.[codice]) continue;
    const gap = Math.abs(x - y) / Math.max(x, y);
    if (!(gap <= tolerance.relative))
      failures.push(
        `superficie del comune ${codice}: ${fmt(x)} km² in ${a.file}, ${fmt(y)} km² in ${b.file} (${fmt(gap * 100)}% di scarto, oltre il ${fmt(tolerance.relative * 100)}%)`,
      );
  }
  return failures;
}
