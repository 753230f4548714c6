/** Under the map: its sources and what the page downloads. */
import type { Dataset } from '../../join/dataset.ts';
import { html, type Html } from '../html.ts';
import { formatBytes } from './format.ts';

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
