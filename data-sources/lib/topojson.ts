/**
 * A minimal TopoJSON reader (spec: github.com/topojson/topojson-specification): turns the
 * Polygon and MultiPolygon geometries of one object into coordinate rings. Enough for
 * locating points in boundaries; quantized topologies (with `transform`) are delta-decoded.
 */

type Position = [number, number];
/** A polygon as rings (the first is the outer ring), a feature as a list of polygons. */
export type Polygon = Position[][];

interface Topology {
  type: 'Topology';
  arcs: number[][][];
  transform?: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, { type: string; geometries: TopoGeometry[] }>;
}

interface TopoGeometry {
  type: string;
  arcs?: number[][] | number[][][];
  properties?: Record<string, unknown>;
}

export interface TopoFeature {
  properties: Record<string, unknown>;
  polygons: Polygon[];
}

function decodeArcs(topology: Topology): Position[][] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    if (!t) return arc.map(([x, y]) => [x!, y!] as Position);
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx!;
      y += dy!;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]] as Position;
    });
  });
}

/** A ring from arc indexes: a negative index ~i is arc i reversed; consecutive arcs share their joining point. */
function ring(arcs: Position[][], indexes: number[]): Position[] {
  const out: Position[] = [];
  for (const index of indexes) {
    const arc = index < 0 ? [...arcs[~index]!].reverse() : arcs[index]!;
    out.push(...(out.length ? arc.slice(1) : arc));
  }
  return out;
}

export function topoFeatures(json: unknown, objectName: string): TopoFeature[] {
  const topology = json as Topology;
  const object = topology?.objects?.[objectName];
  if (topology?.type !== 'Topology' || !object) throw new Error(`not a TopoJSON topology with an object "${objectName}"`);
  const arcs = decodeArcs(topology);
  return object.geometries.map((g) => {
    const polygons =
      g.type === 'Polygon'
        ? [(g.arcs as number[][]).map((r) => ring(arcs, r))]
        : g.type === 'MultiPolygon'
          ? (g.arcs as number[][][]).map((p) => p.map((r) => ring(arcs, r)))
          : [];
    return { properties: g.properties ?? {}, polygons };
  });
}
