/** Routes of the data domains: demography, income, environment, quality of life. */
import { optional, params, route, stringEnum } from '../contract.ts';
import { eachComune, qualityRankings, rankings, SOIL_RANKINGS } from './files.ts';
import { FILTER_DESCRIPTIONS, LITORANEO, URBANIZZAZIONE, ZONE } from '../wizard-filters.ts';
import {
  anno,
  codiceIstat,
  limit,
  maxPop,
  minPop,
  offset,
  ordine,
  regione,
  unknownComune,
  unknownYear,
} from './params.ts';

const NONE = params({});
const COMUNE = params({ codice_istat: codiceIstat });

export const DOMAIN_ROUTES = [
  route({
    id: 'demografia.get',
    path: '/api/demografia/{codice_istat}',
    mode: 'file',
    files: eachComune,
    tag: 'Demografia',
    summary: 'Dati demografici di un comune',
    description:
      "Popolazione ufficiale ISTAT (totale, maschi, femmine), nati, morti, bilancio demografico per sesso, tassi per 1.000 abitanti e densità per l'anno scelto (predefinito: il più recente con tutti questi valori per ogni comune), con la serie storica. " +
      "Il conteggio anagrafico ANPR è servito accanto (`anagrafe`, con il mese), mai al posto della popolazione ufficiale; gli anni senza dato ISTAT sono lacune (`lacune_serie_ufficiale`). `anno` = anno successivo all'ultimo bilancio: popolazione al 31 dicembre, provvisoria. I valori che nessuna fonte fornisce sono null, con il motivo.",
    request: { params: COMUNE, query: params({ anno: anno('la demografia') }) },
    notFound: [unknownComune('/api/demografia/999999?anno=2025'), unknownYear('/api/demografia/058091?anno=1901')],
    schema: 'Demografia',
  }),
  route({
    id: 'demografia.ranking',
    path: '/api/demografia/classifica/{indicatore}',
    mode: 'list',
    files: rankings('indicatore', { popolazione: 'popolazione', densita: 'densita' }, 'ordine'),
    tag: 'Demografia',
    summary: 'Classifica dei comuni per popolazione o densità',
    description:
      "Comuni ordinati per popolazione ufficiale ISTAT o densità dell'anno demografico predefinito (detto in `anno`); a parità di valore, codice ISTAT crescente.",
    request: {
      params: params({
        indicatore: stringEnum(['popolazione', 'densita'], {
          description: 'popolazione (residenti) o densita (abitanti per km²).',
        }),
      }),
      query: params({ ordine: ordine('ordine', 'desc'), limit: limit(50, 500), offset }),
    },
    schema: 'Classifica',
    csv: 'risultati',
  }),
  route({
    id: 'redditi.get',
    path: '/api/redditi/{codice_istat}',
    mode: 'file',
    files: eachComune,
    tag: 'Redditi',
    summary: 'Redditi IRPEF di un comune',
    description:
      "Contribuenti, reddito complessivo, reddito medio (dove il totale è noto; altrimenti i suoi limiti certi), reddito imponibile medio (noto ogni anno: la serie confrontabile fra anni), mediana stimata dagli scaglioni, scaglioni di reddito, imponibile e imposte per l'anno d'imposta scelto, con la serie storica di tutti gli anni.",
    request: { params: COMUNE, query: params({ anno: anno("i redditi (anno d'imposta)") }) },
    notFound: [unknownComune('/api/redditi/999999?anno=2022'), unknownYear('/api/redditi/015146?anno=1901')],
    schema: 'Redditi',
  }),
  route({
    id: 'redditi.ranking',
    path: '/api/redditi/classifica/{indicatore}',
    mode: 'list',
    files: rankings(
      'indicatore',
      { reddito: 'reddito', contribuenti: 'contribuenti', reddito_imponibile: 'reddito_imponibile' },
      'ordine',
    ),
    tag: 'Redditi',
    summary: 'Classifica dei comuni per reddito medio o contribuenti',
    description:
      "Comuni ordinati per reddito complessivo medio per contribuente, reddito imponibile medio o numero di contribuenti, nell'anno d'imposta `anno` (predefinito: il più recente completo). " +
      'Prima del 2023 il reddito complessivo medio è noto solo per i comuni senza scaglioni oscurati (gli altri sono esclusi, e la risposta dice quanti): per confrontare tutti i comuni in un anno qualsiasi usare reddito_imponibile. ' +
      "I comuni con meno di 100 contribuenti restano in classifica segnalati con l'avviso pochi_contribuenti. `offset`, `anno` e reddito_imponibile sono estensioni alla specifica.",
    request: {
      params: params({
        indicatore: stringEnum(['reddito', 'contribuenti', 'reddito_imponibile'], {
          description:
            'reddito (reddito complessivo medio per contribuente, euro), contribuenti (numero) o reddito_imponibile (reddito imponibile medio per contribuente, euro: noto per ogni comune e anno).',
        }),
      }),
      query: params({
        anno: anno("i redditi (anno d'imposta)"),
        ordine: ordine('ordine', 'desc'),
        limit: limit(50, 500),
        offset,
      }),
    },
    notFound: [unknownYear('/api/redditi/classifica/reddito_imponibile?anno=1901&ordine=asc&limit=3&offset=10')],
    schema: 'Classifica',
    csv: 'risultati',
  }),
  route({
    id: 'ambiente.get',
    path: '/api/ambiente/{codice_istat}',
    mode: 'file',
    files: eachComune,
    tag: 'Ambiente',
    summary: "Qualità dell'aria e consumo di suolo di un comune",
    description:
      'PM10, PM2.5, NO2 e ozono (media annua, con stazioni e metodo di attribuzione) e consumo di suolo, ciascuno con livello territoriale, anno e fonte.',
    request: { params: COMUNE, query: NONE },
    notFound: [unknownComune('/api/ambiente/999999')],
    schema: 'Ambiente',
  }),
  route({
    id: 'ambiente.air.ranking',
    path: '/api/ambiente/aria/classifica',
    mode: 'list',
    files: rankings('indicatore', { pm10: 'pm10', pm25: 'pm25', no2: 'no2', o3: 'o3' }, 'order'),
    tag: 'Ambiente',
    summary: "Classifica dei comuni per qualità dell'aria",
    description:
      "Comuni ordinati per inquinante (anno predefinito), dal valore più basso per default: media annua per PM10, PM2.5 e NO2; per l'ozono (estensione) i giorni di superamento dell'obiettivo a lungo termine (media massima giornaliera su 8 ore oltre 120 µg/m³), la misura rilevante per la salute; la media annua dell'ozono è nella scheda del comune. Sono inclusi solo i comuni con un valore misurato o attribuito; la risposta dice quanti sono esclusi.",
    request: {
      params: NONE,
      query: params({
        indicatore: stringEnum(['pm10', 'pm25', 'no2', 'o3'], {
          default: 'pm10',
          description:
            'pm10, pm25 o no2 (media annua, µg/m³) oppure o3 (estensione: giorni con media su 8 ore oltre 120 µg/m³); predefinito pm10.',
        }),
        order: ordine('order', 'asc'),
        limit: limit(50, 500),
        offset,
      }),
    },
    schema: 'Classifica',
    csv: 'risultati',
  }),
  route({
    id: 'ambiente.soil.ranking',
    path: '/api/ambiente/suolo/classifica',
    mode: 'list',
    files: rankings('indicatore', SOIL_RANKINGS, 'order'),
    tag: 'Ambiente',
    summary: 'Classifica dei comuni per consumo di suolo',
    description:
      'Comuni ordinati per suolo consumato nel 2024 in percentuale della superficie comunale (ISPRA); con `indicatore=pro_capite` (estensione) per suolo consumato per abitante, indicatore più vecchio (ISPRA 2015 tramite Urban Index).',
    request: {
      params: NONE,
      query: params({
        indicatore: stringEnum(['percentuale', 'pro_capite'], {
          default: 'percentuale',
          description:
            'Estensione: percentuale (predefinito, % della superficie comunale consumata, 2024) o pro_capite (m² per abitante, 2015).',
        }),
        order: ordine('order', 'desc'),
        limit: limit(50, 500),
        offset,
      }),
    },
    schema: 'Classifica',
    csv: 'risultati',
  }),
  route({
    id: 'qualita.ranking',
    path: '/api/qualita-vita/classifica',
    mode: 'list',
    files: qualityRankings,
    tag: 'Qualità della vita',
    summary: 'Classifica per indice di qualità della vita',
    description: 'Comuni in ordine decrescente di indice composito (0–100), filtrabili per regione e popolazione.',
    request: {
      params: NONE,
      query: params({ limit: limit(50, 500), offset, regione: regione(), min_pop: minPop, max_pop: maxPop }),
    },
    schema: 'ClassificaQualita',
    csv: 'risultati',
  }),
  route({
    id: 'qualita.wizard',
    path: '/api/qualita-vita/wizard',
    mode: 'dynamic',
    tag: 'Qualità della vita',
    summary: 'Dove vivere: i comuni più adatti alle preferenze',
    description:
      "Filtra per dimensione del comune e regione, ripesa le dimensioni dell'indice secondo la priorità e tiene conto del budget; ogni risultato spiega perché è adatto.",
    request: {
      params: NONE,
      query: params({
        budget: stringEnum(['basso', 'medio', 'alto'], { description: 'Budget: basso, medio o alto.' }),
        dimensione: stringEnum(['piccolo', 'medio', 'grande'], {
          description: 'piccolo (< 5.000 abitanti), medio (5.000–50.000), grande (> 50.000).',
        }),
        priorita: stringEnum(['reddito', 'ambiente', 'servizi', 'bilanciato'], {
          description: "Dimensione da privilegiare; bilanciato usa i pesi dell'indice.",
        }),
        regione: regione('Regione (facoltativa), come nel filtro di /api/comuni.'),
        zona: optional(stringEnum(ZONE, { description: FILTER_DESCRIPTIONS.zona })),
        litoraneo: optional(stringEnum(LITORANEO, { description: FILTER_DESCRIPTIONS.litoraneo })),
        urbanizzazione: optional(stringEnum(URBANIZZAZIONE, { description: FILTER_DESCRIPTIONS.urbanizzazione })),
        limit: limit(10, 50),
      }),
    },
    schema: 'Wizard',
    csv: 'risultati',
  }),
  route({
    id: 'qualita.get',
    path: '/api/qualita-vita/{codice_istat}',
    mode: 'file',
    files: eachComune,
    tag: 'Qualità della vita',
    summary: 'Indice di qualità della vita di un comune',
    description:
      'Punteggio totale, posizione nazionale e regionale, punteggio e peso di ogni dimensione, e per ogni indicatore valore, anno, valore normalizzato e fonte.',
    request: { params: COMUNE, query: NONE },
    notFound: [unknownComune('/api/qualita-vita/999999')],
    schema: 'QualitaVita',
    extension: true,
  }),
] as const;
