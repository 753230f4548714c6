/** The coverage tables: for each domain, how many comuni have a value for each field. */
import { formatInteger } from '../../../api/numbers.ts';
import type { CoverageReport } from '../../report/coverage.ts';
import { html, type Html } from '../html.ts';
import { DOMAIN_NAMES } from './domain-names.ts';
import { formatDecimal } from '../../../api/numbers.ts';
import { scrollTable } from './scroll-table.ts';

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
            <td><span class="bar" style="--pct:${f.percentuale}%"></span> ${formatDecimal(f.percentuale)}%</td>
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
