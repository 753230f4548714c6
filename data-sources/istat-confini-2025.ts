import { readSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { topoFeatures, type Polygon } from './lib/topojson.ts';

export const meta: SourceMeta = {
  id: 'istat-confini-2025',
  publisher: 'ISTAT (semplificazione del pacchetto R situas)',
  dataset: 'Confini delle unità amministrative a fini statistici al 1° gennaio 2025 – versione generalizzata',
  landingUrl: 'https://www.istat.it/notizia/confini-delle-unita-amministrative-a-fini-statistici-al-1-gennaio-2018-2/',
  vintage: '1° gennaio 2025 (7.896 comuni)',
  referenceDate: '2025-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'Fonte: Istat, confini comunali 2025 (semplificati da gmontaletti/situas), CC BY 4.0',
  files: [
    {
      path: 'istat/confini-comuni-2025/comuni_2025_generalizzati.topo.json',
      url: 'https://raw.githubusercontent.com/gmontaletti/situas/ef0d865/data/situas_map_comuni_61_20250101_powerbi.json',
    },
  ],
  required: true,
  feeds: ['comuni'],
  notes: [
    'TopoJSON non quantizzato (WGS84), fortemente semplificato: adatto a mappe nazionali e regionali e a localizzare un territorio, grossolano alla scala della città.',
    'Senza codice catastale: la chiave è PRO_COM_T (codice ISTAT 2025).',
  ],
};

export interface Confine2025 {
  codice_istat: string;
  nome: string;
  polygons: Polygon[];
}

export function parseConfini2025(json: unknown): Confine2025[] {
  return topoFeatures(json, 'comuni').map((f) => {
    const p = f.properties as Record<string, string>;
    if (!/^\d{6}$/.test(p.PRO_COM_T ?? '')) throw new Error(`comuni_2025_generalizzati.topo.json: feature without a valid PRO_COM_T (${JSON.stringify(p).slice(0, 120)})`);
    return { codice_istat: p.PRO_COM_T!, nome: p.COMUNE ?? '', polygons: f.polygons };
  });
}

export async function load(dataDir: string): Promise<Confine2025[]> {
  return parseConfini2025(JSON.parse(decodeText(await readSourceFile(dataDir, meta, meta.files[0]!), 'utf-8')));
}
