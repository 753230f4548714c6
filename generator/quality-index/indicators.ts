import type { Provenance } from '../../data-sources/lib/source.ts';
import type { QualityDimension } from '../../api/runtime-index.ts';
import { DEFAULT_MAX_DISTANCE_KM } from '../join/attribute-air.ts';

export type { QualityDimension };

// The dimensions, their names and weights are defined once in api/ (the wizard reads them too).
export { DIMENSION_NAMES, DIMENSION_WEIGHTS, QUALITY_DIMENSIONS } from '../../api/quality-weights.ts';

export type Direzione = 'maggiore_migliore' | 'minore_migliore';

export interface IndicatorDefinition {
  id: string;
  dimensione: QualityDimension;
  nome: string;
  unita: string;
  direzione: Direzione;
  livello: 'comune' | 'provincia';
  descrizione: string;
  /** Relative weight inside the dimension (default 1); published in the methodology. */
  peso?: number;
  /**
   * Id of the indicator this one stands in for: it counts only for comuni where that one has
   * no value (PM10 and NO2 count where PM2.5 is not attributed).
   */
  sostituto_di?: string;
  /** Theme inside the dimension, where the methodology reports on it separately (air: the missing-data comparison). */
  tema?: 'aria';
}

export interface IndicatorValue {
  valore: number | null;
  anno: number | null;
  fonte: Provenance | null;
  motivo_mancante?: string;
}

export interface QualityInput {
  codice_istat: string;
  /** Region code (ISTAT, e.g. "01"): the regional rank groups on it. */
  regione: string;
  /** Province (sigla): province-level indicators are normalised with one value per province. */
  provincia: string;
  popolazione: number | null;
  contribuenti: number | null;
  indicatori: Record<string, IndicatorValue>;
}

/**
 * The default indicator set, one block per dimension. Ids are fixed: the integration code
 * (quality-inputs.ts) fills values under them. Inside a dimension each indicator weighs 1,
 * except where two indicators measure the same theme and share one unit (land consumption:
 * comune 2015 and provincia 2024; hospitals: beds in the comune and driving time in the
 * province), so no theme counts twice.
 */
const INCOME_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'reddito_medio_euro',
    dimensione: 'reddito',
    nome: 'Reddito medio',
    unita: 'euro per contribuente',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      "Reddito complessivo IRPEF medio per contribuente (reddito complessivo / contribuenti), MEF – Dipartimento delle Finanze, anno d'imposta predefinito.",
  },
  {
    id: 'quota_contribuenti_sotto_10000',
    dimensione: 'reddito',
    nome: 'Contribuenti con reddito fino a 10.000 euro',
    unita: '% dei contribuenti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      'Quota dei contribuenti con reddito complessivo fino a 10.000 euro (scaglioni MEF "minore o uguale a zero" e "da 0 a 10.000"): diffusione dei redditi bassi.',
  },
  {
    id: 'contribuenti_per_abitante',
    dimensione: 'reddito',
    nome: 'Contribuenti per abitante',
    unita: 'contribuenti per abitante',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      'Contribuenti IRPEF diviso residenti: quota della popolazione con un reddito dichiarato (lavoro, pensione, altro).',
  },
];

/** Air: PM2.5 where attributed, otherwise PM10 and NO2 (same weight in total); ozone; land. */
const ENVIRONMENT_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'pm25_ug_m3',
    dimensione: 'ambiente',
    tema: 'aria',
    nome: 'PM2.5, media annua',
    unita: 'µg/m³',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: `Media annua di PM2.5 delle stazioni ISPRA nel comune o, in mancanza, della stazione valida più vicina entro ${DEFAULT_MAX_DISTANCE_KM} km (attribuzione descritta nella metodologia della qualità dell'aria): l'inquinante con le prove più solide di danno alla salute. Dove è attribuito sostituisce PM10 e NO2.`,
  },
  {
    id: 'pm10_ug_m3',
    dimensione: 'ambiente',
    tema: 'aria',
    nome: 'PM10, media annua',
    unita: 'µg/m³',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      "Media annua di PM10 delle stazioni ISPRA, attribuita come il PM2.5. Conta solo dove il PM2.5 manca, insieme all'NO2, con metà del peso del PM2.5 ciascuno.",
    peso: 0.5,
    sostituto_di: 'pm25_ug_m3',
  },
  {
    id: 'no2_ug_m3',
    dimensione: 'ambiente',
    tema: 'aria',
    nome: 'NO2, media annua',
    unita: 'µg/m³',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      'Media annua di biossido di azoto delle stazioni ISPRA, attribuita come il PM2.5. Conta solo dove il PM2.5 manca, insieme al PM10, con metà del peso del PM2.5 ciascuno.',
    peso: 0.5,
    sostituto_di: 'pm25_ug_m3',
  },
  {
    id: 'o3_giorni_mm8_over_120',
    dimensione: 'ambiente',
    tema: 'aria',
    nome: "Ozono, giorni oltre l'obiettivo a lungo termine",
    unita: 'giorni',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      "Giorni in cui la media mobile massima giornaliera su 8 ore dell'ozono ha superato 120 µg/m³ (obiettivo a lungo termine per la salute, ISPRA), stazioni attribuite come il PM2.5. Peso 0,5: l'ozono è un inquinante regionale ed estivo, con effetti a lungo termine meno documentati di quelli del particolato.",
    peso: 0.5,
  },
  {
    id: 'suolo_consumato_m2_per_abitante',
    dimensione: 'ambiente',
    nome: 'Suolo consumato pro capite',
    unita: 'm² per abitante',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      'Suolo consumato per abitante, ISPRA 2015 tramite Urban Index (DIPE): indicatore più vecchio, accanto al dato 2024 in percentuale.',
    peso: 0.5,
  },
  {
    id: 'suolo_consumato_percentuale',
    dimensione: 'ambiente',
    nome: 'Suolo consumato',
    unita: '% della superficie comunale',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Percentuale di suolo consumato sulla superficie del comune, ISPRA 2024 (dato comunale).',
    peso: 0.5,
  },
];

const SERVICES_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'scuole_per_1000_abitanti',
    dimensione: 'servizi',
    nome: 'Scuole statali',
    unita: 'scuole ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      "Scuole statali di ogni livello (infanzia, primaria, secondaria di primo e secondo grado) ogni 1.000 abitanti, anagrafe MIM 2025/26; nessun valore per Valle d'Aosta e Trentino-Alto Adige, che l'anagrafe statale non comprende.",
  },
  {
    id: 'famiglie_ftth_percentuale',
    dimensione: 'servizi',
    nome: 'Famiglie raggiunte dalla fibra (FTTH)',
    unita: '% delle famiglie',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      'Quota delle famiglie residenti raggiunte dalla fibra fino a casa (FTTH), come pubblicata da AGCOM per comune (Broadband Map, 2026, primo semestre).',
  },
  {
    id: 'tempo_polo_servizi_minuti',
    dimensione: 'servizi',
    nome: 'Tempo dal polo di servizi',
    unita: 'minuti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      'Tempo medio di percorrenza stradale verso il polo più vicino che offre istruzione secondaria, ospedale con DEA e stazione ferroviaria (ISTAT, Mappa Aree Interne 2020); 0 per i poli.',
  },
  {
    id: 'farmacie_per_1000_abitanti',
    dimensione: 'servizi',
    nome: 'Farmacie',
    unita: 'farmacie ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Farmacie ordinarie ogni 1.000 abitanti (Urban Index DIPE, 2011).',
  },
  {
    id: 'posti_letto_ospedalieri_per_1000_abitanti',
    dimensione: 'servizi',
    nome: 'Posti letto ospedalieri',
    unita: 'posti letto ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      "Posti letto ordinari degli ospedali situati nel comune ogni 1.000 abitanti (Urban Index DIPE, 2011); 0 dove nel comune non c'è un ospedale.",
    peso: 0.5,
  },
  {
    id: 'popolazione_esclusa_banda_larga_pct',
    dimensione: 'servizi',
    nome: 'Popolazione senza banda larga',
    unita: '% della popolazione',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Quota della popolazione esclusa dalla banda larga da rete fissa e mobile (Urban Index DIPE, 2013).',
  },
  {
    id: 'tempo_ospedale_provincia_minuti',
    dimensione: 'servizi',
    nome: "Tempo di guida verso l'ospedale",
    unita: 'minuti',
    direzione: 'minore_migliore',
    livello: 'provincia',
    descrizione:
      "Tempo di guida verso l'ospedale più vicino per la popolazione della provincia (Eurostat GISCO, rete stradale 2023; dato provinciale).",
    peso: 0.5,
  },
];

/** DEMOGRAPHIC DIMENSION (its inputs: the demographic part of ../quality-inputs.ts). */
const DEMOGRAPHIC_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'tasso_natalita_per_1000',
    dimensione: 'demografia',
    nome: 'Natalità',
    unita: 'nati vivi ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      "Nati vivi nel 2025 ogni 1.000 abitanti (bilancio demografico ISTAT 2025, provvisorio; popolazione media dell'anno). Peso 0,5: con la mortalità forma il saldo naturale, che così non è contato due volte.",
    peso: 0.5,
  },
  {
    id: 'tasso_mortalita_per_1000',
    dimensione: 'demografia',
    nome: 'Mortalità',
    unita: 'morti ogni 1.000 abitanti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione:
      "Morti nel 2025 ogni 1.000 abitanti (bilancio demografico ISTAT 2025, provvisorio): riflette soprattutto l'età della popolazione. Peso 0,5, come la natalità.",
    peso: 0.5,
  },
  {
    id: 'tasso_migratorio_per_1000',
    dimensione: 'demografia',
    nome: 'Saldo migratorio',
    unita: 'saldo ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      "Iscritti meno cancellati da e per altri comuni e l'estero nel 2025 ogni 1.000 abitanti (bilancio ISTAT 2025, provvisorio): quanto il comune attrae residenti.",
  },
  {
    id: 'variazione_popolazione_lungo_periodo_pct',
    dimensione: 'demografia',
    nome: 'Variazione della popolazione nel lungo periodo',
    unita: '% nel periodo',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione:
      'Variazione percentuale della popolazione ufficiale ISTAT dal 1° gennaio 2018 (o dal primo anno del comune) al 1° gennaio 2025, sul codice attuale del comune; mai su conteggi anagrafici ANPR.',
  },
];

const SAFETY_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'delitti_per_1000_abitanti_provincia',
    dimensione: 'sicurezza',
    nome: 'Delitti denunciati',
    unita: 'delitti ogni 1.000 abitanti',
    direzione: 'minore_migliore',
    livello: 'provincia',
    descrizione:
      "Delitti denunciati dalle forze di polizia all'autorità giudiziaria ogni 1.000 abitanti della provincia, anno più recente disponibile (dato provinciale: stesso valore per tutti i comuni della provincia).",
  },
];

export const QUALITY_INDICATORS: IndicatorDefinition[] = [
  ...INCOME_INDICATORS,
  ...ENVIRONMENT_INDICATORS,
  ...SERVICES_INDICATORS,
  ...DEMOGRAPHIC_INDICATORS,
  ...SAFETY_INDICATORS,
];

/**
 * Province-level indicators carry the same value for every comune of a province, so they
 * cannot tell its comuni apart. In a dimension that also has comune-level indicators they
 * weigh together at most this share of the weight available to a comune.
 */
export const PROVINCIAL_SHARE_MAX = 0.2;
