import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeById, type RouteId } from '../../../api/routes.ts';
import { validatorFor } from '../../../generator/write/validators.ts';
import { hasRealBuild, loadBuiltIndex, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

async function sample(dir: string, n: number): Promise<string[]> {
  const files = (await readdir(join(TEST_BUILD.outDir, dir), { recursive: true }))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const step = Math.max(1, Math.floor(files.length / n));
  return files.filter((_, i) => i % step === 0).map((f) => `/${dir}/${f}`);
}

describe.skipIf(!hasRealBuild)(`the built files${REAL_DATA}`, () => {
  it('match their response schema, for a sample of every file type', async () => {
    const groups: [string, RouteId][] = [
      ['api/comuni/regione', 'comuni.list'],
      ['api/comuni/provincia', 'comuni.list'],
      ['api/demografia/classifica', 'demografia.ranking'],
      ['api/redditi/classifica', 'redditi.ranking'],
      ['api/ambiente/aria/classifica', 'ambiente.air.ranking'],
      ['api/ambiente/suolo/classifica', 'ambiente.soil.ranking'],
      ['api/qualita-vita/classifica', 'qualita.ranking'],
      ['api/confronta/nazionale-medie', 'confronta.national'],
    ];
    for (const code of ['001001', '058091', '015146', '021008', '111107']) {
      for (const id of ['comuni.get', 'demografia.get', 'redditi.get', 'ambiente.get', 'qualita.get'] as RouteId[]) {
        groups.push([`${routeById(id).path.replace('/{codice_istat}', '')}/${code}.json`.slice(1), id]);
      }
    }
    let checked = 0;
    for (const [dir, id] of groups) {
      const paths = dir.endsWith('.json') ? [`/${dir}`] : await sample(dir, 25);
      const validate = validatorFor(routeById(id).schema);
      for (const path of paths) {
        const ok = validate(await readBuilt(path));
        expect(ok, `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        checked++;
      }
    }
    for (const id of [
      'regioni.list',
      'province.list',
      'fonti.list',
      'metodologia',
      'copertura',
      'status',
      'openapi',
    ] as RouteId[]) {
      const path = routeById(id).path.endsWith('.json') ? routeById(id).path : `${routeById(id).path}.json`;
      expect(validatorFor(routeById(id).schema)(await readBuilt(path)), path).toBe(true);
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('puts national population and density on totals over totals of the comuni', async () => {
    const { index } = await loadBuiltIndex();
    const medie = await readBuilt<{ indicatori: Record<string, { valore: number; anno: number }> }>(
      '/api/confronta/nazionale-medie.json',
    );
    const total = index.comuni.popolazione.reduce((t: number, p) => t + (p ?? 0), 0);
    expect(medie.indicatori.popolazione_totale!.valore).toBe(total);
    expect(medie.indicatori.popolazione_totale!.anno).toBe(index.anni_predefiniti.demografia);
    // Density: population and area of the same comuni (those with a valid area).
    let area = 0;
    let populationWithArea = 0;
    for (const [i, code] of index.comuni.codice.entries()) {
      const superficie = (await readBuilt<{ superficie_km2: number | null }>(`/api/comuni/${code}.json`))
        .superficie_km2;
      if (superficie === null) continue;
      area += superficie;
      populationWithArea += index.comuni.popolazione[i] ?? 0;
    }
    expect(medie.indicatori.densita_ab_km2!.valore).toBeCloseTo(populationWithArea / area, 1);
  });

  it('ranks pages in a stable order across page boundaries', async () => {
    const first = await readBuilt<{
      risultati: { posizione: number; valore: number; codice_istat: string }[];
      links: { next: string };
    }>('/api/redditi/classifica/contribuenti/ordine/asc.json');
    const second = await readBuilt<{ risultati: { posizione: number; valore: number; codice_istat: string }[] }>(
      '/api/redditi/classifica/contribuenti/ordine/asc/offset/50.json',
    );
    const rows = [...first.risultati, ...second.risultati];
    expect(rows.map((r) => r.posizione)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(
        a.valore < b.valore || (a.valore === b.valore && a.codice_istat < b.codice_istat),
        `${a.codice_istat} before ${b.codice_istat}`,
      ).toBe(true);
    }
    expect(first.links.next).toBe('/api/redditi/classifica/contribuenti?ordine=asc&offset=50');
  });
});
