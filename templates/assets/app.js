// Landing page: curl examples on this host, the search box (autocomplete on /api/comuni/cerca)
// and the panel of a comune with its key figures and charts. Vanilla JS, no build step.
import { lineChart } from './chart.js';
import { h } from './dom.js';

// Grouping always (2.179, not 2179), as the API's own texts write numbers.
const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const oneDecimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1, useGrouping: 'always' });
const euro = (v) => `${integer.format(v)} €`;


async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.detail ?? `${response.status} ${path}`);
  return body;
}

// The curl examples name the host the page is served from.
for (const base of document.querySelectorAll('.base')) base.textContent = location.origin;

// ---- search ------------------------------------------------------------------

const input = document.getElementById('cerca-comune');
const list = document.getElementById('cerca-risultati');
const status = document.getElementById('cerca-stato');
let results = [];
let active = -1;
let latest = 0;
let timer = 0;

function closeList() {
  list.hidden = true;
  input.setAttribute('aria-expanded', 'false');
  input.removeAttribute('aria-activedescendant');
  active = -1;
}

function highlight(index) {
  active = index;
  for (const [i, li] of [...list.children].entries()) li.setAttribute('aria-selected', String(i === index));
  if (index >= 0) input.setAttribute('aria-activedescendant', list.children[index].id);
}

function showResults(body) {
  results = body.risultati;
  list.replaceChildren(
    ...results.map((r, i) =>
      h(
        'li',
        { id: `cerca-opzione-${i}`, role: 'option', 'aria-selected': 'false', 'data-codice': r.codice_istat },
        h('strong', {}, r.nome),
        h('span', { class: 'meta' }, ` ${r.provincia.sigla} · ${r.regione.nome}${r.popolazione === null ? '' : ` · ${integer.format(r.popolazione)} ab.`}`),
      ),
    ),
  );
  status.textContent = results.length === 0 ? `Nessun comune trovato per «${body.q}».` : `${results.length} comuni trovati: frecce per scegliere, Invio per aprire.`;
  if (results.length === 0) return closeList();
  list.hidden = false;
  input.setAttribute('aria-expanded', 'true');
  highlight(-1);
}

async function search(q) {
  // Stale answers are dropped (not aborted: an aborted request would count as a failed one).
  const ticket = ++latest;
  try {
    const body = await getJson(`/api/comuni/cerca?q=${encodeURIComponent(q)}`);
    if (ticket === latest) showResults(body);
  } catch (error) {
    if (ticket === latest) status.textContent = `Ricerca non riuscita: ${error.message}`;
  }
}

input.addEventListener('input', () => {
  clearTimeout(timer);
  const q = input.value.trim();
  if (q.length < 2) {
    latest++;
    closeList();
    return;
  }
  timer = setTimeout(() => search(q), 150);
});

input.addEventListener('keydown', (event) => {
  if (list.hidden) return;
  if (event.key === 'ArrowDown') highlight(Math.min(active + 1, results.length - 1));
  else if (event.key === 'ArrowUp') highlight(Math.max(active - 1, 0));
  else if (event.key === 'Escape') closeList();
  else if (event.key === 'Enter') choose(results[Math.max(active, 0)]);
  else return;
  event.preventDefault();
});

list.addEventListener('click', (event) => {
  const li = event.target.closest('li[data-codice]');
  if (li) choose(results.find((r) => r.codice_istat === li.dataset.codice));
});

document.addEventListener('click', (event) => {
  if (!event.target.closest('.combo')) closeList();
});

input.form.addEventListener('submit', (event) => event.preventDefault());

function choose(result) {
  if (!result) return;
  closeList();
  input.value = result.nome;
  history.replaceState(null, '', `#comune-${result.codice_istat}`);
  showComune(result.codice_istat);
}

// ---- comune panel ---------------------------------------------------------------

const panel = document.getElementById('comune');

function figure(label, value, note) {
  return h('div', { class: 'figure' }, h('dt', {}, label), h('dd', {}, value ?? h('span', { class: 'missing', title: 'Valore non disponibile nelle fonti' }, 'n.d.'), note ? h('small', {}, note) : null));
}

function chartBlock(id, title, points, format, tickFormat) {
  const svg = lineChart({ title, points, format, tickFormat });
  return h('figure', { class: 'chart-box', id }, h('figcaption', {}, title), svg ?? h('p', { class: 'hint' }, 'Nessun dato per questo comune.'));
}

function renderComune({ comune, demografia, redditi, qualita, ambiente }) {
  const code = comune.codice_istat;
  const pop = comune.popolazione;
  const inc = redditi.dati;
  const pm10 = ambiente.aria.pm10;
  const suolo = ambiente.suolo.comune;
  const rank = qualita.posizione_nazionale;
  panel.replaceChildren(
    h(
      'header',
      {},
      h('h2', {}, comune.nome_completo, ' ', h('span', { class: 'meta' }, `(${comune.provincia.sigla})`)),
      h('p', { class: 'meta' }, `${comune.provincia.nome} · ${comune.regione.nome} · ${comune.ripartizione} · codice ISTAT ${code}${comune.capoluogo ? ' · capoluogo' : ''}`),
    ),
    h(
      'dl',
      { class: 'figures' },
      figure('Popolazione', pop ? integer.format(pop.popolazione_totale) : null, pop ? `residenti, ${pop.data_riferimento}` : null),
      figure('Densità', pop?.densita_ab_km2 == null ? null : `${oneDecimal.format(pop.densita_ab_km2)} ab/km²`, 'derivata'),
      figure('Superficie', comune.superficie_km2 === null ? null : `${oneDecimal.format(comune.superficie_km2)} km²`),
      figure('Reddito medio', inc.reddito_medio_euro === null ? null : euro(inc.reddito_medio_euro), `per contribuente, anno d'imposta ${inc.anno}`),
      figure('Reddito mediano', inc.reddito_mediano_stimato_euro === null ? null : euro(inc.reddito_mediano_stimato_euro), 'stima dagli scaglioni'),
      figure('Contribuenti', inc.contribuenti === null ? null : integer.format(inc.contribuenti), `IRPEF, ${inc.anno}`),
      figure('PM10', pm10.valore_ug_m3 === null ? null : `${oneDecimal.format(pm10.valore_ug_m3)} µg/m³`, pm10.valore_ug_m3 === null ? null : `media ${pm10.anno}, ${pm10.metodo === 'stazioni_nel_comune' ? 'stazioni nel comune' : 'stazione vicina'}`),
      figure('Suolo consumato', suolo ? `${oneDecimal.format(suolo.suolo_consumato_m2_per_abitante)} m²/ab` : null, suolo ? `per abitante, ${suolo.anno}` : null),
      figure('Qualità della vita', qualita.punteggio === null ? null : `${oneDecimal.format(qualita.punteggio)} / 100`, rank.posizione === null ? null : `${integer.format(rank.posizione)}° su ${integer.format(rank.su)}`),
    ),
    h(
      'div',
      { class: 'charts' },
      chartBlock('grafico-popolazione', 'Popolazione residente', demografia.serie_storica.map((d) => ({ x: d.anno, y: d.popolazione_totale })), (v) => integer.format(v)),
      chartBlock('grafico-reddito', "Reddito imponibile medio per contribuente (€), per anno d'imposta", redditi.serie_storica.map((r) => ({ x: r.anno, y: r.reddito_imponibile_medio_euro })), euro, (v) => integer.format(v)),
    ),
    h(
      'p',
      { class: 'links' },
      'In JSON: ',
      ...[comune.links.self, comune.links.demografia, comune.links.redditi, comune.links.ambiente, comune.links.qualita_vita].flatMap((href, i) => [i > 0 ? ' · ' : '', h('a', { href }, h('code', {}, href))]),
      '. Fonti: ',
      h('a', { href: '#fonti' }, 'elenco e licenze'),
      '.',
    ),
  );
  panel.hidden = false;
  panel.setAttribute('aria-busy', 'false');
}

async function showComune(code) {
  panel.hidden = false;
  panel.setAttribute('aria-busy', 'true');
  panel.replaceChildren(h('p', { class: 'hint' }, 'Caricamento…'));
  try {
    const [comune, demografia, redditi, qualita, ambiente] = await Promise.all(
      ['comuni', 'demografia', 'redditi', 'qualita-vita', 'ambiente'].map((r) => getJson(`/api/${r}/${code}`)),
    );
    renderComune({ comune, demografia, redditi, qualita, ambiente });
    panel.scrollIntoView({ block: 'start' });
  } catch (error) {
    panel.replaceChildren(h('p', { class: 'error' }, `Impossibile caricare il comune ${code}: ${error.message}`));
  }
}

const linked = /^#comune-(\d{6})$/.exec(location.hash);
if (linked) showComune(linked[1]);
