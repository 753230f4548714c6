/**
 * Abbreviations people write in comune names (`SS. Cosma e Damiano`, `S. Croce sull'Arno`, `M.te San Savino`,
 * `C. di Sangro`): the search also tries the query with each one spelled out. Web-standard only (runs at the edge).
 *
 * Keys are words of the normalized query (`normalizeName`: dots become spaces, so `M.te` is the two words
 * `m te`). A short form is expanded only when more of the name follows it: while the user is still typing
 * the first word (`sta`, `sto`), it is a prefix (Stazzema, Stornara), not an abbreviation.
 */

/** Normalized short form (one or two words) → the words it stands for, commonest first. */
const ABBREVIATIONS: Readonly<Record<string, readonly string[]>> = {
  ss: ['santi'],
  s: ['san', 'santa', 'santo', 'sant'],
  sta: ['santa'],
  's ta': ['santa'],
  sto: ['santo'],
  's to': ['santo'],
  mte: ['monte'],
  mt: ['monte'],
  'm te': ['monte'],
  c: ['castel', 'castello'],
  pto: ['porto'],
  'p to': ['porto'],
  bgo: ['borgo'],
  'b go': ['borgo'],
};

/** At most this many spellings of one query are searched (the original included), so a query of many `s.` stays cheap. */
export const MAX_VARIANTS = 8;

/**
 * The query's words, then the same with the abbreviations spelled out (every combination, original
 * first, at most MAX_VARIANTS lists). `['ss', 'cosma', 'e', 'damiano']` → that, and `['santi', 'cosma', 'e', 'damiano']`.
 */
export function expandAbbreviations(words: readonly string[]): string[][] {
  // Each segment of the query: the words as typed, or their spelled-out alternatives.
  const segments: string[][][] = [];
  for (let i = 0; i < words.length;) {
    const two = i + 2 < words.length ? ABBREVIATIONS[`${words[i]} ${words[i + 1]}`] : undefined;
    const one = i + 1 < words.length ? ABBREVIATIONS[words[i]!] : undefined;
    const span = two ? 2 : 1;
    const typed = words.slice(i, i + span);
    segments.push([typed, ...(two ?? one ?? []).map((w) => [w])]);
    i += span;
  }
  let variants: string[][] = [[]];
  for (const options of segments) {
    variants = variants.flatMap((v) => options.map((o) => [...v, ...o])).slice(0, MAX_VARIANTS);
  }
  return variants;
}
