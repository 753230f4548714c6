import { describe, expect, it } from 'vitest';
import type { Demografia } from '../../api/schemas/demografia.ts';
import type { Redditi } from '../../api/schemas/redditi.ts';
import { builtHandler } from './helpers/handler.ts';
import { hasRealBuild, readBuilt, REAL_DATA } from './helpers/real-build.ts';

describe.skipIf(!hasRealBuild)(`territorial history on the real mirror${REAL_DATA}`, () => {
  it('serves income a re-coded comune filed under its former codes (Masainas: 092103 in 2005, 107010 in 2015)', async () => {
    const r = await readBuilt<Redditi>('/api/redditi/111040.json');
    const year = (y: number) => r.serie_storica.find((d) => d.anno === y);
    expect(year(2005)?.contribuenti).toBe(864);
    expect(year(2015)?.contribuenti).toBe(856);
    expect(year(2005)?.territorio).toMatchObject({
      ricostruito_a_confini_attuali: false,
      parti: [{ codice_istat: '092103' }],
    });
  });

  it('gives Montecopiolo and Sassofeltrio their 2018–2021 population (counted in Pesaro-Urbino then)', async () => {
    for (const code of ['099030', '099031']) {
      const d = await readBuilt<Demografia>(`/api/demografia/${code}.json`);
      expect(d.anni_disponibili).toEqual(expect.arrayContaining([2018, 2019, 2020, 2021]));
    }
  });

  it("puts Alagna Valsesia on today's boundaries before Riva Valdobbia merged into it (2018 = 430 + 267)", async () => {
    const d = await readBuilt<Demografia>('/api/demografia/002002.json');
    const y2018 = d.serie_storica.find((x) => x.anno === 2018)!;
    expect(y2018.popolazione_totale).toBe(697);
    expect(y2018.territorio).toMatchObject({ ricostruito_a_confini_attuali: true });
  });

  it('redirects former and 2026 codes, names the successor of a ceased code, and filters by cadastral code and CAP', async () => {
    const get = await builtHandler();
    const former = await get('/api/comuni/107010');
    expect(former.status).toBe(301);
    expect(former.headers.get('Location')).toBe('/api/comuni/111040');
    expect((await get('/api/redditi/112050?anno=2020')).headers.get('Location')).toBe('/api/redditi/090064?anno=2020');
    const ceased = await get('/api/comuni/002114');
    expect(ceased.status).toBe(404);
    expect(ceased.json().successori).toEqual([
      { codice_istat: '002002', nome: 'Alagna Valsesia', link: '/api/comuni/002002' },
    ]);
    expect(
      (await get('/api/comuni?codice_catastale=m270'))
        .json()
        .risultati.map((c: { codice_istat: string }) => c.codice_istat),
    ).toEqual(['111040']);
    expect((await get('/api/comuni?cap=00118')).json().risultati.map((c: { nome: string }) => c.nome)).toEqual([
      'Roma',
    ]);
    const riva = (await get('/api/comuni/cerca?q=riva%20valdobbia')).json().risultati[0];
    expect(riva).toMatchObject({ codice_istat: '002002', nota: 'già Riva Valdobbia' });
    const list = (await get('/api/comuni/cessati?codice_catastale=H329')).json();
    expect(list.risultati[0]).toMatchObject({ nome: 'RIVA VALDOBBIA', successori: [{ codice_istat: '002002' }] });
  });
});
