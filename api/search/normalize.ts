/**
 * Name normalization of the search (web-standard only): lower case, no accents or marks,
 * special letters spelled out, every run of other characters one space.
 */

// Letters that Unicode compatibility decomposition does not split into base letter + mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPECIAL_RE = /[ßẞæÆœŒøØłŁđĐðþı]/g;
// Invisible characters that must not split a word: soft hyphen, zero-width space/joiners, word joiner, BOM.
const INVISIBLE_RE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
const MARKS_RE = /\p{M}+/gu;
const NON_ALNUM_RE = /[^a-z0-9]+/g;

/**
 * The matching form of a name or query: lower case, no accents or other diacritics
 * (`ß` → `ss`), and every run of other characters (spaces, apostrophes, hyphens, dots…)
 * folded into a single space, trimmed. `Sant'Agata de' Goti` → `sant agata de goti`,
 * `Forlì` → `forli`, `Pont-Saint-Martin` → `pont saint martin`.
 * The search itself compares these keys with the spaces removed (see `compactKey`).
 */
export function normalizeName(text: string): string {
  return text
    .replace(INVISIBLE_RE, '')
    .normalize('NFKD')
    .replace(MARKS_RE, '')
    .replace(SPECIAL_RE, (c) => SPECIAL_LETTERS[c] ?? c)
    .toLowerCase()
    .replace(NON_ALNUM_RE, ' ')
    .trim();
}

/** `normalizeName` without spaces: the key the search compares. */
export function compactKey(text: string): string {
  return normalizeName(text).replaceAll(' ', '');
}
