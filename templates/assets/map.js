// The map page: every comune as an SVG path coloured by the chosen indicator (classes in a
// colour-blind-safe palette), hover/tap details, a click opens the comune's panel, zoom to
// a region. Geometry: the quantised TopoJSON of the bulk dataset, decoded by topojson-client.
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

function describe(i) {
  const indicator = state.indicator;
  const value = state.values(indicator)[i];
  const p = state.features[i].properties;
  return `${p.nome} (${p.provincia}): ${value === null ? `n.d. — ${indicator.motivo_mancante}` : `${formatter(indicator)(value)}${unitLabel(indicator)}`} · ${indicator.nome}, ${indicator.periodo}`;
}

function highlight(i) {
  state.outline.setAttribute('d', i === null ? '' : state.paths[i].getAttribute('d'));
  if (i !== null) detail.textContent = describe(i);
}

async function openComune(code) {
  history.replaceState(null, '', `#comune-${code}`);
  const i = state?.index.get(code);
  if (i !== undefined) highlight(i);
  if (await showComune(panel, code)) panel.scrollIntoView({ block: 'start' });
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
  state.svg.setAttribute(
    'viewBox',
    `${(box[0] - pad).toFixed(1)} ${(box[1] - pad).toFixed(1)} ${(box[2] - box[0] + 2 * pad).toFixed(1)} ${(box[3] - box[1] + 2 * pad).toFixed(1)}`,
  );
  for (const path of state.paths) path.classList.toggle('fuori', Boolean(region) && path.dataset.regione !== region);
}

function draw(topology, data) {
  const features = feature(topology, topology.objects.comuni).features;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'map');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-labelledby', 'mappa-titolo-svg');
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
  state = { svg, features, paths, boxes, index, outline, values, data, indicator: data.indicatori[0] };
  zoomTo('');

  svg.addEventListener('pointerover', (event) => {
    const i = event.target.dataset?.i;
    if (i !== undefined) highlight(Number(i));
  });
  svg.addEventListener('click', (event) => {
    const code = event.target.dataset?.codice;
    if (code) openComune(code);
  });
  mapBox.replaceChildren(
    svg,
    h(
      'figcaption',
      { class: 'visually-hidden' },
      'I valori di ogni comune sono anche nella legenda e nella scheda che si apre con la ricerca.',
    ),
  );
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
  });
  regionSelect.addEventListener('change', () => zoomTo(regionSelect.value));
  const linked = /^#comune-(\d{6})$/.exec(location.hash);
  if (linked) openComune(linked[1]);
}

attachSearch({
  input: document.getElementById('mappa-cerca'),
  list: document.getElementById('mappa-risultati'),
  status: document.getElementById('mappa-cerca-stato'),
  onChoose: (result) => {
    const region = state?.features[state.index.get(result.codice_istat)]?.properties.regione;
    if (region) {
      regionSelect.value = region;
      zoomTo(region);
    }
    openComune(result.codice_istat);
  },
});

main();
