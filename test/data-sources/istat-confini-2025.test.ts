import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { load, parseConfini } from '../../data-sources/istat-confini-2025.ts';
import { MissingSourceError } from '../../data-sources/lib/files.ts';
import { polygonGeometry, quantizedLayer, type PolygonObject } from '../../data-sources/lib/topojson.ts';

// Two neighbouring squares sharing one arc (0), the way the ISTAT/situas file is laid out:
// WGS84 degrees, not quantised, string properties.
const props = (code: string, name: string) => ({
  PRO_COM: String(Number(code)),
  PRO_COM_T: code,
  COMUNE: name,
  COD_REG: '12',
  SIGLA_AUTOMOBILISTICA: 'RM',
  DEN_REG: 'Lazio',
});
const topology = (geometries: unknown[]) =>
  JSON.stringify({
    type: 'Topology',
    bbox: [12, 41, 12.2, 41.1],
    objects: { comuni: { type: 'GeometryCollection', geometries } },
    arcs: [
      [
        [12.1, 41],
        [12.1, 41.1],
      ],
      [
        [12.1, 41.1],
        [12, 41.1],
        [12, 41],
        [12.1, 41],
      ],
      [
        [12.1, 41],
        [12.2, 41],
        [12.2, 41.1],
        [12.1, 41.1],
      ],
    ],
  });
const TWO = topology([
  { type: 'Polygon', arcs: [[0, 1]], properties: props('058001', 'Uno') },
  { type: 'Polygon', arcs: [[2, -1]], properties: props('058002', 'Due') },
]);

describe('istat-confini-2025', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('keys the polygons by their 6-digit PRO_COM_T and decodes shared arcs into closed rings', () => {
    const confini = parseConfini(TWO);
    expect([...confini.byCode]).toEqual([
      ['058001', 0],
      ['058002', 1],
    ]);
    const second = polygonGeometry(confini.topology, confini.geometries[1]!);
    // Arc 0 reversed closes the second square: the ring ends where it starts.
    expect(second).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [12.1, 41],
          [12.2, 41],
          [12.2, 41.1],
          [12.1, 41.1],
          [12.1, 41],
        ],
      ],
    });
  });

  it('stops on a repeated code, a code that is not 6 digits, a non-polygon or a missing layer, naming the problem', () => {
    expect(() =>
      parseConfini(
        topology([
          { type: 'Polygon', arcs: [[0, 1]], properties: props('058001', 'Uno') },
          { type: 'Polygon', arcs: [[2, -1]], properties: props('058001', 'Due') },
        ]),
      ),
    ).toThrow(/058001 ha due poligoni/);
    expect(() =>
      parseConfini(
        topology([{ type: 'Polygon', arcs: [[0, 1]], properties: { ...props('058001', 'Uno'), PRO_COM_T: '58001' } }]),
      ),
    ).toThrow(/non ha un PRO_COM_T di 6 cifre/);
    expect(() =>
      parseConfini(topology([{ type: 'Point', coordinates: [12, 41], properties: props('058001', 'Uno') }])),
    ).toThrow(/contiene un Point/);
    expect(() => parseConfini(TWO.replace('"comuni"', '"municipalities"'))).toThrow(
      /nessuna GeometryCollection "comuni" \(oggetti: municipalities\)/,
    );
    expect(() => parseConfini('<html>')).toThrow(/non è JSON/);
  });

  it('quantises a copy for the web: integer deltas on the grid, positions within one cell of the source', () => {
    const confini = parseConfini(TWO);
    const web = quantizedLayer(
      confini.topology,
      'comuni',
      confini.geometries.map((g) => ({ ...g, id: String(g.properties!.PRO_COM_T), properties: {} })),
      1000,
    );
    expect(web.transform).toBeDefined();
    expect(web.arcs.flat(2).every(Number.isInteger)).toBe(true);
    const ring = (
      polygonGeometry(web, (web.objects.comuni as unknown as { geometries: PolygonObject[] }).geometries[1]!) as {
        coordinates: number[][][];
      }
    ).coordinates[0]!;
    const cell = 0.2 / 999;
    expect(ring[1]![0]).toBeCloseTo(12.2, 3);
    expect(Math.abs(ring[2]![1]! - 41.1)).toBeLessThanOrEqual(cell);
    // The source layer is not modified.
    expect(confini.topology.transform).toBeUndefined();
  });

  it('is optional: a missing file is a MissingSourceError that names the fetch command', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'confini-'));
    dirs.push(dir);
    await expect(load(dir)).rejects.toThrow(MissingSourceError);
    await expect(load(dir)).rejects.toThrow(/--only istat-confini-2025/);
  });
});
