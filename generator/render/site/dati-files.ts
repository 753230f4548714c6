/** The table of the bulk dataset's files to download, with their rows and sizes. */
import { formatInteger } from '../../../api/numbers.ts';
import { DATI_DIR, type DatiFile } from '../../write/write-dati.ts';
import { html, type Html } from '../html.ts';
import { formatBytes } from './format.ts';
import { scrollTable } from './scroll-table.ts';

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
