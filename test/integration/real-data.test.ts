import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Comune } from '../../api/schemas/comune.ts';
import type { Demografia } from '../../api/schemas/demografia.ts';
import type { Redditi } from '../../api/schemas/redditi.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from './helpers/real-build.ts';

const NEW_COMUNI = ['013256', '024128', '025075', '028108'];

describe.skipIf(!hasRealBuild)(`the API built from the real mirror${REAL_DATA}`, () => {
  it('serves exactly the 7,896 current comuni, with unique 6-digit codes', async () => {
    const page = await readBuilt<{ totale: number }>('/api/comuni.json');
    expect(page.totale).toBe(7896);
    const files = (await readdir(join(TEST_BUILD.outDir, 'api/comuni'))).filter((f) => /^\d{6}\.json$/.test(f));
    expect(files).toHaveLength(7896);
  });

  it('matches the raw files for Roma and Milano', async () => {
    const roma = await readBuilt<Demografia>('/api/demografia/058091.json');
    expect(roma.serie_storica.find((d) => d.anno === 2025)?.popolazione_totale).toBe(2_747_290);
    const milano = await readBuilt<Redditi>('/api/redditi/015146.json');
    expect(milano.anno).toBe(2023);
    expect(milano.dati.contribuenti).toBe(1_047_822);
    expect(milano.dati.reddito_imponibile.ammontare_euro).toBe(38_149_599_569);
    expect(milano.serie_storica.find((r) => r.anno === 2015)?.contribuenti).toBe(988_056);
    const romaIncome = await readBuilt<Redditi>('/api/redditi/058091.json');
    expect(romaIncome.dati.contribuenti).toBe(1_982_316);
  });

  it('gives the four comuni created after 2023 a complete record', async () => {
    for (const code of NEW_COMUNI) {
      const comune = await readBuilt<Comune>(`/api/comuni/${code}.json`);
      expect(comune.nuts.nuts3).toMatch(/^IT[A-Z0-9]{3}$/);
      expect(comune.nuts.metodo).toContain('provincia');
      expect(comune.popolazione?.popolazione_totale).toBeGreaterThan(0);
      const income = await readBuilt<Redditi>(`/api/redditi/${code}.json`);
      expect(income.dati.anno).toBe(2023);
      expect(income.dati.contribuenti).toBeGreaterThan(0);
      const quality = await readBuilt<{ punteggio: number | null }>(`/api/qualita-vita/${code}.json`);
      expect(quality.punteggio).not.toBeNull();
    }
  });

  it("attaches figures of merged comuni to their successor on today's boundaries, summed and labelled, and leaves no code unplaced", async () => {
    const report = await readBuilt<{
      registro: { codici_soppressi: { codice_istat: string }[] };
      demografia: { anni: { anno: number; codici_non_attuali: { codice: string }[] }[] };
    }>('/report/build-report.json');
    expect(report.registro.codici_soppressi.map((c) => c.codice_istat)).toEqual(
      expect.arrayContaining(['013199', '024103', '028022']),
    );
    // Every code of every population file is placed through the crosswalk (ANPR December 2022 had 14 since merged).
    for (const a of report.demografia.anni) expect(a.codici_non_attuali, String(a.anno)).toEqual([]);
    // Sovizzo absorbed Gambugliano in 2019 and took a new code (024103 → 024128): 2018 is their sum, and says so.
    const sovizzo = await readBuilt<Demografia>('/api/demografia/024128.json');
    const y2018 = sovizzo.serie_storica.find((d) => d.anno === 2018) as unknown as {
      popolazione_totale: number;
      territorio: { ricostruito_a_confini_attuali: boolean; parti: { codice_istat: string }[] };
    };
    expect(y2018.territorio.ricostruito_a_confini_attuali).toBe(true);
    expect(y2018.territorio.parti.map((p) => p.codice_istat).sort()).toEqual(['024044', '024103']);
    expect(y2018.popolazione_totale).toBeGreaterThan(0);
  });

  it('has 2023 bracket counts that add up to the reddito complessivo count wherever nothing is suppressed', async () => {
    const files = (await readdir(join(TEST_BUILD.outDir, 'api/redditi'))).filter((f) => f.endsWith('.json'));
    let complete = 0;
    for (const f of files) {
      const r = await readBuilt<Redditi>(`/api/redditi/${f}`);
      const brackets = r.dati.scaglioni!;
      if (brackets.some((s) => s.frequenza === null)) continue;
      complete++;
      expect(
        brackets.reduce((t, s) => t + s.frequenza!, 0),
        r.codice_istat,
      ).toBe(r.dati.reddito_complessivo.frequenza);
    }
    expect(complete).toBeGreaterThan(4000);
  });

  it('serves suppressed MEF cells as null with a reason, never as 0', async () => {
    const r = await readBuilt<Redditi>('/api/redditi/098001.json');
    const suppressed = r.dati.scaglioni!.filter((s) => s.frequenza === null);
    expect(suppressed.length).toBeGreaterThan(0);
    expect(
      r.dati.reddito_mediano_stimato_euro === null ? r.dati.valori_mancanti.reddito_mediano_stimato_euro : 'ok',
    ).toBeTruthy();
  });
});

describe.skipIf(!hasRealBuild)(`demographics from ISTAT's official figures${REAL_DATA}`, () => {
  it('serves Roma 2025 by default: ISTAT population by sex, births and deaths, each with source and date', async () => {
    const roma = await readBuilt<Demografia>('/api/demografia/058091.json');
    expect(roma.anno).toBe(2025);
    expect(roma.dati).toMatchObject({
      data_riferimento: '2025-01-01',
      provvisorio: false,
      popolazione_totale: 2_747_290,
      maschi: 1_307_642,
      femmine: 1_439_648,
      nati: 15_817,
      morti: 28_890,
    });
    expect(roma.dati.fonti.popolazione_totale).toMatchObject({
      fonte: 'istat-bilancio-demografico',
      data_riferimento: '2025-01-01',
    });
    expect(roma.dati.fonti.sesso).toMatchObject({
      fonte: 'istat-bilancio-demografico',
      data_riferimento: '2025-01-01',
    });
    expect(roma.dati.fonti.bilancio).toMatchObject({
      fonte: 'istat-bilancio-demografico',
      data_riferimento: '2025-01-01/2025-12-31',
    });
    expect(roma.dati.bilancio?.provvisorio).toBe(true);
    // The register count is there, labelled, with its month.
    expect(roma.dati.anagrafe).toEqual({
      residenti: 2_802_877,
      mese_riferimento: '2025-01',
      tipo: 'conteggio_anagrafico',
    });
    expect(roma.dati.fonti.anagrafe).toMatchObject({ fonte: 'anpr-popolazione', data_riferimento: '2025-01' });
  });

  it('serves 31 December 2025 as 2026, provisional, and ISTAT 2022–2024 beside the register month', async () => {
    const roma = await readBuilt<Demografia>('/api/demografia/058091.json');
    const y2026 = roma.serie_storica.find((d) => d.anno === 2026)!;
    expect(y2026).toMatchObject({ popolazione_totale: 2_745_062, provvisorio: true, data_riferimento: '2025-12-31' });
    const year = (anno: number) => roma.serie_storica.find((d) => d.anno === anno)!;
    // ISTAT's figures (MANIFEST: Roma 2,749,031 and 2,755,309; 2024 by sex 1,308,546 + 1,446,173).
    expect(year(2022)).toMatchObject({ popolazione_totale: 2_749_031, anagrafe: { mese_riferimento: '2022-12' } });
    expect(year(2022).maschi! + year(2022).femmine!).toBe(2_749_031);
    expect(year(2022).fonti.sesso?.fonte).toBe('istat-popolazione-2022-sesso');
    expect(year(2023)).toMatchObject({ popolazione_totale: 2_755_309, maschi: null });
    expect(year(2024)).toMatchObject({ popolazione_totale: 2_754_719, maschi: 1_308_546, femmine: 1_446_173 });
    // Only the split by sex of 2023 is left missing.
    expect(roma.lacune_serie_ufficiale.map((g) => [g.anno_senza_dato, g.dato])).toEqual([[2023, 'sesso']]);
  });

  it('has, for every comune in 2025, males + females = total and births and deaths', async () => {
    const files = (await readdir(join(TEST_BUILD.outDir, 'api/demografia'))).filter((f) => /^\d{6}\.json$/.test(f));
    expect(files).toHaveLength(7896);
    for (const f of files) {
      const d = await readBuilt<Demografia>(`/api/demografia/${f}`);
      expect(d.anno, f).toBe(2025);
      expect(d.dati.maschi! + d.dati.femmine!, f).toBe(d.dati.popolazione_totale);
      expect(d.dati.nati, f).not.toBeNull();
      expect(d.dati.morti, f).not.toBeNull();
    }
  });

  it('never changes source within a series without saying so', async () => {
    const roma = await readBuilt<Demografia>('/api/demografia/058091.json');
    expect(roma.fonti_serie_ufficiale).toEqual([
      { anni: [2018, 2019], fonte: 'istat-popolazione-2018-2021' },
      { anni: [2020], fonte: 'istat-popolazione-2020' },
      { anni: [2021], fonte: 'istat-popolazione-2018-2021' },
      { anni: [2022, 2023], fonte: 'istat-popolazione-2022-2023' },
      { anni: [2024], fonte: 'istat-popolazione-2024' },
      { anni: [2025, 2026], fonte: 'istat-bilancio-demografico' },
    ]);
    for (const code of ['058091', '015146', '001001', '024128']) {
      const d = await readBuilt<Demografia>(`/api/demografia/${code}.json`);
      for (const y of d.serie_storica) {
        // Each point names its source; the official series is never filled from the register.
        if (y.popolazione_totale !== null)
          expect(y.fonti.popolazione_totale?.fonte, `${code} ${y.anno}`).toMatch(/^istat-/);
        else expect(y.fonti.popolazione_totale, `${code} ${y.anno}`).toBeNull();
        if (y.anagrafe) expect(y.fonti.anagrafe?.fonte).toBe('anpr-popolazione');
      }
    }
  });

  it('totals Italy on 1 January 2025 from the same ISTAT source over all comuni', async () => {
    const medie = await readBuilt<{
      indicatori: Record<string, { valore: number | null; fonte: string | null; comuni_considerati: number }>;
    }>('/api/confronta/nazionale-medie/anno/2025.json');
    expect(medie.indicatori.popolazione_totale).toMatchObject({
      valore: 58_943_464,
      fonte: 'istat-bilancio-demografico',
      comuni_considerati: 7896,
    });
    expect(medie.indicatori.nati!.valore).toBe(355_435);
    expect(medie.indicatori.morti!.valore).toBe(651_830);
    // Density divides by the area of the comuni in the numerator only (all of them since the three negative registry areas come from ISTAT Aree Interne).
    expect(medie.indicatori.densita_ab_km2!.comuni_considerati).toBe(7896);
    const y2026 = await readBuilt<{ indicatori: Record<string, { valore: number | null }> }>(
      '/api/confronta/nazionale-medie/anno/2026.json',
    );
    expect(y2026.indicatori.popolazione_totale!.valore).toBe(58_942_828);
  });

  it("totals Italy every year 2018–2025 at ISTAT's figure, leaving out no comune", async () => {
    // ISTAT's Italy: 2018 and 2019 (the figures, = the 2018–2021 file's rows), 2020 (the export's Italy row),
    // 2022 and 2023 (istat_22_289.csv's Italy rows), 2024 (published total), 2025 (balance).
    const italy = {
      2018: 60_483_973,
      2019: 59_816_673,
      2020: 59_641_488,
      2022: 59_030_133,
      2023: 58_997_201,
      2024: 58_989_749,
      2025: 58_943_464,
    };
    for (const [anno, valore] of Object.entries(italy)) {
      const medie = await readBuilt<{
        indicatori: Record<string, { valore: number | null; comuni_considerati: number }>;
      }>(`/api/confronta/nazionale-medie/anno/${anno}.json`);
      expect(medie.indicatori.popolazione_totale!.valore, anno).toBe(valore);
    }
  });

  it('ranks population and density in 2025 from ISTAT, and says so', async () => {
    const ranking = await readBuilt<{
      anno: number;
      descrizione: string;
      fonti: { fonte: string }[];
      risultati: { codice_istat: string; valore: number }[];
    }>('/api/demografia/classifica/popolazione.json');
    expect(ranking.anno).toBe(2025);
    expect(ranking.fonti[0]!.fonte).toBe('istat-bilancio-demografico');
    expect(ranking.risultati[0]).toMatchObject({ codice_istat: '058091', valore: 2_747_290 });
  });
});
