// The map page: every comune as an SVG path coloured by the chosen indicator (classes in a
// colour-blind-safe palette); zoom and pan (wheel, pinch, drag, buttons, keyboard); hover or
// tap shows a comune's value in place, with a link to its panel; the search zooms to a comune.
// Geometry: the quantised TopoJSON of the bulk dataset, decoded by topojson-client.
import { feature, mesh } from './vendor/topojson-client/index.js';
import { getJson, integer, oneDecimal, showComune } from './comune-panel.js';
import { classOf, quantileBreaks } from './map-classes.js';
import { h } from './dom.js';
import { attachSearch } from './search.js';

const SVG = 'http://www.w3.org/2000/svg';
const TOPOLOGY = 'dati/confini-comuni-2025.topo.json';
/** ColorBrewer YlGnBu (sequential) and PuOr (diverging), 7 classes: both safe for colour-vision deficiencies. */
const SEQUENTIAL = ['#ffffcc', '#c7e9b4', '#7fcdbb', '#41b6c4', '#1d91c0', '#225ea8', '#0c2c84'];
const DIVERGING = ['#b35806', '#f1a340', '#fee0b6', '#f7f7f7', '#d8daeb', '#998ec3', '#542788'];
/** Plate carrée stretched by cos(42°): Italy's shape without a projection library (the map is for comparing colours, not measuring). */
const LAT0 = (42 * Math.PI) / 180;
const SCALE = 100;
/** Zoom limits, as multiples of the whole-Italy view. */
const MAX_ZOOM = 80;
/** A comune searched for is shown with about this much of its surroundings (in projected units, ≈ 0.35°). */
const MIN_COMUNE_VIEW = 35;

const mapBox = document.getElementById('mappa');
const controls = document.getElementById('mappa-controlli');
const indicatorSelect = document.getElementById('mappa-indicatore');
const regionSelect = document.getElementById('mappa-regione');
const legendBox = document.getElementById('mappa-legenda');
const detail = document.getElementById('mappa-dettaglio');
const panel = document.getElementById('comune');

const project = ([lon, lat]) => [lon * Math.cos(LAT0) * SCALE, -lat * SCALE];

/** SVG path data of rings (closed) or lines, in projected units; grows `box` to their extent. */
function pathOf(lines, closed, box) {
  let d = '';
  for (const ring of lines) {
    ring.forEach((point, i) => {
      const [x, y] = project(point);
      if (box) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
      d += `${i ? 'L' : 'M'}${x.toFixed(2)},${y.toFixed(2)}`;
    });
    if (closed) d += 'Z';
  }
  return d;
}

const ringsOf = (geometry) => (geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat());

function formatter(indicator) {
  const nf = indicator.decimali === 0 ? integer : oneDecimal;
  return (v) => `${indicator.unita === '%' && v > 0 ? '+' : ''}${nf.format(v)}${indicator.unita === '%' ? ' %' : ''}`;
}

/** Unit after a value: € and µg/m³ are written, points and % (in the number) are not. */
function unitLabel(indicator) {
  return { euro: ' €', 'µg/m³': ' µg/m³' }[indicator.unita] ?? '';
}

let state = null;

function colour(indicator) {
  const breaks = indicator.classi === 'quantili' ? quantileBreaks(indicator.valori) : indicator.classi;
  const palette = indicator.classi === 'quantili' ? SEQUENTIAL : DIVERGING;
  // Fewer classes (ties) take evenly spaced colours of the palette.
  const colours =
    breaks.length + 1 === palette.length
      ? palette
      : Array.from(
          { length: breaks.length + 1 },
          (_, k) => palette[Math.round((k * (palette.length - 1)) / Math.max(1, breaks.length))],
        );
  const counts = new Array(colours.length).fill(0);
  let missing = 0;
  state.paths.forEach((path, i) => {
    const value = state.values(indicator)[i];
    if (value === null) {
      path.setAttribute('fill', 'url(#nd)');
      missing++;
    } else {
      const k = classOf(value, breaks);
      counts[k]++;
      path.setAttribute('fill', colours[k]);
    }
  });
  renderLegend(indicator, breaks, colours, counts, missing);
}

function renderLegend(indicator, breaks, colours, counts, missing) {
  const f = formatter(indicator);
  const unit = unitLabel(indicator);
  const range = (k) =>
    k === 0
      ? `meno di ${f(breaks[0])}`
      : k === breaks.length
        ? `${f(breaks[k - 1])} e oltre`
        : `da ${f(breaks[k - 1])} a meno di ${f(breaks[k])}`;
  legendBox.replaceChildren(
    h('h2', {}, indicator.nome),
    h(
      'p',
      { class: 'meta' },
      `${indicator.unita === '%' ? 'variazione in %' : `in ${indicator.unita}`} · ${indicator.periodo} · fonte: ${indicator.fonte}`,
    ),
    h(
      'ul',
      {},
      colours.map((c, k) =>
        h(
          'li',
          {},
          h('span', { class: 'swatch', style: `background:${c}` }),
          `${range(k)}${unit}`,
          h('span', { class: 'meta' }, ` (${integer.format(counts[k])} comuni)`),
        ),
      ),
      h(
        'li',
        {},
        h('span', { class: 'swatch nd' }),
        'n.d.',
        h('span', { class: 'meta' }, ` (${integer.format(missing)} comuni): ${indicator.motivo_mancante}`),
      ),
    ),
    h(
      'p',
      { class: 'hint' },
      indicator.classi === 'quantili'
        ? "Classi per quantili su tutti i comuni d'Italia: ogni colore raccoglie circa lo stesso numero di comuni."
        : 'Classi fisse, simmetriche intorno a zero.',
      indicator.verso === 'maggiore_migliore'
        ? ' Valori più alti sono migliori.'
        : indicator.verso === 'minore_migliore'
          ? ' Valori più bassi sono migliori.'
          : '',
      ` ${indicator.nota}`,
    ),
  );
}

/** The selected comune's value for the current indicator, in place (the detail box), with a link to its panel. */
function describe(i) {
  const indicator = state.indicator;
  const value = state.values(indicator)[i];
  const p = state.features[i].properties;
  const code = state.features[i].id;
  detail.replaceChildren(
    h('strong', {}, `${p.nome} (${p.provincia})`),
    ': ',
    value === null
      ? h('span', {}, `n.d. — ${indicator.motivo_mancante}`)
      : h('strong', {}, `${formatter(indicator)(value)}${unitLabel(indicator)}`),
    ` · ${indicator.nome}, ${indicator.periodo}. `,
    h('a', { href: `#comune-${code}`, 'data-codice': code }, `Apri la scheda di ${p.nome}`),
  );
}

/** Outlines comune `i` (hover or selection) and shows its value; null clears the hover back to the selection. */
function highlight(i) {
  const shown = i ?? state.selected;
  state.outline.setAttribute('d', shown === null ? '' : state.paths[shown].getAttribute('d'));
  if (shown !== null) describe(shown);
  placeLabel();
}

/** The selected comune's name on the map, kept next to it as the view moves. */
function placeLabel() {
  const i = state.selected;
  if (i === null) {
    state.label.hidden = true;
    return;
  }
  const b = state.boxes[i];
  const matrix = state.svg.getScreenCTM();
  const boxRect = mapBox.getBoundingClientRect();
  if (!matrix) return;
  const point = new DOMPoint((b[0] + b[2]) / 2, b[1]).matrixTransform(matrix);
  const value = state.values(state.indicator)[i];
  state.label.textContent = `${state.features[i].properties.nome}: ${value === null ? 'n.d.' : `${formatter(state.indicator)(value)}${unitLabel(state.indicator)}`}`;
  state.label.hidden = false;
  state.label.style.left = `${point.x - boxRect.left}px`;
  state.label.style.top = `${point.y - boxRect.top}px`;
}

/** Selects comune `code`: outline, label and value in place; `zoom` also frames it. */
function select(code, { zoom }) {
  const i = state?.index.get(code);
  if (i === undefined) return;
  state.selected = i;
  if (zoom) {
    const b = state.boxes[i];
    const [cx, cy] = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
    const size = Math.max(b[2] - b[0], b[3] - b[1]) * 5;
    setView(...frame(cx, cy, Math.max(size, MIN_COMUNE_VIEW)));
  }
  highlight(i);
}

/** Opens the panel of a comune below the map (only when asked for: a link or the panel button). */
async function openComune(code) {
  history.replaceState(null, '', `#comune-${code}`);
  select(code, { zoom: false });
  if (await showComune(panel, code)) panel.scrollIntoView({ block: 'start' });
}

/** A view centred on (cx, cy) showing at least `size` units across, with the map's aspect ratio. */
function frame(cx, cy, size) {
  const aspect = state.home[2] / state.home[3];
  const [w, h] = aspect >= 1 ? [size * aspect, size] : [size, size / aspect];
  return [cx - w / 2, cy - h / 2, w, h];
}

function setView(x, y, w, h) {
  // Never closer than MAX_ZOOM, never further than a little more than all of Italy: same centre, bounded size.
  const scale = Math.min(Math.max(w, state.home[2] / MAX_ZOOM), state.home[2] * 1.5) / w;
  if (scale !== 1) [x, y, w, h] = [x + (w - w * scale) / 2, y + (h - h * scale) / 2, w * scale, h * scale];
  state.view = [x, y, w, h];
  state.svg.setAttribute('viewBox', state.view.map((v) => v.toFixed(2)).join(' '));
  placeLabel();
}

/** Zooms by `factor` (> 1 = closer) keeping the point at fraction (fx, fy) of the view still. */
function zoomBy(factor, fx = 0.5, fy = 0.5) {
  const [x, y, w, h] = state.view;
  const [nw, nh] = [w / factor, h / factor];
  setView(x + (w - nw) * fx, y + (h - nh) * fy, nw, nh);
}

/** Pans by a fraction of the view. */
function panBy(dx, dy) {
  const [x, y, w, h] = state.view;
  setView(x + dx * w, y + dy * h, w, h);
}

function zoomTo(region) {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  state.features.forEach((f, i) => {
    if (region && f.properties.regione !== region) return;
    const b = state.boxes[i];
    box[0] = Math.min(box[0], b[0]);
    box[1] = Math.min(box[1], b[1]);
    box[2] = Math.max(box[2], b[2]);
    box[3] = Math.max(box[3], b[3]);
  });
  const pad = Math.max(box[2] - box[0], box[3] - box[1]) * 0.03;
  const view = [box[0] - pad, box[1] - pad, box[2] - box[0] + 2 * pad, box[3] - box[1] + 2 * pad];
  if (!region) state.home = view;
  setView(...(region ? frame(view[0] + view[2] / 2, view[1] + view[3] / 2, Math.max(view[2], view[3])) : view));
  for (const path of state.paths) path.classList.toggle('fuori', Boolean(region) && path.dataset.regione !== region);
}

/** Wheel, drag, pinch and keys on the map; a tap (a click without a drag) selects the comune under it. */
function attachGestures(svg) {
  const pointers = new Map();
  let moved = 0;
  let pinch = null;
  const fraction = (event) => {
    const r = svg.getBoundingClientRect();
    return [(event.clientX - r.left) / r.width, (event.clientY - r.top) / r.height];
  };
  svg.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      zoomBy(Math.exp(-event.deltaY * 0.002), ...fraction(event));
    },
    { passive: false },
  );
  svg.addEventListener('pointerdown', (event) => {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 1) moved = 0;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
  });
  svg.addEventListener('pointermove', (event) => {
    if (event.pointerType === 'mouse' && pointers.size === 0) {
      const i = event.target.dataset?.i;
      highlight(i === undefined ? null : Number(i));
      return;
    }
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const [dx, dy] = [event.clientX - last[0], event.clientY - last[1]];
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    moved += Math.abs(dx) + Math.abs(dy);
    if (moved > 6) svg.setPointerCapture?.(event.pointerId);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch) zoomBy(distance / pinch, ...fraction({ clientX: (a[0] + b[0]) / 2, clientY: (a[1] + b[1]) / 2 }));
      pinch = distance;
    } else if (moved > 6) {
      const r = svg.getBoundingClientRect();
      panBy(-dx / r.width, -dy / r.height);
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener('pointerup', release);
  svg.addEventListener('pointercancel', release);
  svg.addEventListener('click', (event) => {
    if (moved > 6) return;
    const code = event.target.dataset?.codice;
    if (code) select(code, { zoom: false });
  });
  svg.addEventListener('keydown', (event) => {
    const keys = {
      ArrowLeft: () => panBy(-0.1, 0),
      ArrowRight: () => panBy(0.1, 0),
      ArrowUp: () => panBy(0, -0.1),
      ArrowDown: () => panBy(0, 0.1),
      '+': () => zoomBy(1.5),
      '=': () => zoomBy(1.5),
      '-': () => zoomBy(1 / 1.5),
      0: () => zoomTo(''),
    };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });
}

/** The + / − / whole-Italy buttons over the map. */
function zoomButtons() {
  const button = (label, text, action) => {
    const b = h('button', { type: 'button', 'aria-label': label, title: label }, text);
    b.addEventListener('click', action);
    return b;
  };
  return h(
    'div',
    { class: 'map-zoom' },
    button('Avvicina', '+', () => zoomBy(1.6)),
    button('Allontana', '−', () => zoomBy(1 / 1.6)),
    button('Tutta Italia', '⤢', () => {
      regionSelect.value = '';
      zoomTo('');
    }),
  );
}

function draw(topology, data) {
  const features = feature(topology, topology.objects.comuni).features;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'map');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-labelledby', 'mappa-titolo-svg');
  svg.setAttribute('aria-describedby', 'mappa-tasti');
  svg.setAttribute('tabindex', '0');
  svg.innerHTML =
    '<title id="mappa-titolo-svg">Mappa dei comuni italiani colorati per l\'indicatore scelto (legenda accanto)</title><defs><pattern id="nd" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="#e4e4e4"/><line x1="0" y1="0" x2="0" y2="4" stroke="#9a9a9a" stroke-width="1.5"/></pattern></defs>';
  const layer = document.createElementNS(SVG, 'g');
  const boxes = [];
  const paths = features.map((f, i) => {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', pathOf(ringsOf(f.geometry), true, box));
    path.setAttribute('class', 'comune');
    path.dataset.i = String(i);
    path.dataset.codice = f.id;
    path.dataset.regione = f.properties.regione;
    boxes.push(box);
    layer.append(path);
    return path;
  });
  const borders = document.createElementNS(SVG, 'path');
  borders.setAttribute('class', 'confini-regioni');
  // Region borders and the coast: arcs between comuni of different regions, or with no neighbour.
  borders.setAttribute(
    'd',
    pathOf(
      mesh(topology, topology.objects.comuni, (a, b) => a === b || a.properties.regione !== b.properties.regione)
        .coordinates,
      false,
    ),
  );
  const outline = document.createElementNS(SVG, 'path');
  outline.setAttribute('class', 'evidenziato');
  svg.append(layer, borders, outline);

  const index = new Map(features.map((f, i) => [f.id, i]));
  // Indicator values in the order of the drawn features (the files share the order; the codes make sure).
  const position = data.codici.map((code) => index.get(code));
  const aligned = new Map();
  const values = (indicator) => {
    if (!aligned.has(indicator.id)) {
      const out = new Array(features.length).fill(null);
      indicator.valori.forEach((v, k) => position[k] !== undefined && (out[position[k]] = v));
      aligned.set(indicator.id, out);
    }
    return aligned.get(indicator.id);
  };
  const label = h('span', { class: 'map-label', hidden: true, 'aria-hidden': 'true' });
  state = {
    svg,
    features,
    paths,
    boxes,
    index,
    outline,
    label,
    values,
    data,
    indicator: data.indicatori[0],
    selected: null,
  };
  mapBox.replaceChildren(
    svg,
    label,
    zoomButtons(),
    h(
      'figcaption',
      { class: 'visually-hidden', id: 'mappa-tasti' },
      'Frecce per spostare la mappa, + e − per lo zoom, 0 per tutta Italia. Per leggere il valore di un comune cercatelo con la casella «Trova un comune»: la mappa lo inquadra e ne mostra il valore accanto.',
    ),
  );
  zoomTo('');
  attachGestures(svg);
  new ResizeObserver(placeLabel).observe(mapBox);
  mapBox.setAttribute('aria-busy', 'false');
  mapBox.dataset.comuni = String(features.length);
}

function fillControls(data) {
  const groups = new Map();
  for (const ind of data.indicatori) {
    if (!groups.has(ind.gruppo)) groups.set(ind.gruppo, h('optgroup', { label: ind.gruppo }));
    groups.get(ind.gruppo).append(h('option', { value: ind.id }, ind.nome));
  }
  indicatorSelect.replaceChildren(...groups.values());
  if (data.non_disponibili.length) {
    controls.after(
      h(
        'p',
        { class: 'hint' },
        `Non disponibili in questa build: ${data.non_disponibili.map((n) => `${n.nome} (${n.motivo})`).join('; ')}`,
      ),
    );
  }
}

async function fillRegions() {
  const regioni = await getJson('/api/regioni');
  for (const r of regioni.risultati) regionSelect.append(h('option', { value: r.codice }, r.nome));
}

async function main() {
  const dataPath = controls.dataset.indicatori;
  if (!dataPath) return;
  try {
    const [topology, data] = await Promise.all([getJson(TOPOLOGY), getJson(dataPath)]);
    draw(topology, data);
    fillControls(data);
    colour(state.indicator);
    await fillRegions();
  } catch (error) {
    mapBox.replaceChildren(h('p', { class: 'error' }, `Impossibile disegnare la mappa: ${error.message}`));
    return;
  }
  indicatorSelect.addEventListener('change', () => {
    state.indicator = state.data.indicatori.find((i) => i.id === indicatorSelect.value);
    colour(state.indicator);
    // The value in place follows the indicator.
    if (state.selected !== null) highlight(state.selected);
  });
  regionSelect.addEventListener('change', () => zoomTo(regionSelect.value));
  detail.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-codice]');
    if (!link) return;
    event.preventDefault();
    openComune(link.dataset.codice);
  });
  const linked = /^#comune-(\d{6})$/.exec(location.hash);
  if (linked) {
    select(linked[1], { zoom: true });
    openComune(linked[1]);
  }
}

attachSearch({
  input: document.getElementById('mappa-cerca'),
  list: document.getElementById('mappa-risultati'),
  status: document.getElementById('mappa-cerca-stato'),
  // The comune found is framed and selected on the map, its value shown next to it: the page does not jump.
  onChoose: (result) => {
    history.replaceState(null, '', `#comune-${result.codice_istat}`);
    select(result.codice_istat, { zoom: true });
  },
});

main();
