// Line charts in inline SVG that do not exaggerate: the value axis starts at zero, a
// missing year leaves a gap, a change of source breaks the line and is marked, and each
// series is a labelled line. The SVG is drawn at the pixel width of its panel (redrawn on
// resize), so 12 px labels stay 12 px on a phone.
import { h } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
/** Okabe–Ito colours (readable with every common colour-vision deficiency), each with its own marker shape. */
export const SERIES_STYLES = [
  { colour: '#0072b2', marker: 'circle' },
  { colour: '#d55e00', marker: 'square' },
  { colour: '#009e73', marker: 'diamond' },
  { colour: '#cc79a7', marker: 'triangle' },
];
/** A reference line (Italy next to the comuni compared): a neutral grey, readable on light and dark backgrounds. */
const REFERENCE_STYLE = { colour: '#8a8a8a', marker: 'square' };
const styleOf = (s, i) => (s.reference ? REFERENCE_STYLE : SERIES_STYLES[i % SERIES_STYLES.length]);
/** Approximate width of a character of the 11 px change labels, to keep labels from overlapping. */
const LABEL_CHAR_PX = 6.2;
const LABEL_ROW_PX = 13;
/** Points further apart than this (in years) are not joined: the years between have no figure. */
const MAX_STEP = 1.1;

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** "2026-01" / "2026-01-01" → "gennaio 2026"; "2026" → "2026". */
export function italianDate(date) {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(String(date));
  if (!m) return String(date);
  if (!m[2]) return m[1];
  return `${m[3] && m[3] !== '01' ? `${Number(m[3])} ` : m[3] === '01' ? '1° ' : ''}${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

/** Position on the time axis: the year plus the fraction of it elapsed at the reference date. */
export function timeOf(point) {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(point.date ?? '');
  if (!m) return point.x;
  return Number(m[1]) + (Number(m[2]) - 1) / 12 + (Number(m[3] ?? 1) - 1) / 365;
}

/** A round step (1, 2, 2.5 or 5 × 10^k) that splits `span` into about `count` intervals. */
export function niceStep(span, count) {
  const raw = span / count || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return unit * power;
}

/** Value axis from zero (or from the lowest negative value) to a round maximum. */
export function valueAxis(values, count = 4) {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const step = niceStep(hi - lo || Math.abs(hi) || 1, count);
  const min = Math.floor(lo / step) * step;
  const max = Math.max(Math.ceil(hi / step) * step, min + step);
  const ticks = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Number(v.toPrecision(12)));
  return { min, max, ticks };
}

/**
 * Splits a series into runs that may be joined by a line: a new run starts after a gap of
 * more than one year or where the source or the definition changes. Returns the runs and the changes.
 */
export function runsOf(points) {
  const runs = [];
  const changes = [];
  let run = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    const sourceChanged = prev && p.source !== prev.source;
    const definitionChanged = prev && p.definition !== prev.definition;
    if (sourceChanged || definitionChanged) {
      changes.push({
        at: (timeOf(prev) + timeOf(p)) / 2,
        kind: sourceChanged ? 'fonte' : 'definizione',
        from: sourceChanged ? prev.source : prev.definition,
        to: sourceChanged ? p.source : p.definition,
      });
    }
    if (prev && (sourceChanged || definitionChanged || timeOf(p) - timeOf(prev) > MAX_STEP)) {
      runs.push(run);
      run = [];
    }
    run.push(p);
  });
  if (run.length) runs.push(run);
  return { runs, changes };
}

/**
 * Gives each change label a row (0, 1, …): the first row where its extent, running right
 * of the line (or left, near the right edge), keeps 6 px from every label already there.
 */
export function placeLabels(changes, sx, width) {
  const rows = [];
  return changes.map((c) => {
    const x = sx(c.at);
    const text = `cambio di ${c.kind}`;
    const right = x > width * 0.6;
    const span = text.length * LABEL_CHAR_PX + 4;
    const [from, to] = right ? [x - span, x] : [x, x + span];
    let row = rows.findIndex((used) => used.every(([a, b]) => to + 6 <= a || from >= b + 6));
    if (row < 0) row = rows.push([]) - 1;
    rows[row].push([from, to]);
    return { ...c, text, right, row };
  });
}

function marker(shape, x, y, colour, hollow) {
  const attrs = { fill: hollow ? 'var(--panel, #fff)' : colour, stroke: colour, 'stroke-width': 2, class: 'punto' };
  if (shape === 'square') return el('rect', { ...attrs, x: x - 3.5, y: y - 3.5, width: 7, height: 7 });
  if (shape === 'diamond')
    return el('path', { ...attrs, d: `M${x},${y - 5}L${x + 5},${y}L${x},${y + 5}L${x - 5},${y}Z` });
  if (shape === 'triangle') return el('path', { ...attrs, d: `M${x},${y - 5}L${x + 5},${y + 4}L${x - 5},${y + 4}Z` });
  return el('circle', { ...attrs, cx: x, cy: y, r: 3.8 });
}

/**
 * series: [{ label, points: [{ x: year, y: number|null, date?: 'YYYY-MM[-DD]', source?: string, definition?: string, provisional?: boolean }] }]
 * Returns an <svg> of `width` px, or null when no point has a value.
 */
export function lineChart({
  title,
  unit,
  axisUnit = unit,
  series,
  format,
  tickFormat = format,
  width = 640,
  height = 260,
}) {
  const clean = series
    .map((s, i) => ({
      ...s,
      style: styleOf(s, i),
      points: s.points.filter((p) => p.y !== null && Number.isFinite(p.y)).sort((a, b) => timeOf(a) - timeOf(b)),
    }))
    .filter((s) => s.points.length > 0);
  if (clean.length === 0) return null;
  const all = clean.flatMap((s) => s.points);
  const axis = valueAxis(all.map((p) => p.y));
  const labelWidth = Math.max(...axis.ticks.map((t) => tickFormat(t).length)) * 7 + 12;
  const m = { top: 44, right: 14, bottom: 28, left: Math.max(40, labelWidth) };
  let [t0, t1] = [Math.min(...all.map(timeOf)), Math.max(...all.map(timeOf))];
  t0 = Math.floor(t0);
  t1 = Math.max(t1, t0 + 1);
  const sx = (t) => m.left + ((t - t0) / (t1 - t0)) * (width - m.left - m.right);
  // Each change of source or definition once, even where several series change together,
  // its label on the first row where it overlaps no other label; the plot starts below the rows used.
  const changes = placeLabels(
    [
      ...new Map(
        clean.flatMap((s) => runsOf(s.points).changes).map((c) => [`${c.at.toFixed(2)} ${c.kind}`, c]),
      ).values(),
    ].sort((a, b) => a.at - b.at),
    sx,
    width,
  );
  m.top = 18 + Math.max(2, ...changes.map((c) => c.row + 1)) * LABEL_ROW_PX;
  const sy = (v) => height - m.bottom - ((v - axis.min) / (axis.max - axis.min)) * (height - m.top - m.bottom);

  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'chart', role: 'img' });
  const summary = clean.map((s) => {
    const [a, b] = [s.points[0], s.points[s.points.length - 1]];
    return `${s.label}: ${format(a.y)} (${italianDate(a.date ?? a.x)}) … ${format(b.y)} (${italianDate(b.date ?? b.x)})`;
  });
  svg.append(el('title', {}, title), el('desc', {}, `${summary.join('; ')}. Asse dei valori da zero, in ${unit}.`));

  const grid = el('g', { class: 'grid' });
  for (const v of axis.ticks) {
    grid.append(el('line', { x1: m.left, x2: width - m.right, y1: sy(v), y2: sy(v), class: v === 0 ? 'zero' : '' }));
    grid.append(
      el('text', { x: m.left - 6, y: sy(v), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickFormat(v)),
    );
  }
  grid.append(el('text', { x: 4, y: 12, class: 'unit' }, axisUnit));
  // Year ticks at 1 January, thinned to what fits (about 44 px per label).
  const years = [];
  for (let y = Math.ceil(t0); y <= Math.floor(t1); y++) years.push(y);
  const every = Math.max(1, Math.ceil(years.length / Math.max(2, Math.floor((width - m.left - m.right) / 44))));
  for (const y of years.filter((y, i) => i % every === 0 || y === years[years.length - 1])) {
    grid.append(el('line', { x1: sx(y), x2: sx(y), y1: height - m.bottom, y2: height - m.bottom + 4 }));
    grid.append(el('text', { x: sx(y), y: height - m.bottom + 17, 'text-anchor': 'middle' }, String(y)));
  }
  svg.append(grid);

  for (const c of changes) {
    const x = sx(c.at);
    const y = 18 + c.row * LABEL_ROW_PX + 9;
    svg.append(el('line', { x1: x, x2: x, y1: y + 3, y2: height - m.bottom, class: 'cambio' }));
    const label = el(
      'text',
      { x: c.right ? x - 4 : x + 4, y, class: 'cambio-testo', 'text-anchor': c.right ? 'end' : 'start' },
      c.text,
    );
    label.append(el('title', {}, `Da qui: ${c.to} (prima: ${c.from}). Il salto fra le due non è una variazione.`));
    svg.append(label);
  }
  for (const s of clean) {
    const { runs } = runsOf(s.points);
    for (const run of runs) {
      if (run.length < 2) continue;
      svg.append(
        el('path', {
          d: run.map((p, i) => `${i ? 'L' : 'M'}${sx(timeOf(p)).toFixed(1)},${sy(p.y).toFixed(1)}`).join(''),
          class: 'serie',
          stroke: s.style.colour,
        }),
      );
    }
    const dots = el('g', { class: 'punti' });
    for (const p of s.points) {
      const dot = marker(s.style.marker, sx(timeOf(p)), sy(p.y), s.style.colour, p.provisional);
      dot.append(
        el(
          'title',
          {},
          `${italianDate(p.date ?? p.x)}: ${format(p.y)} ${unit}${p.source ? ` (${p.source}${p.provisional ? ', provvisorio' : ''})` : ''}`,
        ),
      );
      dots.append(dot);
    }
    svg.append(dots);
  }
  return svg;
}

/** The legend as HTML (it wraps on a phone): each series' marker, colour and label. */
function legend(series) {
  const items = series.map((s, i) => {
    const style = styleOf(s, i);
    const swatch = el('svg', { width: 22, height: 12, 'aria-hidden': 'true' });
    swatch.append(
      el('line', { x1: 0, x2: 22, y1: 6, y2: 6, stroke: style.colour, 'stroke-width': 2.5 }),
      marker(style.marker, 11, 6, style.colour, false),
    );
    return h('li', {}, swatch, ' ', s.label);
  });
  if (series.some((s) => s.points.some((p) => p.provisional)))
    items.push(h('li', {}, 'marcatore vuoto = dato provvisorio'));
  return h('ul', { class: 'legenda' }, items);
}

/**
 * A <figure> with the title, the chart sized to the figure, the legend and a caption with
 * unit, sources and reference dates. `note` explains what a reader could misread.
 */
export function chartFigure({ id, title, unit, axisUnit, series, format, tickFormat, sources, note }) {
  const box = h('div', { class: 'chart-area' });
  const figure = h(
    'figure',
    { class: 'chart-box', id },
    h('figcaption', {}, title),
    box,
    series.length > 1 ? legend(series) : null,
    h('p', { class: 'chart-note' }, `Unità: ${unit}. Fonte: ${sources}.${note ? ` ${note}` : ''}`),
  );
  let drawn = 0;
  const draw = () => {
    const width = Math.floor(box.clientWidth);
    if (width === 0 || width === drawn) return;
    drawn = width;
    const svg = lineChart({
      title,
      unit,
      axisUnit,
      series,
      format,
      tickFormat,
      width,
      height: width < 420 ? 230 : 270,
    });
    box.replaceChildren(svg ?? h('p', { class: 'hint' }, 'Nessun dato per questo comune.'));
  };
  new ResizeObserver(draw).observe(box);
  return figure;
}
