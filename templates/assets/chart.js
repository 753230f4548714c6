// A small line chart in inline SVG: one series over the years, gaps in the years drawn dashed.

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A round step (1, 2, 2.5 or 5 × 10^k) that splits `span` into about `count` intervals. */
function niceStep(span, count) {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return unit * power;
}

/**
 * points: [{ x: year, y: number | null }]. Returns an <svg> (role img, with title and
 * description), or null when no point has a value.
 */
export function lineChart({ title, points, format, tickFormat = format, width = 640, height = 240 }) {
  const data = points.filter((p) => p.y !== null && Number.isFinite(p.y)).sort((a, b) => a.x - b.x);
  if (data.length === 0) return null;
  const m = { top: 14, right: 18, bottom: 30, left: 70 };
  const xs = data.map((p) => p.x);
  const ys = data.map((p) => p.y);
  let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  if (x0 === x1) [x0, x1] = [x0 - 1, x1 + 1];
  let [lo, hi] = [Math.min(...ys), Math.max(...ys)];
  const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.05 || 1;
  const step = niceStep(hi - lo + 2 * pad, 4);
  lo = Math.floor((lo - pad) / step) * step;
  hi = Math.ceil((hi + pad) / step) * step;
  if (lo < 0 && Math.min(...ys) >= 0) lo = 0;
  const sx = (x) => m.left + ((x - x0) / (x1 - x0)) * (width - m.left - m.right);
  const sy = (y) => height - m.bottom - ((y - lo) / (hi - lo)) * (height - m.top - m.bottom);

  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img' });
  const first = data[0];
  const last = data[data.length - 1];
  svg.append(el('title', {}, title), el('desc', {}, `${format(first.y)} nel ${first.x}, ${format(last.y)} nel ${last.x} (${data.length} anni).`));

  const grid = el('g', { class: 'grid' });
  for (let y = lo; y <= hi + step / 2; y += step) {
    grid.append(el('line', { x1: m.left, x2: width - m.right, y1: sy(y), y2: sy(y) }));
    grid.append(el('text', { x: m.left - 8, y: sy(y), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, tickFormat(y)));
  }
  const xStep = Math.max(1, Math.ceil((x1 - x0) / 7));
  const years = xs.filter((x) => (x - xs[0]) % xStep === 0);
  if (!years.includes(last.x)) years.push(last.x);
  for (const x of years) grid.append(el('text', { x: sx(x), y: height - m.bottom + 18, 'text-anchor': 'middle' }, String(x)));
  svg.append(grid);

  // Consecutive years: one solid line; a jump over missing years: a dashed segment, so a gap is never drawn as data.
  let solid = '';
  let gaps = '';
  data.forEach((p, i) => {
    const point = `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`;
    const prev = data[i - 1];
    if (!prev) solid += `M${point}`;
    else if (p.x - prev.x === 1) solid += `L${point}`;
    else {
      gaps += `M${sx(prev.x).toFixed(1)},${sy(prev.y).toFixed(1)}L${point}`;
      solid += `M${point}`;
    }
  });
  if (gaps) svg.append(el('path', { d: gaps, class: 'gap' }));
  svg.append(el('path', { d: solid, class: 'serie' }));
  const dots = el('g', { class: 'punti' });
  for (const p of data) {
    const dot = el('circle', { cx: sx(p.x), cy: sy(p.y), r: 3.5, class: 'punto' });
    dot.append(el('title', {}, `${p.x}: ${format(p.y)}`));
    dots.append(dot);
  }
  svg.append(dots);
  return svg;
}
