import { feature, quantize } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon as GeoJsonPolygon } from 'geojson';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';

/**
 * Reading TopoJSON files of boundaries (ISTAT 2025, openpolis 2019): the decoding itself
 * is topojson-client's; this module checks the shape a source promises and names what
 * is wrong, so a changed file stops the build with a message instead of a blank map.
 */

export type AreaGeometry = GeoJsonPolygon | MultiPolygon;
export type PolygonObject = GeometryObject<Record<string, unknown>> & { type: 'Polygon' | 'MultiPolygon' };

export interface PolygonLayer {
  topology: Topology;
  /** The layer's polygons, in file order. */
  geometries: PolygonObject[];
}

/** Parses a TopoJSON text and returns the polygon layer `objectName`; throws naming the file on any other shape. */
export function parsePolygonLayer(text: string, objectName: string, context: string): PolygonLayer {
  let topology: Topology;
  try {
    topology = JSON.parse(text) as Topology;
  } catch (error) {
    throw new Error(`${context}: non è JSON (${(error as Error).message})`);
  }
  if (topology?.type !== 'Topology' || !Array.isArray(topology.arcs))
    throw new Error(`${context}: non è una Topology TopoJSON`);
  const layer = topology.objects?.[objectName] as GeometryCollection<Record<string, unknown>> | undefined;
  if (layer?.type !== 'GeometryCollection')
    throw new Error(
      `${context}: nessuna GeometryCollection "${objectName}" (oggetti: ${Object.keys(topology.objects ?? {}).join(', ')})`,
    );
  // A null geometry (TopoJSON allows them: openpolis 2019 has three islands whose outline quantisation
  // collapsed) has no area to draw or test and is left out; the consumers report codes without a polygon.
  const geometries = layer.geometries.filter((g) => g.type !== null);
  const other = geometries.find((g) => g.type !== 'Polygon' && g.type !== 'MultiPolygon');
  if (other)
    throw new Error(`${context}: "${objectName}" contiene un ${other.type}, attesi solo Polygon e MultiPolygon`);
  return { topology, geometries: geometries as PolygonObject[] };
}

/** One polygon of a layer as a GeoJSON geometry (arcs stitched and, if quantised, decoded). */
export function polygonGeometry(topology: Topology, geometry: PolygonObject): AreaGeometry {
  return (feature(topology, geometry) as Feature<AreaGeometry>).geometry;
}

/**
 * A copy of a layer for the web: only `geometries` (ids and properties as given) on the
 * same arcs, quantised to a grid of `cells` × `cells` (delta-encoded integers: about a
 * third of the bytes; at 10,000 cells over Italy a cell is about 120 m).
 */
export function quantizedLayer(
  topology: Topology,
  objectName: string,
  geometries: readonly PolygonObject[],
  cells: number,
): Topology {
  const copy: Parameters<typeof quantize>[0] = {
    type: 'Topology',
    arcs: topology.arcs,
    objects: { [objectName]: { type: 'GeometryCollection', geometries: [...geometries] } },
  };
  if (topology.bbox) copy.bbox = topology.bbox;
  return quantize(copy, cells);
}

/** A polygon as coordinate rings (the first is the outer ring), as GeoJSON writes them. */
export type Polygon = [number, number][][];

export interface TopoFeature {
  properties: Record<string, unknown>;
  polygons: Polygon[];
}

/** Every polygon of a layer as coordinate rings: what point-in-polygon tests (the crosswalk) need. */
export function layerFeatures(layer: PolygonLayer): TopoFeature[] {
  return layer.geometries.map((g) => {
    const geometry = polygonGeometry(layer.topology, g);
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return { properties: g.properties ?? {}, polygons: polygons as Polygon[] };
  });
}
