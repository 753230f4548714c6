/** Position of `value` in an ascending array (strings or numbers), or -1. */
export function sortedIndexOf<T extends string | number>(list: readonly T[], value: T): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
