/**
 * The route table: the single source of truth for every endpoint. The generator
 * (which files to write), the request handler (what to validate and how to answer),
 * the local server, netlify.toml and the OpenAPI document all read it.
 */

export type ParamLocation = 'path' | 'query';

interface ParamBase {
  name: string;
  in: ParamLocation;
  description: string;
  required?: boolean;
  /** Another accepted name of a query parameter (the spec spells the ranking order `ordine` or `order` by group). */
  alias?: string;
}

export interface IntegerParam extends ParamBase {
  type: 'integer';
  default?: number;
  minimum?: number;
  maximum?: number;
}

export interface StringParam extends ParamBase {
  type: 'string';
  default?: string;
  enum?: readonly string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

export type ParamSpec = IntegerParam | StringParam;

/**
 * How a route is answered:
 * - `file`: one file per key, written by the generator from the full dataset; a
 *   non-default `anno` is a projection of that file done by the handler;
 * - `list`: computed from the runtime index by the same function at build time
 *   (precomputed variants) and at request time (any other parameters);
 * - `dynamic`: computed at request time only (search, comparison, wizard).
 */
export type RouteMode = 'file' | 'list' | 'dynamic';

export interface RouteSpec {
  id: string;
  path: string;
  mode: RouteMode;
  tag: string;
  summary: string;
  description: string;
  params: readonly ParamSpec[];
  /** Name of the response schema in api/schemas. */
  schema: string;
  /** True for endpoints SPEC.md does not list (documented as extensions). */
  extension?: boolean;
}

const CODICE_ISTAT: StringParam = {
  name: 'codice_istat',
  in: 'path',
  type: 'string',
  required: true,
  pattern: '^[0-9]{6}$',
  description: 'Codice ISTAT del comune: 6 cifre, zeri iniziali compresi (es. 058091 per Roma).',
};

const CODICE_CATASTALE_FILTER: StringParam = {
  name: 'codice_catastale',
  in: 'query',
  type: 'string',
  pattern: '^[A-Za-z][0-9]{3}$',
  description:
    'Codice catastale (Belfiore), una lettera e tre cifre, senza distinzione di maiuscole (es. H501 per Roma).',
};

const CAP: StringParam = {
  name: 'cap',
  in: 'query',
  type: 'string',
  pattern: '^[0-9]{5}$',
  description: 'Codice di avviamento postale (5 cifre): i comuni con più CAP si trovano con ognuno.',
};

const offset: IntegerParam = {
  name: 'offset',
  in: 'query',
  type: 'integer',
  default: 0,
  minimum: 0,
  maximum: 100_000,
  description: 'Numero di risultati da saltare, per la paginazione.',
};

function limit(defaultValue: number, maximum: number): IntegerParam {
  return {
    name: 'limit',
    in: 'query',
    type: 'integer',
    default: defaultValue,
    minimum: 1,
    maximum,
    description: `Numero massimo di risultati (predefinito ${defaultValue}, massimo ${maximum}).`,
  };
}

const regione: StringParam = {
  name: 'regione',
  in: 'query',
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description:
    'Filtro per regione: nome ufficiale, senza distinzione di maiuscole, accenti e apostrofi; per le regioni bilingui basta una delle due forme ("Valle d\'Aosta", "valle d\'aosta/vallée d\'aoste", "Emilia-Romagna").',
};

const provincia: StringParam = {
  name: 'provincia',
  in: 'query',
  type: 'string',
  pattern: '^[A-Za-z]{2}$',
  description:
    'Filtro per provincia: sigla automobilistica di due lettere (es. RM, MI), senza distinzione di maiuscole.',
};

function anno(domain: string): IntegerParam {
  return {
    name: 'anno',
    in: 'query',
    type: 'integer',
    minimum: 1900,
    maximum: 2100,
    description: `Anno di riferimento. Se omesso: l'annata più recente completa per ${domain} (indicata nella risposta). Un anno senza dati dà 404 con l'elenco degli anni disponibili.`,
  };
}

/** The spec's name for the order of this ranking; the other spelling is accepted as an alias (CONVENTIONS.md). */
function ordine(name: 'ordine' | 'order', defaultValue: 'asc' | 'desc'): StringParam {
  const alias = name === 'ordine' ? 'order' : 'ordine';
  return {
    name,
    alias,
    in: 'query',
    type: 'string',
    enum: ['desc', 'asc'],
    default: defaultValue,
    description: `Ordinamento: desc (dal valore più alto) o asc (dal più basso); predefinito ${defaultValue}. Accettato anche come \`${alias}\` (la specifica usa nomi diversi per gruppo); indicarli entrambi è un errore.`,
  };
}

const minPop: IntegerParam = {
  name: 'min_pop',
  in: 'query',
  type: 'integer',
  minimum: 0,
  maximum: 100_000_000,
  description: 'Popolazione minima (inclusa), anno demografico predefinito.',
};
const maxPop: IntegerParam = {
  name: 'max_pop',
  in: 'query',
  type: 'integer',
  minimum: 0,
  maximum: 100_000_000,
  description: 'Popolazione massima (inclusa), anno demografico predefinito.',
};

export const ROUTES = [
  {
    id: 'comuni.list',
    path: '/api/comuni',
    mode: 'list',
    tag: 'Comuni',
    summary: 'Elenco dei comuni',
    description:
      'Tutti i comuni in ordine crescente di codice ISTAT, con codice, nome, provincia e regione; filtrabili per regione, provincia, codice catastale o CAP (i filtri si combinano). `codice_catastale` e `cap` sono estensioni alla specifica.',
    params: [regione, provincia, CODICE_CATASTALE_FILTER, CAP, limit(100, 1000), offset],
    schema: 'ComuniList',
  },
  {
    id: 'comuni.search',
    path: '/api/comuni/cerca',
    mode: 'dynamic',
    tag: 'Comuni',
    summary: 'Ricerca per nome (autocompletamento)',
    description:
      "Fino a 10 comuni per rilevanza: nome esatto, poi inizio del nome, poi inizio di una parola, poi corrispondenze approssimate (errori di battitura); a parità, i comuni più popolosi. Ignora maiuscole, accenti e apostrofi; riconosce i nomi nell'altra lingua ufficiale (Bozen → Bolzano).",
    params: [
      {
        name: 'q',
        in: 'query',
        type: 'string',
        required: true,
        minLength: 2,
        maxLength: 100,
        description: 'Testo cercato: almeno 2 caratteri, al massimo 100.',
      },
    ],
    schema: 'SearchResults',
  },
  {
    id: 'comuni.get',
    path: '/api/comuni/{codice_istat}',
    mode: 'file',
    tag: 'Comuni',
    summary: 'Scheda completa di un comune',
    description:
      'Anagrafica completa: nomi, provincia, regione, ripartizione, codici NUTS, CAP, coordinate, superficie, popolazione più recente, contatti del municipio, con la fonte di ogni blocco e i link alle altre risorse.',
    params: [CODICE_ISTAT],
    schema: 'Comune',
  },
  {
    id: 'comuni.cessati.list',
    path: '/api/comuni/cessati',
    mode: 'list',
    tag: 'Comuni',
    summary: 'Comuni cessati dal 1991',
    description:
      'Comuni soppressi dal 1° gennaio 1991 (fusioni, incorporazioni), in ordine di codice catastale, con i codici ISTAT avuti e il comune attuale che ne comprende il territorio: serve, ad esempio, a decodificare il luogo di nascita di un codice fiscale. Filtrabili per provincia (alla cessazione) e codice catastale.',
    params: [provincia, CODICE_CATASTALE_FILTER, limit(100, 1000), offset],
    schema: 'CessatiList',
    extension: true,
  },
  {
    id: 'comuni.cessati.get',
    path: '/api/comuni/cessati/{codice_catastale}',
    mode: 'file',
    tag: 'Comuni',
    summary: 'Scheda di un comune cessato',
    description:
      'Nomi, codici ISTAT con le date di validità, data di cessazione e successore: il comune attuale, come è stato individuato (gli archivi non hanno una colonna del successore) e la verifica sulla popolazione o sui contribuenti.',
    params: [
      {
        ...CODICE_CATASTALE_FILTER,
        in: 'path',
        required: true,
        description: 'Codice catastale (Belfiore) del comune cessato, es. H329 (Riva Valdobbia).',
      },
    ],
    schema: 'ComuneCessato',
    extension: true,
  },
  {
    id: 'comuni.confini',
    path: '/api/comuni/{codice_istat}/confini',
    mode: 'file',
    tag: 'Comuni',
    summary: 'Confini di un comune (GeoJSON)',
    description:
      'Il contorno del comune al 1° gennaio 2025 come Feature GeoJSON (RFC 7946, WGS84), dai confini generalizzati ISTAT semplificati: adatto a mappe nazionali e regionali, non a misure. Tutti i comuni in un solo file: /dati/confini-comuni-2025.topo.json (TopoJSON quantizzato).',
    params: [CODICE_ISTAT],
    schema: 'Confini',
    extension: true,
  },
  {
    id: 'demografia.get',
    path: '/api/demografia/{codice_istat}',
    mode: 'file',
    tag: 'Demografia',
    summary: 'Dati demografici di un comune',
    description:
      "Popolazione ufficiale ISTAT (totale, maschi, femmine), nati, morti, bilancio demografico per sesso, tassi per 1.000 abitanti e densità per l'anno scelto (predefinito: il più recente con tutti questi valori per ogni comune), con la serie storica. " +
      "Il conteggio anagrafico ANPR è servito accanto (`anagrafe`, con il mese), mai al posto della popolazione ufficiale; gli anni senza dato ISTAT sono lacune (`lacune_serie_ufficiale`). `anno` = anno successivo all'ultimo bilancio: popolazione al 31 dicembre, provvisoria. I valori che nessuna fonte fornisce sono null, con il motivo.",
    params: [CODICE_ISTAT, anno('la demografia')],
    schema: 'Demografia',
  },
  {
    id: 'demografia.ranking',
    path: '/api/demografia/classifica/{indicatore}',
    mode: 'list',
    tag: 'Demografia',
    summary: 'Classifica dei comuni per popolazione o densità',
    description:
      "Comuni ordinati per popolazione ufficiale ISTAT o densità dell'anno demografico predefinito (detto in `anno`); a parità di valore, codice ISTAT crescente.",
    params: [
      {
        name: 'indicatore',
        in: 'path',
        type: 'string',
        required: true,
        enum: ['popolazione', 'densita'],
        description: 'popolazione (residenti) o densita (abitanti per km²).',
      },
      ordine('ordine', 'desc'),
      limit(50, 500),
      offset,
    ],
    schema: 'Classifica',
  },
  {
    id: 'redditi.get',
    path: '/api/redditi/{codice_istat}',
    mode: 'file',
    tag: 'Redditi',
    summary: 'Redditi IRPEF di un comune',
    description:
      "Contribuenti, reddito complessivo, reddito medio (dove il totale è noto; altrimenti i suoi limiti certi), reddito imponibile medio (noto ogni anno: la serie confrontabile fra anni), mediana stimata dagli scaglioni, scaglioni di reddito, imponibile e imposte per l'anno d'imposta scelto, con la serie storica di tutti gli anni.",
    params: [CODICE_ISTAT, anno("i redditi (anno d'imposta)")],
    schema: 'Redditi',
  },
  {
    id: 'redditi.ranking',
    path: '/api/redditi/classifica/{indicatore}',
    mode: 'list',
    tag: 'Redditi',
    summary: 'Classifica dei comuni per reddito medio o contribuenti',
    description:
      "Comuni ordinati per reddito complessivo medio per contribuente, reddito imponibile medio o numero di contribuenti, nell'anno d'imposta `anno` (predefinito: il più recente completo). " +
      'Prima del 2023 il reddito complessivo medio è noto solo per i comuni senza scaglioni oscurati (gli altri sono esclusi, e la risposta dice quanti): per confrontare tutti i comuni in un anno qualsiasi usare reddito_imponibile. ' +
      "I comuni con meno di 100 contribuenti restano in classifica segnalati con l'avviso pochi_contribuenti. `offset`, `anno` e reddito_imponibile sono estensioni alla specifica.",
    params: [
      {
        name: 'indicatore',
        in: 'path',
        type: 'string',
        required: true,
        enum: ['reddito', 'contribuenti', 'reddito_imponibile'],
        description:
          'reddito (reddito complessivo medio per contribuente, euro), contribuenti (numero) o reddito_imponibile (reddito imponibile medio per contribuente, euro: noto per ogni comune e anno).',
      },
      anno("i redditi (anno d'imposta)"),
      ordine('ordine', 'desc'),
      limit(50, 500),
      offset,
    ],
    schema: 'Classifica',
  },
  {
    id: 'ambiente.get',
    path: '/api/ambiente/{codice_istat}',
    mode: 'file',
    tag: 'Ambiente',
    summary: "Qualità dell'aria e consumo di suolo di un comune",
    description:
      'PM10, PM2.5, NO2 e ozono (media annua, con stazioni e metodo di attribuzione) e consumo di suolo, ciascuno con livello territoriale, anno e fonte.',
    params: [CODICE_ISTAT],
    schema: 'Ambiente',
  },
  {
    id: 'ambiente.air.ranking',
    path: '/api/ambiente/aria/classifica',
    mode: 'list',
    tag: 'Ambiente',
    summary: "Classifica dei comuni per qualità dell'aria",
    description:
      "Comuni ordinati per inquinante (anno predefinito), dal valore più basso per default: media annua per PM10, PM2.5 e NO2; per l'ozono (estensione) i giorni di superamento dell'obiettivo a lungo termine (media massima giornaliera su 8 ore oltre 120 µg/m³), la misura rilevante per la salute; la media annua dell'ozono è nella scheda del comune. Sono inclusi solo i comuni con un valore misurato o attribuito; la risposta dice quanti sono esclusi.",
    params: [
      {
        name: 'indicatore',
        in: 'query',
        type: 'string',
        enum: ['pm10', 'pm25', 'no2', 'o3'],
        default: 'pm10',
        description:
          'pm10, pm25 o no2 (media annua, µg/m³) oppure o3 (estensione: giorni con media su 8 ore oltre 120 µg/m³); predefinito pm10.',
      },
      ordine('order', 'asc'),
      limit(50, 500),
      offset,
    ],
    schema: 'Classifica',
  },
  {
    id: 'ambiente.soil.ranking',
    path: '/api/ambiente/suolo/classifica',
    mode: 'list',
    tag: 'Ambiente',
    summary: 'Classifica dei comuni per consumo di suolo',
    description:
      "Comuni ordinati per suolo consumato pro capite (m² per abitante): l'unico dato comunale disponibile. Il dato 2024 è solo provinciale e compare nella scheda ambiente di ogni comune.",
    params: [ordine('order', 'desc'), limit(50, 500), offset],
    schema: 'Classifica',
  },
  {
    id: 'qualita.ranking',
    path: '/api/qualita-vita/classifica',
    mode: 'list',
    tag: 'Qualità della vita',
    summary: 'Classifica per indice di qualità della vita',
    description: 'Comuni in ordine decrescente di indice composito (0–100), filtrabili per regione e popolazione.',
    params: [limit(50, 500), offset, regione, minPop, maxPop],
    schema: 'ClassificaQualita',
  },
  {
    id: 'qualita.wizard',
    path: '/api/qualita-vita/wizard',
    mode: 'dynamic',
    tag: 'Qualità della vita',
    summary: 'Dove vivere: i comuni più adatti alle preferenze',
    description:
      "Filtra per dimensione del comune e regione, ripesa le dimensioni dell'indice secondo la priorità e tiene conto del budget; ogni risultato spiega perché è adatto.",
    params: [
      {
        name: 'budget',
        in: 'query',
        type: 'string',
        required: true,
        enum: ['basso', 'medio', 'alto'],
        description: 'Budget: basso, medio o alto.',
      },
      {
        name: 'dimensione',
        in: 'query',
        type: 'string',
        required: true,
        enum: ['piccolo', 'medio', 'grande'],
        description: 'piccolo (< 5.000 abitanti), medio (5.000–50.000), grande (> 50.000).',
      },
      {
        name: 'priorita',
        in: 'query',
        type: 'string',
        required: true,
        enum: ['reddito', 'ambiente', 'servizi', 'bilanciato'],
        description: "Dimensione da privilegiare; bilanciato usa i pesi dell'indice.",
      },
      { ...regione, description: 'Regione (facoltativa), come nel filtro di /api/comuni.' },
      limit(10, 50),
    ],
    schema: 'Wizard',
  },
  {
    id: 'qualita.get',
    path: '/api/qualita-vita/{codice_istat}',
    mode: 'file',
    tag: 'Qualità della vita',
    summary: 'Indice di qualità della vita di un comune',
    description:
      'Punteggio totale, posizione nazionale e regionale, punteggio e peso di ogni dimensione, e per ogni indicatore valore, anno, valore normalizzato e fonte.',
    params: [CODICE_ISTAT],
    schema: 'QualitaVita',
    extension: true,
  },
  {
    id: 'confronta',
    path: '/api/confronta',
    mode: 'dynamic',
    tag: 'Confronto',
    summary: 'Confronto fra comuni',
    description:
      "Dati demografici e di reddito di 1–4 comuni affiancati, con le medie nazionali dello stesso anno come riferimento e, in `redditi_confrontabili`, la serie del reddito imponibile medio di ogni anno per i comuni e l'Italia (la sola confrontabile fra anni).",
    params: [
      {
        name: 'comuni',
        in: 'query',
        type: 'string',
        required: true,
        maxLength: 200,
        description: 'Da 1 a 4 codici ISTAT distinti separati da virgole (spazi ammessi).',
      },
      anno('demografia e redditi'),
    ],
    schema: 'Confronto',
  },
  {
    id: 'confronta.national',
    path: '/api/confronta/nazionale-medie',
    mode: 'file',
    tag: 'Confronto',
    summary: 'Medie nazionali',
    description:
      "Medie nazionali degli indicatori confrontati, ciascuna con il metodo di calcolo (totali su totali, ponderata per popolazione) e l'anno.",
    params: [anno('ciascun dominio')],
    schema: 'MedieNazionali',
  },
  {
    id: 'regioni.list',
    path: '/api/regioni',
    mode: 'file',
    tag: 'Territorio',
    summary: 'Elenco delle regioni',
    description: 'Le 20 regioni con codice, ripartizione, numero di comuni e popolazione.',
    params: [],
    schema: 'Regioni',
    extension: true,
  },
  {
    id: 'province.list',
    path: '/api/province',
    mode: 'file',
    tag: 'Territorio',
    summary: 'Elenco delle province',
    description: 'Le 107 province e città metropolitane con sigla, codici, regione e numero di comuni.',
    params: [],
    schema: 'Province',
    extension: true,
  },
  {
    id: 'fonti.list',
    path: '/api/fonti',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Fonti dei dati',
    description: 'Ogni fonte: editore, dataset, annata, licenza, attribuzione, URL ufficiali, note.',
    params: [],
    schema: 'Fonti',
    extension: true,
  },
  {
    id: 'fonti.get',
    path: '/api/fonti/{fonte}',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Una fonte dei dati',
    description: 'Metadati di una fonte.',
    params: [
      {
        name: 'fonte',
        in: 'path',
        type: 'string',
        required: true,
        pattern: '^[a-z0-9-]{1,60}$',
        description: 'Identificativo della fonte (vedi /api/fonti).',
      },
    ],
    schema: 'Fonte',
    extension: true,
  },
  {
    id: 'metodologia',
    path: '/api/metodologia',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Metodologia',
    description:
      "Come sono calcolati i valori derivati: densità, reddito medio, mediana stimata, attribuzione della qualità dell'aria, medie nazionali, indice di qualità della vita.",
    params: [],
    schema: 'Metodologia',
    extension: true,
  },
  {
    id: 'copertura',
    path: '/api/copertura',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Copertura dei dati',
    description: 'Per ogni campo: quanti comuni hanno un valore, da quale fonte e anno.',
    params: [],
    schema: 'Copertura',
    extension: true,
  },
  {
    id: 'status',
    path: '/api/status',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Stato del servizio',
    description:
      'Data della build, annata e data di download di ogni fonte, conteggi, rapporto dei cambiamenti rispetto alla build precedente.',
    params: [],
    schema: 'Status',
    extension: true,
  },
  {
    id: 'openapi',
    path: '/api/openapi.json',
    mode: 'file',
    tag: 'Metadati',
    summary: 'Documento OpenAPI 3.1',
    description: "Questa descrizione dell'API, generata dalla tabella delle rotte e dagli schemi JSON.",
    params: [],
    schema: 'OpenApi',
    extension: true,
  },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

// Checked assignment: every entry above must be a valid RouteSpec.
export const ROUTE_LIST: readonly RouteSpec[] = ROUTES;

export function routeById(id: RouteId): RouteSpec {
  return ROUTE_LIST.find((r) => r.id === id)!;
}

interface CompiledRoute {
  route: RouteSpec;
  regex: RegExp;
  names: string[];
}

// Literal segments win over parameters (/api/comuni/cerca before /api/comuni/{codice_istat}).
const COMPILED: CompiledRoute[] = [...ROUTE_LIST]
  .sort((a, b) => literalWeight(b.path) - literalWeight(a.path))
  .map((route) => {
    const names: string[] = [];
    const source = route.path.replace(/[.]/g, '\\.').replace(/\{([a-z_]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, regex: new RegExp(`^${source}/?$`), names };
  });

function literalWeight(path: string): number {
  return path.split('/').filter((s) => s && !s.startsWith('{')).length * 10 - path.split('{').length;
}

export interface RouteMatch {
  route: RouteSpec;
  pathParams: Record<string, string>;
}

export function matchRoute(pathname: string): RouteMatch | null {
  return (pathname.endsWith('.json') ? matchExact(pathname.slice(0, -'.json'.length)) : null) ?? matchExact(pathname);
}

/**
 * `/api/comuni/058091.json` is the file form of `/api/comuni/058091`: where no file
 * exists (an unknown code), it gets the same answer as the URL without `.json`.
 */
function matchExact(pathname: string): RouteMatch | null {
  for (const { route, regex, names } of COMPILED) {
    const m = regex.exec(pathname);
    if (!m) continue;
    const pathParams: Record<string, string> = {};
    names.forEach((name, i) => {
      pathParams[name] = safeDecode(m[i + 1]!);
    });
    return { route, pathParams };
  }
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
