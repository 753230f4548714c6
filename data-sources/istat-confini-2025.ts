import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { layerFeatures, parsePolygonLayer, type Polygon, type PolygonLayer } from './lib/topojson.ts';
import { toCodiceIstat } from './lib/values.ts';

const OFFICIAL_ZIP =
  'https://www.istat.it/storage/cartografia/confini_amministrativi/generalizzati/2025/Limiti01012025_g.zip';

export const OBJECT_NAME = 'comuni';

export const meta: SourceMeta = {
  id: 'istat-confini-2025',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset:
    'Confini delle unità amministrative a fini statistici al 1° gennaio 2025, versione generalizzata: comuni (TopoJSON semplificato)',
  landingUrl: 'https://www.istat.it/it/archivio/222527',
  vintage: '1° gennaio 2025',
  referenceDate: '2025-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution:
    'Fonte: Istat, Confini delle unità amministrative a fini statistici al 1° gennaio 2025 (versione generalizzata), CC BY 4.0; semplificazione topologica del pacchetto R situas (G. Montaletti)',
  files: [
    {
      // ISTAT publishes shapefiles (OFFICIAL_ZIP); this TopoJSON is their topology-preserving
      // simplification kept, unmodified, in the situas repository at a fixed commit.
      path: 'istat/confini-comuni-2025/comuni_2025_generalizzati.topo.json',
      url: 'https://github.com/gmontaletti/situas/raw/ef0d865/data/situas_map_comuni_61_20250101_powerbi.json',
    },
  ],
  // Required: the crosswalk locates comuni ceased since 2019 inside these polygons.
  required: true,
  feeds: ['comuni', 'confini', 'mappa'],
  notes: [
    `Derivato dagli shapefile ufficiali ISTAT (${OFFICIAL_ZIP}), confini al 1° gennaio 2025 dei 7.896 comuni, coordinate WGS84 (longitudine, latitudine).`,
    "Fortemente semplificato (il contorno di Milano ha 27 vertici): adatto a mappe nazionali e regionali, non a misure di superficie o a scala di quartiere. Le superfici ufficiali restano quelle dell'anagrafica.",
    'Un oggetto "comuni" con proprietà testuali PRO_COM_T (codice ISTAT a 6 cifre), COMUNE, COD_REG, SIGLA_AUTOMOBILISTICA; nessun codice catastale.',
  ],
};

export interface ConfiniComuni extends PolygonLayer {
  /** codice_istat → index in `geometries`. */
  byCode: Map<string, number>;
}

/** The comuni layer, keyed by PRO_COM_T; a missing or repeated code stops the build. */
export function parseConfini(text: string): ConfiniComuni {
  const context = meta.files[0]!.path;
  const layer = parsePolygonLayer(text, OBJECT_NAME, context);
  const byCode = new Map<string, number>();
  layer.geometries.forEach((g, i) => {
    const raw = g.properties?.PRO_COM_T;
    const code = typeof raw === 'string' && /^\d{6}$/.test(raw) ? toCodiceIstat(raw) : null;
    if (code === null)
      throw new Error(`${context}: il poligono ${i} non ha un PRO_COM_T di 6 cifre (${JSON.stringify(raw)})`);
    if (byCode.has(code)) throw new Error(`${context}: il codice ${code} ha due poligoni`);
    byCode.set(code, i);
  });
  return { ...layer, byCode };
}

export async function load(dataDir: string): Promise<ConfiniComuni> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseConfini(decodeText(bytes, 'utf-8')));
}

export interface Confine2025 {
  codice_istat: string;
  nome: string;
  polygons: Polygon[];
}

/** Each comune's polygons as coordinate rings, for the crosswalk's containment test. */
export function comuniPolygons(confini: ConfiniComuni): Confine2025[] {
  return layerFeatures(confini).map((f) => ({
    codice_istat: String(f.properties.PRO_COM_T),
    nome: String(f.properties.COMUNE ?? ''),
    polygons: f.polygons,
  }));
}
