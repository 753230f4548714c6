import { EDGE_RATE_LIMIT } from '../../api/cdn-layer.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { ALLOWED_METHODS, CACHE_CONTROL } from '../../api/http.ts';
import { matchRoute, type ParamSpec, type RouteId, type RouteSpec } from '../../api/routes.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { fsStore } from '../../server/fs-store.ts';
import { schemaErrors } from '../write/validators.ts';

/** One request answered by the real handler at build time: the source of every example in the document. */
interface Exchange {
  url: string;
  method: string;
  status: number;
  body: unknown;
}

interface RouteExamples {
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
function invalidValue(p: ParamSpec): string | null {
  if (p.type === 'integer') return p.maximum !== undefined ? String(p.maximum + 1) : 'abc';
  if (p.enum) return 'nessuno';
  if (p.pattern) return 'NON_VALIDO';
  if (p.minLength !== undefined && p.minLength > 1) return 'x';
  return null;
}

/** The example URL with every constrained parameter made invalid: the 400 lists them all in `invalid_params`. */
function badRequestUrl(route: RouteSpec, example: URL): string | null {
  let path = route.path;
  const query = new URLSearchParams(example.search);
  const pathParams = matchRoute(example.pathname)?.pathParams ?? {};
  let changed = false;
  for (const p of route.params) {
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
function withQuery(path: string, query: URLSearchParams): string {
  const qs = [...query].map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`).join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Requests that answer 404 on this route: an unknown key, and a year without data. */
function notFoundUrls(route: RouteSpec, example: URL): string[] {
  const out: string[] = [];
  const unknownKey: Record<string, string> = {
    codice_istat: '999999',
    fonte: 'fonte-inesistente',
    codice_catastale: 'Z999',
  };
  const key = route.params.find((p) => p.in === 'path' && unknownKey[p.name]);
  if (key) out.push(withQuery(route.path.replace(`{${key.name}}`, unknownKey[key.name]!), example.searchParams));
  if (route.id === 'confronta') out.push('/api/confronta?comuni=058091,999999');
  if (route.params.some((p) => p.name === 'anno')) {
    const query = new URLSearchParams(example.search);
    query.set('anno', '1901');
    out.push(withQuery(example.pathname, query));
  }
  return out;
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
    for (const missing of notFoundUrls(route, url)) out.push({ route, method: 'GET', url: missing, status: 404 });
  }
  return out;
}

type Handle = (request: Request) => Promise<Response | URL>;

/**
 * Asks the real handler every example request at build time. An answer with another
 * status than documented, or a body that fails its schema, fails the build: the
 * document never shows an example the API would not give.
 */
async function collectExamples(routes: readonly RouteSpec[], handle: Handle): Promise<Record<string, RouteExamples>> {
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

/**
 * A schema as the document prints it. TypeBox writes a map (`Type.Record(Type.String(), S)`)
 * as `patternProperties: { "^(.*)$": S }`; the same constraint as `additionalProperties: S`
 * is what client generators turn into a typed map instead of `unknown`.
 */
function plain(schema: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const { patternProperties, ...rest } = value as { patternProperties?: Record<string, unknown> } & Record<
      string,
      unknown
    >;
    const keys = patternProperties ? Object.keys(patternProperties) : [];
    if (keys.length !== 1 || keys[0] !== '^(.*)$' || 'additionalProperties' in rest) return value;
    return { ...rest, additionalProperties: patternProperties![keys[0]!] };
  }) as Record<string, unknown>;
}
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

function paramSchema(p: ParamSpec): Record<string, unknown> {
  const { name: _n, in: _i, description: _d, required: _r, alias: _a, ...rest } = p;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

/** Parameter values of the example request, typed as the route table types them. */
function exampleValues(route: RouteSpec, exchange: Exchange | null): Record<string, string | number> {
  if (!exchange) return {};
  const url = new URL(exchange.url, 'http://localhost');
  const raw: Record<string, string> = {
    ...matchRoute(url.pathname)?.pathParams,
    ...Object.fromEntries(url.searchParams),
  };
  const out: Record<string, string | number> = {};
  for (const p of route.params) {
    const value = raw[p.name];
    if (value !== undefined) out[p.name] = p.type === 'integer' ? Number(value) : value;
  }
  return out;
}

const CASE_INSENSITIVE = 'I valori ammessi valgono senza distinzione di maiuscole (`ASC` = `asc`).';

function parameter(p: ParamSpec, example: string | number | undefined) {
  return {
    name: p.name,
    in: p.in,
    required: p.in === 'path' || Boolean(p.required),
    description: p.type === 'string' && p.enum ? `${p.description} ${CASE_INSENSITIVE}` : p.description,
    schema: paramSchema(p),
    ...(example === undefined ? {} : { example }),
  };
}

/** A parameter and, when it has one, its alias (documented as such, same schema, no example). */
function parameterWithAlias(p: ParamSpec, example: string | number | undefined) {
  const main = parameter(p, example);
  if (!p.alias) return [main];
  return [
    main,
    {
      ...parameter(p, undefined),
      name: p.alias,
      description: `Alias di \`${p.name}\`: stesso significato e stessi valori. ${CASE_INSENSITIVE}`,
    },
  ];
}

const HEADER_DOCS = {
  CacheControl: {
    description: `Sempre \`${CACHE_CONTROL}\`: un'ora fresca, un giorno stale-while-revalidate.`,
    schema: { type: 'string', const: CACHE_CONTROL },
  },
  ETag: {
    description: 'Validatore forte del corpo; rimandarlo in If-None-Match per avere 304 se la risorsa non è cambiata.',
    schema: { type: 'string' },
  },
  AccessControlAllowOrigin: {
    description: "Sempre `*`: l'API si usa da qualunque origine.",
    schema: { type: 'string', const: '*' },
  },
  AccessControlExposeHeaders: { description: 'Rende leggibile ETag dal browser.', schema: { type: 'string' } },
  XContentTypeOptions: { description: 'Sempre `nosniff`.', schema: { type: 'string', const: 'nosniff' } },
  RetryAfter: {
    description: 'Secondi da attendere prima di riprovare.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  AccessControlAllowMethods: { description: `\`${ALLOWED_METHODS}\`.`, schema: { type: 'string' } },
  AccessControlAllowHeaders: {
    description:
      'Le intestazioni chieste in Access-Control-Request-Headers (predefinite: If-None-Match, Content-Type).',
    schema: { type: 'string' },
  },
  AccessControlMaxAge: {
    description: 'Durata in secondi della risposta preflight nella cache del browser (86400).',
    schema: { type: 'string' },
  },
};

const COMMON_HEADER_REFS = {
  'Cache-Control': ref('headers', 'CacheControl'),
  ETag: ref('headers', 'ETag'),
  'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': ref('headers', 'AccessControlExposeHeaders'),
  'X-Content-Type-Options': ref('headers', 'XContentTypeOptions'),
};

const { ETag: _etag, ...PREFLIGHT_COMMON_HEADER_REFS } = COMMON_HEADER_REFS;

const PARAMETER_DOCS = {
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description:
      'ETag di una risposta precedente (anche in forma debole W/"…" o in un elenco): se coincide la risposta è 304 senza corpo.',
    schema: { type: 'string' },
  },
  Origin: {
    name: 'Origin',
    in: 'header',
    required: false,
    description: 'Origine della pagina che chiama (preflight CORS).',
    schema: { type: 'string' },
  },
  AccessControlRequestMethod: {
    name: 'Access-Control-Request-Method',
    in: 'header',
    required: false,
    description: 'Metodo che il browser intende usare.',
    schema: { type: 'string' },
  },
  AccessControlRequestHeaders: {
    name: 'Access-Control-Request-Headers',
    in: 'header',
    required: false,
    description: 'Intestazioni che il browser intende inviare.',
    schema: { type: 'string' },
  },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  Comuni: 'Elenco, ricerca e scheda anagrafica dei comuni.',
  Demografia:
    'Popolazione ufficiale ISTAT per anno e sesso, bilancio demografico (nati, morti, migrazioni) e tassi, con il conteggio anagrafico ANPR accanto; classifiche per popolazione e densità.',
  Redditi: "Redditi IRPEF per anno d'imposta (MEF) e classifiche.",
  Ambiente: "Qualità dell'aria (ISPRA) e consumo di suolo, con le classifiche.",
  'Qualità della vita': 'Indice composito 0–100, classifica e wizard «dove vivere».',
  Confronto: 'Comuni affiancati e medie nazionali.',
  Territorio: 'Regioni e province.',
  Metadati: 'Fonti, metodologia, copertura dei dati, stato della build e questo documento.',
};

const exampleName = (e: Exchange) => `${e.method} ${e.url}`;

function problemResponse(description: string, exchanges: Exchange[], withBody: boolean) {
  if (!withBody) return { description, headers: COMMON_HEADER_REFS };
  const examples = Object.fromEntries(
    exchanges.map((e) => [exampleName(e), { summary: exampleName(e), value: e.body }]),
  );
  return {
    description,
    headers: COMMON_HEADER_REFS,
    content: {
      'application/problem+json': { schema: ref('schemas', 'Problem'), ...(exchanges.length ? { examples } : {}) },
    },
  };
}

/** Why a route can answer 404, from its parameters. */
function notFoundReasons(route: RouteSpec): string[] {
  const reasons: string[] = [];
  if (route.params.some((p) => p.name === 'codice_istat'))
    reasons.push(
      'nessun comune con quel codice ISTAT; per il codice di un comune cessato, `successori` nomina i comuni attuali che ne comprendono il territorio, con i link',
    );
  if (route.id === 'comuni.cessati.get') reasons.push('nessun comune cessato dal 1991 con quel codice catastale');
  if (route.params.some((p) => p.name === 'fonte')) reasons.push("nessuna fonte con quell'identificativo");
  if (route.id === 'confronta') reasons.push('uno o più codici ISTAT sconosciuti');
  if (route.params.some((p) => p.name === 'anno'))
    reasons.push("nessun dato per l'anno chiesto (`anni_disponibili` elenca gli anni validi)");
  return reasons;
}

function responses(route: RouteSpec, examples: RouteExamples, withBody: boolean) {
  const ok = withBody
    ? {
        description: route.summary,
        headers: COMMON_HEADER_REFS,
        content: {
          'application/json': {
            schema: ref('schemas', route.schema),
            ...(examples.ok
              ? {
                  examples: {
                    [exampleName(examples.ok)]: { summary: exampleName(examples.ok), value: examples.ok.body },
                  },
                }
              : {}),
          },
        },
      }
    : { description: `${route.summary}: come GET, senza corpo.`, headers: COMMON_HEADER_REFS };
  const out: Record<string, unknown> = {
    200: ok,
    304: {
      description: "Non modificato: l'ETag della risorsa coincide con If-None-Match. Nessun corpo.",
      headers: COMMON_HEADER_REFS,
    },
  };
  if (route.params.some((p) => p.name === 'codice_istat' && p.in === 'path')) {
    out[301] = {
      description:
        'Codice ISTAT precedente dello stesso comune (ricodifica, cambio di provincia) o suo codice sardo del 1° gennaio 2026: `Location` è la stessa risorsa con il codice attuale (es. /api/comuni/107010 → /api/comuni/111040).',
      headers: {
        ...COMMON_HEADER_REFS,
        Location: { description: 'URL della risorsa con il codice attuale.', schema: { type: 'string' } },
      },
    };
  }
  if (route.params.length > 0) {
    out[400] = problemResponse(
      'Parametro mancante, malformato, fuori intervallo, ripetuto o con un valore non ammesso: `invalid_params` dice quale e perché. I parametri non previsti sono ignorati.',
      examples.errors.filter((e) => e.status === 400),
      withBody,
    );
  }
  const reasons = notFoundReasons(route);
  if (reasons.length > 0)
    out[404] = problemResponse(
      `Non trovato: ${reasons.join('; ')}.`,
      examples.errors.filter((e) => e.status === 404),
      withBody,
    );
  out[429] = ref('responses', 'TooManyRequests');
  return out;
}

const operationId = (route: RouteSpec, suffix = '') =>
  route.id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) + suffix;

function pathItem(route: RouteSpec, examples: RouteExamples) {
  const values = exampleValues(route, examples.ok);
  const pathParams = route.params.filter((p) => p.in === 'path').map((p) => parameter(p, values[p.name]));
  const queryParams = [
    ...route.params.filter((p) => p.in === 'query').flatMap((p) => parameterWithAlias(p, values[p.name])),
    ref('parameters', 'IfNoneMatch'),
  ];
  const description = route.extension
    ? `${route.description}\n\nEstensione: non è nella specifica originale.`
    : route.description;
  return {
    ...(pathParams.length ? { parameters: pathParams } : {}),
    get: {
      operationId: operationId(route),
      summary: route.summary,
      description,
      tags: [route.tag],
      parameters: queryParams,
      responses: responses(route, examples, true),
    },
    head: {
      operationId: operationId(route, 'Head'),
      summary: `${route.summary} (solo intestazioni)`,
      description: 'Stessi parametri, stato e intestazioni di GET, senza corpo.',
      tags: [route.tag],
      parameters: queryParams,
      responses: responses(route, examples, false),
    },
    options: {
      operationId: operationId(route, 'Preflight'),
      summary: 'Preflight CORS',
      description: 'Risposta alla richiesta preflight del browser: nessun corpo, metodi e intestazioni consentiti.',
      tags: [route.tag],
      parameters: [
        ref('parameters', 'Origin'),
        ref('parameters', 'AccessControlRequestMethod'),
        ref('parameters', 'AccessControlRequestHeaders'),
      ],
      responses: {
        204: {
          description: 'Preflight accettato.',
          // What preflightResponse sends: the common headers but ETag (a 204 has no body to validate).
          headers: {
            ...PREFLIGHT_COMMON_HEADER_REFS,
            'Access-Control-Allow-Methods': ref('headers', 'AccessControlAllowMethods'),
            'Access-Control-Allow-Headers': ref('headers', 'AccessControlAllowHeaders'),
            'Access-Control-Max-Age': ref('headers', 'AccessControlMaxAge'),
          },
        },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the route table and the JSON Schemas of
 * api/schemas (nothing in it is written twice); examples are real answers of the
 * handler, collected at build time by `collectExamples`.
 */
function buildOpenApi(routes: readonly RouteSpec[], examples: Awaited<ReturnType<typeof collectExamples>>) {
  const paths: Record<string, unknown> = {};
  for (const route of routes) paths[route.path] = pathItem(route, examples[route.id] ?? { ok: null, errors: [] });
  // Only what an operation references: a schema nested in another (Servizi inside QualitaVita) is inlined there.
  const referenced = new Set([...routes.map((r) => r.schema), 'Problem']);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'comuni-api',
      version: '1.0.0',
      summary: 'Dati aperti sui 7.896 comuni italiani: anagrafica, demografia, redditi, ambiente, qualità della vita.',
      description: [
        'API JSON pubblica, in sola lettura, senza autenticazione. Le risposte deterministiche sono file statici serviti da CDN; ricerca, confronto, wizard e combinazioni di parametri senza file sono calcolati da una edge function con lo stesso codice.',
        "Convenzioni: codici ISTAT come stringhe di 6 cifre; valori mancanti come null con il motivo in `valori_mancanti` o `motivo_mancante`; ogni blocco di dati indica fonte, anno e licenza (`/api/fonti`); i valori derivati indicano il metodo (`/api/metodologia`). Gli esempi sono risposte reali dell'API, generate con i dati della build.",
        "Anno predefinito (`anno` omesso): l'annata più recente completa per dominio, indicata nella risposta e in `/api/status`.",
        `Errori: RFC 9457 \`application/problem+json\` con \`type\`, \`title\`, \`status\`, \`detail\`, \`instance\` e, per i parametri, \`invalid_params\` (nome e motivo di ogni parametro non valido, tutti insieme). 400: parametro mancante, malformato, fuori intervallo, ripetuto o non ammesso; 404: percorso, comune, fonte o anno inesistente (per un anno, \`anni_disponibili\`), anche per un percorso sotto /api non descritto qui; 405: metodo diverso da GET, HEAD e OPTIONS su qualunque percorso (l'API è in sola lettura), con l'intestazione \`Allow: ${ALLOWED_METHODS}\`; 429: troppe richieste, con \`Retry-After\`. I parametri non previsti da un endpoint sono ignorati (per non rompere i cache buster).`,
        `Cache: ogni risposta ha \`Cache-Control: ${CACHE_CONTROL}\` ed \`ETag\`; con \`If-None-Match\` la risposta è 304 se la risorsa non è cambiata. CORS: \`Access-Control-Allow-Origin: *\`; OPTIONS risponde al preflight. HEAD è ammesso ovunque.`,
        'Valori enumerati (`ordine`, `order`, `indicatore`, `budget`, …): senza distinzione di maiuscole (`ASC` vale `asc`); ogni altro valore è un 400. Le classifiche accettano sia `ordine` sia `order`.',
        `Forma canonica per la CDN: ogni risposta deterministica è anche un file, all'indirizzo del percorso seguito da \`.json\` (\`/api/comuni/058091.json\`, e per i parametri diversi dal predefinito \`/nome/valore\` prima di \`.json\`, come \`/api/comuni/regione/lazio.json\`). I percorsi senza parametri di query (schede di comuni, ambiente e qualità della vita, metadati) sono serviti dalla CDN senza invocare alcuna funzione; lì un codice ben formato ma inesistente riceve il 404 generico della CDN invece del problem+json.`,
        `Limiti d'uso: le richieste calcolate (ricerca, confronto, wizard, combinazioni di parametri senza file) sono limitate a ${EDGE_RATE_LIMIT.windowLimit} ogni ${EDGE_RATE_LIMIT.windowSize} secondi per indirizzo IP; oltre il limite la risposta è 429. I file statici non sono limitati. Chi prevede più di 10.000 richieste al giorno lo comunichi al gestore, oppure scarichi il dataset completo da /dati/.`,
      ].join('\n\n'),
      // No operator address is published yet: the contact says how to reach them, through the service itself.
      contact: { name: 'Gestore di comuni-api (vedi la pagina principale del servizio)' },
      // OpenAPI 3.1 allows `url` or `identifier`, not both; the URL is what clients and linters show.
      license: {
        name: 'Codice MIT; dati con la licenza di ciascuna fonte (vedi /api/fonti)',
        url: 'https://opensource.org/license/mit',
      },
    },
    servers: [{ url: '/', description: 'Stesso host della documentazione' }],
    // No authentication: every endpoint is public (SPEC.md).
    security: [],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.entries(SCHEMAS)
          .filter(([name]) => referenced.has(name))
          .map(([name, schema]) => [name, plain(schema)]),
      ),
      parameters: PARAMETER_DOCS,
      headers: HEADER_DOCS,
      responses: {
        TooManyRequests: {
          ...problemResponse(
            `Troppe richieste dallo stesso indirizzo IP: oltre ${EDGE_RATE_LIMIT.windowLimit} richieste calcolate in ${EDGE_RATE_LIMIT.windowSize} secondi sulla CDN (le risposte da file non sono limitate), o oltre il limite scelto da chi ospita il server locale. \`Retry-After\` dice fra quanti secondi riprovare. Il corpo problem+json è quello del server dell'API; sulla CDN il 429 è prodotto dalla piattaforma (Netlify) con il suo corpo.`,
            [],
            true,
          ),
          headers: { ...COMMON_HEADER_REFS, 'Retry-After': ref('headers', 'RetryAfter') },
        },
      },
    },
  };
}

/** The document for a build whose answers are already written under `publicRoot` (the build's temporary directory). */
export async function openApiDocument(routes: readonly RouteSpec[], index: RuntimeIndex, publicRoot: string) {
  return buildOpenApi(routes, await collectExamples(routes, createHandler(handlerContext(index, fsStore(publicRoot)))));
}
