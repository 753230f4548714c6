import { beforeAll, describe, expect, it } from 'vitest';
import { builtHandler } from '../helpers/handler.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';

type Fetch = Awaited<ReturnType<typeof builtHandler>>;
interface Item {
  codice_istat: string;
  nome: string;
  provincia: { sigla: string };
  regione: { nome: string };
  popolazione?: number | null;
}

/** Parameter combinations of the list endpoints, answered by the handler over the test build. */
describe.skipIf(!hasRealBuild)(`list parameters on the real build${REAL_DATA}`, () => {
  let get: Fetch;
  const ok = async (path: string) => {
    const response = await get(path);
    expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const invalid = async (path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(400);
    return (response.json().invalid_params as { name: string }[]).map((p) => p.name);
  };
  beforeAll(async () => {
    get = await builtHandler();
  });

  it('pages /api/comuni at any limit and offset as a window of the full ascending list', async () => {
    const all = (await ok('/api/comuni?limit=1000&offset=0')).risultati as Item[];
    const window = await ok('/api/comuni?limit=7&offset=3');
    expect(window.risultati).toEqual(all.slice(3, 10));
    expect(window.links).toEqual({
      self: '/api/comuni?limit=7&offset=3',
      first: '/api/comuni?limit=7',
      prev: '/api/comuni?limit=7',
      next: '/api/comuni?limit=7&offset=10',
      last: `/api/comuni?limit=7&offset=${Math.floor((window.totale - 1) / 7) * 7}`,
    });
    const codes = all.map((c) => c.codice_istat);
    expect(codes).toEqual([...codes].sort());
    const past = await ok('/api/comuni?offset=100000');
    expect([past.risultati, past.links.next]).toEqual([[], null]);
    expect(past.links.prev).toBe(past.links.last);
  });

  it('combines regione and provincia filters, in any spelling', async () => {
    const rome = await ok('/api/comuni?regione=LAZIO&provincia=rm&limit=1000');
    expect(rome.totale).toBe(121);
    expect(rome.filtri).toEqual({ regione: 'Lazio', provincia: 'RM', codice_catastale: null, cap: null });
    expect(new Set((rome.risultati as Item[]).map((c) => c.provincia.sigla))).toEqual(new Set(['RM']));
    expect(await ok('/api/comuni?regione=lazio&provincia=RM&limit=1000')).toEqual(rome);
    const none = await ok('/api/comuni?regione=Lombardia&provincia=RM');
    expect([none.totale, none.risultati]).toEqual([0, []]);
    for (const spelling of ["Valle d'Aosta", "valle d'aosta/vallée d'aoste", 'VALLÉE D’AOSTE']) {
      const body = await ok(`/api/comuni?regione=${encodeURIComponent(spelling)}&limit=3`);
      expect(body.filtri.regione, spelling).toBe("Valle d'Aosta/Vallée d'Aoste");
      expect(body.totale, spelling).toBe(74);
    }
    for (const spelling of ['Emilia-Romagna', 'emilia romagna'])
      expect((await ok(`/api/comuni?regione=${spelling}&limit=1`)).filtri.regione).toBe('Emilia-Romagna');
  });

  it('keeps the spec limits: 1000 for comuni, 500 for rankings', async () => {
    expect((await ok('/api/comuni?limit=1000')).risultati).toHaveLength(1000);
    expect(await invalid('/api/comuni?limit=1001')).toEqual(['limit']);
    expect((await ok('/api/redditi/classifica/contribuenti?limit=500')).risultati).toHaveLength(500);
    for (const ranking of [
      '/api/demografia/classifica/densita',
      '/api/redditi/classifica/reddito',
      '/api/ambiente/aria/classifica',
      '/api/ambiente/suolo/classifica',
      '/api/qualita-vita/classifica',
    ]) {
      expect(await invalid(`${ranking}?limit=501`), ranking).toEqual(['limit']);
    }
  });

  it('reports every invalid parameter of a request at once', async () => {
    expect(await invalid('/api/comuni?limit=0&offset=-1&provincia=ROMA&regione=')).toEqual([
      'regione',
      'provincia',
      'limit',
      'offset',
    ]);
    // Filter values are checked against the index once the syntax is valid.
    expect(await invalid('/api/comuni?regione=Atlantide')).toEqual(['regione']);
    expect(await invalid('/api/comuni?provincia=ZZ')).toEqual(['provincia']);
    expect(await invalid('/api/demografia/classifica/popolazione?ordine=su&limit=abc')).toEqual(['ordine', 'limit']);
    expect(await invalid('/api/ambiente/aria/classifica?indicatore=pm1&order=alto')).toEqual(['indicatore', 'order']);
    expect(await invalid('/api/comuni?limit=5&limit=6')).toEqual(['limit']);
    expect(await invalid('/api/qualita-vita/wizard')).toEqual(['budget', 'dimensione', 'priorita']);
    expect(await invalid('/api/qualita-vita/classifica?min_pop=10000&max_pop=5000')).toEqual(['min_pop']);
  });

  it('ranks at any order, limit and offset with absolute positions', async () => {
    const desc = (await ok('/api/demografia/classifica/popolazione?limit=3')).risultati;
    expect(desc.map((r: Item) => r.nome)).toEqual(['Roma', 'Milano', 'Napoli']);
    const asc = await ok('/api/demografia/classifica/popolazione?ordine=asc&limit=2&offset=4');
    expect(asc.risultati.map((r: { posizione: number }) => r.posizione)).toEqual([5, 6]);
    const values = asc.risultati.map((r: { valore: number }) => r.valore);
    expect(values[0]).toBeLessThanOrEqual(values[1]);
    const no2 = await ok('/api/ambiente/aria/classifica?indicatore=no2&order=desc&limit=5');
    expect(no2.indicatore).toBe('no2');
    expect(no2.totale + no2.esclusi.numero).toBe(7896);
  });

  it('accepts both spellings of the order on every ranking, case-insensitively, and refuses both at once', async () => {
    const rankings = [
      '/api/demografia/classifica/densita',
      '/api/redditi/classifica/reddito',
      '/api/ambiente/aria/classifica',
      '/api/ambiente/suolo/classifica',
    ];
    for (const ranking of rankings) {
      const asc = await get(`${ranking}?order=asc`);
      expect(asc.status, ranking).toBe(200);
      for (const variant of ['ordine=asc', 'ordine=ASC', 'order=Asc'])
        expect((await get(`${ranking}?${variant}`)).text, `${ranking}?${variant}`).toBe(asc.text);
      expect(asc.json().ordine, ranking).toBe('asc');
      expect((await get(`${ranking}?ordine=desc`)).text, ranking).not.toBe(asc.text);
      expect(await invalid(`${ranking}?ordine=asc&order=desc`), ranking).toHaveLength(1);
    }
  });

  it('ranks land by the 2024 share by default, by the 2015 per-capita figure on request, and rejects other values', async () => {
    const share = await ok('/api/ambiente/suolo/classifica?limit=1');
    const perCapita = await ok('/api/ambiente/suolo/classifica?indicatore=PRO_CAPITE&limit=1');
    expect([share.indicatore, share.anno, share.unita]).toEqual(['suolo', 2024, '% della superficie comunale']);
    expect([perCapita.indicatore, perCapita.anno]).toEqual(['suolo_pro_capite', 2015]);
    expect(share.totale).toBeGreaterThan(perCapita.totale);
    expect(await invalid('/api/ambiente/suolo/classifica?indicatore=ettari')).toEqual(['indicatore']);
  });

  it('filters the quality ranking by region and population, keeping national positions', async () => {
    const body = await ok('/api/qualita-vita/classifica?regione=toscana&min_pop=5000&max_pop=20000&limit=500');
    expect(body.filtri).toEqual({ regione: 'Toscana', min_pop: 5000, max_pop: 20000 });
    expect(body.totale).toBeGreaterThan(0);
    for (const item of body.risultati as (Item & { posizione_nazionale: number })[]) {
      expect(item.regione.nome).toBe('Toscana');
      expect(item.popolazione).toBeGreaterThanOrEqual(5000);
      expect(item.popolazione).toBeLessThanOrEqual(20000);
    }
    const national = body.risultati.map((r: { posizione_nazionale: number }) => r.posizione_nazionale);
    expect(national).toEqual([...national].sort((a, b) => a - b));
    expect(body.risultati[0].posizione).toBe(1);
  });

  it('selects a year of a per-comune record, and lists the years when it has none', async () => {
    const roma2020 = await ok('/api/demografia/058091?anno=2020');
    expect([roma2020.anno, roma2020.dati.anno, roma2020.links.self]).toEqual([
      2020,
      2020,
      '/api/demografia/058091?anno=2020',
    ]);
    const full = await ok('/api/demografia/058091');
    expect(roma2020.dati).toEqual(full.serie_storica.find((e: { anno: number }) => e.anno === 2020));
    const missing = await get('/api/redditi/058091?anno=1999');
    expect(missing.status).toBe(404);
    expect(missing.json().anni_disponibili).toContain(2023);
  });

  it('answers the wizard for any region spelling with the same body', async () => {
    const base = '/api/qualita-vita/wizard?budget=medio&dimensione=piccolo&priorita=ambiente';
    const a = await get(`${base}&regione=Trentino-Alto%20Adige`);
    const b = await get(`${base}&regione=trentino-alto-adige`);
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    expect(a.json().parametri.regione.nome).toMatch(/^Trentino-Alto Adige/);
  });

  it('proposes only mountain, non-coastal comuni for zona=montagna&litoraneo=false, as /api/comuni classifies them', async () => {
    const body = await ok(
      '/api/qualita-vita/wizard?budget=alto&dimensione=medio&priorita=bilanciato&zona=montagna&litoraneo=false&limit=50',
    );
    expect(body.risultati.length).toBeGreaterThan(0);
    for (const r of body.risultati as Item[]) {
      const c = (await ok(`/api/comuni/${r.codice_istat}`)).classificazione;
      expect([c.zona_altimetrica.codice, c.litoraneo], r.nome).toSatisfy(
        ([zona, litoraneo]: [number, boolean]) => zona <= 2 && litoraneo === false,
      );
    }
    expect(
      await invalid(`/api/qualita-vita/wizard?budget=alto&dimensione=medio&priorita=bilanciato&zona=mare`),
    ).toEqual(['zona']);
  });
});
