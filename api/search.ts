/**
 * Autocomplete engine behind `GET /api/comuni/cerca`.
 *
 * Runs both in Node and in a Netlify Edge Function (Deno): web-standard JavaScript only,
 * no Node built-ins, no npm package. The index is built by api/search/search-index.ts, names normalized by
 * api/search/normalize.ts.
 *
 * Matching works on a *compact key*: the name lower-cased, without accents, with every
 * apostrophe, hyphen, dot and space removed (`Sant'Agata de' Goti` → `santagatadegoti`), so
 * `santagata`, `sant agata` and `sant'agata` are the same query. Word boundaries of the
 * normalized name (`normalizeName`) are kept as offsets into the compact key for the
 * "later word" tier.
 *
 * Names: the Italian name, the name in the other official language (`Bozen`), and each of them
 * without a leading elided article (`L'Aquila` is also `Aquila`). The result is always the comune.
 *
 * Tiers, best first (an entry appears once, in the best tier any of its names reaches):
 *   esatta        compact query = compact name
 *   prefisso      compact name starts with the compact query
 *   parola        the compact name from the start of a later word starts with the query
 *                 (`calabria` → Reggio di Calabria); or, for a query of several words, each
 *                 word starts a word of the name, in order (`reggio emilia` → Reggio nell'Emilia)
 *   approssimata  Damerau–Levenshtein (optimal string alignment) distance between the query and
 *                 the compact name or one of its prefixes ≤ 1 for queries of 4–7 characters,
 *                 ≤ 2 for 8 or more; computed only when the earlier tiers give fewer than
 *                 `limit` results. Distance 1 ranks before distance 2.
 * Within a tier (and distance) entries are ordered by population (larger first, unknown last),
 * then normalized name, then official name, then codice_istat. That order is baked into the
 * index: entries are numbered by it, so "better" is simply "smaller entry number".
 */

import { expandAbbreviations } from './search/abbreviations.ts';
import { normalizeName } from './search/normalize.ts';
import { MAX_KEYS_PER_ENTRY, PAROLA_BASE, POW2, type SearchIndex } from './search/search-index.ts';

// The engine's entry points: the build makes the index, the handler queries it.
export { compactKey, normalizeName } from './search/normalize.ts';
export { buildSearchIndex, type SearchEntry, type SearchIndex } from './search/search-index.ts';

export type Corrispondenza = 'esatta' | 'prefisso' | 'parola' | 'approssimata';

export interface SearchResult {
  codice_istat: string;
  /** 1 exact, 0.8 prefix, 0.6 later word, 0.4 fuzzy at distance 1, 0.2 fuzzy at distance 2. Non-increasing along the results. */
  punteggio: number;
  corrispondenza: Corrispondenza;
}

/** Queries shorter than this (after normalization) return no results. */
export const MIN_QUERY_LENGTH = 2;
/** Longest normalized query considered; longer input is truncated (no comune name is near this long). */
const MAX_QUERY_LENGTH = 64;

const SCORE: Record<Exclude<Corrispondenza, 'approssimata'>, number> = { esatta: 1, prefisso: 0.8, parola: 0.6 };
const FUZZY_SCORE = [1, 0.4, 0.2];

/**
 * Compares the first `q.length` characters of `s` (from `offset`) with `q`:
 * 0 when `s` starts with `q` there, otherwise the sign of the ordinary comparison.
 */
function comparePrefix(s: string, offset: number, q: string): number {
  const n = q.length;
  for (let i = 0; i < n; i++) {
    const j = offset + i;
    if (j >= s.length) return -1;
    const d = s.charCodeAt(j) - q.charCodeAt(i);
    if (d !== 0) return d;
  }
  return 0;
}

/** [from, to) of the sorted keys starting with q. */
function keyRange(keys: string[], q: string): [number, number] {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePrefix(keys[mid]!, 0, q) < 0) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (comparePrefix(keys[mid]!, 0, q) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/** [from, to) of the sorted later-word suffixes starting with q. */
function wordRange(index: SearchIndex, q: string): [number, number] {
  const { parole, chiavi } = index;
  const cmp = (i: number) => {
    const p = parole[i]!;
    return comparePrefix(chiavi[Math.floor(p / PAROLA_BASE)]!, p % PAROLA_BASE, q);
  };
  let lo = 0;
  let hi = parole.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(mid) < 0) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = parole.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(mid) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/**
 * Keeps the `limit` smallest distinct numbers offered (an ascending array), ignoring those in `taken`.
 * Entry numbers are ranks, so this selects the best entries of a tier without sorting the whole tier.
 */
class TopK {
  readonly items: number[] = [];
  constructor(
    private readonly limit: number,
    private readonly taken: Set<number>,
  ) {}
  offer(x: number): void {
    const items = this.items;
    if (this.taken.has(x)) return;
    if (items.length === this.limit && x >= items[items.length - 1]!) return;
    let i = items.length;
    while (i > 0 && items[i - 1]! > x) i--;
    if (i > 0 && items[i - 1] === x) return;
    items.splice(i, 0, x);
    if (items.length > this.limit) items.pop();
  }
}

/**
 * Best fuzzy (prefix) distance ≤ maxDist between `q` and each key, computed with an
 * optimal-string-alignment Damerau–Levenshtein table over the sorted keys as if they were a trie:
 * consecutive keys share the columns of their common prefix, and every key below a prefix whose
 * column minimum already exceeds `maxDist` is skipped by binary search.
 * Offers `distance * entryCount + entry` to `top` for every key within `maxDist` whose entry is `eligible`.
 */
function fuzzyScan(
  index: SearchIndex,
  q: string,
  maxDist: number,
  eligible: (entry: number) => boolean,
  top: TopK,
): void {
  const keys = index.chiavi;
  const voce = index.voce;
  const n = keys.length;
  const entryCount = index.codici.length;
  const m = q.length;
  const rows = m + 1;
  const maxCol = m + maxDist;
  const big = maxDist + 1;
  // table[j * rows + i] = distance between q[0..i) and key[0..j)
  const table = new Uint8Array((maxCol + 1) * rows);
  for (let i = 0; i <= m; i++) table[i] = Math.min(i, big);
  const qc = new Uint16Array(m);
  for (let i = 0; i < m; i++) qc[i] = q.charCodeAt(i);

  const lcp = index.lcp;
  let validCols = 0; // columns 1..validCols of the table belong to the key processed last
  let k = 0;
  while (k < n) {
    const key = keys[k]!;
    const len = Math.min(key.length, maxCol);
    // lcp[k] is the prefix shared with keys[k - 1], and also with the key processed last (see the skip below).
    const shared = lcp[k]!;
    let pruneAt = 0;
    for (let j = (shared < validCols ? shared : validCols) + 1; j <= len; j++) {
      const c = key.charCodeAt(j - 1);
      const cPrev = j > 1 ? key.charCodeAt(j - 2) : -1;
      const base = j * rows;
      const left = base - rows;
      // Only the band |i - j| <= maxDist can hold values within reach; the cell just above and the
      // cell just below the band are set to `big` so that neighbouring columns read them as such.
      const lo = j - maxDist > 1 ? j - maxDist : 1;
      const hi = j + maxDist < m ? j + maxDist : m;
      let v: number;
      if (lo === 1) {
        v = j < big ? j : big;
        table[base] = v;
      } else {
        v = big;
        table[base + lo - 1] = big;
      }
      if (hi < m) table[base + hi + 1] = big;
      let colMin = v;
      for (let i = lo; i <= hi; i++) {
        const qi = qc[i - 1]!;
        let d = table[left + i - 1]! + (qi === c ? 0 : 1); // substitution / match
        const ins = table[left + i]! + 1; // key char not in q
        if (ins < d) d = ins;
        const del = v + 1; // q char not in key
        if (del < d) d = del;
        if (i > 1 && j > 1 && qi === cPrev && qc[i - 2] === c) {
          const t = table[left - rows + i - 2]! + 1; // transposition
          if (t < d) d = t;
        }
        if (d > big) d = big;
        table[base + i] = d;
        v = d;
        if (d < colMin) colMin = d;
      }
      if (colMin > maxDist) {
        pruneAt = j;
        break;
      }
    }

    // Best distance between q and a prefix of this key, over the columns that stay within reach.
    const lastCol = pruneAt > 0 ? pruneAt - 1 : len;
    let best = big;
    for (let j = Math.max(m - maxDist, 0); j <= lastCol; j++) {
      const d = table[j * rows + m]!;
      if (d < best) best = d;
    }
    let next = k + 1;
    if (pruneAt > 0) {
      // The column minimum never decreases, so no key starting with key[0..pruneAt) gets any closer:
      // they all share this key's best distance. They are the following keys sharing >= pruneAt characters;
      // the first key after them shares exactly lcp[next] < pruneAt characters with this one.
      while (next < n && lcp[next]! >= pruneAt) next++;
      validCols = pruneAt - 1;
    } else {
      validCols = len;
    }
    if (best <= maxDist) {
      for (let r = k; r < next; r++) {
        const entry = voce[r]!;
        if (eligible(entry)) top.offer(best * entryCount + entry);
      }
    }
    k = next;
  }
}

/**
 * True when every query word starts at a word start of the compact key, in order, each one after
 * the end of the previous (a query word may span several name words: `santagata` in `sant agata`).
 * Taking the earliest possible start for each word is optimal, since it also gives the earliest end.
 */
function matchesWords(key: string, wordStarts: number, queryWords: readonly string[]): boolean {
  let pos = 0;
  for (const w of queryWords) {
    let s = pos;
    for (; s + w.length <= key.length; s++) {
      if ((s === 0 || Math.floor(wordStarts / POW2[s]!) % 2 === 1) && key.startsWith(w, s)) break;
    }
    if (s + w.length > key.length) return false;
    pos = s + w.length;
  }
  return true;
}

/** Filters the entries a search may return: `keep(codice_istat)` is false for a comune outside the filter. */
export type SearchFilter = (codice_istat: string) => boolean;

interface Hit {
  entry: number;
  punteggio: number;
  corrispondenza: Corrispondenza;
}

/**
 * Ranked autocomplete over the index: at most `limit` results, best first, among the comuni `keep` accepts
 * (all when omitted; the filter applies before the limit, so a narrowed search still fills it).
 * A query shorter than 2 characters after normalization returns [].
 * A query with abbreviations (`ss. cosma`, `s. croce`, `mte san savino`) is also searched spelled out
 * (api/search/abbreviations.ts), without typo tolerance; each comune keeps its best match over the
 * spellings, and the merged list keeps the tier, then population order.
 */
export function search(index: SearchIndex, query: string, limit = 10, keep?: SearchFilter): SearchResult[] {
  const queryWords = normalizeName(query)
    .slice(0, MAX_QUERY_LENGTH)
    .split(' ')
    .filter((w) => w !== '');
  if (queryWords.join('').length < MIN_QUERY_LENGTH || !(limit >= 1)) return [];
  limit = Math.floor(limit);
  const codici = index.codici;
  const allowed = keep ? (entry: number) => keep(codici[entry]!) : () => true;

  const variants = expandAbbreviations(queryWords);
  let hits = searchWords(index, variants[0]!, limit, allowed);
  if (variants.length > 1) {
    // Each variant's list is its best `limit` in (score desc, entry asc) order, so the best `limit` of the
    // union, by each entry's best score, is among them.
    // Only the query as typed gets typo tolerance: the fuzzy scan is the costly tier, and a typo inside an
    // abbreviated name is a stretch.
    const all = variants.flatMap((words, i) => (i === 0 ? hits : searchWords(index, words, limit, allowed, false)));
    all.sort((a, b) => b.punteggio - a.punteggio || a.entry - b.entry);
    const seen = new Set<number>();
    hits = all.filter((h) => !seen.has(h.entry) && seen.add(h.entry)).slice(0, limit);
  }
  return hits.map((h) => ({
    codice_istat: codici[h.entry]!,
    punteggio: h.punteggio,
    corrispondenza: h.corrispondenza,
  }));
}

/** The tiers over one spelling of the query (normalized words), best first; the typo tier only with `typos`. */
function searchWords(
  index: SearchIndex,
  queryWords: readonly string[],
  limit: number,
  allowed: (entry: number) => boolean,
  typos = true,
): Hit[] {
  const q = queryWords.join('');
  const { chiavi, voce, codici, parole } = index;
  const results: Hit[] = [];
  const taken = new Set<number>();
  const emit = (entries: number[], corrispondenza: Corrispondenza, punteggio: number) => {
    for (const entry of entries) {
      if (results.length >= limit) return;
      taken.add(entry);
      results.push({ entry, punteggio, corrispondenza });
    }
  };

  // Tiers 1 and 2: exact and prefix, from the same range of sorted keys.
  const [from, to] = keyRange(chiavi, q);
  const exact = new TopK(limit, taken);
  for (let k = from; k < to; k++) if (chiavi[k]!.length === q.length && allowed(voce[k]!)) exact.offer(voce[k]!);
  emit(exact.items, 'esatta', SCORE.esatta);
  if (results.length >= limit) return results;

  const prefix = new TopK(limit - results.length, taken);
  for (let k = from; k < to; k++) if (allowed(voce[k]!)) prefix.offer(voce[k]!);
  emit(prefix.items, 'prefisso', SCORE.prefisso);
  if (results.length >= limit) return results;

  // Tier 3: the query matches from the start of a later word (`calabria` → Reggio di Calabria), or,
  // for a query of several words, each word matches the start of a word of the name, in order
  // (`reggio emilia` → Reggio nell'Emilia, `s giovanni rotondo` → San Giovanni Rotondo).
  const word = new TopK(limit - results.length, taken);
  const [wFrom, wTo] = wordRange(index, q);
  for (let w = wFrom; w < wTo; w++) {
    const entry = voce[Math.floor(parole[w]! / PAROLA_BASE)]!;
    if (allowed(entry)) word.offer(entry);
  }
  if (queryWords.length > 1) {
    // Candidates: names where the longest query word starts a word; then check the whole sequence.
    let longest = queryWords[0]!;
    for (const w of queryWords) if (w.length > longest.length) longest = w;
    const check = (k: number) => {
      const entry = voce[k]!;
      if (!taken.has(entry) && allowed(entry) && matchesWords(chiavi[k]!, index.inizi[k]!, queryWords))
        word.offer(entry);
    };
    const [kFrom, kTo] = keyRange(chiavi, longest);
    for (let k = kFrom; k < kTo; k++) check(k);
    const [lwFrom, lwTo] = wordRange(index, longest);
    for (let w = lwFrom; w < lwTo; w++) check(Math.floor(parole[w]! / PAROLA_BASE));
  }
  emit(word.items, 'parola', SCORE.parola);
  if (results.length >= limit) return results;

  // Tier 4: typo tolerance.
  const maxDist = !typos ? 0 : q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
  if (maxDist === 0) return results;
  // Offered values are distance * entryCount + entry, one per key; an entry has at most
  // MAX_KEYS_PER_ENTRY keys, so the best `remaining` distinct entries are among that many times as many values.
  const remaining = limit - results.length;
  const fuzzy = new TopK(remaining * MAX_KEYS_PER_ENTRY, new Set());
  fuzzyScan(index, q, maxDist, (entry) => !taken.has(entry) && allowed(entry), fuzzy);
  const seen = new Set<number>();
  for (const packed of fuzzy.items) {
    if (results.length >= limit) break;
    const dist = Math.floor(packed / codici.length);
    const entry = packed % codici.length;
    if (seen.has(entry)) continue;
    seen.add(entry);
    results.push({ entry, punteggio: FUZZY_SCORE[dist]!, corrispondenza: 'approssimata' });
  }
  return results;
}
