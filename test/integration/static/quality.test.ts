import { describe, expect, it } from 'vitest';
import { builtHandler } from '../helpers/handler.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MetodologiaQualita } from '../../../api/schemas/qualita.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

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

  it('never scores missing air as clean air: in qualita-vita.csv comuni without any air measurement are not above those with one', async () => {
    const [header, ...lines] = (await readFile(join(TEST_BUILD.outDir, 'dati/qualita-vita.csv'), 'utf8'))
      .trimEnd()
      .split('\n');
    const col = (name: string) => header!.split(',').indexOf(name);
    const method = (await readBuilt<{ sezioni: Record<string, MetodologiaQualita> }>('/api/metodologia.json')).sezioni[
      'qualita-vita'
    ]!;
    const air = method.confronto_dati_mancanti!.aria.indicatori.map(col);
    const env = col('punteggio_ambiente');
    const rows = lines
      .map((l) => l.split(','))
      .filter((r) => r[env] !== '')
      .map((r) => ({ code: r[0]!, score: Number(r[env]), noAir: air.every((k) => r[k] === '') }));
    const median = (xs: number[]) => {
      const s = xs.sort((a, b) => a - b);
      const h = (s.length - 1) / 2;
      return Math.round(((s[Math.floor(h)]! + s[Math.ceil(h)]!) / 2) * 10) / 10;
    };
    const without = median(rows.filter((r) => r.noAir).map((r) => r.score));
    const withAir = median(rows.filter((r) => !r.noAir).map((r) => r.score));
    expect(without).toBeLessThanOrEqual(withAir);
    const top = [...rows].sort((a, b) => b.score - a.score || (a.code < b.code ? -1 : 1)).slice(0, 100);
    const share = rows.filter((r) => r.noAir).length / rows.length;
    expect(top.filter((r) => r.noAir).length / 100).toBeLessThanOrEqual(share);
    // The methodology publishes the same figures.
    const a = method.confronto_dati_mancanti!.aria;
    expect([a.mediana_ambiente.dopo.senza_aria, a.mediana_ambiente.dopo.con_aria]).toEqual([without, withAir]);
    expect(a.top_100_ambiente_senza_aria.dopo).toBe(top.filter((r) => r.noAir).length);
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
