/** Tolerance of the balance (population or taxpayers) used to choose among candidates. */
export const MATCH_TOLERANCE = 0.03;
/** Looser for the further MEF counts: a year moves them more, and they only tell apart balances the first figure allows. */
const PROFILE_TOLERANCE = 0.1;

/**
 * Steps after which a search is given up (null: no unique answer). On the real mirror the searches
 * that find the unique answer take at most 13 steps and those that find two at most 7,037; the
 * only ones to reach this bound are the Trentino mergers of 2016 (49 ceased comuni, 17 new ones,
 * each tolerance with and without the comuni that grew), which found nothing in 2,000,000 steps
 * either: ~0.2 s of the build's main thread each.
 */
const MAX_STEPS = 100_000;

/** Relative gap between a figure before an event and one after. */
export const relDiff = (before: number, after: number) =>
  after === 0 ? (before === 0 ? 0 : 1) : Math.abs(before - after) / after;

export interface Target {
  key: string;
  /** Figure after the event, and before it (0 for a new comune): the ceased comuni must fill the difference. */
  value: number[];
  base: number[];
  /** A comune that already existed may or may not have absorbed anything; a new one must be made of the ceased. */
  optional: boolean;
}

/** Component `i` within tolerance (a component a source suppressed, NaN, does not count against). */
const componentMatches = (sum: number, target: number, i: number, tolerance: number) =>
  Number.isNaN(target) ||
  Number.isNaN(sum) ||
  relDiff(sum, target) <= (i === 0 ? tolerance : PROFILE_TOLERANCE) ||
  Math.abs(sum - target) <= 5;

/** Every component within tolerance. */
export const matches = (sum: number[], target: number[], tolerance = MATCH_TOLERANCE) =>
  target.every((t, i) => componentMatches(sum[i]!, t, i, tolerance));

/**
 * Assigns each ceased comune (items) to one target so that every new comune's profile, and
 * every grown comune's growth, equals the sum of its items within tolerance. Returns the
 * assignment only when it is the unique one; null when there is none or several, or the
 * search is too long.
 */
export function uniqueCover(
  items: { key: string; value: number[] }[],
  targets: Target[],
  tolerance = MATCH_TOLERANCE,
): Map<string, string> | null {
  const sorted = [...items].sort((a, b) => b.value[0]! - a.value[0]!);
  const load = targets.map((t) => t.value.map(() => 0));
  const used = targets.map(() => 0);
  const pick: number[] = [];
  const solutions: number[][] = [];
  let steps = 0;
  const remaining = sorted.map((_, i) => sorted.slice(i).reduce((t, it) => t + it.value[0]!, 0));
  // Per-target bounds computed once, with the same operations in the same order as inline: the pruning is unchanged, bit for bit.
  const lower = targets.map((t) => t.value[0]! * (1 - tolerance) - 5);
  const upper = targets.map((t) => t.value[0]! * (1 + tolerance) + 5);
  const base0 = targets.map((t) => t.base[0]!);
  const required = targets.flatMap((t, k) => (t.optional ? [] : [k]));
  /** What a target still lacks beyond the loose tolerance; kept per required target, updated when its load changes. */
  const lackOf = (k: number) => Math.max(0, lower[k]! - load[k]![0]! - base0[k]!);
  const lack = required.map(lackOf);
  const slot = targets.map((_, k) => required.indexOf(k));
  /** The sum of what the required targets lack, in target order (optional targets add 0). */
  const deficit = () => {
    let d = 0;
    for (let r = 0; r < lack.length; r++) d += lack[r]!;
    return d;
  };
  /**
   * The target's base plus its load matches its figure on every component. A loop: run at every
   * leaf of the search, a new array of sums each time made 0.55 GB of garbage a build.
   */
  const filled = (k: number) => {
    const { value, base } = targets[k]!;
    for (let c = 0; c < value.length; c++)
      if (!componentMatches(load[k]![c]! + base[c]!, value[c]!, c, tolerance)) return false;
    return true;
  };
  /** Every new comune filled, and every comune that grew either untouched or filled, on every figure. */
  const isSolution = () => targets.every((t, k) => (t.optional && used[k] === 0) || (used[k]! > 0 && filled(k)));
  const move = (t: number, item: number[], sign: 1 | -1) => {
    const row = load[t]!;
    for (let c = 0; c < item.length; c++) row[c]! += sign * item[c]!;
    if (slot[t]! >= 0) lack[slot[t]!] = lackOf(t);
  };
  const search = (i: number): void => {
    if (solutions.length > 1 || ++steps > MAX_STEPS) return;
    if (i === sorted.length) {
      if (isSolution()) solutions.push([...pick]);
      return;
    }
    if (deficit() > remaining[i]!) return;
    const item = sorted[i]!.value;
    for (let t = 0; t < targets.length; t++) {
      if (load[t]![0]! + item[0]! + base0[t]! > upper[t]!) continue;
      move(t, item, 1);
      used[t]!++;
      pick.push(t);
      search(i + 1);
      pick.pop();
      used[t]!--;
      move(t, item, -1);
    }
  };
  search(0);
  if (steps > MAX_STEPS || solutions.length !== 1) return null;
  return new Map(sorted.map((it, i) => [it.key, targets[solutions[0]![i]!]!.key]));
}
