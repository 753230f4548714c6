import type { Polygon } from '../../data-sources/lib/topojson.ts';

type Box = [number, number, number, number];

export function bbox(polygons: Polygon[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons)
    for (const [x, y] of polygon[0]!) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  return box;
}

function inRing(x: number, y: number, ring: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Even-odd rule over the outer ring and its holes. */
export function containsPoint(polygons: Polygon[], x: number, y: number): boolean {
  return polygons.some((rings) => inRing(x, y, rings[0]!) && !rings.slice(1).some((hole) => inRing(x, y, hole)));
}

/**
 * Points inside a territory on a regular grid over its bounding box (up to `n` per side):
 * a fair sample of its area, unlike its vertices, which sit on borders shared with neighbours.
 */
export function interiorPoints(polygons: Polygon[], n = 12): [number, number][] {
  const [x0, y0, x1, y1] = bbox(polygons);
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = x0 + ((i + 0.5) * (x1 - x0)) / n;
      const y = y0 + ((j + 0.5) * (y1 - y0)) / n;
      if (containsPoint(polygons, x, y)) out.push([x, y]);
    }
  return out;
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}
