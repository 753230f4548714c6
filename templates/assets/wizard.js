// The wizard page: the questions of /api/qualita-vita/wizard as a form, and its answer as a list.
// The URL holds the answers (?budget=…&dimensione=…&priorita=…&regione=…), so reloading shows the same results.
import { getJson, integer, oneDecimal } from './comune-panel.js';
import { h } from './dom.js';

const QUESTIONS = ['budget', 'dimensione', 'priorita', 'regione'];
const DIMENSIONS = {
  reddito: 'Reddito',
  ambiente: 'Ambiente',
  servizi: 'Servizi',
  demografia: 'Demografia',
  sicurezza: 'Sicurezza',
};
const LIMIT = 10;

const form = document.getElementById('wizard');
const status = document.getElementById('wizard-stato');
const results = document.getElementById('wizard-risultati');
const regionSelect = document.getElementById('wizard-regione');

function answersFromForm() {
  const data = new FormData(form);
  return Object.fromEntries(QUESTIONS.map((q) => [q, data.get(q) ?? '']).filter(([, v]) => v !== ''));
}

function fillForm(answers) {
  for (const q of QUESTIONS) {
    const value = answers.get(q);
    if (value === null) continue;
    if (q === 'regione') regionSelect.value = value;
    else {
      const radio = form.querySelector(`input[name="${q}"][value="${CSS.escape(value)}"]`);
      if (radio) radio.checked = true;
    }
  }
}

/** A 0–100 bar with its value, or "n.d." where the comune has no data for the dimension. */
function dimensionBar(key, value) {
  return h(
    'li',
    {},
    h('span', { class: 'dim-name' }, DIMENSIONS[key]),
    h('span', { class: 'cmp-bar', style: `--pct:${value ?? 0}%`, 'aria-hidden': 'true' }),
    h(
      'span',
      { class: value === null ? 'dim-value missing' : 'dim-value' },
      value === null ? 'n.d.: dato mancante' : `${oneDecimal.format(value)}`,
    ),
  );
}

function resultItem(r) {
  const missing = Object.entries(r.punteggi)
    .filter(([, v]) => v === null)
    .map(([k]) => DIMENSIONS[k].toLowerCase());
  return h(
    'li',
    { class: 'wizard-result' },
    h(
      'h3',
      {},
      h('span', { class: 'pos' }, `${r.posizione}.`),
      ' ',
      h('a', { href: `./#comune-${r.codice_istat}` }, r.nome),
      ' ',
      h('span', { class: 'meta' }, `(${r.provincia.sigla}) · ${r.regione.nome}`),
    ),
    h(
      'p',
      { class: 'score' },
      h('strong', {}, `${oneDecimal.format(r.punteggio)} / 100`),
      h(
        'span',
        { class: 'meta' },
        ` con le vostre priorità (indice standard ${oneDecimal.format(r.punteggio_indice)}) · ${integer.format(r.popolazione)} abitanti · reddito medio ${integer.format(r.reddito_medio_euro)} €, costo stimato ${r.fascia_costo}`,
      ),
    ),
    h(
      'ul',
      { class: 'dims', 'aria-label': `Punteggi di ${r.nome} per dimensione, da 0 a 100` },
      Object.entries(r.punteggi).map(([k, v]) => dimensionBar(k, v)),
    ),
    h('p', {}, r.perche),
    missing.length || r.avvisi.length
      ? h(
          'p',
          { class: 'avviso' },
          h('strong', {}, 'Attenzione: '),
          missing.length ? `mancano i dati di ${missing.join(', ')} (il punteggio usa le altre dimensioni). ` : '',
          r.avvisi.join(' '),
        )
      : null,
    h(
      'p',
      { class: 'links' },
      h('a', { href: `./#comune-${r.codice_istat}` }, `Scheda di ${r.nome}`),
      ' · ',
      h('a', { href: `mappa.html#comune-${r.codice_istat}` }, 'sulla mappa'),
      ' · ',
      h('a', { href: r.link }, h('code', {}, r.link)),
    ),
  );
}

function render(body) {
  const { parametri, totale, esclusi } = body;
  const where = parametri.regione ? `in ${parametri.regione.nome}` : 'in Italia';
  const excluded = esclusi.senza_popolazione + esclusi.senza_punteggio + esclusi.senza_reddito_medio;
  results.replaceChildren(
    h(
      'h2',
      {},
      totale === 0 ? 'Nessun comune' : `I ${Math.min(totale, body.risultati.length)} comuni più adatti ${where}`,
    ),
    h(
      'p',
      {},
      `${integer.format(totale)} comuni ${where} rispondono ai criteri: ${body.fascia_popolazione.descrizione} (popolazione ${body.fascia_popolazione.anno_popolazione}), costo compatibile con il budget ${parametri.budget}.`,
      excluded > 0 ? ` ${integer.format(excluded)} comuni sono esclusi perché manca un dato necessario.` : '',
      totale === 0 ? ' Provate con un budget più alto, un’altra grandezza o tutta Italia.' : '',
    ),
    h(
      'p',
      { class: 'meta' },
      'Pesi delle dimensioni nel punteggio: ',
      Object.entries(body.pesi)
        .map(([k, w]) => `${DIMENSIONS[k].toLowerCase()} ${Math.round(w * 100)}%`)
        .join(', '),
      '.',
    ),
    h('ol', { class: 'wizard-list' }, body.risultati.map(resultItem)),
    h(
      'details',
      {},
      h('summary', {}, 'Come sono calcolati punteggio e costo'),
      h('p', {}, body.regola_pesi),
      h('p', {}, body.modello_budget.descrizione),
      h('p', {}, body.modello_budget.limiti),
      h('p', {}, 'In JSON: ', h('a', { href: body.links.self }, h('code', {}, body.links.self)), '.'),
    ),
  );
  results.hidden = false;
  results.setAttribute('aria-busy', 'false');
}

let generation = 0;

async function show(answers, { focus }) {
  const ticket = ++generation;
  const query = new URLSearchParams(answers);
  history.replaceState(null, '', `${location.pathname}?${query}`);
  status.textContent = 'Ricerca dei comuni…';
  results.setAttribute('aria-busy', 'true');
  try {
    const body = await getJson(`/api/qualita-vita/wizard?${query}&limit=${LIMIT}`);
    if (ticket !== generation) return;
    render(body);
    status.textContent = `${integer.format(body.totale)} comuni trovati; qui sotto i primi ${body.risultati.length}.`;
    if (focus) results.focus();
  } catch (error) {
    if (ticket === generation) status.textContent = `Ricerca non riuscita: ${error.message}`;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  show(answersFromForm(), { focus: true });
});

async function start() {
  try {
    const { risultati } = await getJson('/api/regioni');
    regionSelect.append(...risultati.map((r) => h('option', { value: r.nome }, r.nome)));
  } catch (error) {
    status.textContent = `Elenco delle regioni non disponibile: ${error.message}`;
  }
  const answers = new URLSearchParams(location.search);
  fillForm(answers);
  if (['budget', 'dimensione', 'priorita'].every((q) => answers.get(q))) show(answersFromForm(), { focus: false });
}
start();
