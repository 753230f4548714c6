/** One line of the benchmark table; `key` pairs it with the same line of a previous run. */
export interface Row {
  key: string;
  label: string;
  figure: string;
  /** The figure as a number, for comparisons across runs (unit as in the figure). */
  value: number;
  target?: string;
  ok?: boolean;
}

/** A Markdown table (readable as is in a terminal), with the previous run's figures when given. */
export function renderTable(rows: readonly Row[], previous: readonly Row[] | null): string {
  const before = new Map(previous?.map((r) => [r.key, r.figure]) ?? []);
  const header = ['Measure', 'Figure', 'Target', '', ...(previous ? ['Previous run'] : [])];
  const lines = rows.map((r) => [
    r.label,
    r.figure,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? '✓' : '✗',
    ...(previous ? [before.get(r.key) ?? '—'] : []),
  ]);
  const widths = header.map((h, k) => Math.max(h.length, ...lines.map((l) => l[k]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, k) => c.padEnd(widths[k]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}
