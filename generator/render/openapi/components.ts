/** The reusable parts of the OpenAPI document: schemas as printed, headers, header parameters, tags. */
import { ALLOWED_METHODS, CACHE_CONTROL } from '../../../api/http.ts';

/**
 * A schema as the document prints it. TypeBox writes a map (`Type.Record(Type.String(), S)`)
 * as `patternProperties: { "^(.*)$": S }`; the same constraint as `additionalProperties: S`
 * is what client generators turn into a typed map instead of `unknown`.
 */
export function plain(schema: unknown): Record<string, unknown> {
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
export const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

export const HEADER_DOCS = {
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
    description:
      'Secondi da attendere prima di riprovare. Lo invia il server locale; nel 429 della CDN (Netlify) non è garantito.',
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

export const COMMON_HEADER_REFS = {
  'Cache-Control': ref('headers', 'CacheControl'),
  ETag: ref('headers', 'ETag'),
  'Access-Control-Allow-Origin': ref('headers', 'AccessControlAllowOrigin'),
  'Access-Control-Expose-Headers': ref('headers', 'AccessControlExposeHeaders'),
  'X-Content-Type-Options': ref('headers', 'XContentTypeOptions'),
};

const { ETag: _etag, ...preflightCommonHeaderRefs } = COMMON_HEADER_REFS;
/** What preflightResponse sends: the common headers but ETag (a 204 has no body to validate). */
export const PREFLIGHT_COMMON_HEADER_REFS = preflightCommonHeaderRefs;

export const PARAMETER_DOCS = {
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

export const TAG_DESCRIPTIONS: Record<string, string> = {
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
