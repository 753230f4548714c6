/** The methodology sections: estimates and derived values, then the quality-of-life index in full. */
import { formatInteger } from '../../../api/numbers.ts';
import type { MetodologiaQualita } from '../../../api/schemas/qualita.ts';
import { html, type Html } from '../html.ts';
import { formatDecimal } from '../../../api/numbers.ts';
import { scrollTable } from './scroll-table.ts';

interface MethodSection {
  titolo: string;
  testo: string[];
}

function qualityMethodHtml(q: MetodologiaQualita): Html {
  const pct = (w: number) => `${Math.round(w * 100)}%`;
  const names = new Map(q.indicatori.map((i) => [i.id, i.nome]));
  return html`<details id="metodo-qualita-vita" class="method">
    <summary><h3>${q.titolo}</h3></summary>
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
                <td class="num">${d.mediana === null ? '—' : formatDecimal(d.mediana)}</td>
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
  </details>`;
}

function provincialHtml(p: NonNullable<MetodologiaQualita['indicatori_provinciali']>): Html {
  const share = (x: { rapporto_varianze: number } | null) =>
    x === null ? '—' : `${formatDecimal(Math.round(x.rapporto_varianze * 1000) / 10)}%`;
  const s = p.senza_indicatori_provinciali;
  return html`<p>
    <strong>Indicatori provinciali.</strong> ${p.regola} La parte provinciale del punteggio varia quanto il
    ${share(p.quota_varianza.dopo)} del totale (era il ${share(p.quota_varianza.prima)} trattandoli come comunali).
    Togliendoli restano fra i primi ${s.dimensione_top} ${s.rimasti_nella_top} comuni.
  </p>`;
}

/**
 * Every methodology section of /api/metodologia: the estimates and derived values, then the index.
 * Each is a closed <details> (open on a link to it): together they were 13,000 px of a phone's landing page.
 */
export function metodologiaHtml(sections: Readonly<Record<string, MethodSection>>, quality: MetodologiaQualita): Html {
  return html`${Object.entries(sections).map(
    ([id, s]) =>
      html`<details id="metodo-${id}" class="method">
        <summary><h3>${s.titolo}</h3></summary>
        <ul>
          ${s.testo.map((t) => html`<li>${t}</li>`)}
        </ul>
      </details> `,
  )}${qualityMethodHtml(quality)}`;
}
