import { CACHE_CONTROL } from '../api/http.ts';
import type { ParamSpec, RouteSpec } from '../api/routes.ts';
import { SCHEMAS } from '../api/schemas/index.ts';

function paramSchema(p: ParamSpec): Record<string, unknown> {
  const { name: _n, in: _i, description: _d, required: _r, ...rest } = p;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
}

const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const HEADERS = {
  'Cache-Control': { description: 'Sempre `' + CACHE_CONTROL + '`.', schema: { type: 'string' } },
  ETag: { description: 'Validatore per richieste condizionali con If-None-Match (risposta 304).', schema: { type: 'string' } },
  'Access-Control-Allow-Origin': { description: 'Sempre `*`.', schema: { type: 'string' } },
};

const problemResponse = (description: string) => ({ description, headers: HEADERS, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });

/**
 * The OpenAPI 3.1 document, generated from the route table and the JSON Schemas of
 * api/schemas: nothing in it is written by hand twice.
 */
export function buildOpenApi(routes: readonly RouteSpec[]) {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      200: { description: route.summary, headers: HEADERS, content: { 'application/json': { schema: { $ref: `#/components/schemas/${route.schema}` } } } },
      304: { description: 'Non modificato: l\'ETag coincide con If-None-Match.', headers: HEADERS },
      404: problemResponse('Percorso, comune, fonte o anno inesistente (per un anno, `anni_disponibili` elenca quelli validi).'),
      405: problemResponse('Metodo diverso da GET, HEAD e OPTIONS.'),
    };
    if (route.params.length > 0) responses[400] = problemResponse('Parametro mancante, malformato o fuori intervallo (`invalid_params` dice quale e perché).');
    paths[route.path] = {
      get: {
        operationId: route.id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()),
        summary: route.summary,
        description: route.extension ? `${route.description}\n\nEstensione: non è nella specifica originale.` : route.description,
        tags: [route.tag],
        parameters: route.params.map((p) => ({ name: p.name, in: p.in, required: p.in === 'path' || Boolean(p.required), description: p.description, schema: paramSchema(p) })),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'comuni-api',
      version: '1.0.0',
      summary: 'Dati aperti sui 7.896 comuni italiani: anagrafica, demografia, redditi, ambiente, qualità della vita.',
      description: [
        'API JSON pubblica, in sola lettura, senza autenticazione. Le risposte deterministiche sono file statici serviti da CDN; ricerca, confronto, wizard e combinazioni di parametri senza file sono calcolati da una edge function con lo stesso codice.',
        'Convenzioni: codici ISTAT come stringhe di 6 cifre; valori mancanti come null con il motivo in `valori_mancanti` o `motivo_mancante`; ogni blocco di dati indica fonte, anno e licenza (`/api/fonti`); i valori derivati indicano il metodo (`/api/metodologia`).',
        'Anno predefinito (`anno` omesso): l\'annata più recente completa per dominio, indicata nella risposta e in `/api/status`.',
        'Errori: RFC 9457 `application/problem+json` con `type`, `title`, `status`, `detail`, `instance` e, per i parametri, `invalid_params`. I parametri non previsti da un endpoint sono ignorati (per non rompere i cache buster); un valore non ammesso di un parametro previsto è sempre un 400.',
        'Cache: ogni risposta ha `Cache-Control: ' + CACHE_CONTROL + '` ed `ETag`; usare `If-None-Match` per le richieste condizionali. CORS: `Access-Control-Allow-Origin: *`.',
      ].join('\n\n'),
      license: { name: 'Codice MIT; dati con la licenza di ciascuna fonte (vedi /api/fonti)', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'Stesso host della documentazione' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, plain(schema)])) },
  };
}
