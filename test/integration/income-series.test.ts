import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MedieNazionali } from '../../api/schemas/nazionale.ts';
import type { Redditi } from '../../api/schemas/redditi.ts';
import { builtHandler } from './helpers/handler.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from './helpers/real-build.ts';

const TAX_YEARS = Array.from({ length: 24 }, (_, k) => 2000 + k);
const national = (anno: number) => readBuilt<MedieNazionali>(`/api/confronta/nazionale-medie/anno/${anno}.json`);

describe.skipIf(!hasRealBuild)(`income series comparable across years, on the real mirror${REAL_DATA}`, () => {
  let get: Awaited<ReturnType<typeof builtHandler>>;
  beforeAll(async () => {
    get = await builtHandler();
  });

  it('serves reddito_imponibile_medio_euro for at least 99% of the comuni with MEF rows, every tax year 2000–2023', async () => {
    const rows = parse(await readFile(join(TEST_BUILD.outDir, 'dati/redditi.csv')), { columns: true }) as Record<
      string,
      string
    >[];
    for (const anno of TAX_YEARS) {
      const year = rows.filter((r) => r.anno === String(anno));
      expect(year.length, `${anno}: comuni with MEF rows`).toBeGreaterThan(7500);
      const served = year.filter((r) => r.reddito_imponibile_medio_euro !== '').length;
      expect(served / year.length, `${anno}: ${served} of ${year.length}`).toBeGreaterThanOrEqual(0.99);
      // …and in the national aggregate, which counts every MEF comune row of the year, attached to a current comune or not.
      const italy = (await national(anno)).redditi.nazionale!;
      expect(italy.reddito_imponibile_medio_euro.copertura.quota_comuni, String(anno)).toBeGreaterThanOrEqual(0.99);
    }
  });

  it('states coverage of at least 99% of taxpayers for the national average 2018–2023, constant across years', async () => {
    const medie = await readBuilt<MedieNazionali>('/api/confronta/nazionale-medie.json');
    expect(medie.redditi.serie_predefinita).toBe('reddito_imponibile_medio_euro');
    const serie = medie.redditi.serie.find((s) => s.indicatore === medie.redditi.serie_predefinita)!;
    expect(serie.predefinita).toBe(true);
    expect(serie.copertura_costante).toBe(true);
    for (const anno of [2018, 2019, 2020, 2021, 2022, 2023]) {
      const point = serie.punti.find((p) => p.anno === anno)!;
      expect(point.valore, String(anno)).toBeGreaterThan(15_000);
      expect(point.quota_contribuenti, String(anno)).toBeGreaterThanOrEqual(0.99);
      const indicator = (await national(anno)).indicatori.reddito_imponibile_medio_euro!;
      expect(indicator.valore).toBe(point.valore);
      expect(indicator.copertura!.quota_contribuenti).toBeGreaterThanOrEqual(0.99);
    }
    // The complessivo mean before 2023 covers about two thirds of taxpayers, and says so.
    const complessivo = medie.redditi.serie.find((s) => s.indicatore === 'reddito_complessivo_medio_euro')!;
    expect(complessivo.copertura_costante).toBe(false);
    expect(complessivo.avvisi.join(' ')).toMatch(/copertura varia/);
    expect((await national(2022)).indicatori.reddito_medio_euro!.copertura!.quota_contribuenti).toBeLessThan(0.9);
    expect(medie.redditi.regioni).toHaveLength(20);
  });

  it('keeps Milano 2023 as published and gives it the comparable average in every year', async () => {
    const milano = await readBuilt<Redditi>('/api/redditi/015146.json');
    expect(milano.dati.contribuenti).toBe(1_047_822);
    expect(milano.dati.reddito_imponibile.ammontare_euro).toBe(38_149_599_569);
    expect(milano.dati.reddito_imponibile_medio_euro).toBe(
      Math.round(38_149_599_569 / milano.dati.reddito_imponibile.frequenza!),
    );
    expect(milano.serie_storica.filter((r) => r.reddito_imponibile_medio_euro === null)).toEqual([]);
    expect(milano.serie_storica.map((r) => r.anno)).toEqual([...TAX_YEARS, 2024]);
  });

  it('ranks any tax year with anno, flags comuni under 100 taxpayers, and answers the default year from its file', async () => {
    const past = await get('/api/redditi/classifica/reddito_imponibile?anno=2010&limit=500&ordine=asc');
    expect(past.status).toBe(200);
    const body = past.json();
    expect(body.anno).toBe(2010);
    expect(body.totale).toBeGreaterThan(7500);
    expect(body.fonti[0].anno_riferimento).toBe(2010);
    const flagged = body.risultati.filter((r: { avvisi?: string[] }) => r.avvisi?.includes('pochi_contribuenti'));
    expect(body.avvisi[0].codice).toBe('pochi_contribuenti');
    expect(flagged.length).toBeLessThanOrEqual(body.avvisi[0].comuni);
    const explicit = await get('/api/redditi/classifica/contribuenti?anno=2023');
    const implicit = await get('/api/redditi/classifica/contribuenti');
    expect(explicit.text).toBe(implicit.text);
    expect(implicit.json().risultati[0].codice_istat).toBe('058091');
    const summary = (await get('/api/redditi/classifica/contribuenti?anno=2024&limit=1')).json();
    expect(summary.fonti[0].fonte).toBe('mef-irpef-2024-sintesi');
    expect((await get('/api/redditi/classifica/reddito?anno=1999')).status).toBe(404);
  });

  it('gives confronta the comparable series for the comuni and Italy over the same years', async () => {
    const response = await get('/api/confronta?comuni=015146,058091');
    expect(response.status).toBe(200);
    const c = response.json().redditi_confrontabili;
    expect(c.indicatore).toBe('reddito_imponibile_medio_euro');
    expect(c.anni).toEqual([...TAX_YEARS, 2024]);
    for (const comune of c.comuni)
      expect(
        comune.valori.every((v: number | null) => v !== null),
        comune.codice_istat,
      ).toBe(true);
    expect(c.nazionale.every((v: number | null) => v !== null)).toBe(true);
    const milano = await readBuilt<Redditi>('/api/redditi/015146.json');
    expect(c.comuni[0].valori).toEqual(milano.serie_storica.map((r) => r.reddito_imponibile_medio_euro));
  });
});
