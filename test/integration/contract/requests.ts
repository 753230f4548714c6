import type { RuntimeIndex } from '../../../api/runtime-index.ts';
import { routeById } from '../../../api/routes.ts';

/** Comuni with every demographic and income year (the examples of SPEC-sized series). */
export const FULL_SERIES = ['058091', '015146'];

/** Every n-th comune, plus the first and the last: a spread over regions and code ranges. */
export function sampleCodes(index: RuntimeIndex, count: number): string[] {
  const codes = index.comuni.codice;
  const step = Math.max(1, Math.floor(codes.length / count));
  const out = new Set([codes[0]!, codes[codes.length - 1]!]);
  for (let i = step; i < codes.length; i += step) out.add(codes[i]!);
  return [...out];
}

type Params = Record<string, string | number>;
const q = (params: Params) => `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/**
 * Valid requests over every route of the route table, each expected to answer 200:
 * defaults, every enum value, limit and offset at their bounds, every year, filters
 * in the spellings users type, non-precomputed combinations (computed on request),
 * cache busters. Deterministic, derived from the built index.
 */
export function validRequests(index: RuntimeIndex, perComune = 20): string[] {
  const urls: string[] = [];
  const add = (path: string, params: Params = {}) => urls.push(path + (Object.keys(params).length ? q(params) : ''));
  const codes = sampleCodes(index, perComune);
  const total = index.comuni.codice.length;

  add('/api/comuni');
  add('/api/comuni/');
  for (const params of [
    { limit: 1 },
    { limit: 1000 },
    { offset: total - 1 },
    { offset: 100_000 },
    { limit: 7, offset: 3 },
    { _: 123 },
  ] as Params[])
    add('/api/comuni', params);
  for (const r of index.regioni) add('/api/comuni', { regione: r.nome });
  add('/api/comuni', { regione: "valle d'aosta/vallée d'aoste" });
  add('/api/comuni', { regione: 'EMILIA ROMAGNA' });
  add('/api/comuni', { regione: 'lazio', provincia: 'rm', limit: 5 });
  for (const p of index.province.filter((_, k) => k % 10 === 0))
    add('/api/comuni', { provincia: p.sigla.toLowerCase() });

  // Ceased comuni: the list, its filters, one record (Riva Valdobbia), and a cadastral code given in lower case.
  add('/api/comuni/cessati');
  add('/api/comuni/cessati', { provincia: 'VC', limit: 3 });
  add('/api/comuni/cessati', { codice_catastale: 'H329' });
  add('/api/comuni/cessati/H329');
  add('/api/comuni/cessati/h329');
  add('/api/comuni', { codice_catastale: 'M270' });
  add('/api/comuni', { cap: '00118' });
  for (const text of [
    'forli',
    'Forlì',
    'roma',
    'Bozen',
    'reggio',
    'san',
    "sant'angelo",
    'milnao',
    'xy',
    'a'.repeat(100),
  ])
    add('/api/comuni/cerca', { q: text });
  for (const code of codes.slice(0, 5))
    add('/api/comuni/cerca', { q: index.comuni.nome[index.comuni.codice.indexOf(code)]! });

  for (const code of codes) {
    for (const domain of ['comuni', 'demografia', 'redditi', 'ambiente', 'qualita-vita']) add(`/api/${domain}/${code}`);
    add(`/api/comuni/${code}/confini`);
  }
  for (const code of FULL_SERIES) {
    for (const anno of index.anni.demografia) add(`/api/demografia/${code}`, { anno });
    for (const anno of index.anni.redditi) add(`/api/redditi/${code}`, { anno });
  }

  const pages: Params[] = [
    {},
    { limit: 1 },
    { limit: 500 },
    { offset: 50 },
    { limit: 3, offset: 7 },
    { offset: 100_000 },
  ];
  for (const indicatore of ['popolazione', 'densita'])
    for (const ordine of ['asc', 'desc'])
      for (const page of pages) add(`/api/demografia/classifica/${indicatore}`, { ordine, ...page });
  for (const indicatore of ['reddito', 'contribuenti', 'reddito_imponibile'])
    for (const ordine of ['asc', 'desc'])
      for (const page of pages) add(`/api/redditi/classifica/${indicatore}`, { ordine, ...page });
  for (const anno of index.anni.redditi)
    for (const indicatore of ['reddito', 'contribuenti', 'reddito_imponibile'])
      add(`/api/redditi/classifica/${indicatore}`, { anno, limit: 3 });
  for (const indicatore of ['pm10', 'pm25', 'no2', 'o3'])
    for (const order of ['asc', 'desc'])
      for (const page of pages) add('/api/ambiente/aria/classifica', { indicatore, order, ...page });
  for (const order of ['asc', 'desc'])
    for (const page of pages) add('/api/ambiente/suolo/classifica', { order, ...page });

  for (const page of pages) add('/api/qualita-vita/classifica', page);
  for (const r of index.regioni) add('/api/qualita-vita/classifica', { regione: r.slug });
  for (const [min, max] of [
    [0, 1000],
    [5000, 5000],
    [50_001, 100_000_000],
    [0, 0],
  ] as const)
    add('/api/qualita-vita/classifica', { min_pop: min, max_pop: max });
  add('/api/qualita-vita/classifica', { regione: 'Sicilia', min_pop: 10_000, limit: 5, offset: 5 });

  const wizard = routeById('qualita.wizard').request.query.properties;
  for (const budget of wizard.budget.enum) {
    for (const dimensione of wizard.dimensione.enum)
      for (const priorita of wizard.priorita.enum) add('/api/qualita-vita/wizard', { budget, dimensione, priorita });
  }
  for (const r of index.regioni.filter((_, k) => k % 4 === 0))
    add('/api/qualita-vita/wizard', {
      budget: 'alto',
      dimensione: 'piccolo',
      priorita: 'bilanciato',
      regione: r.nome,
      limit: 50,
    });
  add('/api/qualita-vita/wizard', { budget: 'MEDIO', dimensione: 'grande', priorita: 'servizi', limit: 1 });

  for (let n = 1; n <= 4; n++) add('/api/confronta', { comuni: codes.slice(0, n).join(',') });
  add('/api/confronta', { comuni: ` ${FULL_SERIES[0]} , ${FULL_SERIES[1]} ` });
  for (const anno of [...new Set([...index.anni.demografia, ...index.anni.redditi])])
    add('/api/confronta', { comuni: FULL_SERIES.join(','), anno });
  add('/api/confronta/nazionale-medie');
  for (const anno of index.anni.nazionale) add('/api/confronta/nazionale-medie', { anno });

  for (const path of [
    '/api/regioni',
    '/api/province',
    '/api/fonti',
    '/api/metodologia',
    '/api/copertura',
    '/api/status',
    '/api/openapi.json',
  ])
    add(path);
  for (const fonte of index.fonti) add(`/api/fonti/${fonte}`);
  return urls;
}
