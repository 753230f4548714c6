import { ceasedCodeUrls, queryNames } from '../../api/cdn-layer.ts';
import { matchRoute } from '../../api/routes.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import { ceasedCodes } from '../../generator/write/write-ceased-problems.ts';
import { plainFamilyUrls } from './workload.ts';

export const NO_FILE = 'nessun file sul percorso statico';

/** A ceased comune's code on the path-only per-comune routes: served from a file by the CDN, never by the function. */
export const CEASED_ON_STATIC = 'codice cessato sul percorso statico';
/** Lists asked for CSV by `Accept` (an edge function declared with a header condition). */
const CSV_BY_ACCEPT = 'CSV per Accept';
/** Requests with a cadastral code in lower case (answered by the function, which canonicalises it). */
const LOWER_CASE = 'codice catastale minuscolo';

/** One request of the fidelity run, with the class it is counted in. */
export interface FidelityRequest {
  kind: string;
  method: 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
}

/** Every 500th comune plus well-known ones: a fixed sample spread over all regions. */
function sampleCodes(index: RuntimeIndex): string[] {
  const codes = index.comuni.codice.filter((_, i) => i % 500 === 0);
  return [...new Set(['058091', '015146', '001272', '063049', ...codes])];
}

/** The fixed URL set replayed against netlify dev and `npm start`. */
export function fidelityRequests(index: RuntimeIndex): FidelityRequest[] {
  const out: FidelityRequest[] = [];
  const get = (kind: string, ...urls: string[]) =>
    out.push(...urls.map((url) => ({ kind, method: 'GET' as const, url })));
  const codes = sampleCodes(index);
  // Every file-backed route without a query string: its family must never invoke the function.
  for (const { family, url } of plainFamilyUrls(codes, index.fonti[0]!)) get(family, url);
  // A query string unknown to the route does not change its answer (the handler ignores it), so the CDN's file is right.
  get('comuni.get', '/api/comuni/058091?_=123');
  get('demografia.get', '/api/demografia/058091?_=123');
  for (const code of codes)
    get('scheda con anno (demografia, redditi)', `/api/demografia/${code}?anno=2020`, `/api/redditi/${code}?anno=2015`);
  // A cadastral code in lower case: the function canonicalises it (files are named in upper case).
  get(LOWER_CASE, '/api/comuni/cessati/h329', '/api/comuni?codice_catastale=h501');
  get(
    'file .json',
    '/api/comuni/058091.json',
    '/api/demografia/015146.json',
    '/api/comuni/regione/lazio.json',
    '/api/ambiente/suolo/classifica/order/asc.json',
    '/api/fonti.json',
    '/api/confronta/nazionale-medie.json',
  );
  get(
    'elenchi e classifiche con file',
    '/api/comuni?regione=lazio',
    '/api/comuni?provincia=rm&offset=100',
    '/api/demografia/classifica/popolazione',
    '/api/demografia/classifica/densita?ordine=asc&offset=50',
    '/api/demografia/classifica/densita?order=asc&offset=50',
    '/api/redditi/classifica/reddito?ordine=ASC',
    '/api/ambiente/aria/classifica?indicatore=no2&order=desc',
    '/api/ambiente/aria/classifica?indicatore=no2&ordine=desc',
    '/api/ambiente/suolo/classifica?order=asc',
    '/api/ambiente/suolo/classifica?ordine=asc',
    '/api/qualita-vita/classifica?regione=toscana',
    '/api/confronta/nazionale-medie?anno=2022',
  );
  get(
    'elenchi calcolati',
    '/api/comuni?regione=lazio&limit=7&offset=3',
    '/api/demografia/classifica/popolazione?limit=5',
    '/api/qualita-vita/classifica?regione=toscana&min_pop=5000&max_pop=50000&limit=5',
    '/api/ambiente/suolo/classifica?ordine=asc&limit=3',
    // A past tax year: its rankings are a JSON module the edge index imports on first use.
    '/api/redditi/classifica/reddito_imponibile?anno=2010&limit=5',
  );
  get(
    'proiezioni anno',
    '/api/demografia/058091?anno=2020',
    '/api/redditi/015146?anno=2010',
    '/api/demografia/001272?anno=2025',
  );
  get(
    'dinamiche (cerca, confronta, wizard)',
    '/api/comuni/cerca?q=forli',
    '/api/comuni/cerca?q=bozen',
    '/api/comuni/cerca?q=reggio%20calabria',
    '/api/confronta?comuni=058091,015146',
    '/api/confronta?comuni=058091,015146,001272&anno=2022',
    '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=ambiente',
    '/api/qualita-vita/wizard?budget=basso&dimensione=piccolo&priorita=bilanciato&regione=Piemonte&limit=5',
  );
  get(
    'errori',
    '/api/comunii',
    '/api/comuni/58091',
    '/api/comuni/05809a',
    '/api/comuni?limit=0',
    '/api/comuni?provincia=XYZ',
    '/api/demografia/058091?anno=1901',
    '/api/demografia/classifica/popolazione?ordine=su',
    '/api/demografia/classifica/popolazione?ordine=asc&order=desc',
    '/api/comuni/cerca?q=a',
    '/api/confronta?comuni=058091,999999',
    '/api/fonti/FONTE_NON_VALIDA',
  );
  // A ceased comune's code on the static layer: the handler's 404 problem naming the successors, served by the CDN as a file.
  const ceased = ceasedCodes(index);
  get(CEASED_ON_STATIC, ...ceasedCodeUrls([ceased.includes('002114') ? '002114' : ceased[0]!]));
  // Nothing to serve on the static layer's paths (a well-formed key without a record, a .json without a file): the CDN's own 404 (documented).
  get(
    NO_FILE,
    '/api/comuni/999999',
    '/api/qualita-vita/999999',
    '/api/fonti/fonte-inesistente',
    '/api/nope.json',
    '/api/comuni/999999.json',
  );
  // CSV by Accept: the csv edge function (no redirect rule reads a header), with or without a query string.
  for (const url of ['/api/comuni', '/api/comuni?regione=lazio', '/api/demografia/classifica/popolazione?limit=5'])
    out.push({ kind: CSV_BY_ACCEPT, method: 'GET', url, headers: { Accept: 'text/csv' } });
  for (const url of ['/api/comuni/058091', '/api/comuni?regione=lazio', '/api/comuni/cerca?q=roma', '/api/regioni'])
    out.push({ kind: 'HEAD', method: 'HEAD', url });
  const preflight = {
    Origin: 'https://example.org',
    'Access-Control-Request-Method': 'GET',
    'Access-Control-Request-Headers': 'if-none-match',
  };
  for (const url of ['/api/comuni/058091', '/api/comuni/058091.json', '/api/comuni/cerca?q=roma', '/api/regioni'])
    out.push({ kind: 'OPTIONS', method: 'OPTIONS', url, headers: preflight });
  for (const url of ['/api/comuni/058091', '/api/comuni/058091.json', '/api/confronta?comuni=058091']) {
    out.push({ kind: 'metodi rifiutati', method: 'POST', url }, { kind: 'metodi rifiutati', method: 'DELETE', url });
  }
  return out;
}

/** The route family of a URL for the per-family table: the route's id, or the request's own class. */
export function familyOf(request: FidelityRequest): string {
  // A cadastral code in lower case reaches the function by design (files are named by the canonical code): its own family.
  if (
    request.method !== 'GET' ||
    [NO_FILE, CEASED_ON_STATIC, LOWER_CASE, CSV_BY_ACCEPT, 'errori'].includes(request.kind)
  )
    return request.kind;
  const url = new URL(request.url, 'http://x');
  const match = matchRoute(url.pathname);
  if (!match) return request.kind;
  if (!url.search) return match.route.id;
  // Names the route does not know change nothing (the handler ignores them): the file, as without a query string.
  const known = queryNames(match.route);
  return `${match.route.id} ${[...url.searchParams.keys()].some((name) => known.includes(name)) ? '(con query)' : '(parametri ignoti)'}`;
}
