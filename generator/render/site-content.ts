import { formatInteger } from '../../api/numbers.ts';
import type { RouteSpec } from '../../api/routes.ts';
import type { MetodologiaQualita } from '../../api/schemas/qualita.ts';
import type { CoverageReport } from '../report/coverage.ts';
import type { Dataset, SourceStatus } from '../join/dataset.ts';
import { html, type Html } from './html.ts';
import { DATI_DIR, type DatiFile } from '../write/write-dati.ts';

/**
 * The generated parts of the documentation site, as HTML fragments: everything that
 * comes from the data (codes in the examples, sources, coverage, methodology, vintages,
 * downloads) is written here at build time, so the page never says something the build
 * does not serve.
 */

/** What the "estensione" badge means, on the badge and once under the table. */
const EXTENSION_NOTE =
  'Endpoint in più rispetto alla specifica originale del servizio: stabile e documentato come gli altri nel contratto OpenAPI.';

const decimal = (value: number, digits = 1) => value.toFixed(digits).replace('.', ',');

export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${decimal(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${decimal(bytes / 1e3)} kB`;
  return `${bytes} B`;
}

/**
 * A wide table in its own horizontally scrolling box, so the page never scrolls sideways on
 * a phone; the box is focusable and named, so keyboard users can scroll it too.
 */
export function scrollTable(label: string, table: Html): Html {
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${label}">${table}</div>`;
}

/** Anchor of an endpoint in the API reference page (reference.js gives each operation its path as id). */
const referenceLink = (path: string) => `riferimento.html#${encodeURIComponent(path)}`;

export interface Example {
  title: string;
  path: string;
}

/** Quickstart requests, with codes and years that exist in this build. */
export function quickstartExamples(dataset: Dataset): Example[] {
  const byName = (name: string, fallback: number) =>
    (dataset.comuni.find((c) => c.anagrafica.nome === name) ?? dataset.comuni[fallback]!).anagrafica;
  const roma = byName('Roma', 0);
  const milano = byName('Milano', 1);
  const firstYear = Math.min(...dataset.anni.demografia);
  const region = roma.regione.nome;
  return [
    { title: `Scheda completa di un comune (${roma.nome})`, path: `/api/comuni/${roma.codice_istat}` },
    { title: "Ricerca per nome, per l'autocompletamento", path: '/api/comuni/cerca?q=rom' },
    {
      title: `Popolazione nel ${firstYear}, con la serie storica`,
      path: `/api/demografia/${roma.codice_istat}?anno=${firstYear}`,
    },
    {
      title: `Redditi IRPEF di ${milano.nome}, anno d'imposta ${dataset.predefiniti.redditi}`,
      path: `/api/redditi/${milano.codice_istat}`,
    },
    { title: 'I cinque comuni con il reddito medio più alto', path: '/api/redditi/classifica/reddito?limit=5' },
    {
      title: `Confronto fra ${roma.nome} e ${milano.nome}`,
      path: `/api/confronta?comuni=${roma.codice_istat},${milano.codice_istat}`,
    },
    {
      title: `Qualità della vita: classifica del ${region}`,
      path: `/api/qualita-vita/classifica?regione=${encodeURIComponent(region)}&limit=10`,
    },
    {
      title: 'Dove vivere: comuni piccoli, budget medio, priorità ambiente',
      path: '/api/qualita-vita/wizard?budget=medio&dimensione=piccolo&priorita=ambiente',
    },
  ];
}

export function quickstartHtml(examples: readonly Example[]): Html {
  return html`<ol class="examples">
    ${examples.map(
      (e) =>
        html`<li>
          <p>${e.title} <a href="${e.path}" class="try">apri</a></p>
          <pre
            tabindex="0"
          ><code data-path="${e.path}">curl '<span class="base">http://localhost:3000</span>${e.path}'</code></pre>
        </li> `,
    )}
  </ol>`;
}

export function endpointsHtml(routes: readonly RouteSpec[]): Html {
  const table = html`<table>
    <thead>
      <tr>
        <th scope="col">Endpoint</th>
        <th scope="col">Che cosa restituisce</th>
        <th scope="col">Parametri</th>
      </tr>
    </thead>
    <tbody>
      ${routes.map(
        (r) =>
          html`<tr>
            <td>
              <a href="${referenceLink(r.path)}"><code>${r.path}</code></a
              >${r.extension ? html` <span class="tag" title="${EXTENSION_NOTE}">estensione</span>` : ''}
            </td>
            <td>${r.summary}</td>
            <td>
              ${Object.keys(r.request.query.properties).map((name, i) => html`${i > 0 ? ', ' : ''}<code>${name}</code>`)}
            </td>
          </tr> `,
      )}
    </tbody>
  </table>`;
  return html`${scrollTable('Endpoint', table)}
    <p class="hint"><span class="tag">estensione</span> ${EXTENSION_NOTE}</p>`;
}

export function datiHtml(files: readonly DatiFile[]): Html {
  return scrollTable(
    'File del dataset',
    html`<table>
      <thead>
        <tr>
          <th scope="col">File</th>
          <th scope="col">Contenuto</th>
          <th scope="col" class="num">Righe</th>
          <th scope="col" class="num">Dimensione</th>
        </tr>
      </thead>
      <tbody>
        ${files.map(
          (f) =>
            html`<tr>
              <td>
                <a href="${`${DATI_DIR.slice(1)}/${f.path}`}" download><code>${f.path}</code></a>
              </td>
              <td>${f.title}</td>
              <td class="num">${f.rows === null ? '—' : formatInteger(f.rows)}</td>
              <td class="num">${formatBytes(f.bytes)}</td>
            </tr> `,
        )}
      </tbody>
    </table>`,
  );
}

function fonteRow(s: SourceStatus, fetchedAt: ReadonlyMap<string, string>): Html {
  const m = s.meta;
  // The fetch date is known when `npm run data:fetch` recorded the files in the lock (same as /api/status).
  const fetched = fetchedAt.get(m.id);
  return html`<tr id="fonte-${m.id}">
    <td>
      <a href="${m.landingUrl}" rel="external">${m.dataset}</a><br /><small
        >${m.publisher} ·
        <code>${m.id}</code
        >${s.mancante === null ? '' : html` · <strong>assente in questa build</strong>: ${s.mancante}`}</small
      >
    </td>
    <td>${m.vintage}</td>
    <td>${fetched ? fetched.slice(0, 10) : '—'}</td>
    <td><a href="${m.licence.url}" rel="license external">${m.licence.name}</a></td>
    <td>${m.attribution}</td>
  </tr> `;
}

export function fontiHtml(fonti: readonly SourceStatus[], fetchedAt: ReadonlyMap<string, string>): Html {
  return scrollTable(
    'Fonti',
    html`<table>
      <thead>
        <tr>
          <th scope="col">Fonte e editore</th>
          <th scope="col">Annata</th>
          <th scope="col" title="Data in cui npm run data:fetch ha scaricato i file (— se non registrata nel lock)">
            Scaricata il
          </th>
          <th scope="col">Licenza</th>
          <th scope="col">Attribuzione richiesta</th>
        </tr>
      </thead>
      <tbody>
        ${fonti.map((s) => fonteRow(s, fetchedAt))}
      </tbody>
    </table>`,
  );
}

const DOMAIN_NAMES: Record<string, string> = {
  anagrafica: 'Anagrafica',
  demografia: 'Demografia',
  redditi: 'Redditi',
  ambiente: 'Ambiente',
  servizi: 'Servizi',
  sicurezza: 'Sicurezza',
  qualita_vita: 'Qualità della vita',
};

export function coperturaHtml(report: CoverageReport): Html {
  const domains = [...new Set(report.campi.map((f) => f.dominio))];
  return html`${domains.map((d) => {
    const rows = report.campi.filter((f) => f.dominio === d);
    // Long tables (one row per year and field) start closed.
    return html`<details${rows.length <= 20 ? html` open` : ''}>
<summary>${DOMAIN_NAMES[d] ?? d} (${rows.length} campi)</summary>
${scrollTable(
  `Copertura: ${DOMAIN_NAMES[d] ?? d}`,
  html`<table class="coverage">
    <thead>
      <tr>
        <th scope="col">Campo</th>
        <th scope="col">Anno</th>
        <th scope="col">Fonte</th>
        <th scope="col" class="num">Comuni con valore</th>
        <th scope="col">Copertura</th>
        <th scope="col">Nota</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (f) =>
          html`<tr>
            <td><code>${f.campo}</code></td>
            <td>${f.anno ?? '—'}</td>
            <td>${f.fonte ?? '—'}</td>
            <td class="num">${formatInteger(f.comuni_con_valore)}</td>
            <td><span class="bar" style="--pct:${f.percentuale}%"></span> ${decimal(f.percentuale)}%</td>
            <td>${f.nota ?? ''}</td>
          </tr> `,
      )}
    </tbody>
  </table>`,
)}
</details>
`;
  })}`;
}

interface MethodSection {
  titolo: string;
  testo: string[];
}

function qualityMethodHtml(q: MetodologiaQualita): Html {
  const pct = (w: number) => `${Math.round(w * 100)}%`;
  const names = new Map(q.indicatori.map((i) => [i.id, i.nome]));
  return html`<section id="metodo-qualita-vita">
    <h3>${q.titolo}</h3>
    <p>${q.descrizione}</p>
    ${scrollTable(
      "Dimensioni dell'indice",
      html`<table>
        <thead>
          <tr>
            <th scope="col">Dimensione</th>
            <th scope="col" class="num">Peso</th>
            <th scope="col">Indicatori</th>
            <th scope="col" class="num">Mediana nazionale</th>
          </tr>
        </thead>
        <tbody>
          ${q.dimensioni.map(
            (d) =>
              html`<tr>
                <td>${d.nome}</td>
                <td class="num">${pct(d.peso)}</td>
                <td>${d.indicatori.map((id) => names.get(id) ?? id).join('; ')}</td>
                <td class="num">${d.mediana === null ? '—' : decimal(d.mediana)}</td>
              </tr> `,
          )}
        </tbody>
      </table>`,
    )}
    <details>
      <summary>Gli ${q.indicatori.length} indicatori: unità, verso, livello, anni, fonti</summary>
      ${scrollTable(
        "Indicatori dell'indice",
        html`<table>
          <thead>
            <tr>
              <th scope="col">Indicatore</th>
              <th scope="col">Unità</th>
              <th scope="col">Verso</th>
              <th scope="col">Livello</th>
              <th scope="col">Anni</th>
              <th scope="col">Fonti</th>
              <th scope="col" class="num">Comuni</th>
            </tr>
          </thead>
          <tbody>
            ${q.indicatori.map(
              (i) =>
                html`<tr>
                  <td title="${i.descrizione}">${i.nome}</td>
                  <td>${i.unita}</td>
                  <td>${i.direzione === 'maggiore_migliore' ? 'più alto è meglio' : 'più basso è meglio'}</td>
                  <td>${i.livello}</td>
                  <td>${i.anni.join(', ')}</td>
                  <td>${i.fonti.join(', ')}</td>
                  <td class="num">${formatInteger(i.comuni_con_valore)}</td>
                </tr> `,
            )}
          </tbody>
        </table>`,
      )}
    </details>
    <h4>Normalizzazione</h4>
    <p>${q.normalizzazione.metodo}</p>
    <ul>
      <li><code>${q.normalizzazione.formula_maggiore_migliore}</code></li>
      <li><code>${q.normalizzazione.formula_minore_migliore}</code></li>
    </ul>
    <p>${q.normalizzazione.quantile} ${q.normalizzazione.casi_degeneri}</p>
    <h4>Aggregazione e dati mancanti</h4>
    <ul>
      <li>${q.aggregazione.dimensione}</li>
      <li>${q.aggregazione.totale}</li>
      <li>${q.aggregazione.arrotondamento}</li>
      <li>${q.dati_mancanti}</li>
      <li>${q.classifica}</li>
    </ul>
    <h4>Avvertenze e limiti</h4>
    <ul>
      ${q.avvisi.map((a) => html`<li><code>${a.codice}</code> (${formatInteger(a.comuni)} comuni): ${a.descrizione}</li>`)}${q.limiti.map((l) => html`<li>${l}</li>`)}
    </ul>
    ${q.sensibilita ? html`<p><strong>Sensibilità ai pesi.</strong> ${q.sensibilita.regola} Restano fra i primi ${q.sensibilita.dimensione_top} da ${Math.min(...q.sensibilita.casi.map((c) => c.rimasti_nella_top))} a ${Math.max(...q.sensibilita.casi.map((c) => c.rimasti_nella_top))} comuni.</p>` : ''}
    ${q.indicatori_provinciali ? provincialHtml(q.indicatori_provinciali) : ''}
  </section>`;
}

function provincialHtml(p: NonNullable<MetodologiaQualita['indicatori_provinciali']>): Html {
  const share = (x: { rapporto_varianze: number } | null) =>
    x === null ? '—' : `${decimal(Math.round(x.rapporto_varianze * 1000) / 10)}%`;
  const s = p.senza_indicatori_provinciali;
  return html`<p>
    <strong>Indicatori provinciali.</strong> ${p.regola} La parte provinciale del punteggio varia quanto il
    ${share(p.quota_varianza.dopo)} del totale (era il ${share(p.quota_varianza.prima)} trattandoli come comunali).
    Togliendoli restano fra i primi ${s.dimensione_top} ${s.rimasti_nella_top} comuni.
  </p>`;
}

/** Every methodology section of /api/metodologia: the estimates and derived values, then the index. */
export function metodologiaHtml(sections: Readonly<Record<string, MethodSection>>, quality: MetodologiaQualita): Html {
  return html`${Object.entries(sections).map(
    ([id, s]) =>
      html`<section id="metodo-${id}">
        <h3>${s.titolo}</h3>
        <ul>
          ${s.testo.map((t) => html`<li>${t}</li>`)}
        </ul>
      </section> `,
  )}${qualityMethodHtml(quality)}`;
}

interface Vintage {
  dominio: string;
  anni: number[];
  fonte: string;
  nota: string;
}

/** Consecutive years with the same source in one entry: "2000–2023". */
function yearSpan(years: readonly number[]): string {
  const sorted = [...years].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = sorted[0]!;
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || sorted[i] !== sorted[i - 1]! + 1) {
      parts.push(start === sorted[i - 1] ? String(start) : `${start}–${sorted[i - 1]}`);
      start = sorted[i]!;
    }
  }
  return parts.join(', ');
}

/**
 * The data vintages in this build, newest first: for each domain, which years come from
 * which source, and which year the API serves by default.
 */
function vintages(dataset: Dataset, coverage: CoverageReport): Vintage[] {
  const sourceOf = (campo: string, dominio: string, anno: number) =>
    coverage.campi.find((f) => f.campo === campo && f.dominio === dominio && f.anno === anno)?.fonte ?? null;
  const byYear = (dominio: string, campo: string, years: readonly number[], preferred: number): Vintage[] => {
    const groups = new Map<string, number[]>();
    for (const y of years) {
      // A year without this field (e.g. no official population in 2022) is not a vintage of it.
      const fonte = sourceOf(campo, dominio, y);
      if (fonte === null) continue;
      groups.set(fonte, [...(groups.get(fonte) ?? []), y]);
    }
    return [...groups].map(([fonte, anni]) => ({
      dominio,
      anni,
      fonte,
      nota: anni.includes(preferred) ? `anno predefinito: ${preferred}` : '',
    }));
  };
  const out: Vintage[] = [
    ...byYear('demografia', 'popolazione_totale', dataset.anni.demografia, dataset.predefiniti.demografia),
    ...byYear('demografia', 'anagrafe (conteggio ANPR)', dataset.anni.demografia, dataset.predefiniti.demografia),
    ...byYear('redditi', 'contribuenti', dataset.anni.redditi, dataset.predefiniti.redditi),
    {
      dominio: 'ambiente',
      anni: [dataset.predefiniti.suolo],
      fonte: 'ispra-suolo',
      nota: 'consumo di suolo provinciale; anno predefinito',
    },
  ];
  if (dataset.anni.aria !== null)
    out.push({
      dominio: 'ambiente',
      anni: [dataset.anni.aria],
      fonte: 'ispra-aria',
      nota: "qualità dell'aria, anno predefinito (serie storica dal primo anno misurato)",
    });
  return out.sort((a, b) => Math.max(...b.anni) - Math.max(...a.anni) || a.dominio.localeCompare(b.dominio));
}

export function annateHtml(dataset: Dataset, coverage: CoverageReport): Html {
  const fonti = new Map(dataset.fonti.map((s) => [s.meta.id, s.meta]));
  return scrollTable(
    'Annate dei dati',
    html`<table class="changelog">
      <thead>
        <tr>
          <th scope="col">Anni</th>
          <th scope="col">Dominio</th>
          <th scope="col">Fonte</th>
          <th scope="col">Annata della fonte</th>
          <th scope="col">Nota</th>
        </tr>
      </thead>
      <tbody>
        ${vintages(dataset, coverage).map((v) => {
          const meta = fonti.get(v.fonte);
          return html`<tr>
            <td><strong>${yearSpan(v.anni)}</strong></td>
            <td>${DOMAIN_NAMES[v.dominio] ?? v.dominio}</td>
            <td>${meta ? html`<a href="#fonte-${v.fonte}">${meta.publisher}</a>` : v.fonte}</td>
            <td>${meta?.vintage ?? ''}</td>
            <td>${v.nota}</td>
          </tr> `;
        })}
      </tbody>
    </table>`,
  );
}

interface MapFiles {
  confini: { path: string; bytes: number; gzip: number };
  indicatori: { path: string; bytes: number; gzip: number };
}

/** Under the map: the sources with their attribution, and what the page downloads (compressed as the CDN sends it). */
export function mapSourcesHtml(dataset: Dataset, files: MapFiles): Html {
  const ids = [
    'istat-confini-2025',
    'istat-bilancio-demografico',
    'istat-popolazione-2018-2021',
    'mef-irpef-comunale',
    'ispra-aria',
  ];
  const fonti = ids.flatMap((id) => dataset.fonti.filter((s) => s.meta.id === id && s.mancante === null));
  return html`<ul>
      ${fonti.map((s) => html`<li><a href="./#fonte-${s.meta.id}">${s.meta.publisher}</a>: ${s.meta.attribution}.</li>`)}
    </ul>
    <p class="hint">
      Questa pagina scarica i confini (<a href="${files.confini.path}"><code>${files.confini.path.slice(1)}</code></a
      >, ${formatBytes(files.confini.bytes)}, ${formatBytes(files.confini.gzip)} compressi) e gli indicatori (<a
        href="${files.indicatori.path}"
        ><code>${files.indicatori.path.slice(1)}</code></a
      >, ${formatBytes(files.indicatori.bytes)}, ${formatBytes(files.indicatori.gzip)} compressi), più circa 30 kB di
      codice. I confini sono semplificati e quantizzati in fase di build.
    </p>`;
}
