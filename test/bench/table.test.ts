import { describe, expect, it } from 'vitest';
import { percentile, summarize } from '../../bench/stats.ts';
import { renderTable } from '../../bench/table.ts';

describe('benchmark figures', () => {
  it('take nearest-rank percentiles: p99 of 1..1000 ms is 990 ms, the median of 1..4 is 2', () => {
    const ms = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(summarize(ms)).toEqual({ p50: 500, p99: 990, max: 1000, mean: 500.5, count: 1000 });
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
  });

  it('print a table that marks missed targets and shows the previous run beside each figure', () => {
    const rows = [
      { key: 'a', label: 'Build', figure: '31.0 s', value: 31, target: '≤ 30 s', ok: false },
      { key: 'b', label: 'New line', figure: '1 ms', value: 1 },
    ];
    const lines = renderTable(rows, [{ key: 'a', label: 'Build', figure: '29.0 s', value: 29 }]).split('\n');
    expect(lines[0]).toMatch(/^\| Measure +\| Figure +\| Target +\| +\| Previous run \|$/);
    expect(lines[2]).toMatch(/^\| Build +\| 31\.0 s +\| ≤ 30 s +\| ✗ \| 29\.0 s +\|$/);
    expect(lines[3]).toMatch(/\| — +\|$/);
    expect(renderTable(rows, null).split('\n')[0]).not.toContain('Previous');
  });
});
