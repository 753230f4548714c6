import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { layerFeatures, parsePolygonLayer, type Polygon } from './lib/topojson.ts';

export const meta: SourceMeta = {
  id: 'openpolis-confini-2019',
  publisher: 'Openpolis (da ISTAT)',
  dataset: 'geojson-italy: confini dei comuni 2019',
  landingUrl: 'https://github.com/openpolis/geojson-italy',
  vintage: 'confini di metà 2019 (7.914 comuni)',
  referenceDate: '2019',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'Openpolis, geojson-italy (confini ISTAT), CC BY 4.0',
  files: [
    {
      path: 'openpolis/confini-comuni-2019/limits_IT_municipalities.topo.json',
      url: 'https://raw.githubusercontent.com/openpolis/geojson-italy/2019/topojson/limits_IT_municipalities.topo.json',
    },
  ],
  required: true,
  feeds: ['comuni'],
  notes: [
    'TopoJSON quantizzato (WGS84); i comuni fusi tra il 2019 e il 2025 hanno ancora il loro poligono.',
    'Usato solo per collegare un comune cessato dopo metà 2019 al comune attuale che ne contiene il territorio.',
  ],
};

export interface Confine2019 {
  codice_istat: string;
  codice_catastale: string;
  nome: string;
  polygons: Polygon[];
}

export function parseConfini2019(text: string): Confine2019[] {
  return layerFeatures(parsePolygonLayer(text, 'comuni', meta.files[0]!.path)).map((f) => {
    const p = f.properties as Record<string, string>;
    if (!/^\d{6}$/.test(p.com_istat_code ?? '') || !/^[A-Z]\d{3}$/.test(p.com_catasto_code ?? ''))
      throw new Error(
        `limits_IT_municipalities.topo.json: elemento senza codici validi (${JSON.stringify(p).slice(0, 120)})`,
      );
    return {
      codice_istat: p.com_istat_code!,
      codice_catastale: p.com_catasto_code!,
      nome: p.name ?? '',
      polygons: f.polygons,
    };
  });
}

export async function load(dataDir: string): Promise<Confine2019[]> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseConfini2019(decodeText(bytes, 'utf-8')));
}
