/** The path items of the OpenAPI document: each route's parameters, operations and responses, from the route table. */
import { paramEntries, type ParamEntry, type RouteSpec } from '../../../api/contract.ts';
import { matchRoute } from '../../../api/routes.ts';
import { COMMON_HEADER_REFS, PREFLIGHT_COMMON_HEADER_REFS, ref } from './components.ts';
import type { Exchange, RouteExamples } from './examples.ts';

/** The parameter's schema as printed: its JSON Schema keywords, without the description (the parameter's own) and the alias. */
function paramSchema({ schema }: ParamEntry): Record<string, unknown> {
  const { type, description: _d, alias: _a, ...rest } = schema;
  return Object.fromEntries([['type', type], ...Object.entries(rest)].filter(([, v]) => v !== undefined));
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
  for (const p of paramEntries(route)) {
    const value = raw[p.name];
    if (value !== undefined) out[p.name] = p.schema.type === 'integer' ? Number(value) : value;
  }
  return out;
}

const CASE_INSENSITIVE = 'I valori ammessi valgono senza distinzione di maiuscole (`ASC` = `asc`).';

function parameter(p: ParamEntry, example: string | number | undefined) {
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.schema.enum ? `${p.description} ${CASE_INSENSITIVE}` : p.description,
    schema: paramSchema(p),
    ...(example === undefined ? {} : { example }),
  };
}

/** A parameter and, when it has one, its alias (documented as such, same schema, no example). */
function parameterWithAlias(p: ParamEntry, example: string | number | undefined) {
  const main = parameter(p, example);
  const alias = p.schema.alias;
  if (!alias) return [main];
  return [
    main,
    {
      ...parameter(p, undefined),
      name: alias,
      description: `Alias di \`${p.name}\`: stesso significato e stessi valori. ${CASE_INSENSITIVE}`,
    },
  ];
}

const exampleName = (e: Exchange) => `${e.method} ${e.url}`;

export function problemResponse(description: string, exchanges: Exchange[], withBody: boolean) {
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
          ...(route.csv ? { 'text/csv': CSV_MEDIA(route.csv) } : {}),
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
  if (paramEntries(route).some((p) => p.name === 'codice_istat' && p.in === 'path')) {
    out[301] = {
      description:
        'Codice ISTAT precedente dello stesso comune (ricodifica, cambio di provincia) o suo codice sardo del 1° gennaio 2026: `Location` è la stessa risorsa con il codice attuale (es. /api/comuni/107010 → /api/comuni/111040).',
      headers: {
        ...COMMON_HEADER_REFS,
        Location: { description: 'URL della risorsa con il codice attuale.', schema: { type: 'string' } },
      },
    };
  }
  if (paramEntries(route).length > 0) {
    out[400] = problemResponse(
      'Parametro mancante, malformato, fuori intervallo, ripetuto o con un valore non ammesso: `invalid_params` dice quale e perché. I parametri non previsti sono ignorati.',
      examples.errors.filter((e) => e.status === 400),
      withBody,
    );
  }
  const reasons = (route.notFound ?? []).map((n) => n.reason);
  if (reasons.length > 0)
    out[404] = problemResponse(
      `Non trovato: ${reasons.join('; ')}.`,
      examples.errors.filter((e) => e.status === 404),
      withBody,
    );
  out[429] = ref('responses', 'TooManyRequests');
  return out;
}

/** The CSV form of a list, ranking or comparison (api/csv.ts), chosen by `Accept: text/csv` or `formato=csv`. */
const CSV_MEDIA = (rows: string) => ({
  schema: {
    type: 'string',
    description: `Le righe di \`${rows}\` della risposta JSON, nello stesso ordine e con la stessa paginazione: CSV (RFC 4180, virgola, UTF-8), intestazione con i nomi dei campi JSON, campi annidati uniti da \`_\` (\`provincia_sigla\`), liste come testo JSON, null come campo vuoto. \`Content-Disposition\` propone un nome di file.`,
  },
});

const FORMAT_PARAMETER = {
  name: 'formato',
  in: 'query',
  required: false,
  description: `Formato della risposta: json (predefinito) o csv; senza \`formato\`, \`Accept: text/csv\` dà il CSV. Estensione alla specifica. ${CASE_INSENSITIVE}`,
  schema: { type: 'string', enum: ['json', 'csv'], default: 'json' },
};

const operationId = (route: RouteSpec, suffix = '') =>
  route.id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()) + suffix;

export function pathItem(route: RouteSpec, examples: RouteExamples) {
  const values = exampleValues(route, examples.ok);
  const params = paramEntries(route);
  const pathParams = params.filter((p) => p.in === 'path').map((p) => parameter(p, values[p.name]));
  const queryParams = [
    ...params.filter((p) => p.in === 'query').flatMap((p) => parameterWithAlias(p, values[p.name])),
    ...(route.csv ? [FORMAT_PARAMETER] : []),
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
