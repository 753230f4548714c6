// The panel of one comune (key figures and charts), shared by the landing page and the map.
import { chartFigure, italianDate } from './chart.js';
import { h } from './dom.js';

// Grouping always (2.179, not 2179), as the API's own texts write numbers.
export const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
export const oneDecimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1, useGrouping: 'always' });
const euro = (v) => `${integer.format(v)} €`;

export async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.detail ?? `${response.status} ${path}`);
  return body;
}

/** Used when a record gives no reason of its own: the usual one is a publisher's suppression. */
const DEFAULT_REASON =
  'Valore non pubblicato dalla fonte per questo comune (per esempio soppresso per riservatezza) o non ancora rilevato.';

function figure(label, value, note, reason) {
  const missing = h(
    'span',
    { class: 'missing' },
    'n.d.',
    h('span', { class: 'why' }, ` — ${reason ?? DEFAULT_REASON}`),
  );
  return h(
    'div',
    { class: 'figure' },
    h('dt', {}, label),
    h('dd', {}, value ?? missing, note && value !== null ? h('small', {}, note) : null),
  );
}

/**
 * Population series of the record: ISTAT's official population (`popolazione_totale`) and the
 * ANPR register count (`anagrafe`) are different figures, so they are two lines, never joined.
 * Files of the same publisher (ISTAT's 2018–2021 export, its demographic balance) are one line;
 * where the file changes the chart marks it.
 */
export function populationSeries(demografia) {
  const official = [];
  const register = [];
  for (const d of demografia.serie_storica) {
    if (d.popolazione_totale !== null && d.popolazione_totale !== undefined) {
      official.push({
        x: d.anno,
        y: d.popolazione_totale,
        date: d.data_riferimento ?? undefined,
        source: d.fonti?.popolazione_totale?.fonte,
        provisional: Boolean(d.provvisorio),
      });
    }
    if (d.anagrafe)
      register.push({
        x: d.anno,
        y: d.anagrafe.residenti,
        date: d.anagrafe.mese_riferimento,
        source: d.fonti?.anagrafe?.fonte,
      });
  }
  return [
    { label: 'ISTAT, popolazione ufficiale', points: official },
    { label: 'Anagrafe ANPR, conteggio del registro', points: register },
  ].filter((s) => s.points.length > 0);
}

/** "ISTAT (popolazione ufficiale): 1° gennaio 2018 – 1° gennaio 2021; Anagrafe ANPR …: dicembre 2022, gennaio 2025, gennaio 2026". */
function sourcesNote(series) {
  return series
    .map((s) => {
      const dates = s.points.filter((p) => p.y !== null).map((p) => italianDate(p.date ?? p.x));
      return `${s.label}: ${dates.length > 3 ? `${dates[0]} – ${dates[dates.length - 1]}` : dates.join(', ')}`;
    })
    .join('; ');
}

/** Tax years in which MEF's taxable income had another definition (no-tax area subtracted): /api/metodologia#redditi. */
const OTHER_TAXABLE_DEFINITION = [2003, 2004, 2005, 2006];

/**
 * Taxable income per taxpayer is the series comparable across years (published without
 * suppressions); total income per taxpayer only where its total is known.
 */
function incomeSeries(redditi) {
  const point = (r, y, definition) => ({ x: r.anno, y: y ?? null, source: r.fonte?.fonte, definition });
  return [
    {
      label: 'Reddito imponibile medio (confrontabile fra anni)',
      points: redditi.serie_storica.map((r) =>
        point(
          r,
          r.reddito_imponibile_medio_euro,
          OTHER_TAXABLE_DEFINITION.includes(r.anno) ? 'imponibile 2003–2006' : 'imponibile',
        ),
      ),
    },
    {
      label: 'Reddito complessivo medio (dove il totale è noto)',
      points: redditi.serie_storica.map((r) => point(r, r.reddito_medio_euro)),
    },
  ].filter((s) => s.points.some((p) => p.y !== null));
}

export function renderComune(panel, { comune, demografia, redditi, qualita, ambiente }) {
  const code = comune.codice_istat;
  const pop = comune.popolazione;
  const inc = redditi.dati;
  const pm10 = ambiente.aria.pm10;
  const suolo = ambiente.suolo.comune;
  const rank = qualita.posizione_nazionale;
  const incomeReason = (field) => inc.valori_mancanti?.[field];
  const population = populationSeries(demografia);
  const income = incomeSeries(redditi);
  panel.replaceChildren(
    h(
      'header',
      {},
      h('h2', {}, comune.nome_completo, ' ', h('span', { class: 'meta' }, `(${comune.provincia.sigla})`)),
      h(
        'p',
        { class: 'meta' },
        `${comune.provincia.nome} · ${comune.regione.nome} · ${comune.ripartizione} · codice ISTAT ${code}${comune.capoluogo ? ' · capoluogo' : ''}`,
      ),
    ),
    h(
      'dl',
      { class: 'figures' },
      figure(
        'Popolazione',
        pop ? integer.format(pop.popolazione_totale) : null,
        pop ? `residenti (ISTAT), ${italianDate(pop.data_riferimento)}` : null,
        demografia.dati.valori_mancanti?.popolazione_totale,
      ),
      figure(
        'Densità',
        pop?.densita_ab_km2 == null ? null : `${oneDecimal.format(pop.densita_ab_km2)} ab/km²`,
        'derivata',
        comune.valori_mancanti?.superficie_km2,
      ),
      figure(
        'Superficie',
        comune.superficie_km2 === null ? null : `${oneDecimal.format(comune.superficie_km2)} km²`,
        null,
        comune.valori_mancanti?.superficie_km2,
      ),
      figure(
        'Reddito medio',
        inc.reddito_medio_euro === null ? null : euro(inc.reddito_medio_euro),
        `per contribuente, anno d'imposta ${inc.anno}`,
        incomeReason('reddito_medio_euro'),
      ),
      figure(
        'Reddito mediano',
        inc.reddito_mediano_stimato_euro === null ? null : euro(inc.reddito_mediano_stimato_euro),
        'stima dagli scaglioni',
        incomeReason('reddito_mediano_stimato_euro'),
      ),
      figure(
        'Contribuenti',
        inc.contribuenti === null ? null : integer.format(inc.contribuenti),
        `IRPEF, ${inc.anno}`,
        incomeReason('contribuenti'),
      ),
      figure(
        'PM10',
        pm10.valore_ug_m3 === null ? null : `${oneDecimal.format(pm10.valore_ug_m3)} µg/m³`,
        `media ${pm10.anno}, ${pm10.metodo === 'stazioni_nel_comune' ? 'stazioni nel comune' : 'stazione vicina'}`,
        pm10.motivo_mancante,
      ),
      figure(
        'Suolo consumato',
        suolo ? `${oneDecimal.format(suolo.suolo_consumato_percentuale)} %` : null,
        suolo ? `della superficie, ${suolo.anno}` : null,
        ambiente.suolo.valori_mancanti.comune ?? null,
      ),
      figure(
        'Qualità della vita',
        qualita.punteggio === null ? null : `${oneDecimal.format(qualita.punteggio)} / 100`,
        rank.posizione === null ? null : `${integer.format(rank.posizione)}° su ${integer.format(rank.su)}`,
        qualita.motivo_mancante,
      ),
    ),
    h(
      'div',
      { class: 'charts' },
      chartFigure({
        id: 'grafico-popolazione',
        title: 'Popolazione residente',
        unit: 'persone',
        axisUnit: 'persone',
        series: population,
        format: (v) => integer.format(v),
        sources: sourcesNote(population),
        note: "La popolazione ufficiale ISTAT (corretta con il censimento) e il conteggio dell'anagrafe ANPR sono misure diverse: linee separate, mai unite. Le linee si interrompono dove mancano anni; un marcatore vuoto è un dato provvisorio.",
      }),
      chartFigure({
        id: 'grafico-reddito',
        title: "Reddito per contribuente, per anno d'imposta",
        unit: "euro correnti (non corretti per l'inflazione)",
        axisUnit: 'euro',
        series: income,
        format: euro,
        tickFormat: (v) => integer.format(v),
        sources: `MEF – Dipartimento delle Finanze, anni d'imposta ${redditi.anni_disponibili[0]}–${redditi.anni_disponibili[redditi.anni_disponibili.length - 1]}`,
        note: "Una linea verticale segna un cambio di fonte o di definizione (nel 2003–2006 l'imponibile sottraeva la «no tax area»).",
      }),
    ),
    h(
      'p',
      { class: 'links' },
      'In JSON: ',
      ...[
        comune.links.self,
        comune.links.demografia,
        comune.links.redditi,
        comune.links.ambiente,
        comune.links.qualita_vita,
        `/api/comuni/${code}/confini`,
      ].flatMap((href, i) => [i > 0 ? ' · ' : '', h('a', { href }, h('code', {}, href))]),
      '. Fonti: ',
      h('a', { href: './#fonti' }, 'elenco e licenze'),
      '.',
    ),
  );
  panel.hidden = false;
  panel.setAttribute('aria-busy', 'false');
}

/** Loads the five records of a comune and renders its panel; errors are shown in the panel. */
export async function showComune(panel, code) {
  panel.hidden = false;
  panel.setAttribute('aria-busy', 'true');
  panel.replaceChildren(h('p', { class: 'hint' }, 'Caricamento…'));
  try {
    const [comune, demografia, redditi, qualita, ambiente] = await Promise.all(
      ['comuni', 'demografia', 'redditi', 'qualita-vita', 'ambiente'].map((r) => getJson(`/api/${r}/${code}`)),
    );
    renderComune(panel, { comune, demografia, redditi, qualita, ambiente });
    return true;
  } catch (error) {
    panel.replaceChildren(h('p', { class: 'error' }, `Impossibile caricare il comune ${code}: ${error.message}`));
    return false;
  }
}
