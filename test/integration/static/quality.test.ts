import { describe, expect, it } from 'vitest';
import { builtHandler } from '../helpers/handler.ts';
import { hasRealBuild, readBuilt, REAL_DATA } from '../helpers/real-build.ts';

type Ranking = {
  totale: number;
  risultati: { punteggio: number; popolazione: number; regione: { nome: string }; codice_istat: string }[];
};

describe.skipIf(!hasRealBuild)(`quality-of-life ranking and records${REAL_DATA}`, () => {
  it('?min_pop=50000 lists only comuni of at least 50,000 inhabitants, in descending score order', async () => {
    const get = await builtHandler();
    const page = (await get('/api/qualita-vita/classifica?min_pop=50000&limit=500')).json() as Ranking;
    expect(page.totale).toBeGreaterThan(100);
    expect(page.risultati.every((r) => r.popolazione >= 50_000)).toBe(true);
    const scores = page.risultati.map((r) => r.punteggio);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('?regione=Lazio lists only comuni of Lazio, however the region is spelled', async () => {
    const get = await builtHandler();
    const a = (await get('/api/qualita-vita/classifica?regione=Lazio&limit=500')).json() as Ranking;
    expect(a.totale).toBe(378);
    expect(new Set(a.risultati.map((r) => r.regione.nome))).toEqual(new Set(['Lazio']));
    const b = await get('/api/qualita-vita/classifica?regione=lazio&limit=500');
    expect(b.text).toBe(JSON.stringify(a) + '\n');
    const bad = await get('/api/qualita-vita/classifica?regione=Atlantide');
    expect(bad.status).toBe(400);
  });

  it('links every record to the published methodology', async () => {
    for (const code of ['058091', '001001', '013256']) {
      const record = await readBuilt<{ links: { metodologia: string } }>(`/api/qualita-vita/${code}.json`);
      expect(record.links.metodologia).toBe('/api/metodologia#qualita-vita');
    }
    const methodology = await readBuilt<{ sezioni: Record<string, unknown> }>('/api/metodologia.json');
    expect(Object.keys(methodology.sezioni)).toContain('qualita-vita');
  });

  it('reports how much the top 100 changes when a weight moves by ±5 points', async () => {
    const report = await readBuilt<{
      sensibilita_qualita: { dimensione_top: number; casi: { rimasti_nella_top: number }[] };
    }>('/report/build-report.json');
    const s = report.sensibilita_qualita;
    expect(s.dimensione_top).toBe(100);
    // Five dimensions, each moved up and down.
    expect(s.casi).toHaveLength(10);
    for (const c of s.casi) expect(c.rimasti_nella_top).toBeGreaterThanOrEqual(50);
  });
});
