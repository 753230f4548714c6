// The compare page: up to four comuni chosen by name, side by side, with Italy as the reference.
// The URL (?comuni=058091,015146) holds the selection, so a comparison can be shared.
import { chartFigure } from './chart.js';
import { getJson, integer, oneDecimal, OTHER_TAXABLE_DEFINITION, officialPopulation } from './comune-panel.js';
import { h } from './dom.js';
import { attachSearch } from './search.js';

const MAX = 4;
const euro = (v) => `${integer.format(v)} €`;
const perThousand = (v) => `${oneDecimal.format(v)} ‰`;
const micrograms = (v) => `${oneDecimal.format(v)} µg/m³`;
const score = (v) => `${oneDecimal.format(v)} / 100`;
const DIMENSIONS = ['reddito', 'ambiente', 'servizi', 'demografia', 'sicurezza'];

const chosenList = document.getElementById('confronta-scelti');
const status = document.getElementById('confronta-stato');
const result = document.getElementById('confronto');

/** The chosen comuni: [{ codice_istat, nome }], in the order they were added. */
let chosen = [];

function codesFromUrl() {
  const text = new URLSearchParams(location.search).get('comuni') ?? '';
  return [...new Set(text.split(',').map((c) => c.trim()))].filter((c) => /^\d{6}$/.test(c)).slice(0, MAX);
}

function saveUrl() {
  const query = chosen.length ? `?comuni=${chosen.map((c) => c.codice_istat).join(',')}` : '';
  history.replaceState(null, '', `${location.pathname}${query}`);
}

function renderChosen() {
  chosenList.replaceChildren(
    ...chosen.map((c) =>
      h(
        'li',
        {},
        h('span', {}, c.nome),
        h(
          'button',
          { type: 'button', 'data-codice': c.codice_istat, 'aria-label': `Togli ${c.nome} dal confronto` },
          '×',
        ),
      ),
    ),
  );
  const input = document.getElementById('confronta-cerca');
  input.disabled = chosen.length >= MAX;
  input.placeholder = chosen.length >= MAX ? `Al massimo ${MAX} comuni: toglietene uno` : 'es. Roma, Milano, Forlì…';
}

chosenList.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-codice]');
  if (!button) return;
  chosen = chosen.filter((c) => c.codice_istat !== button.dataset.codice);
  update();
  document.getElementById('confronta-cerca').focus();
});

attachSearch({
  input: document.getElementById('confronta-cerca'),
  list: document.getElementById('confronta-risultati'),
  status,
  onChoose: (r) => {
    document.getElementById('confronta-cerca').value = '';
    if (chosen.some((c) => c.codice_istat === r.codice_istat)) {
      status.textContent = `${r.nome} è già nel confronto.`;
      return;
    }
    if (chosen.length >= MAX) return;
    chosen.push({ codice_istat: r.codice_istat, nome: r.nome });
    update();
  },
});

/**
 * The rows of the comparison. `read(d)` takes one comune's records and returns
 * { value, year, reason, note }; `italia` names the national average of
 * /api/confronta/nazionale-medie shown as reference, only where a comune's figure and
 * Italy's are comparable (means, rates, shares), never for totals.
 */
const GROUPS = [
  {
    title: 'Popolazione',
    source: (d) => d.demo?.fonti?.popolazione_totale,
    rows: [
      ['Residenti', 'popolazione_totale', integer.format],
      ['Maschi', 'maschi', integer.format],
      ['Femmine', 'femmine', integer.format],
      ['Densità (abitanti per km²)', 'densita_ab_km2', oneDecimal.format, 'densita_ab_km2'],
      ['Nati nell’anno', 'nati', integer.format],
      ['Morti nell’anno', 'morti', integer.format],
    ]
      .map(([label, field, format, italia]) => ({
        label,
        format,
        italia,
        read: (d) => ({
          value: d.demo?.[field],
          year: d.demo?.anno,
          reason: d.motivi.demografia ?? d.demo?.valori_mancanti?.[field],
        }),
      }))
      .concat(
        [
          ['Natalità (nati per 1.000 abitanti)', 'natalita', 'tasso_natalita_per_1000'],
          ['Mortalità (morti per 1.000 abitanti)', 'mortalita', 'tasso_mortalita_per_1000'],
        ].map(([label, field, italia]) => ({
          label,
          format: perThousand,
          italia,
          read: (d) => ({
            value: d.demo?.tassi_per_1000?.[field],
            year: d.demo?.anno,
            reason: d.motivi.demografia ?? d.demo?.valori_mancanti?.tassi_per_1000,
          }),
        })),
      ),
  },
  {
    title: 'Redditi IRPEF',
    source: (d) => d.income?.fonte,
    rows: [
      ['Reddito medio per contribuente', 'reddito_medio_euro', euro, 'reddito_medio_euro'],
      ['Reddito mediano (stima dagli scaglioni)', 'reddito_mediano_stimato_euro', euro, 'reddito_mediano_stimato_euro'],
      ['Contribuenti', 'contribuenti', integer.format],
    ].map(([label, field, format, italia]) => ({
      label,
      format,
      italia,
      read: (d) => ({
        value: d.income?.[field],
        year: d.income?.anno,
        reason: d.motivi.redditi ?? d.income?.valori_mancanti?.[field],
      }),
    })),
  },
  {
    title: 'Aria (medie annue; più basso è meglio)',
    source: (d) => d.air.pm10?.fonte,
    rows: [
      ['PM10', 'pm10'],
      ['PM2.5', 'pm25'],
      ['Biossido di azoto (NO₂)', 'no2'],
    ].map(([label, key]) => ({
      label,
      format: micrograms,
      italia: `${key}_ug_m3`,
      read: (d) => {
        const a = d.air[key];
        return {
          value: a?.valore_ug_m3,
          year: a?.anno,
          reason: a?.motivo_mancante,
          note: a?.valore_ug_m3 != null && a.metodo !== 'stazioni_nel_comune' ? 'stazione vicina' : null,
        };
      },
    })),
  },
  {
    title: 'Suolo consumato',
    source: (d) => d.land.provincia?.fonte ?? d.land.comune?.fonte,
    rows: [
      {
        label: 'Nella provincia (% della superficie)',
        format: (v) => `${oneDecimal.format(v)} %`,
        italia: 'suolo_consumato_percentuale',
        read: (d) => {
          const p = d.land.provincia;
          return { value: p?.suolo_consumato_percentuale, year: p?.anno, note: p ? `provincia ${p.sigla}` : null };
        },
      },
      {
        label: 'Nel comune (m² per abitante)',
        format: oneDecimal.format,
        read: (d) => ({
          value: d.land.comune?.suolo_consumato_m2_per_abitante,
          year: d.land.comune?.anno,
          reason: "Dato comunale pubblicato solo per i comuni dell'Urban Index (DIPE, 2015).",
        }),
      },
    ],
  },
  {
    title: 'Qualità della vita (indice 0–100, più alto è meglio)',
    source: () => null,
    rows: [
      {
        label: 'Indice complessivo',
        format: score,
        read: (d) => {
          const rank = d.quality.posizione_nazionale;
          return {
            value: d.quality.punteggio,
            reason: d.quality.motivo_mancante,
            note: rank.posizione === null ? null : `${integer.format(rank.posizione)}° su ${integer.format(rank.su)}`,
          };
        },
      },
      ...DIMENSIONS.map((key) => ({
        label: `Dimensione ${key}`,
        format: score,
        read: (d) => ({
          value: d.quality.dimensioni[key].punteggio,
          reason: d.quality.dimensioni[key].motivo_mancante,
        }),
      })),
    ],
  },
];

/** "ISTAT – Istituto nazionale di statistica" → "ISTAT". */
const shortSource = (fonte) => fonte.editore.split(' – ')[0];

/** One value with its year, or "n.d." with the reason the API gives. */
function cellOf(row, { value, year, reason, note }) {
  if (value === null || value === undefined)
    return { value: null, text: 'n.d.', why: reason ?? 'Valore non pubblicato dalla fonte per questo comune.' };
  return { value, text: row.format(value), year, note };
}

function nationalCell(row, medie) {
  const n = medie.indicatori[row.italia];
  if (!n) return null;
  return { ...cellOf(row, { value: n.valore, year: n.anno, reason: n.motivo_mancante }), metodo: n.metodo };
}

function rowBlock(row, data, medie) {
  const cells = data.map((d) => ({ name: d.nome, ...cellOf(row, row.read(d)) }));
  const national = row.italia ? nationalCell(row, medie) : null;
  const all = national ? [...cells, { name: 'Italia (media)', reference: true, ...national }] : cells;
  const max = Math.max(0, ...all.map((c) => c.value ?? 0));
  return h(
    'div',
    { class: 'cmp-row' },
    h('h4', {}, row.label),
    h(
      'ul',
      { class: 'cmp-values' },
      all.map((c) =>
        h(
          'li',
          { class: c.reference ? 'riferimento' : null },
          h('span', { class: 'cmp-name' }, c.name),
          h('span', {
            class: 'cmp-bar',
            style: `--pct:${c.value === null || max === 0 ? 0 : Math.max(1, (c.value / max) * 100).toFixed(1)}%`,
            'aria-hidden': 'true',
          }),
          h(
            'span',
            { class: c.value === null ? 'cmp-value missing' : 'cmp-value' },
            c.text,
            c.year ? h('small', {}, ` ${c.year}`) : null,
            c.note ? h('small', {}, ` · ${c.note}`) : null,
            c.why ? h('span', { class: 'why' }, c.why) : null,
          ),
          c.metodo ? h('span', { class: 'why cmp-method' }, c.metodo) : null,
        ),
      ),
    ),
  );
}

/** Each distinct source of a group once: publisher, dataset, year and a link to its metadata. */
function groupSources(group, data) {
  const seen = new Map();
  for (const d of data) {
    const fonte = group.source(d);
    if (fonte) seen.set(`${fonte.dataset} ${fonte.anno_riferimento}`, fonte);
  }
  return [...seen.values()].map((f) =>
    h(
      'span',
      {},
      `${shortSource(f)}, ${f.dataset}, ${f.anno_riferimento} (`,
      h('a', { href: f.metadati }, 'scheda'),
      ')',
    ),
  );
}

function chartsOf(data, body) {
  const population = data.map((d) => ({ label: d.nome, points: officialPopulation(d.demoRecord) }));
  const income = body.redditi_confrontabili;
  const point = (anno, y) => ({
    x: anno,
    y,
    source: 'MEF',
    definition: OTHER_TAXABLE_DEFINITION.includes(anno) ? 'imponibile 2003–2006' : 'imponibile',
  });
  const incomeSeries = [
    ...income.comuni.map((c, i) => ({ label: data[i].nome, points: income.anni.map((a, k) => point(a, c.valori[k])) })),
    { label: 'Italia', reference: true, points: income.anni.map((a, k) => point(a, income.nazionale[k])) },
  ];
  return h(
    'div',
    { class: 'charts' },
    chartFigure({
      id: 'confronto-popolazione',
      title: 'Popolazione residente ufficiale (ISTAT)',
      unit: 'persone',
      axisUnit: 'persone',
      series: population,
      format: (v) => integer.format(v),
      sources: 'ISTAT, popolazione residente al 1° gennaio',
      note: 'Stesso asse per tutti i comuni, da zero. Le linee si interrompono dove mancano anni; un marcatore vuoto è un dato provvisorio.',
    }),
    chartFigure({
      id: 'confronto-reddito',
      title: "Reddito imponibile medio per contribuente, per anno d'imposta",
      unit: "euro correnti (non corretti per l'inflazione)",
      axisUnit: 'euro',
      series: incomeSeries,
      format: euro,
      tickFormat: (v) => integer.format(v),
      sources: `MEF – Dipartimento delle Finanze, anni d'imposta ${income.anni[0]}–${income.anni[income.anni.length - 1]}`,
      note: `${income.descrizione} Nel 2003–2006 l'imponibile sottraeva la «no tax area»: la linea verticale segna il cambio di definizione.`,
    }),
  );
}

function render(body, extra) {
  const data = body.comuni.map((c, i) => ({
    nome: c.nome,
    codice: c.codice_istat,
    demo: c.demografia,
    income: c.redditi,
    motivi: c.motivi_mancanti,
    ...extra[i],
  }));
  result.replaceChildren(
    h('h2', {}, data.map((d) => d.nome).join(', ')),
    h(
      'p',
      { class: 'links' },
      'Schede complete: ',
      data.flatMap((d, i) => [i ? ' · ' : '', h('a', { href: `./#comune-${d.codice}` }, d.nome)]),
      '. In JSON: ',
      h('a', { href: body.links.self }, h('code', {}, decodeURIComponent(body.links.self))),
      '.',
    ),
    ...GROUPS.map((group) => {
      const sources = groupSources(group, data);
      return h(
        'section',
        { class: 'cmp-group' },
        h('h3', {}, group.title),
        sources.length
          ? h(
              'p',
              { class: 'meta' },
              'Fonte: ',
              sources.flatMap((s, i) => [i ? '; ' : '', s]),
              '.',
            )
          : h(
              'p',
              { class: 'meta' },
              'Indice composito calcolato da questa API dagli ultimi dati di ogni fonte (',
              h('a', { href: '/api/metodologia#qualita-vita' }, 'metodo'),
              ').',
            ),
        h(
          'div',
          { class: 'cmp-rows' },
          group.rows.map((row) => rowBlock(row, data, body.medie_nazionali)),
        ),
      );
    }),
    chartsOf(data, body),
  );
  result.hidden = false;
  result.setAttribute('aria-busy', 'false');
}

let generation = 0;

async function update() {
  renderChosen();
  saveUrl();
  const ticket = ++generation;
  if (chosen.length === 0) {
    result.hidden = true;
    status.textContent = 'Cercate un comune e sceglietelo: potete confrontarne fino a 4.';
    return;
  }
  result.setAttribute('aria-busy', 'true');
  status.textContent = `Caricamento del confronto fra ${chosen.map((c) => c.nome).join(', ')}…`;
  try {
    const codes = chosen.map((c) => c.codice_istat);
    const [body, extra] = await Promise.all([
      getJson(`/api/confronta?comuni=${codes.join(',')}`),
      Promise.all(
        codes.map(async (code) => {
          const [ambiente, quality, demoRecord] = await Promise.all(
            ['ambiente', 'qualita-vita', 'demografia'].map((r) => getJson(`/api/${r}/${code}`)),
          );
          return { air: ambiente.aria, land: ambiente.suolo, quality, demoRecord };
        }),
      ),
    ]);
    if (ticket !== generation) return;
    chosen = body.comuni.map((c) => ({ codice_istat: c.codice_istat, nome: c.nome }));
    renderChosen();
    render(body, extra);
    status.textContent = `Confronto fra ${chosen.map((c) => c.nome).join(', ')}.`;
  } catch (error) {
    if (ticket === generation) status.textContent = `Confronto non riuscito: ${error.message}`;
  }
}

chosen = codesFromUrl().map((codice_istat) => ({ codice_istat, nome: codice_istat }));
update();
