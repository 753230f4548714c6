/**
 * The search index: built at build time (generator/render/build-index.ts), shipped in the
 * runtime index, read by the query side (api/search.ts). Entries are numbered by rank
 * (population, then name, then code), so "better" is "smaller entry number".
 */
import { normalizeName } from './normalize.ts';

export interface SearchEntry {
  codice_istat: string;
  nome: string;
  nome_altra_lingua: string | null;
  /** Former names of the comune's territory (renamed, or comuni merged into it): found too, shown as "già …". */
  nomi_storici?: readonly string[];
  popolazione: number | null;
}

/**
 * Precomputed, JSON-serialisable index (arrays of strings and numbers only).
 * Entry number = rank in the population / name / code order.
 */
export interface SearchIndex {
  /** Format version. */
  v: 1;
  /** codice_istat by entry number. */
  codici: string[];
  /** Compact keys of every name (Italian and other language, deduplicated per entry), sorted by UTF-16 code units. */
  chiavi: string[];
  /** Entry number of each key in `chiavi`. */
  voce: number[];
  /**
   * Later-word suffixes, sorted by the suffix text: each number is `keyIndex * PAROLA_BASE + offset`,
   * i.e. the suffix `chiavi[keyIndex].slice(offset)` where `offset` is the start of a word after the first.
   */
  parole: number[];
  /**
   * Word starts of each key in `chiavi` as a bit set: bit `i` (value 2^i) is set when a word after
   * the first starts at offset `i` of the compact key. 0 for one-word names.
   */
  inizi: number[];
  /** For each key in `chiavi`, the length of the prefix it shares with the previous key (0 for the first). */
  lcp: number[];
}

/** Multiplier packing (key index, word offset) into one number in `SearchIndex.parole`; also the limit on word offsets. */
export const PAROLA_BASE = 64;
/** Word offsets must stay below this so that `inizi` bit sets are exact in a double (2^52). */
const MAX_WORD_OFFSET = 52;
export const POW2 = Array.from({ length: MAX_WORD_OFFSET + 1 }, (_, i) => 2 ** i);
/** Keys per entry: the Italian name, the name in the other language, each also without an elided article. */
// Official names, elided-article forms and former names (a fusion of up to 9 comuni).
export const MAX_KEYS_PER_ENTRY = 24;
/** Leading words dropped to form an extra key (after normalization, "L'Aquila" starts with the word "l"). */
const ELIDED_ARTICLES = new Set(['l']);
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the index. Deterministic: the same entries in any order give the same index. */
export function buildSearchIndex(entries: SearchEntry[]): SearchIndex {
  const ranked = entries
    .map((e) => ({ e, norm: normalizeName(e.nome) }))
    .sort((a, b) => {
      const pa = a.e.popolazione ?? -1;
      const pb = b.e.popolazione ?? -1;
      if (pa !== pb) return pb - pa;
      return (
        compareStrings(a.norm, b.norm) ||
        compareStrings(a.e.nome, b.e.nome) ||
        compareStrings(a.e.codice_istat, b.e.codice_istat)
      );
    });

  const keyRows: { key: string; entry: number; wordOffsets: number[] }[] = [];
  ranked.forEach(({ e }, entry) => {
    const seen = new Set<string>();
    const variants: string[][] = [];
    for (const name of [e.nome, e.nome_altra_lingua, ...(e.nomi_storici ?? [])]) {
      if (!name) continue;
      const words = normalizeName(name)
        .split(' ')
        .filter((w) => w !== '');
      variants.push(words);
      // An elided leading article is transparent: "L'Aquila" is also the name "Aquila".
      if (words.length > 1 && ELIDED_ARTICLES.has(words[0]!)) variants.push(words.slice(1));
    }
    for (const words of variants) {
      const key = words.join('');
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const wordOffsets: number[] = [];
      let offset = 0;
      words.forEach((w, i) => {
        if (i > 0) wordOffsets.push(offset);
        offset += w.length;
      });
      keyRows.push({ key, entry, wordOffsets });
    }
  });
  keyRows.sort((a, b) => compareStrings(a.key, b.key) || a.entry - b.entry);

  const words: { suffix: string; packed: number }[] = [];
  keyRows.forEach((row, keyIndex) => {
    for (const offset of row.wordOffsets) {
      if (offset > MAX_WORD_OFFSET) throw new Error(`Name too long for the search index: ${row.key}`);
      words.push({ suffix: row.key.slice(offset), packed: keyIndex * PAROLA_BASE + offset });
    }
  });
  words.sort((a, b) => compareStrings(a.suffix, b.suffix) || a.packed - b.packed);

  return {
    v: 1,
    codici: ranked.map(({ e }) => e.codice_istat),
    chiavi: keyRows.map((r) => r.key),
    voce: keyRows.map((r) => r.entry),
    parole: words.map((w) => w.packed),
    inizi: keyRows.map((r) => r.wordOffsets.reduce((mask, offset) => mask + POW2[offset]!, 0)),
    lcp: keyRows.map((r, i) => {
      const prev = i > 0 ? keyRows[i - 1]!.key : '';
      let l = 0;
      while (l < prev.length && l < r.key.length && prev.charCodeAt(l) === r.key.charCodeAt(l)) l++;
      return l;
    }),
  };
}
