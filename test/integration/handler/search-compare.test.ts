import { beforeAll, describe, expect, it } from 'vitest';
import { builtHandler } from '../helpers/handler.ts';
import { hasRealBuild, REAL_DATA } from '../helpers/real-build.ts';

type Fetch = Awaited<ReturnType<typeof builtHandler>>;
interface Hit {
  codice_istat: string;
  nome: string;
  corrispondenza: string;
}

describe.skipIf(!hasRealBuild)(`GET /api/comuni/cerca on the real index${REAL_DATA}`, () => {
  let get: Fetch;
  beforeAll(async () => {
    get = await builtHandler();
  });
  const names = async (q: string) => {
    const response = await get(`/api/comuni/cerca?q=${encodeURIComponent(q)}`);
    expect(response.status, q).toBe(200);
    return (response.json().risultati as Hit[]).map((h) => h.nome);
  };

  it('puts the comune people mean first, in its official spelling', async () => {
    expect((await names('roma'))[0]).toBe('Roma');
    expect((await names('forli'))[0]).toBe('Forlì');
    expect((await names('FORLÌ'))[0]).toBe('Forlì');
    expect((await names('Bozen'))[0]).toBe('Bolzano');
    expect((await names('mila'))[0]).toBe('Milano');
    expect((await names('milnao'))[0]).toBe('Milano');
  });

  it('lists both Reggio when the user types "reggio"', async () => {
    expect(await names('reggio')).toEqual(expect.arrayContaining(['Reggio di Calabria', "Reggio nell'Emilia"]));
  });

  it("ignores apostrophes and the space after them (santagata, sant agata, sant'agata)", async () => {
    const forms = await Promise.all(['santagata', 'sant agata', "sant'agata", 'SANT’AGATA'].map(names));
    for (const list of forms) {
      expect(list).toEqual(forms[0]);
      expect(list[0]).toMatch(/^Sant'Agata /);
    }
  });

  it('ranks the exact name before prefixes and prefixes before fuzzy matches', async () => {
    const order = ['esatta', 'prefisso', 'parola', 'approssimata'];
    const seen = new Set<string>();
    for (const q of ['bra', 'roma', 'calabria', 'aosta', 'milnao']) {
      const tiers = ((await get(`/api/comuni/cerca?q=${q}`)).json().risultati as Hit[]).map((h) => h.corrispondenza);
      const ranks = tiers.map((t) => order.indexOf(t));
      expect(
        ranks.every((r) => r >= 0),
        q,
      ).toBe(true);
      expect(ranks, q).toEqual([...ranks].sort((a, b) => a - b));
      tiers.forEach((t) => seen.add(t));
    }
    expect([...seen].sort()).toEqual([...order].sort());
  });

  it('returns at most 10 results', async () => {
    for (const q of ['sa', 'san', 'ca']) expect((await names(q)).length).toBe(10);
  });

  it('narrows to a province or a region (any case), keeping the order and the limit of 10', async () => {
    const hits = async (query: string) => {
      const response = await get(`/api/comuni/cerca?${query}`);
      expect(response.status, query).toBe(200);
      return response.json() as { risultati: (Hit & { provincia: { sigla: string }; regione: { nome: string } })[] };
    };
    const rome = await hits('q=san&provincia=rm');
    expect(rome.risultati).toHaveLength(10);
    expect(rome.risultati.every((h) => h.provincia.sigla === 'RM')).toBe(true);
    expect((await hits('q=san&provincia=RM')).risultati).toEqual(rome.risultati);
    const tuscan = await hits('q=castel&regione=toscana');
    expect(tuscan.risultati).toHaveLength(10);
    expect(tuscan.risultati.every((h) => h.regione.nome === 'Toscana')).toBe(true);
    // The filtered list is the unfiltered ranking restricted to the filter (same tiers, same order).
    const all = (await hits('q=castel')).risultati.filter((h) => h.regione.nome === 'Toscana');
    expect(tuscan.risultati.slice(0, all.length)).toEqual(all);
    const both = await hits("q=sant&regione=valle%20d'aosta&provincia=ao");
    expect(both.risultati.every((h) => h.provincia.sigla === 'AO')).toBe(true);
  });

  it('refuses an unknown region or province on the search as on the list, with a 400 naming it', async () => {
    for (const [query, name] of [
      ['q=san&provincia=XX', 'provincia'],
      ['q=san&provincia=ROM', 'provincia'],
      ['q=san&regione=Atlantide', 'regione'],
    ]) {
      const response = await get(`/api/comuni/cerca?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json().invalid_params.map((p: { name: string }) => p.name)).toEqual([name]);
    }
  });

  it('reads abbreviations: ss. cosma e damiano → Santi Cosma e Damiano, mte san savino → Monte San Savino', async () => {
    expect((await names('ss. cosma e damiano'))[0]).toBe('Santi Cosma e Damiano');
    expect((await names('mte san savino'))[0]).toBe('Monte San Savino');
    expect((await names('s. croce sull arno'))[0]).toBe("Santa Croce sull'Arno");
  });

  it('refuses q shorter than 2 characters, longer than 100, or missing, with a 400 naming q', async () => {
    for (const query of ['?q=r', '?q=%20r%20', `?q=${'x'.repeat(101)}`, '', '?q=']) {
      const response = await get(`/api/comuni/cerca${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('Content-Type')).toBe('application/problem+json; charset=utf-8');
      expect(response.json().invalid_params.map((p: { name: string }) => p.name)).toEqual(['q']);
    }
  });
});

describe.skipIf(!hasRealBuild)(`GET /api/confronta on the real build${REAL_DATA}`, () => {
  let get: Fetch;
  beforeAll(async () => {
    get = await builtHandler();
  });
  const ROMA_MILANO_TORINO_NAPOLI = '058091,015146,001272,063049';

  it('puts 4 comuni side by side in the order asked, with the national averages', async () => {
    const response = await get(`/api/confronta?comuni=${ROMA_MILANO_TORINO_NAPOLI}`);
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.comuni.map((c: { nome: string }) => c.nome)).toEqual(['Roma', 'Milano', 'Torino', 'Napoli']);
    const roma = await get('/api/demografia/058091');
    const romaIncome = await get('/api/redditi/058091');
    expect(body.comuni[0].demografia).toEqual(roma.json().dati);
    expect(body.comuni[0].redditi).toEqual(romaIncome.json().dati);
    expect(body.medie_nazionali).toEqual((await get('/api/confronta/nazionale-medie')).json());
  });

  it('tolerates spaces around the codes and selects the year asked', async () => {
    const response = await get('/api/confronta?comuni=%20058091%20,%20015146&anno=2020');
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.comuni.map((c: { codice_istat: string }) => c.codice_istat)).toEqual(['058091', '015146']);
    expect(body.comuni[0].demografia.anno).toBe(2020);
    expect(body.comuni[0].redditi.anno).toBe(2020);
    expect(body.medie_nazionali).toEqual((await get('/api/confronta/nazionale-medie?anno=2020')).json());
    expect(body.links.self).toBe('/api/confronta?comuni=058091%2C015146&anno=2020');
  });

  it('says which block is missing for a year one domain lacks, instead of failing', async () => {
    const body = (await get('/api/confronta?comuni=058091&anno=2010')).json();
    expect(body.comuni[0].demografia).toBeNull();
    expect(body.comuni[0].motivi_mancanti.demografia).toMatch(/2010/);
    expect(body.comuni[0].redditi.anno).toBe(2010);
  });

  it('refuses 5 codes, duplicates and malformed codes with a 400 on comuni', async () => {
    for (const comuni of [
      `${ROMA_MILANO_TORINO_NAPOLI},082053`,
      '058091,058091',
      '58091',
      '058091,,015146',
      'roma',
      '',
    ]) {
      const response = await get(`/api/confronta?comuni=${comuni}`);
      expect(response.status, comuni).toBe(400);
      expect(response.json().invalid_params.map((p: { name: string }) => p.name)).toEqual(['comuni']);
    }
  });

  it('answers an unknown code with a 404 that names it', async () => {
    const response = await get('/api/confronta?comuni=058091,999999,000001');
    expect(response.status).toBe(404);
    expect(response.json().detail).toContain('999999, 000001');
    expect(response.json().detail).not.toContain('058091');
  });
});

describe.skipIf(!hasRealBuild)(`headers of dynamic answers${REAL_DATA}`, () => {
  let get: Fetch;
  beforeAll(async () => {
    get = await builtHandler();
  });

  it('carry the spec Cache-Control, CORS, content type and a strong ETag', async () => {
    for (const path of [
      '/api/comuni/cerca?q=roma',
      '/api/confronta?comuni=058091',
      '/api/comuni?limit=3',
      '/api/comuni/058091',
    ]) {
      const { headers } = await get(path);
      expect(headers.get('Cache-Control'), path).toBe('public, max-age=3600, stale-while-revalidate=86400');
      expect(headers.get('Access-Control-Allow-Origin'), path).toBe('*');
      expect(headers.get('Content-Type'), path).toBe('application/json; charset=utf-8');
      expect(headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(headers.get('ETag'), path).toMatch(/^"[0-9a-f]{32}"$/);
    }
  });

  it('answer If-None-Match with 304 and no body, and a stale tag with the full body', async () => {
    const first = await get('/api/comuni/cerca?q=forli');
    const etag = first.headers.get('ETag')!;
    const again = await get('/api/comuni/cerca?q=forli', { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    const stale = await get('/api/comuni/cerca?q=forli', { headers: { 'If-None-Match': '"0000"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('give a different ETag to a different answer', async () => {
    const a = (await get('/api/comuni/cerca?q=roma')).headers.get('ETag');
    const b = (await get('/api/comuni/cerca?q=rome')).headers.get('ETag');
    expect(a).not.toBe(b);
  });

  it('answer HEAD without a body, OPTIONS as a CORS preflight and other methods with 405', async () => {
    const head = await get('/api/comuni/cerca?q=roma', { method: 'HEAD' });
    expect([head.status, head.text]).toEqual([200, '']);
    const preflight = await get('/api/confronta?comuni=058091', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
    const post = await get('/api/comuni/cerca?q=roma', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
  });
});
