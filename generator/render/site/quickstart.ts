/** The quickstart: example requests with codes and years that exist in this build. */
import type { Dataset } from '../../join/dataset.ts';
import { html, type Html } from '../html.ts';

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
