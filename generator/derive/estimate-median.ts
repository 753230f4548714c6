import { getOrSet } from '../../lib/maps.ts';

/**
 * MEF publishes no median income per comune, only taxpayers and amounts in 8 brackets of
 * reddito complessivo. This module estimates the median from those brackets, and refuses
 * (null) whenever the published figures do not pin the estimate down.
 */

export interface BracketInput {
  /** Lower bound in euro; null for an open lower end (the "≤ 0" bracket). */
  da: number | null;
  /** Upper bound in euro; null for an open upper end ("oltre 120.000"). */
  a: number | null;
  /** Taxpayers in the bracket; null when suppressed for privacy. */
  frequenza: number | null;
}

export interface MedianEstimate {
  /** Estimated median in euro, rounded to the euro. */
  valore: number;
  /** The bracket that holds the median, e.g. "da 15.000 a 26.000 euro". */
  scaglione: string;
  /** How the figure was obtained, in Italian, one sentence. */
  metodo: string;
}

export const METODO_MEDIANA =
  "Stima, non dato MEF: interpolazione lineare all'interno dello scaglione di reddito complessivo che contiene il contribuente di posto N/2 secondo le frequenze cumulate, assumendo i redditi distribuiti uniformemente nello scaglione.";

export interface MedianBracket {
  /** Position of the bracket in the input. */
  indice: number;
  /** Taxpayers in the brackets before it, when the published figures fix that number; null otherwise. */
  cumulataPrecedente: number | null;
  /** Taxpayers counted in the distribution (N). */
  totale: number;
}

/**
 * Finds the bracket that holds the (N/2)-th taxpayer, or null when it is not certain.
 *
 * N is `totalCount` when given (MEF's "Reddito complessivo - Frequenza", 2023 on), else the
 * sum of the bracket frequencies. Suppressed (null) frequencies are handled without guessing
 * their values: MEF suppresses counts below 4 *and* further cells so that those cannot be
 * derived from the total, so a suppressed cell can hold any count. Knowing N, the suppressed
 * cells together hold S = N − (sum of the published ones), split among them in an unknown
 * way; so the count of taxpayers up to a bracket is known only within bounds. The bracket is
 * certain only if, for every split of S, the (N/2)-th taxpayer falls in it.
 */
export function locateMedianBracket(scaglioni: readonly BracketInput[], totalCount?: number): MedianBracket | null {
  for (let i = 0; i < scaglioni.length; i++) {
    const s = scaglioni[i]!;
    if (s.frequenza !== null && !(Number.isFinite(s.frequenza) && s.frequenza >= 0))
      throw new RangeError(`scaglione ${i}: la frequenza ${s.frequenza} non è un conteggio`);
    if (s.da !== null && s.a !== null && !(s.da < s.a))
      throw new RangeError(`scaglione ${i}: i limiti ${s.da}–${s.a} non sono crescenti`);
  }
  if (totalCount !== undefined && !(Number.isFinite(totalCount) && totalCount >= 0))
    throw new RangeError(`il totale ${totalCount} non è un conteggio`);
  // Plain loops over the 8 brackets: this runs for every comune and tax year, several times a
  // build, and the arrays of an earlier version made 1.3 GB of garbage per build.
  let published = 0;
  let firstSuppressed = -1;
  let lastSuppressed = -1;
  for (let k = 0; k < scaglioni.length; k++) {
    const f = scaglioni[k]!.frequenza;
    if (f !== null) published += f;
    else {
      if (firstSuppressed < 0) firstSuppressed = k;
      lastSuppressed = k;
    }
  }
  const suppressed = firstSuppressed >= 0;
  // Without the total, any suppressed bracket leaves N itself unknown.
  if (totalCount === undefined && suppressed) return null;
  const n = totalCount ?? published;
  // The figures contradict each other (brackets exceed the total, or nothing is suppressed
  // and they still do not add up to it): no single N to take the median of.
  if (published > n || (!suppressed && published !== n)) return null;
  if (n === 0) return null;
  // Taxpayers in the suppressed cells, all together (each cell holds some share of them).
  const hidden = n - published;
  const half = n / 2;
  // Bounds on the taxpayers in brackets 0..k: the published ones, plus all the hidden ones if
  // no suppressed cell comes later (low) / if any suppressed cell comes at or before k (high).
  // The first bracket the (N/2)-th taxpayer may fall in is the first whose high bound reaches
  // it; it surely falls there only if it does so even with the suppressed taxpayers placed as
  // late as possible (its low bound).
  let publishedUpTo = 0;
  let previousLow = 0;
  let previousHigh = 0;
  for (let k = 0; k < scaglioni.length; k++) {
    publishedUpTo += scaglioni[k]!.frequenza ?? 0;
    const low = publishedUpTo + (lastSuppressed > k ? 0 : hidden);
    const high = publishedUpTo + (suppressed && firstSuppressed <= k ? hidden : 0);
    if (half <= high) {
      if (half > low) return null;
      return { indice: k, cumulataPrecedente: previousLow === previousHigh ? previousLow : null, totale: n };
    }
    previousLow = low;
    previousHigh = high;
  }
  return null;
}

/**
 * Estimates the median income from the brackets: finds the bracket holding the (N/2)-th
 * taxpayer by cumulative frequency and interpolates linearly between its bounds
 * (median = da + (N/2 − taxpayers before) / frequency × (a − da)).
 *
 * Returns null when:
 * - suppressed frequencies leave the median bracket uncertain (see locateMedianBracket), or
 *   leave uncertain how many taxpayers precede it — the interpolated value would then depend
 *   on how the suppressed taxpayers are split, which is not published and is never imputed;
 * - N is 0 (no taxpayers);
 * - the median falls in an open-ended bracket (≤ 0, or over 120.000): with one bound missing
 *   there is no interval to interpolate in.
 */
export function estimateMedianFromBrackets(
  scaglioni: readonly BracketInput[],
  totalCount?: number,
): MedianEstimate | null {
  const found = locateMedianBracket(scaglioni, totalCount);
  if (!found || found.cumulataPrecedente === null) return null;
  const s = scaglioni[found.indice]!;
  if (s.da === null || s.a === null || s.frequenza === null || s.frequenza === 0) return null;
  const valore = s.da + ((found.totale / 2 - found.cumulataPrecedente) / s.frequenza) * (s.a - s.da);
  return { valore: Math.round(valore), scaglione: bracketLabel(s.da, s.a), metodo: METODO_MEDIANA };
}

/** One label per MEF bracket, made once and shared by every estimate of a build (one per comune and year). */
const bracketLabels = new Map<string, string>();

const bracketLabel = (da: number, a: number): string =>
  getOrSet(bracketLabels, `${da}|${a}`, () => `da ${euro(da)} a ${euro(a)} euro`);

/** 15000 → "15.000" (Italian grouping, independent of the runtime's locale data). */
function euro(value: number): string {
  const [int, dec] = String(Math.abs(value)).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${value < 0 ? '-' : ''}${grouped}${dec ? `,${dec}` : ''}`;
}
