/**
 * What changed between two versions of an output file, as a reader wants it from a failing
 * golden test: the JSON paths or CSV cells that differ, with both values, instead of two hashes.
 */
import { parse } from 'csv-parse/sync';

/** One difference: where (a JSON path, or a CSV row and column) and the golden and actual values. */
export interface Difference {
  at: string;
  golden: string;
  actual: string;
}

const MISSING = '(assente)';
const show = (value: unknown) => (value === undefined ? MISSING : JSON.stringify(value));

/** Differences between two JSON values, depth first in key order, at most `limit` of them. */
export function jsonDifferences(golden: unknown, actual: unknown, limit = 20, at = '$'): Difference[] {
  const found: Difference[] = [];
  const walk = (g: unknown, a: unknown, path: string) => {
    if (found.length >= limit) return;
    const bothObjects = typeof g === 'object' && g !== null && typeof a === 'object' && a !== null;
    if (!bothObjects || Array.isArray(g) !== Array.isArray(a)) {
      if (JSON.stringify(g) !== JSON.stringify(a)) found.push({ at: path, golden: show(g), actual: show(a) });
      return;
    }
    if (Array.isArray(g) && Array.isArray(a)) {
      for (let i = 0; i < Math.max(g.length, a.length); i++) walk(g[i], a[i], `${path}[${i}]`);
      return;
    }
    const go = g as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(go), ...Object.keys(ao)])].sort();
    for (const key of keys)
      walk(go[key], ao[key], /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
  };
  walk(golden, actual, at);
  return found;
}

/**
 * Differences between two CSV texts, cell by cell: rows are named by their line and first
 * column (the table's key), columns by the header; a column or row only on one side is one difference.
 */
export function csvDifferences(golden: string, actual: string, limit = 20): Difference[] {
  const [gHead = [], ...gRows] = parse(golden, { relax_column_count: true }) as string[][];
  const [aHead = [], ...aRows] = parse(actual, { relax_column_count: true }) as string[][];
  const found: Difference[] = [];
  if (gHead.join() !== aHead.join()) {
    const gone = gHead.filter((c) => !aHead.includes(c));
    const added = aHead.filter((c) => !gHead.includes(c));
    found.push({
      at: 'intestazione',
      golden: gone.join(',') || gHead.join(','),
      actual: added.join(',') || aHead.join(','),
    });
  }
  const columns = gHead.filter((c) => aHead.includes(c));
  for (let r = 0; r < Math.max(gRows.length, aRows.length) && found.length < limit; r++) {
    const g = gRows[r];
    const a = aRows[r];
    const row = `riga ${r + 2} (${(g ?? a)![0]})`;
    if (g === undefined || a === undefined) {
      found.push({ at: row, golden: g ? g.join(',') : MISSING, actual: a ? a.join(',') : MISSING });
      continue;
    }
    for (const column of columns) {
      const gv = g[gHead.indexOf(column)];
      const av = a[aHead.indexOf(column)];
      if (gv !== av && found.length < limit) found.push({ at: `${row} ${column}`, golden: show(gv), actual: show(av) });
    }
  }
  return found;
}

/** The differences of one file by its kind, or null for a kind that has no structure to compare. */
export function fileDifferences(path: string, golden: string, actual: string, limit = 20): Difference[] | null {
  if (path.endsWith('.json')) return jsonDifferences(JSON.parse(golden), JSON.parse(actual), limit);
  if (path.endsWith('.csv')) return csvDifferences(golden, actual, limit);
  return null;
}
