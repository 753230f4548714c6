import { gzipSync } from 'node:zlib';
import { routeById } from '../../api/routes.ts';
import type { Confini } from '../../api/schemas/confini.ts';
import { jsonLink, staticFilePath } from '../../api/static-files.ts';
import { meta as confiniMeta, OBJECT_NAME, type ConfiniComuni } from '../../data-sources/istat-confini-2025.ts';
import { provenance } from '../../data-sources/lib/source.ts';
import {
  polygonGeometry,
  quantizedLayer,
  type AreaGeometry,
  type PolygonObject,
} from '../../data-sources/lib/topojson.ts';
import type { Dataset } from '../join/dataset.ts';
import type { OutputWriter } from './output.ts';
import { DATI_DIR, type OtherDatiFile } from './write-dati.ts';

/** Every comune's outline in one file of the bulk dataset, also what the map page draws. */
export const BOUNDARIES_FILE = 'confini-comuni-2025.topo.json';
/** Grid of the quantised TopoJSON: 10,000 cells over Italy's 11.9° × 11.6° ≈ 100–130 m per cell, finer than the simplification. */
const QUANTIZATION = 10_000;
const PRECISION =
  'Confini generalizzati ISTAT, semplificati preservando la topologia (pochi vertici per comune): adatti a mappe nazionali e regionali, non a misure di superficie o a mappe di dettaglio.';

export interface BoundariesOutput {
  /** The TopoJSON of public/dati/ (written there by writeDati, with the data package and the zip); gzip size is what the map page transfers. */
  file: { path: string; bytes: Uint8Array; gzipBytes: number };
  /** Codes in the TopoJSON's order (the registry's, less senzaConfini). */
  codici: string[];
  /** Registry comuni without a polygon (none in the 2025 file; listed if a new vintage lacks some). */
  senzaConfini: string[];
}

function boundingBox(geometry: AreaGeometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const [x, y] of polygons.flat(2) as [number, number][]) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

/**
 * From the 2025 boundaries: one GeoJSON Feature per comune (/api/comuni/{codice}/confini,
 * source coordinates unchanged) and one quantised TopoJSON of all comuni in /dati/ whose
 * ids are the codes and whose properties are the registry's names, so the map needs no
 * other lookup. Polygons of codes the registry does not have are left out.
 */
export async function writeBoundaries(
  writer: OutputWriter,
  dataset: Dataset,
  confini: ConfiniComuni,
): Promise<BoundariesOutput> {
  const route = routeById('comuni.confini');
  const fonte = provenance(confiniMeta, 2025, confiniMeta.referenceDate);
  const senzaConfini: string[] = [];
  const web: PolygonObject[] = [];
  for (const c of dataset.comuni) {
    const a = c.anagrafica;
    const index = confini.byCode.get(a.codice_istat);
    if (index === undefined) {
      senzaConfini.push(a.codice_istat);
      continue;
    }
    const source = confini.geometries[index]!;
    const geometry = polygonGeometry(confini.topology, source);
    const body: Confini = {
      type: 'Feature',
      id: a.codice_istat,
      bbox: boundingBox(geometry),
      geometry,
      properties: {
        codice_istat: a.codice_istat,
        nome: a.nome,
        provincia: { sigla: a.provincia.sigla, nome: a.provincia.nome },
        regione: { codice: a.regione.codice, nome: a.regione.nome },
        data_riferimento: confiniMeta.referenceDate,
        precisione: PRECISION,
        fonte,
        links: {
          json: jsonLink('comuni.confini', { codice_istat: a.codice_istat }),
          comune: `/api/comuni/${a.codice_istat}`,
          mappa: `/mappa.html#comune-${a.codice_istat}`,
          topojson: `${DATI_DIR}/${BOUNDARIES_FILE}`,
        },
      },
    };
    await writer.json(staticFilePath(route, { codice_istat: a.codice_istat }), body, route.schema);
    web.push({
      ...source,
      id: a.codice_istat,
      properties: { nome: a.nome, provincia: a.provincia.sigla, regione: a.regione.codice },
    });
  }
  const topology = quantizedLayer(confini.topology, OBJECT_NAME, web, QUANTIZATION);
  // Written with the rest of public/dati/ (writeDati), which also puts it in the zip.
  const bytes = Buffer.from(JSON.stringify(topology));
  return {
    file: { path: BOUNDARIES_FILE, bytes, gzipBytes: gzipSync(bytes).byteLength },
    codici: web.map((g) => String(g.id)),
    senzaConfini,
  };
}

/** The TopoJSON as a resource of the data package (not a table: a file with its format and source). */
export function boundariesResource(output: BoundariesOutput): OtherDatiFile {
  return {
    name: 'confini-comuni-2025',
    path: output.file.path,
    bytes: output.file.bytes,
    title: 'Confini dei comuni al 1° gennaio 2025 (TopoJSON)',
    description: `TopoJSON (oggetto "${OBJECT_NAME}", coordinate WGS84 quantizzate su una griglia di ${QUANTIZATION.toLocaleString('it-IT')} × ${QUANTIZATION.toLocaleString('it-IT')}): un poligono per comune, id = codice_istat, proprietà nome, provincia (sigla) e regione (codice ISTAT). ${PRECISION} Lo stesso contorno, comune per comune e non quantizzato, è in /api/comuni/{codice_istat}/confini.`,
    format: 'topojson',
    mediatype: 'application/json',
    fonti: [confiniMeta.id],
  };
}
