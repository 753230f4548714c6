import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Comune } from '../../api/schemas/comune.ts';
import type { Demografia } from '../../api/schemas/demografia.ts';
import type { Redditi } from '../../api/schemas/redditi.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

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
    expect(roma.serie_storica.find((d) => d.anno === 2025)?.popolazione_totale).toBe(2_802_877);
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

  it('never attaches figures of suppressed comuni to current ones', async () => {
    const report = await readBuilt<{ registro: { codici_soppressi: { codice_istat: string }[] }; demografia: { anni: { anno: number; codici_non_attuali: { codice: string }[] }[] } }>(
      '/report/build-report.json',
    );
    expect(report.registro.codici_soppressi.map((c) => c.codice_istat)).toEqual(expect.arrayContaining(['013199', '024103', '028022']));
    const pop2022 = report.demografia.anni.find((a) => a.anno === 2022)!;
    expect(pop2022.codici_non_attuali).toHaveLength(14);
    // Sovizzo was re-coded (024103 → 024128): its old-code counts are not carried over.
    const sovizzo = await readBuilt<Demografia>('/api/demografia/024128.json');
    expect(sovizzo.serie_storica.map((d) => d.anno)).not.toContain(2018);
  });

  it('has 2023 bracket counts that add up to the reddito complessivo count wherever nothing is suppressed', async () => {
    const files = (await readdir(join(TEST_BUILD.outDir, 'api/redditi'))).filter((f) => f.endsWith('.json'));
    let complete = 0;
    for (const f of files) {
      const r = await readBuilt<Redditi>(`/api/redditi/${f}`);
      const brackets = r.dati.scaglioni!;
      if (brackets.some((s) => s.frequenza === null)) continue;
      complete++;
      expect(brackets.reduce((t, s) => t + s.frequenza!, 0), r.codice_istat).toBe(r.dati.reddito_complessivo.frequenza);
    }
    expect(complete).toBeGreaterThan(4000);
  });

  it('serves suppressed MEF cells as null with a reason, never as 0', async () => {
    const r = await readBuilt<Redditi>('/api/redditi/098001.json');
    const suppressed = r.dati.scaglioni!.filter((s) => s.frequenza === null);
    expect(suppressed.length).toBeGreaterThan(0);
    expect(r.dati.reddito_mediano_stimato_euro === null ? r.dati.valori_mancanti.reddito_mediano_stimato_euro : 'ok').toBeTruthy();
  });
});
