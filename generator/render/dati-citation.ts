import type { SourceStatus } from '../join/dataset.ts';
import type { DatiRelease } from './dati-release.ts';

/**
 * How to cite a release of the bulk dataset: one recommended sentence (datapackage.json,
 * README.md) and CITATION.cff (Citation File Format 1.2.0, read by GitHub, Zenodo and
 * reference managers), both from the release and the sources actually used.
 */

export const DATASET_TITLE =
  'Comuni italiani: anagrafica, popolazione, redditi, ambiente, servizi, sicurezza, qualità della vita';
export const AUTHOR = 'comuni-api';

/**
 * SPDX identifiers that CFF 1.2.0 accepts (its schema freezes the SPDX list of May 2021,
 * before CC-BY-3.0-IT): a source with another licence names it in its reference's notes.
 * No top-level `license`: the package has no single licence, each source keeps its own.
 */
const SPDX: Record<string, string> = { 'CC BY 4.0': 'CC-BY-4.0', MIT: 'MIT' };

function zipUrl(release: DatiRelease): string | null {
  return release.homepage ? `${release.homepage}/dati/${release.zip}` : null;
}

/** Every publisher once, in the order of the sources. */
function publishers(sources: readonly SourceStatus[]): string[] {
  return [...new Set(sources.map((s) => s.meta.publisher))];
}

/** The recommended citation, in Italian like the rest of the package. */
export function citationText(release: DatiRelease, sources: readonly SourceStatus[]): string {
  const url = zipUrl(release);
  const licences = [...new Set(sources.map((s) => s.meta.licence.name))];
  return (
    `${AUTHOR} (${release.created.slice(0, 4)}). ${DATASET_TITLE} [dataset], versione ${release.version}.` +
    `${url ? ` ${url}.` : ''} Elaborazione di dati di: ${publishers(sources).join('; ')} (licenze: ${licences.join('; ')}).`
  );
}

/** A YAML scalar: JSON strings are valid YAML 1.2 double-quoted scalars, escapes included. */
const q = (text: string) => JSON.stringify(text);

export function citationCff(release: DatiRelease, sources: readonly SourceStatus[]): string {
  const url = zipUrl(release);
  const lines = [
    'cff-version: 1.2.0',
    `message: ${q("Se usi questi dati, citali così e cita le fonti originali elencate in references (ognuna con la sua licenza, che chiede l'attribuzione).")}`,
    'type: dataset',
    `title: ${q(DATASET_TITLE)}`,
    `version: ${q(release.version)}`,
    `date-released: ${q(release.created.slice(0, 10))}`,
    'authors:',
    `  - name: ${q(AUTHOR)}`,
    ...(release.homepage ? [`url: ${q(release.homepage)}`] : []),
    ...(url ? [`repository-artifact: ${q(url)}`] : []),
    'identifiers:',
    '  - type: other',
    `    value: ${q(`urn:uuid:${release.id}`)}`,
    `    description: ${q('id di datapackage.json (UUID della versione dei dati)')}`,
    'keywords:',
    ...['comuni', 'ISTAT', 'Italia', 'open data'].map((k) => `  - ${q(k)}`),
    'references:',
    ...sources.flatMap((s) => [
      '  - type: data',
      `    title: ${q(s.meta.dataset)}`,
      '    authors:',
      `      - name: ${q(s.meta.publisher)}`,
      `    url: ${q(s.meta.landingUrl)}`,
      `    version: ${q(s.meta.vintage)}`,
      ...(SPDX[s.meta.licence.name] ? [`    license: ${q(SPDX[s.meta.licence.name]!)}`] : []),
      `    notes: ${q(`Attribuzione: ${s.meta.attribution}. Licenza: ${s.meta.licence.name} (${s.meta.licence.url}).`)}`,
    ]),
  ];
  return `${lines.join('\n')}\n`;
}
