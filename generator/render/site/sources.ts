/** The table of the sources: publisher, vintage, fetch date, licence and the attribution each requires. */
import type { SourceStatus } from '../../join/dataset.ts';
import { html, type Html } from '../html.ts';
import { scrollTable } from './scroll-table.ts';

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
