/** Routes of comparison, territory and metadata. */
import { params, route, string } from '../contract.ts';
import { eachSource, nationalYears, oneFile } from './files.ts';
import { anno, unknownYear } from './params.ts';

const NONE = params({});
const DOCUMENT = { params: NONE, query: NONE };

export const META_ROUTES = [
  route({
    id: 'confronta',
    path: '/api/confronta',
    mode: 'dynamic',
    tag: 'Confronto',
    summary: 'Confronto fra comuni',
    description:
      "Dati demografici e di reddito di 1–4 comuni affiancati, con le medie nazionali dello stesso anno come riferimento e, in `redditi_confrontabili`, la serie del reddito imponibile medio di ogni anno per i comuni e l'Italia (la sola confrontabile fra anni).",
    request: {
      params: NONE,
      query: params({
        comuni: string({
          maxLength: 200,
          description: 'Da 1 a 4 codici ISTAT distinti separati da virgole (spazi ammessi).',
        }),
        anno: anno('demografia e redditi'),
      }),
    },
    notFound: [
      { reason: 'uno o più codici ISTAT sconosciuti', example: '/api/confronta?comuni=058091,999999' },
      unknownYear('/api/confronta?comuni=058091,015146&anno=1901'),
    ],
    schema: 'Confronto',
    csv: 'comuni',
  }),
  route({
    id: 'confronta.national',
    path: '/api/confronta/nazionale-medie',
    mode: 'file',
    files: nationalYears,
    tag: 'Confronto',
    summary: 'Medie nazionali',
    description:
      "Medie nazionali degli indicatori confrontati, ciascuna con il metodo di calcolo (totali su totali, ponderata per popolazione) e l'anno.",
    request: { params: NONE, query: params({ anno: anno('ciascun dominio') }) },
    notFound: [unknownYear('/api/confronta/nazionale-medie?anno=1901')],
    schema: 'MedieNazionali',
  }),
  route({
    id: 'regioni.list',
    path: '/api/regioni',
    mode: 'file',
    files: oneFile,
    tag: 'Territorio',
    summary: 'Elenco delle regioni',
    description: 'Le 20 regioni con codice, ripartizione, numero di comuni e popolazione.',
    request: DOCUMENT,
    schema: 'Regioni',
    extension: true,
  }),
  route({
    id: 'province.list',
    path: '/api/province',
    mode: 'file',
    files: oneFile,
    tag: 'Territorio',
    summary: 'Elenco delle province',
    description: 'Le 107 province e città metropolitane con sigla, codici, regione e numero di comuni.',
    request: DOCUMENT,
    schema: 'Province',
    extension: true,
  }),
  route({
    id: 'fonti.list',
    path: '/api/fonti',
    mode: 'file',
    files: oneFile,
    tag: 'Metadati',
    summary: 'Fonti dei dati',
    description: 'Ogni fonte: editore, dataset, annata, licenza, attribuzione, URL ufficiali, note.',
    request: DOCUMENT,
    schema: 'Fonti',
    extension: true,
  }),
  route({
    id: 'fonti.get',
    path: '/api/fonti/{fonte}',
    mode: 'file',
    files: eachSource,
    tag: 'Metadati',
    summary: 'Una fonte dei dati',
    description: 'Metadati di una fonte.',
    request: {
      params: params({
        fonte: string({ pattern: '^[a-z0-9-]{1,60}$', description: 'Identificativo della fonte (vedi /api/fonti).' }),
      }),
      query: NONE,
    },
    notFound: [{ reason: "nessuna fonte con quell'identificativo", example: '/api/fonti/fonte-inesistente' }],
    schema: 'Fonte',
    extension: true,
  }),
  route({
    id: 'metodologia',
    path: '/api/metodologia',
    mode: 'file',
    files: oneFile,
    tag: 'Metadati',
    summary: 'Metodologia',
    description:
      "Come sono calcolati i valori derivati: densità, reddito medio, mediana stimata, attribuzione della qualità dell'aria, medie nazionali, indice di qualità della vita.",
    request: DOCUMENT,
    schema: 'Metodologia',
    extension: true,
  }),
  route({
    id: 'copertura',
    path: '/api/copertura',
    mode: 'file',
    files: oneFile,
    tag: 'Metadati',
    summary: 'Copertura dei dati',
    description: 'Per ogni campo: quanti comuni hanno un valore, da quale fonte e anno.',
    request: DOCUMENT,
    schema: 'Copertura',
    extension: true,
  }),
  route({
    id: 'status',
    path: '/api/status',
    mode: 'file',
    files: oneFile,
    tag: 'Metadati',
    summary: 'Stato del servizio',
    description:
      'Data della build, annata e data di download di ogni fonte, conteggi, rapporto dei cambiamenti rispetto alla build precedente.',
    request: DOCUMENT,
    schema: 'Status',
    extension: true,
  }),
  route({
    id: 'openapi',
    path: '/api/openapi.json',
    mode: 'file',
    files: oneFile,
    tag: 'Metadati',
    summary: 'Documento OpenAPI 3.1',
    description: "Questa descrizione dell'API, generata dalla tabella delle rotte e dagli schemi JSON.",
    request: DOCUMENT,
    schema: 'OpenApi',
    extension: true,
  }),
] as const;
