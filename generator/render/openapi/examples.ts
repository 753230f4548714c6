/** The examples of the OpenAPI document: requests answered by the real handler at build time, checked against their schemas. */
import { paramEntries, type ParamEntry, type RouteSpec } from '../../../api/contract.ts';
import { matchRoute, type RouteId } from '../../../api/routes.ts';
import { schemaErrors } from '../../write/validators.ts';

/** One request answered by the real handler at build time: the source of every example in the document. */
export interface Exchange {
  url: string;
  method: string;
  status: number;
  body: unknown;
}

export interface RouteExamples {
  ok: Exchange | null;
  errors: Exchange[];
}

/** The request whose answer is each route's 200 example (its parameters are the parameter examples). */
export const EXAMPLE_REQUESTS: Record<RouteId, string | null> = {
  'comuni.list': '/api/comuni?provincia=RM&limit=3&offset=100',
  'comuni.search': '/api/comuni/cerca?q=forli',
  'comuni.get': '/api/comuni/058091',
  'comuni.cessati.list': '/api/comuni/cessati?provincia=VC&limit=3',
  'comuni.cessati.get': '/api/comuni/cessati/H329',
  'comuni.confini': '/api/comuni/097002/confini',
  'demografia.get': '/api/demografia/058091?anno=2025',
  'demografia.ranking': '/api/demografia/classifica/densita?ordine=desc&limit=3&offset=0',
  'redditi.get': '/api/redditi/015146?anno=2022',
  'redditi.ranking': '/api/redditi/classifica/reddito_imponibile?anno=2015&ordine=asc&limit=3&offset=10',
  'ambiente.get': '/api/ambiente/015146',
  'ambiente.air.ranking': '/api/ambiente/aria/classifica?indicatore=no2&order=desc&limit=3&offset=0',
  'ambiente.soil.ranking': '/api/ambiente/suolo/classifica?order=asc&limit=3&offset=0',
  'qualita.ranking': '/api/qualita-vita/classifica?regione=Toscana&min_pop=5000&max_pop=50000&limit=3&offset=0',
  'qualita.wizard':
    '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=ambiente&regione=Emilia-Romagna&limit=3',
  'qualita.get': '/api/qualita-vita/040012',
  confronta: '/api/confronta?comuni=058091,015146&anno=2023',
  'confronta.national': '/api/confronta/nazionale-medie?anno=2025',
  'regioni.list': '/api/regioni',
  'province.list': '/api/province',
  'fonti.list': '/api/fonti',
  'fonti.get': '/api/fonti/ispra-aria',
  metodologia: '/api/metodologia',
  copertura: '/api/copertura',
  // The status document carries the build time (the document would stop being reproducible); the OpenAPI document cannot contain itself.
  status: null,
  openapi: null,
};

/** A value the route table itself rejects, or null when the parameter has no checkable constraint. */
function invalidValue({ schema }: ParamEntry): string | null {
  if (schema.type === 'integer') return schema.maximum !== undefined ? String(schema.maximum + 1) : 'abc';
  if (schema.enum) return 'nessuno';
  if (schema.pattern) return 'NON_VALIDO';
  if (schema.minLength !== undefined && schema.minLength > 1) return 'x';
  return null;
}

/** The example URL with every constrained parameter made invalid: the 400 lists them all in `invalid_params`. */
function badRequestUrl(route: RouteSpec, example: URL): string | null {
  let path = route.path;
  const query = new URLSearchParams(example.search);
  const pathParams = matchRoute(example.pathname)?.pathParams ?? {};
  let changed = false;
  for (const p of paramEntries(route)) {
    const bad = invalidValue(p);
    if (p.in === 'path') {
      path = path.replace(`{${p.name}}`, encodeURIComponent(bad ?? pathParams[p.name] ?? ''));
      changed ||= bad !== null;
    } else if (bad !== null && query.has(p.name)) {
      query.set(p.name, bad);
      changed = true;
    } else if (p.required) {
      query.delete(p.name);
      changed = true;
    }
  }
  return changed ? withQuery(path, query) : null;
}

/** Path and query as a person writes them (commas of `comuni` left readable). */
export function withQuery(path: string, query: URLSearchParams): string {
  const qs = [...query].map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** The requests whose real answers fill the document's examples. */
function exampleRequests(
  routes: readonly RouteSpec[],
): { route: RouteSpec; method: string; url: string; status: number }[] {
  const out: { route: RouteSpec; method: string; url: string; status: number }[] = [];
  for (const route of routes) {
    const ok = EXAMPLE_REQUESTS[route.id as RouteId];
    if (!ok) continue;
    const url = new URL(ok, 'http://localhost');
    out.push({ route, method: 'GET', url: ok, status: 200 });
    const bad = badRequestUrl(route, url);
    if (bad) out.push({ route, method: 'GET', url: bad, status: 400 });
    for (const { example } of route.notFound ?? []) out.push({ route, method: 'GET', url: example, status: 404 });
  }
  return out;
}

type Handle = (request: Request) => Promise<Response | URL>;

/**
 * Asks the real handler every example request at build time. An answer with another
 * status than documented, or a body that fails its schema, fails the build: the
 * document never shows an example the API would not give.
 */
export async function collectExamples(
  routes: readonly RouteSpec[],
  handle: Handle,
): Promise<Record<string, RouteExamples>> {
  const byRoute: Record<string, RouteExamples> = Object.fromEntries(
    routes.map((r) => [r.id, { ok: null, errors: [] }]),
  );
  for (const request of exampleRequests(routes)) {
    const response = await handle(new Request(new URL(request.url, 'http://localhost'), { method: request.method }));
    if (response instanceof URL)
      throw new Error(`esempio ${request.url}: al momento della build il gestore deve leggere i file da sé`);
    const body: unknown = await response.json();
    const exchange: Exchange = { url: request.url, method: request.method, status: response.status, body };
    const schema = response.status === 200 ? request.route.schema : 'Problem';
    const errors =
      response.status === request.status
        ? schemaErrors(schema, body)
        : `status ${response.status}, expected ${request.status}`;
    if (errors) throw new Error(`esempio ${request.method} ${request.url}: ${errors}`);
    if (response.status === 200) byRoute[request.route.id]!.ok = exchange;
    else byRoute[request.route.id]!.errors.push(exchange);
  }
  return byRoute;
}
