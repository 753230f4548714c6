// Classes of the map's colour scale (no DOM: also unit-tested in Node).

const CLASSES = 7;

/** Quantile breaks (6 for 7 classes) of the non-null values; equal breaks collapse, so ties never split a class. */
export function quantileBreaks(values, classes = CLASSES) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const breaks = [];
  for (let k = 1; k < classes; k++) breaks.push(sorted[Math.floor((k * sorted.length) / classes)]);
  return [...new Set(breaks)].filter((b) => b > sorted[0]);
}

/** Class of a value: how many breaks are ≤ value (0 … breaks.length). */
export function classOf(value, breaks) {
  let k = 0;
  while (k < breaks.length && value >= breaks[k]) k++;
  return k;
}
