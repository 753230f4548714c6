import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatInteger } from '../../api/numbers.ts';
import type { RouteSpec } from '../../api/routes.ts';
import { PROJECT_ROOT } from '../config.ts';
import type { CoverageReport } from '../report/coverage.ts';
import type { Dataset } from '../join/dataset.ts';
import { fillTemplate, Html, type HtmlValue } from '../render/html.ts';
import { methodologyDoc } from '../render/methodology.ts';
import type { OutputWriter } from './output.ts';
import { MAP_DATA_PATH, mapData } from '../derive/map-indicators.ts';
import type { QualityResult } from '../quality-index/index.ts';
import { coperturaHtml } from '../render/site/coverage.ts';
import { datiHtml } from '../render/site/dati-files.ts';
import { endpointsHtml } from '../render/site/endpoints.ts';
import { formatBytes } from '../render/site/format.ts';
import { mapSourcesHtml } from '../render/site/map-sources.ts';
import { metodologiaHtml } from '../render/site/methodology.ts';
import { quickstartExamples, quickstartHtml } from '../render/site/quickstart.ts';
import { fontiHtml } from '../render/site/sources.ts';
import { annateHtml } from '../render/site/vintages.ts';
import type { BoundariesOutput } from './write-boundaries.ts';
import { DATI_DIR, type DatiFile } from './write-dati.ts';

export const TEMPLATES_DIR = join(PROJECT_ROOT, 'templates');

export interface SiteInput {
  dataset: Dataset;
  quality: QualityResult;
  coverage: CoverageReport;
  routes: readonly RouteSpec[];
  dati: readonly DatiFile[];
  /** Source id → when data:fetch downloaded it (from the lock), as in /api/status. */
  fetchedAt: ReadonlyMap<string, string>;
  /** The boundaries the map draws. */
  boundaries: BoundariesOutput;
}

/** Browser modules copied from node_modules at build time (served from this host, never a CDN). */
const VENDOR_MODULES = [{ name: 'topojson-client', dir: join(PROJECT_ROOT, 'node_modules/topojson-client/src') }];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * The documentation site: templates/*.html with their {{placeholders}} filled from the
 * build (public/index.html, public/riferimento.html), and templates/assets/ copied as
 * is to public/assets/. Nothing is fetched from another host, at build or at run time.
 */
export async function writeSite(writer: OutputWriter, input: SiteInput): Promise<void> {
  const { dataset, quality, coverage, routes, dati } = input;
  const read = (name: string) => readFile(join(TEMPLATES_DIR, name), 'utf8');
  const partials = { intestazione: await read('partials/intestazione.html'), piede: await read('partials/piede.html') };
  const shared = (page: string) => ({
    intestazione: new Html(
      fillTemplate(partials.intestazione, {}, 'partials/intestazione.html').replace(
        `data-page="${page}"`,
        `data-page="${page}" aria-current="page"`,
      ),
    ),
    piede: new Html(fillTemplate(partials.piede, {}, 'partials/piede.html')),
  });
  const { sezioni } = methodologyDoc(dataset, null);
  const { 'qualita-vita': _quality, ...methodSections } = sezioni;
  // The one zip of dati/: its name carries the release version.
  const zip = dati.find((f) => f.path.endsWith('.zip'))!;
  const pages: Record<string, Record<string, HtmlValue>> = {
    'index.html': {
      ...shared('index'),
      numero_comuni: formatInteger(dataset.comuni.length),
      anno_demografia: String(dataset.predefiniti.demografia),
      anno_redditi: String(dataset.predefiniti.redditi),
      avvio_rapido: quickstartHtml(quickstartExamples(dataset)),
      endpoint: endpointsHtml(routes),
      dati: datiHtml(dati),
      zip_percorso: `${DATI_DIR.slice(1)}/${zip.path}`,
      zip_dimensione: formatBytes(zip.bytes),
      fonti: fontiHtml(dataset.fonti, input.fetchedAt),
      copertura: coperturaHtml(coverage),
      metodologia: metodologiaHtml(methodSections, quality.metodologia),
      annate: annateHtml(dataset, coverage),
    },
    'riferimento.html': shared('riferimento'),
    'mappa.html': { ...shared('mappa'), ...(await writeMapData(writer, input)) },
    'confronta.html': shared('confronta'),
    'wizard.html': shared('wizard'),
    // Netlify serves /404.html for every missing page; the local server does the same.
    '404.html': shared('404'),
  };
  for (const [name, values] of Object.entries(pages))
    await writer.text(`/${name}`, fillTemplate(await read(name), values, name));
  const assets = join(TEMPLATES_DIR, 'assets');
  for (const file of await filesUnder(assets))
    await writer.text(`/assets/${relative(assets, file)}`, await readFile(file));
  for (const { name, dir } of VENDOR_MODULES) {
    for (const file of await filesUnder(dir))
      await writer.text(`/assets/vendor/${name}/${relative(dir, file)}`, await readFile(file));
  }
}

/** The map's indicator file, and what the page says about the bytes it loads and where the figures come from. */
async function writeMapData(writer: OutputWriter, input: SiteInput): Promise<Record<string, HtmlValue>> {
  const { boundaries } = input;
  const body = Buffer.from(JSON.stringify(mapData(input.dataset, input.quality, boundaries.codici)));
  await writer.text(MAP_DATA_PATH, body);
  const gzip = gzipSync(body).byteLength;
  return {
    mappa_dati: MAP_DATA_PATH,
    mappa_fonti: mapSourcesHtml(input.dataset, {
      confini: {
        path: `${DATI_DIR}/${boundaries.file.path}`,
        bytes: boundaries.file.bytes.byteLength,
        gzip: boundaries.file.gzipBytes,
      },
      indicatori: { path: MAP_DATA_PATH, bytes: body.byteLength, gzip },
    }),
  };
}
