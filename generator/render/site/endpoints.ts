/** The table of the API's endpoints, each linked to its operation in the reference page. */
import type { RouteSpec } from '../../../api/routes.ts';
import { html, type Html } from '../html.ts';
import { scrollTable } from './scroll-table.ts';

/** What the "estensione" badge means, on the badge and once under the table. */
const EXTENSION_NOTE =
  'Endpoint in più rispetto alla specifica originale del servizio: stabile e documentato come gli altri nel contratto OpenAPI.';

/** Anchor of an endpoint in the API reference page (reference.js gives each operation its path as id). */
const referenceLink = (path: string) => `riferimento.html#${encodeURIComponent(path)}`;

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
