import { EDGE_RATE_LIMIT } from '../../api/cdn-layer.ts';
import { fsStore } from '../../api/fs-store.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { ALLOWED_METHODS, CACHE_CONTROL } from '../../api/http.ts';
import type { RouteSpec } from '../../api/routes.ts';
import type { IndexData } from '../../api/runtime-index.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { COMMON_HEADER_REFS, HEADER_DOCS, PARAMETER_DOCS, plain, ref, TAG_DESCRIPTIONS } from './openapi/components.ts';
import { collectExamples } from './openapi/examples.ts';
import { pathItem, problemResponse } from './openapi/operations.ts';

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
        `Errori: RFC 9457 \`application/problem+json\` con \`type\`, \`title\`, \`status\`, \`detail\`, \`instance\` e, per i parametri, \`invalid_params\` (nome e motivo di ogni parametro non valido, tutti insieme). 400: parametro mancante, malformato, fuori intervallo, ripetuto o non ammesso; 404: percorso, comune, fonte o anno inesistente (per un anno, \`anni_disponibili\`), anche per un percorso sotto /api non descritto qui; 405: metodo diverso da GET, HEAD e OPTIONS su qualunque percorso (l'API è in sola lettura), con l'intestazione \`Allow: ${ALLOWED_METHODS}\`; 429: troppe richieste (dal server locale con \`Retry-After\`; sulla CDN la risposta è di Netlify, vedi la risposta 429). I parametri non previsti da un endpoint sono ignorati (per non rompere i cache buster).`,
        `Cache: ogni risposta ha \`Cache-Control: ${CACHE_CONTROL}\` ed \`ETag\`; con \`If-None-Match\` la risposta è 304 se la risorsa non è cambiata. CORS: \`Access-Control-Allow-Origin: *\`; OPTIONS risponde al preflight. HEAD è ammesso ovunque.`,
        'Valori enumerati (`ordine`, `order`, `indicatore`, `budget`, …): senza distinzione di maiuscole (`ASC` vale `asc`); ogni altro valore è un 400. Le classifiche accettano sia `ordine` sia `order`.',
        `Forma canonica per la CDN: ogni risposta deterministica è anche un file, all'indirizzo del percorso seguito da \`.json\` (\`/api/comuni/058091.json\`, e per i parametri diversi dal predefinito \`/nome/valore\` prima di \`.json\`, come \`/api/comuni/regione/lazio.json\`). Ogni record che è un file ne dà l'indirizzo nel link \`json\` di \`links\` (schede di comuni, demografia, redditi, ambiente, qualità della vita, confini, comuni cessati, medie nazionali, metodologia); per un altro \`anno\` di demografia e redditi è il file del record, che contiene la stessa serie storica completa. Elenchi e classifiche non hanno il link \`json\`: solo alcune combinazioni di parametri sono file (ogni pagina, con il \`limit\` predefinito, degli elenchi completi, per regione e per provincia e delle classifiche nei due ordini), le altre sono calcolate; il loro file, quando c'è, segue la regola qui sopra. I percorsi senza parametri di query (schede di comuni, ambiente e qualità della vita, metadati) sono serviti dalla CDN senza invocare alcuna funzione; lì il codice di un comune cessato riceve lo stesso 404 con lo stesso corpo problem+json che nomina i successori (un file che la CDN serve come 404, forse con \`Content-Type: application/json\`), mentre un codice ben formato ma inesistente riceve il 404 generico della CDN invece del problem+json.`,
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
            `Troppe richieste dallo stesso indirizzo IP: oltre ${EDGE_RATE_LIMIT.windowLimit} richieste calcolate in ${EDGE_RATE_LIMIT.windowSize} secondi sulla CDN (le risposte da file non sono limitate), o oltre il limite scelto da chi ospita il server locale (\`RATE_LIMIT_PER_MINUTE\`). Server locale: corpo problem+json e \`Retry-After\` (secondi alla fine della finestra). CDN: il 429 è prodotto da Netlify prima della funzione; la documentazione di Netlify dice solo che la richiesta è bloccata con lo stato 429, senza descriverne corpo e intestazioni, e la configurazione del limite (soglia, finestra, aggregazione) non permette di sceglierli: lì né il corpo problem+json né \`Retry-After\` sono garantiti. Senza \`Retry-After\`, attendere la finestra di ${EDGE_RATE_LIMIT.windowSize} secondi.`,
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
export async function openApiDocument(routes: readonly RouteSpec[], data: IndexData, publicRoot: string) {
  // At build time an unexpected error must fail the build with its stack, not become a 500 example: the log rethrows it.
  const handle = createHandler(handlerContext(data, fsStore(publicRoot)), undefined, (error) => {
    throw error;
  });
  return buildOpenApi(routes, await collectExamples(routes, handle));
}
