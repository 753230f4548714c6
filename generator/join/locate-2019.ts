import type { Confine2019 } from '../../data-sources/openpolis-confini-2019.ts';
import type { Confine2025 } from '../../data-sources/istat-confini-2025.ts';
import { bbox, boxesOverlap, containsPoint, interiorPoints } from './geometry.ts';

/** Where a comune lies in 2025: the current comune holding at least 80% of a grid of points inside its 2019 polygon. */
export function locate2019(
  belfioreOf2025: ReadonlyMap<string, string>,
  boxes2025: { f: Confine2025; box: ReturnType<typeof bbox> }[],
  polygon: Confine2019,
): string | null {
  const points = interiorPoints(polygon.polygons);
  const box = bbox(polygon.polygons);
  const counts = new Map<string, number>();
  for (const { f, box: b } of boxes2025) {
    if (!boxesOverlap(box, b)) continue;
    const inside = points.filter(([x, y]) => containsPoint(f.polygons, x, y)).length;
    if (inside) counts.set(f.codice_istat, inside);
  }
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return best && points.length > 0 && n / points.length >= 0.8 ? (belfioreOf2025.get(best) ?? null) : null;
}
