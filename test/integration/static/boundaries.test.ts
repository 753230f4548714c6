import { describe, expect, it } from 'vitest';
import type { Confini } from '../../../api/schemas/confini.ts';
import type { Comune } from '../../../api/schemas/comune.ts';
import { hasRealBuild, loadBuiltIndex, readBuilt, REAL_DATA } from '../helpers/real-build.ts';

/** Ray casting on every ring (holes included): true when [lon, lat] is inside the (multi)polygon. */
function contains(geometry: Confini['geometry'], [x, y]: [number, number]): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const ring of polygons.flat()) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe.skipIf(!hasRealBuild)(`boundaries of the comuni${REAL_DATA}`, () => {
  it('put every comune of the registry in the bulk TopoJSON once, keyed by its code, in registry order', async () => {
    const { index } = await loadBuiltIndex();
    const topology = await readBuilt<{
      transform: unknown;
      objects: { comuni: { geometries: { id: string; properties: { nome: string } }[] } };
    }>('/dati/confini-comuni-2025.topo.json');
    const geometries = topology.objects.comuni.geometries;
    expect(topology.transform).toBeDefined();
    expect(geometries.map((g) => g.id)).toEqual(index.comuni.codice);
    expect(geometries.find((g) => g.id === '058091')?.properties.nome).toBe('Roma');
  });

  it("draw each large city around the registry's own coordinates of its town hall", async () => {
    for (const code of ['058091', '015146', '063049', '001272', '021008', '092009']) {
      const [confini, comune] = await Promise.all([
        readBuilt<Confini>(`/api/comuni/${code}/confini.json`),
        readBuilt<Comune>(`/api/comuni/${code}.json`),
      ]);
      expect(confini.properties.nome, code).toBe(comune.nome);
      const { lat, lon } = comune.coordinate!;
      expect(contains(confini.geometry, [lon, lat]), `${comune.nome} ${lat},${lon}`).toBe(true);
      const [w, s, e, n] = confini.bbox as [number, number, number, number];
      expect(lon >= w && lon <= e && lat >= s && lat <= n, code).toBe(true);
      expect(confini.properties.fonte.fonte).toBe('istat-confini-2025');
    }
  });

  it('are a resource of the data package and a source in /api/fonti, with ISTAT credited', async () => {
    const pkg = await readBuilt<{
      resources: { name: string; path: string; format?: string; sources: { attribution: string }[] }[];
    }>('/dati/datapackage.json');
    const resource = pkg.resources.find((r) => r.name === 'confini-comuni-2025');
    expect(resource).toMatchObject({ path: 'confini-comuni-2025.topo.json', format: 'topojson' });
    expect(resource!.sources.map((s) => s.attribution).join(' ')).toMatch(/Fonte: Istat/);
    const fonti = await readBuilt<{ risultati: { id: string; attribuzione?: string }[] }>('/api/fonti.json');
    expect(fonti.risultati.map((f) => f.id)).toContain('istat-confini-2025');
  });

  it('name the metropolitan cities with their accent, as ISTAT does', async () => {
    const province = JSON.stringify(await readBuilt('/api/province.json'));
    expect(province).toContain('Città metropolitana');
    expect(province).not.toContain('Citta metropolitana');
  });
});
