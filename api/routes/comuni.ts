/** Routes of the comuni: list, search, record, ceased comuni, boundaries. */
import { optional, params, route, string } from '../contract.ts';
import { ceasedList, comuniLists, eachCeasedComune, eachComune } from './files.ts';
import { cap, codiceCatastale, codiceIstat, limit, offset, provincia, regione, unknownComune } from './params.ts';

const NONE = params({});

export const COMUNI_ROUTES = [
  route({
    id: 'comuni.list',
    path: '/api/comuni',
    mode: 'list',
    files: comuniLists,
    tag: 'Comuni',
    summary: 'Elenco dei comuni',
    description:
      'Tutti i comuni in ordine crescente di codice ISTAT, con codice, nome, provincia e regione; filtrabili per regione, provincia, codice catastale o CAP (i filtri si combinano). `codice_catastale` e `cap` sono estensioni alla specifica.',
    request: {
      params: NONE,
      query: params({
        regione: regione(),
        provincia,
        codice_catastale: optional(codiceCatastale),
        cap: optional(cap),
        limit: limit(100, 1000),
        offset,
      }),
    },
    schema: 'ComuniList',
    csv: 'risultati',
  }),
  route({
    id: 'comuni.search',
    path: '/api/comuni/cerca',
    mode: 'dynamic',
    tag: 'Comuni',
    summary: 'Ricerca per nome (autocompletamento)',
    description:
      "Fino a 10 comuni per rilevanza: nome esatto, poi inizio del nome, poi inizio di una parola, poi corrispondenze approssimate (errori di battitura); a parità, i comuni più popolosi. Ignora maiuscole, accenti e apostrofi; riconosce i nomi nell'altra lingua ufficiale (Bozen → Bolzano) e le abbreviazioni comuni seguite dal resto del nome (SS. → Santi, S. → San/Santa/Santo, Sta/Sto, M.te → Monte, C. → Castel, P.to → Porto, B.go → Borgo). `regione` e `provincia` restringono la ricerca (estensione alla specifica): l'ordine e il limite di 10 restano gli stessi.",
    request: {
      params: NONE,
      query: params({
        q: string({ minLength: 2, maxLength: 100, description: 'Testo cercato: almeno 2 caratteri, al massimo 100.' }),
        regione: regione(),
        provincia,
      }),
    },
    schema: 'SearchResults',
    csv: 'risultati',
  }),
  route({
    id: 'comuni.get',
    path: '/api/comuni/{codice_istat}',
    mode: 'file',
    files: eachComune,
    tag: 'Comuni',
    summary: 'Scheda completa di un comune',
    description:
      'Anagrafica completa: nomi, provincia, regione, ripartizione, codici NUTS, CAP, coordinate, superficie, popolazione più recente, contatti del municipio, con la fonte di ogni blocco e i link alle altre risorse.',
    request: { params: params({ codice_istat: codiceIstat }), query: NONE },
    notFound: [unknownComune('/api/comuni/999999')],
    schema: 'Comune',
  }),
  route({
    id: 'comuni.cessati.list',
    path: '/api/comuni/cessati',
    mode: 'list',
    files: ceasedList,
    tag: 'Comuni',
    summary: 'Comuni cessati dal 1991',
    description:
      'Comuni soppressi dal 1° gennaio 1991 (fusioni, incorporazioni), in ordine di codice catastale, con i codici ISTAT avuti e il comune attuale che ne comprende il territorio: serve, ad esempio, a decodificare il luogo di nascita di un codice fiscale. Filtrabili per provincia (alla cessazione) e codice catastale.',
    request: {
      params: NONE,
      query: params({
        provincia,
        codice_catastale: optional(codiceCatastale),
        limit: limit(100, 1000),
        offset,
      }),
    },
    schema: 'CessatiList',
    csv: 'risultati',
    extension: true,
  }),
  route({
    id: 'comuni.cessati.get',
    path: '/api/comuni/cessati/{codice_catastale}',
    mode: 'file',
    files: eachCeasedComune,
    tag: 'Comuni',
    summary: 'Scheda di un comune cessato',
    description:
      'Nomi, codici ISTAT con le date di validità, data di cessazione e successore: il comune attuale, come è stato individuato (gli archivi non hanno una colonna del successore) e la verifica sulla popolazione o sui contribuenti.',
    request: {
      params: params({
        codice_catastale: string({
          pattern: codiceCatastale.pattern,
          description: 'Codice catastale (Belfiore) del comune cessato, es. H329 (Riva Valdobbia).',
        }),
      }),
      query: NONE,
    },
    notFound: [
      { reason: 'nessun comune cessato dal 1991 con quel codice catastale', example: '/api/comuni/cessati/Z999' },
    ],
    schema: 'ComuneCessato',
    extension: true,
  }),
  route({
    id: 'comuni.confini',
    path: '/api/comuni/{codice_istat}/confini',
    mode: 'file',
    files: eachComune,
    tag: 'Comuni',
    summary: 'Confini di un comune (GeoJSON)',
    description:
      'Il contorno del comune al 1° gennaio 2025 come Feature GeoJSON (RFC 7946, WGS84), dai confini generalizzati ISTAT semplificati: adatto a mappe nazionali e regionali, non a misure. Tutti i comuni in un solo file: /dati/confini-comuni-2025.topo.json (TopoJSON quantizzato).',
    request: { params: params({ codice_istat: codiceIstat }), query: NONE },
    notFound: [unknownComune('/api/comuni/999999/confini')],
    schema: 'Confini',
    extension: true,
  }),
] as const;
