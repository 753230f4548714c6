import { describe, expect, it } from 'vitest';
// The browser modules' pure parts (no DOM needed): axes, runs, dates, classes. They are plain
// JavaScript served as is, without type declarations.
// @ts-expect-error -- untyped browser module
import { italianDate, placeLabels, runsOf, timeOf, valueAxis } from '../../templates/assets/chart.js';
// @ts-expect-error -- untyped browser module
import { classOf, quantileBreaks } from '../../templates/assets/map-classes.js';

describe('chart helpers', () => {
  it('starts the value axis at zero, so a ±0.9% change is not drawn as a cliff', () => {
    // Bolzano-like values: 106,000 ± 900.
    const axis = valueAxis([106_100, 106_900, 107_000]);
    expect(axis.min).toBe(0);
    expect(axis.max).toBeGreaterThanOrEqual(107_000);
    expect(axis.ticks[0]).toBe(0);
    expect(valueAxis([-3.2, 1.5]).min).toBeLessThanOrEqual(-3.2);
  });

  it('breaks a line over missing years and at a change of source, and reports where the source changes', () => {
    const points = [
      { x: 2018, y: 1, source: 'ISTAT' },
      { x: 2019, y: 1, source: 'ISTAT' },
      { x: 2021, y: 1, source: 'ISTAT' },
      { x: 2022, y: 1, source: 'ANPR' },
      { x: 2023, y: 1, source: 'ANPR' },
    ];
    const { runs, changes } = runsOf(points);
    expect(runs.map((r: { x: number }[]) => r.map((p) => p.x))).toEqual([[2018, 2019], [2021], [2022, 2023]]);
    expect(changes).toEqual([{ at: 2021.5, kind: 'fonte', from: 'ISTAT', to: 'ANPR' }]);
    const redefined = runsOf([
      { x: 2002, y: 1, definition: 'a' },
      { x: 2003, y: 1, definition: 'b' },
      { x: 2004, y: 1, definition: 'b' },
    ]);
    expect(redefined.runs).toHaveLength(2);
    expect(redefined.changes).toEqual([{ at: 2002.5, kind: 'definizione', from: 'a', to: 'b' }]);
  });

  it('places a point at its reference date and writes dates with Italian month names', () => {
    expect(timeOf({ x: 2022, date: '2022-12-31' })).toBeGreaterThan(2022.99);
    expect(timeOf({ x: 2022, date: '2022-12-31' })).toBeLessThan(2023);
    expect(timeOf({ x: 2026, date: '2026-01' })).toBe(2026);
    expect(timeOf({ x: 2023 })).toBe(2023);
    expect(italianDate('2026-01')).toBe('gennaio 2026');
    expect(italianDate('2025-01-01')).toBe('1° gennaio 2025');
    expect(italianDate('2022-12-31')).toBe('31 dicembre 2022');
    expect(italianDate(2024)).toBe('2024');
  });
});

describe('change labels', () => {
  it('puts close "cambio di fonte" labels on separate rows, so that none overlaps another on a phone-wide chart', () => {
    // Three changes a few pixels apart (2019.5, 2020.5, 2021.5 on a 340 px axis for 2018–2026): Roma's population chart.
    const sx = (t: number) => 60 + ((t - 2018) / 8) * 280;
    const changes = [2019.5, 2020.5, 2021.5].map((at) => ({ at, kind: 'fonte' }));
    const placed = placeLabels(changes, sx, 354) as { at: number; row: number; right: boolean; text: string }[];
    const extent = (c: (typeof placed)[number]): [number, number] => {
      const width = c.text.length * 6.2 + 4;
      return c.right ? [sx(c.at) - width, sx(c.at)] : [sx(c.at), sx(c.at) + width];
    };
    for (const [i, a] of placed.entries())
      for (const b of placed.slice(i + 1)) {
        if (a.row !== b.row) continue;
        const [a0, a1] = extent(a);
        const [b0, b1] = extent(b);
        expect(a1 <= b0 || b1 <= a0, `${a.at} and ${b.at} share row ${a.row}`).toBe(true);
      }
    expect(new Set(placed.map((c) => c.row)).size).toBe(3);
  });

  it('keeps far-apart labels on the first row', () => {
    const placed = placeLabels(
      [2003, 2020].map((at) => ({ at, kind: 'definizione' })),
      (t: number) => (t - 2000) * 40,
      1000,
    ) as { row: number }[];
    expect(placed.map((c) => c.row)).toEqual([0, 0]);
  });
});

describe('map classes', () => {
  it('splits values into 7 quantile classes of about equal size, ignoring nulls, and never splits ties', () => {
    const values = [...Array.from({ length: 700 }, (_, i) => i), null, null];
    const breaks = quantileBreaks(values);
    expect(breaks).toEqual([100, 200, 300, 400, 500, 600]);
    const sizes = new Array(7).fill(0);
    for (const v of values) if (v !== null) sizes[classOf(v, breaks)]++;
    expect(sizes).toEqual([100, 100, 100, 100, 100, 100, 100]);
    expect(quantileBreaks([5, 5, 5, 5, 5, 5, 5, 9])).toEqual([]);
    expect(classOf(-12, [-10, -5, -2, 2, 5, 10])).toBe(0);
    expect(classOf(0, [-10, -5, -2, 2, 5, 10])).toBe(3);
    expect(classOf(10, [-10, -5, -2, 2, 5, 10])).toBe(6);
  });
});
