/** The table of the data vintages in this build: which years come from which source, and the default year. */
import type { CoverageReport } from '../../report/coverage.ts';
import type { Dataset } from '../../join/dataset.ts';
import { html, type Html } from '../html.ts';
import { DOMAIN_NAMES } from './domain-names.ts';
import { scrollTable } from './scroll-table.ts';
import { pushTo } from '../../../lib/maps.ts';

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
      pushTo(groups, fonte, y);
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
