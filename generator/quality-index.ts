/**
 * The quality-of-life index: a transparent composite of five dimensions with the weights of
 * SPEC.md (reddito 30%, ambiente 25%, servizi 20%, demografia 15%, sicurezza 10%).
 *
 * Pure (no I/O). The lead's integration code supplies, per comune, the raw value, year and
 * provenance of each indicator under the ids of QUALITY_INDICATORS; this module:
 * 1. normalises each indicator to 0–100 by min–max between its 5th and 95th percentile over the
 *    comuni that have it (values outside are clipped), in the indicator's direction;
 * 2. averages the available indicators of a dimension (weights re-proportioned, coverage reported);
 * 3. averages the available dimensions with the index weights re-proportioned (a dimension
 *    without data is reported as such; missing is never 0 or 100);
 * 4. ranks (score desc, codice_istat asc), flags unreliable cases, measures how the top 100
 *    reacts to ±5 points on each weight, and writes the methodology with every parameter used.
 * Every published level is computed from the rounded values of the level below, as published,
 * so anyone can recompute a score from /api/qualita-vita/{codice} and /api/metodologia.
 */
import type { Provenance } from '../data-sources/lib/source.ts';
import type { QualityColumns, QualityDimension } from '../api/runtime-index.ts';
import type { MetodologiaQualita, QualitaVita, Sensibilita } from '../api/schemas/qualita.ts';
import { BUDGET_MODEL, METODOLOGIA_LINK, wizardMethodology } from '../api/wizard.ts';
import { formatInteger, round } from '../api/numbers.ts';
import { DEFAULT_MAX_DISTANCE_KM } from './attribute-air.ts';

export type { QualityDimension };

export const QUALITY_DIMENSIONS: readonly QualityDimension[] = ['reddito', 'ambiente', 'servizi', 'demografia', 'sicurezza'];

export const DIMENSION_NAMES: Readonly<Record<QualityDimension, string>> = {
  reddito: 'Reddito',
  ambiente: 'Ambiente',
  servizi: 'Servizi',
  demografia: 'Demografia',
  sicurezza: 'Sicurezza',
};

/** SPEC.md: income 30%, environment 25%, services 20%, demographics 15%, safety 10%. */
export const DIMENSION_WEIGHTS: Readonly<Record<QualityDimension, number>> = {
  reddito: 0.3,
  ambiente: 0.25,
  servizi: 0.2,
  demografia: 0.15,
  sicurezza: 0.1,
};

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
  popolazione: number | null;
  contribuenti: number | null;
  indicatori: Record<string, IndicatorValue>;
}

/**
 * The default indicator set. Ids are fixed: the integration code fills values under them.
 * Inside a dimension each indicator weighs 1, except where two indicators measure the same
 * theme and share one unit (land consumption: comune 2015 and provincia 2024; hospitals:
 * beds in the comune and driving time in the province), so no theme counts twice.
 */
export const QUALITY_INDICATORS: IndicatorDefinition[] = [
  {
    id: 'reddito_medio_euro',
    dimensione: 'reddito',
    nome: 'Reddito medio',
    unita: 'euro per contribuente',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Reddito complessivo IRPEF medio per contribuente (reddito complessivo / contribuenti), MEF – Dipartimento delle Finanze, anno d\'imposta predefinito.',
  },
  {
    id: 'quota_contribuenti_sotto_10000',
    dimensione: 'reddito',
    nome: 'Contribuenti con reddito fino a 10.000 euro',
    unita: '% dei contribuenti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Quota dei contribuenti con reddito complessivo fino a 10.000 euro (scaglioni MEF "minore o uguale a zero" e "da 0 a 10.000"): diffusione dei redditi bassi.',
  },
  {
    id: 'contribuenti_per_abitante',
    dimensione: 'reddito',
    nome: 'Contribuenti per abitante',
    unita: 'contribuenti per abitante',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Contribuenti IRPEF diviso residenti: quota della popolazione con un reddito dichiarato (lavoro, pensione, altro).',
  },
  {
    id: 'pm10_ug_m3',
    dimensione: 'ambiente',
    nome: 'PM10, media annua',
    unita: 'µg/m³',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: `Media annua di PM10 delle stazioni ISPRA nel comune o, in mancanza, della stazione valida più vicina entro ${DEFAULT_MAX_DISTANCE_KM} km (attribuzione descritta nella metodologia della qualità dell'aria).`,
  },
  {
    id: 'no2_ug_m3',
    dimensione: 'ambiente',
    nome: 'NO2, media annua',
    unita: 'µg/m³',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Media annua di biossido di azoto delle stazioni ISPRA, attribuita come il PM10.',
  },
  {
    id: 'suolo_consumato_m2_per_abitante',
    dimensione: 'ambiente',
    nome: 'Suolo consumato pro capite',
    unita: 'm² per abitante',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Suolo consumato per abitante, ISPRA 2015 tramite Urban Index (DIPE): l\'unico dato di consumo di suolo per comune.',
    peso: 0.5,
  },
  {
    id: 'suolo_consumato_percentuale_provincia',
    dimensione: 'ambiente',
    nome: 'Suolo consumato nella provincia',
    unita: '% della superficie provinciale',
    direzione: 'minore_migliore',
    livello: 'provincia',
    descrizione: 'Percentuale di suolo consumato sulla superficie della provincia, ISPRA (dato provinciale: stesso valore per tutti i comuni della provincia).',
    peso: 0.5,
  },
  {
    id: 'tempo_polo_servizi_minuti',
    dimensione: 'servizi',
    nome: 'Tempo dal polo di servizi',
    unita: 'minuti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Tempo medio di percorrenza stradale verso il polo più vicino che offre istruzione secondaria, ospedale con DEA e stazione ferroviaria (ISTAT, Mappa Aree Interne 2020); 0 per i poli.',
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
    descrizione: 'Posti letto ordinari degli ospedali situati nel comune ogni 1.000 abitanti (Urban Index DIPE, 2011); 0 dove nel comune non c\'è un ospedale.',
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
    nome: 'Tempo di guida verso l\'ospedale',
    unita: 'minuti',
    direzione: 'minore_migliore',
    livello: 'provincia',
    descrizione: 'Tempo di guida verso l\'ospedale più vicino per la popolazione della provincia (Eurostat GISCO, rete stradale 2023; dato provinciale).',
    peso: 0.5,
  },
  {
    id: 'tasso_natalita_per_1000',
    dimensione: 'demografia',
    nome: 'Natalità',
    unita: 'nati vivi ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Nati vivi nel 2025 ogni 1.000 abitanti (bilancio demografico ISTAT 2025, provvisorio; popolazione media dell\'anno). Peso 0,5: con la mortalità forma il saldo naturale, che così non è contato due volte.',
    peso: 0.5,
  },
  {
    id: 'tasso_mortalita_per_1000',
    dimensione: 'demografia',
    nome: 'Mortalità',
    unita: 'morti ogni 1.000 abitanti',
    direzione: 'minore_migliore',
    livello: 'comune',
    descrizione: 'Morti nel 2025 ogni 1.000 abitanti (bilancio demografico ISTAT 2025, provvisorio): riflette soprattutto l\'età della popolazione. Peso 0,5, come la natalità.',
    peso: 0.5,
  },
  {
    id: 'tasso_migratorio_per_1000',
    dimensione: 'demografia',
    nome: 'Saldo migratorio',
    unita: 'saldo ogni 1.000 abitanti',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Iscritti meno cancellati da e per altri comuni e l\'estero nel 2025 ogni 1.000 abitanti (bilancio ISTAT 2025, provvisorio): quanto il comune attrae residenti.',
  },
  {
    id: 'variazione_popolazione_lungo_periodo_pct',
    dimensione: 'demografia',
    nome: 'Variazione della popolazione nel lungo periodo',
    unita: '% nel periodo',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: 'Variazione percentuale della popolazione ufficiale ISTAT dal 1° gennaio 2018 (o dal primo anno del comune) al 1° gennaio 2025, sul codice attuale del comune; mai su conteggi anagrafici ANPR.',
  },
  {
    id: 'delitti_per_1000_abitanti_provincia',
    dimensione: 'sicurezza',
    nome: 'Delitti denunciati',
    unita: 'delitti ogni 1.000 abitanti',
    direzione: 'minore_migliore',
    livello: 'provincia',
    descrizione: 'Delitti denunciati dalle forze di polizia all\'autorità giudiziaria ogni 1.000 abitanti della provincia, anno più recente disponibile (dato provinciale: stesso valore per tutti i comuni della provincia).',
  },
];

/** Clip percentiles of the normalisation (percent). */
export const CLIP_PERCENTILES = { basso: 5, alto: 95 } as const;

/**
 * Below this many IRPEF taxpayers the income figures of a comune rest on a handful of
 * returns: one income of 1 million euro moves the average by 10,000 euro or more, i.e. by
 * an amount of the order of the average itself, so the reddito dimension is flagged as unreliable.
 */
export const FEW_TAXPAYERS_THRESHOLD = 100;

export type QualityFlagCode = 'pochi_contribuenti' | 'dimensioni_senza_dati';

export const QUALITY_FLAGS: Readonly<Record<QualityFlagCode, { descrizione: string; soglia: number | null }>> = {
  pochi_contribuenti: {
    descrizione: `Meno di ${FEW_TAXPAYERS_THRESHOLD} contribuenti IRPEF: reddito medio e quote di reddito dipendono da poche dichiarazioni (un solo reddito di 1 milione di euro sposta la media di almeno ${formatInteger(1_000_000 / FEW_TAXPAYERS_THRESHOLD)} euro), la dimensione reddito è poco affidabile.`,
    soglia: FEW_TAXPAYERS_THRESHOLD,
  },
  dimensioni_senza_dati: {
    descrizione: 'Almeno una dimensione non ha alcun indicatore per il comune: il totale è calcolato sulle altre, con i pesi riproporzionati.',
    soglia: null,
  },
};

export const SENSITIVITY_POINTS = 5;
export const SENSITIVITY_TOP = 100;

export interface NormalisationParams {
  id: string;
  dimensione: QualityDimension;
  direzione: Direzione;
  livello: 'comune' | 'provincia';
  metodo: 'min_max_percentili' | 'min_max' | 'costante' | 'nessun_dato';
  n_valori: number;
  percentile_basso: number;
  percentile_alto: number;
  /** Lower bound used (the value at percentile_basso, or the minimum for metodo min_max). */
  valore_basso: number | null;
  /** Upper bound used. */
  valore_alto: number | null;
  minimo: number | null;
  massimo: number | null;
}

export interface IndicatorScore {
  id: string;
  valore: number | null;
  anno: number | null;
  fonte: Provenance | null;
  normalizzato: number | null;
  /** Effective weight in the dimension for this comune (0 when missing), 4 decimals. */
  peso_nella_dimensione: number;
  motivo_mancante: string | null;
}

export interface DimensionScore {
  punteggio: number | null;
  peso_nominale: number;
  peso_effettivo: number;
  copertura: { disponibili: number; definiti: number; quota: number; quota_peso: number };
  motivo_mancante: string | null;
  indicatori: IndicatorScore[];
}

export interface QualityFlag {
  codice: QualityFlagCode;
  descrizione: string;
}

export interface ComuneQuality {
  codice_istat: string;
  regione: string;
  popolazione: number | null;
  contribuenti: number | null;
  /** The wizard's budget proxy (BUDGET_MODEL.indicatore), kept whether or not it is an index indicator. */
  reddito_medio_euro: number | null;
  punteggio: number | null;
  posizione_nazionale: number | null;
  posizione_regionale: number | null;
  dimensioni: Record<QualityDimension, DimensionScore>;
  avvisi: QualityFlag[];
}

export type SensitivityResult = Sensibilita;

export interface QualityResult {
  pesi: Record<QualityDimension, number>;
  definizioni: IndicatorDefinition[];
  /** Same order as the inputs. */
  comuni: ComuneQuality[];
  classificati: number;
  classificati_per_regione: Record<string, number>;
  normalizzazione: NormalisationParams[];
  mediane_dimensioni: Record<QualityDimension, number | null>;
  soglie_budget: QualityColumns['soglie_budget'] | null;
  sensibilita: SensitivityResult | null;
  metodologia: MetodologiaQualita;
}

export interface QualityOptions {
  /** Compute the ±5-point sensitivity of the top 100 (default true). */
  sensibilita?: boolean;
}

const MOTIVO_NON_FORNITO = 'Indicatore non disponibile per questo comune nelle fonti.';
const MOTIVO_COSTANTE = 'L\'indicatore ha lo stesso valore per tutti i comuni: non distingue e non entra nel punteggio.';
const MOTIVO_DIMENSIONE = 'Nessun indicatore della dimensione ha un valore per questo comune: la dimensione è esclusa e i pesi delle altre sono riproporzionati.';
const MOTIVO_TOTALE = 'Nessuna dimensione dell\'indice ha dati per questo comune: il punteggio non è calcolato e il comune non è in classifica.';

/** Percentile of type 7 (Hyndman & Fan; R, NumPy and PERCENTILE.INC default): linear interpolation at (n − 1)·p. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('quantile of an empty list');
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Normalisation bounds of one indicator from the values of the comuni that have it. */
export function normalisationParams(def: IndicatorDefinition, values: readonly number[]): NormalisationParams {
  const base = {
    id: def.id,
    dimensione: def.dimensione,
    direzione: def.direzione,
    livello: def.livello,
    n_valori: values.length,
    percentile_basso: CLIP_PERCENTILES.basso,
    percentile_alto: CLIP_PERCENTILES.alto,
  };
  if (values.length === 0) return { ...base, metodo: 'nessun_dato', valore_basso: null, valore_alto: null, minimo: null, massimo: null };
  const sorted = [...values].sort((a, b) => a - b);
  const minimo = sorted[0]!;
  const massimo = sorted[sorted.length - 1]!;
  const lo = round(quantile(sorted, CLIP_PERCENTILES.basso / 100), 4);
  const hi = round(quantile(sorted, CLIP_PERCENTILES.alto / 100), 4);
  if (hi > lo) return { ...base, metodo: 'min_max_percentili', valore_basso: lo, valore_alto: hi, minimo, massimo };
  if (massimo > minimo) return { ...base, metodo: 'min_max', valore_basso: minimo, valore_alto: massimo, minimo, massimo };
  return { ...base, metodo: 'costante', valore_basso: null, valore_alto: null, minimo, massimo };
}

/** 0–100 (100 = best), 1 decimal; null when the indicator cannot discriminate. */
export function normaliseValue(value: number, params: NormalisationParams): number | null {
  const lo = params.valore_basso;
  const hi = params.valore_alto;
  if (lo === null || hi === null || !(hi > lo)) return null;
  const c = Math.min(Math.max(value, lo), hi);
  const score = params.direzione === 'maggiore_migliore' ? ((c - lo) / (hi - lo)) * 100 : ((hi - c) / (hi - lo)) * 100;
  return round(score, 1);
}

/** Σ w·s / Σ w over the entries with a score and a positive weight; null when none. */
function weightedMean(scores: readonly (number | null)[], weights: readonly number[]): number | null {
  let num = 0;
  let den = 0;
  for (let k = 0; k < scores.length; k++) {
    const s = scores[k];
    const w = weights[k]!;
    if (s == null || !(w > 0)) continue;
    num += w * s;
    den += w;
  }
  return den > 0 ? round(num / den, 1) : null;
}

function validate(definitions: readonly IndicatorDefinition[], weights: Readonly<Record<QualityDimension, number>>): void {
  const ids = new Set<string>();
  for (const def of definitions) {
    if (ids.has(def.id)) throw new Error(`quality index: indicator "${def.id}" defined twice`);
    ids.add(def.id);
    if (!QUALITY_DIMENSIONS.includes(def.dimensione)) throw new Error(`quality index: indicator "${def.id}" has unknown dimension "${def.dimensione}"`);
    if (def.peso !== undefined && !(def.peso > 0 && Number.isFinite(def.peso))) throw new Error(`quality index: indicator "${def.id}" has weight ${def.peso}; it must be positive`);
  }
  let sum = 0;
  for (const d of QUALITY_DIMENSIONS) {
    const w = weights[d];
    if (!(w >= 0 && Number.isFinite(w))) throw new Error(`quality index: weight of ${d} is ${w}`);
    sum += w;
  }
  if (Math.abs(sum - 1) > 1e-9) throw new Error(`quality index: dimension weights sum to ${sum}, not 1`);
}

const indicatorWeight = (def: IndicatorDefinition) => def.peso ?? 1;

/** The national order: positions with a total, score descending, codice_istat ascending. */
function rankOrder(totals: readonly (number | null)[], codici: readonly string[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i < totals.length; i++) if (totals[i] != null) rows.push(i);
  return rows.sort((a, b) => totals[b]! - totals[a]! || (codici[a]! < codici[b]! ? -1 : codici[a]! > codici[b]! ? 1 : 0));
}

function mostFrequentYear(years: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const y of years) counts.set(y, (counts.get(y) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [y, c] of counts) if (c > bestCount || (c === bestCount && best !== null && y > best)) [best, bestCount] = [y, c];
  return best;
}



function pct(weight: number): string {
  return `${String(round(weight * 100, 2)).replace('.', ',')}%`;
}

function weightsText(weights: Readonly<Record<QualityDimension, number>>): string {
  return QUALITY_DIMENSIONS.map((d) => `${d} ${pct(weights[d])}`).join(', ');
}

/** Budget thresholds of the wizard: terciles of the comuni's average income (see api/wizard.ts BUDGET_MODEL). */
export function budgetThresholds(values: readonly { valore: number | null; anno: number | null }[]): QualityColumns['soglie_budget'] | null {
  const present = values.filter((v): v is { valore: number; anno: number | null } => v.valore != null && Number.isFinite(v.valore));
  if (present.length === 0) return null;
  const sorted = present.map((v) => v.valore).sort((a, b) => a - b);
  const anno = mostFrequentYear(present.flatMap((v) => (v.anno == null ? [] : [v.anno])));
  if (anno === null) return null;
  const basso_max = round(quantile(sorted, BUDGET_MODEL.quantili[0]), 0);
  const alto_min = round(quantile(sorted, BUDGET_MODEL.quantili[1]), 0);
  return {
    basso_max,
    alto_min,
    anno,
    metodo: `Soglie ${anno}: terzili (percentile di tipo 7) del reddito medio di ${present.length} comuni, arrotondati all'euro: fascia di costo bassa fino a ${formatInteger(basso_max)} € inclusi, media fra le due soglie, alta da ${formatInteger(alto_min)} € inclusi.`,
  };
}

interface Scored {
  comuni: ComuneQuality[];
  /** Dimension scores per dimension (QUALITY_DIMENSIONS order), per comune. */
  dimScores: (number | null)[][];
  normalizzazione: NormalisationParams[];
}

function scoreAll(inputs: readonly QualityInput[], definitions: readonly IndicatorDefinition[], weights: Readonly<Record<QualityDimension, number>>): Scored {
  validate(definitions, weights);
  const seen = new Set<string>();
  for (const c of inputs) {
    if (seen.has(c.codice_istat)) throw new Error(`quality index: comune ${c.codice_istat} given twice`);
    seen.add(c.codice_istat);
    for (const [id, v] of Object.entries(c.indicatori)) {
      if (v.valore !== null && !Number.isFinite(v.valore)) throw new Error(`quality index: ${c.codice_istat} ${id} = ${v.valore} is not a finite number`);
    }
  }

  const normalizzazione = definitions.map((def) => {
    const values: number[] = [];
    for (const c of inputs) {
      const v = c.indicatori[def.id]?.valore;
      if (v != null) values.push(v);
    }
    return normalisationParams(def, values);
  });
  const paramsById = new Map(normalizzazione.map((p) => [p.id, p]));
  const byDimension = new Map<QualityDimension, IndicatorDefinition[]>(QUALITY_DIMENSIONS.map((d) => [d, definitions.filter((def) => def.dimensione === d)]));
  const dimWeights = QUALITY_DIMENSIONS.map((d) => weights[d]);
  const dimScores: (number | null)[][] = QUALITY_DIMENSIONS.map(() => []);

  const comuni = inputs.map((input, i): ComuneQuality => {
    const dimensioni = {} as Record<QualityDimension, DimensionScore>;
    QUALITY_DIMENSIONS.forEach((d, k) => {
      const defs = byDimension.get(d)!;
      const rows = defs.map((def) => {
        const v = input.indicatori[def.id];
        const valore = v?.valore ?? null;
        const params = paramsById.get(def.id)!;
        const normalizzato = valore === null ? null : normaliseValue(valore, params);
        const motivo = valore === null ? (v?.motivo_mancante ?? MOTIVO_NON_FORNITO) : normalizzato === null ? MOTIVO_COSTANTE : null;
        return { def, valore, anno: v?.anno ?? null, fonte: v?.fonte ?? null, normalizzato, motivo };
      });
      const nominal = rows.map((r) => indicatorWeight(r.def));
      const nominalSum = nominal.reduce((a, b) => a + b, 0);
      const availableSum = rows.reduce((a, r, j) => a + (r.normalizzato === null ? 0 : nominal[j]!), 0);
      const punteggio = weightedMean(
        rows.map((r) => r.normalizzato),
        nominal,
      );
      dimScores[k]![i] = punteggio;
      const disponibili = rows.filter((r) => r.normalizzato !== null).length;
      dimensioni[d] = {
        punteggio,
        peso_nominale: weights[d],
        peso_effettivo: 0, // set below, once the available dimensions are known
        copertura: {
          disponibili,
          definiti: rows.length,
          quota: rows.length === 0 ? 0 : round(disponibili / rows.length, 3),
          quota_peso: nominalSum === 0 ? 0 : round(availableSum / nominalSum, 3),
        },
        motivo_mancante: punteggio === null ? MOTIVO_DIMENSIONE : null,
        indicatori: rows.map((r, j) => ({
          id: r.def.id,
          valore: r.valore,
          anno: r.anno,
          fonte: r.fonte,
          normalizzato: r.normalizzato,
          peso_nella_dimensione: r.normalizzato === null || availableSum === 0 ? 0 : round(nominal[j]! / availableSum, 4),
          motivo_mancante: r.motivo,
        })),
      };
    });
    const scores = QUALITY_DIMENSIONS.map((d) => dimensioni[d].punteggio);
    const punteggio = weightedMean(scores, dimWeights);
    const availableWeight = QUALITY_DIMENSIONS.reduce((a, d) => a + (dimensioni[d].punteggio === null ? 0 : weights[d]), 0);
    for (const d of QUALITY_DIMENSIONS) {
      dimensioni[d].peso_effettivo = dimensioni[d].punteggio === null || availableWeight === 0 ? 0 : round(weights[d] / availableWeight, 4);
    }
    const avvisi: QualityFlag[] = [];
    if (input.contribuenti != null && input.contribuenti < FEW_TAXPAYERS_THRESHOLD) {
      avvisi.push({ codice: 'pochi_contribuenti', descrizione: `${input.contribuenti} contribuenti. ${QUALITY_FLAGS.pochi_contribuenti.descrizione}` });
    }
    const missingDims = QUALITY_DIMENSIONS.filter((d) => dimensioni[d].punteggio === null);
    if (punteggio !== null && missingDims.length > 0) {
      avvisi.push({ codice: 'dimensioni_senza_dati', descrizione: `Nessun dato per ${missingDims.join(', ')}: il totale è calcolato sulle altre dimensioni, con i pesi riproporzionati.` });
    }
    return {
      codice_istat: input.codice_istat,
      regione: input.regione,
      popolazione: input.popolazione,
      contribuenti: input.contribuenti,
      reddito_medio_euro: input.indicatori[BUDGET_MODEL.indicatore]?.valore ?? null,
      punteggio,
      posizione_nazionale: null,
      posizione_regionale: null,
      dimensioni,
      avvisi,
    };
  });
  return { comuni, dimScores, normalizzazione };
}

/**
 * The sensitivity check from dimension scores (`dimScores[k][i]`: dimension k in
 * QUALITY_DIMENSIONS order, comune i), so it can be checked by hand on a few comuni.
 */
export function sensitivityFromDimensionScores(
  dimScores: readonly (readonly (number | null)[])[],
  codici: readonly string[],
  weights: Readonly<Record<QualityDimension, number>> = DIMENSION_WEIGHTS,
  topSize: number = SENSITIVITY_TOP,
): SensitivityResult {
  const n = codici.length;
  const totalsFor = (w: readonly number[]) => {
    const out: (number | null)[] = new Array(n);
    const row: (number | null)[] = new Array(QUALITY_DIMENSIONS.length);
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < QUALITY_DIMENSIONS.length; k++) row[k] = dimScores[k]![i] ?? null;
      out[i] = weightedMean(row, w);
    }
    return out;
  };
  const base = QUALITY_DIMENSIONS.map((d) => weights[d]);
  const baseOrder = rankOrder(totalsFor(base), codici);
  const top = Math.min(topSize, baseOrder.length);
  const baseTop = new Set(baseOrder.slice(0, top));
  const casi: SensitivityResult['casi'] = [];
  QUALITY_DIMENSIONS.forEach((d, k) => {
    for (const sign of [1, -1]) {
      const delta = (sign * SENSITIVITY_POINTS) / 100;
      const wd = base[k]! + delta;
      if (wd < 0 || wd > 1 || base[k]! >= 1) continue; // not a valid weight set: case not applicable
      const scale = (1 - wd) / (1 - base[k]!);
      const w = base.map((x, j) => (j === k ? wd : x * scale));
      const order = rankOrder(totalsFor(w), codici);
      let rimasti = 0;
      for (const i of order.slice(0, top)) if (baseTop.has(i)) rimasti++;
      const pesi = {} as Record<QualityDimension, number>;
      QUALITY_DIMENSIONS.forEach((dd, j) => (pesi[dd] = round(w[j]!, 4)));
      casi.push({ dimensione: d, variazione_punti: sign * SENSITIVITY_POINTS, pesi, rimasti_nella_top: rimasti, quota: top === 0 ? 1 : round(rimasti / top, 3) });
    }
  });
  let minimo: SensitivityResult['minimo'] = null;
  for (const c of casi) {
    if (minimo === null || c.rimasti_nella_top < minimo.rimasti_nella_top) {
      minimo = { dimensione: c.dimensione, variazione_punti: c.variazione_punti, rimasti_nella_top: c.rimasti_nella_top, quota: c.quota };
    }
  }
  return {
    dimensione_top: top,
    comuni_classificati: baseOrder.length,
    regola:
      `Per ogni dimensione il peso è aumentato e diminuito di ${SENSITIVITY_POINTS} punti percentuali; gli altri quattro pesi sono riscalati in proporzione perché la somma resti 1. ` +
      `Con i nuovi pesi si ricalcolano i totali (stesse regole, stessi arrotondamenti) e si conta quanti dei primi ${top} comuni della classifica nazionale restano fra i primi ${top}.`,
    casi,
    minimo,
  };
}

/**
 * How many of the national top 100 stay in the top 100 when each dimension weight moves by
 * ±5 points (the other weights rescaled proportionally to sum to 1); and the minimum over all cases.
 */
export function sensitivityTop100(
  inputs: readonly QualityInput[],
  definitions: readonly IndicatorDefinition[] = QUALITY_INDICATORS,
  weights: Readonly<Record<QualityDimension, number>> = DIMENSION_WEIGHTS,
  topSize: number = SENSITIVITY_TOP,
): SensitivityResult {
  const scored = scoreAll(inputs, definitions, weights);
  return sensitivityFromDimensionScores(
    scored.dimScores,
    inputs.map((c) => c.codice_istat),
    weights,
    topSize,
  );
}

export function computeQualityIndex(
  inputs: readonly QualityInput[],
  definitions: readonly IndicatorDefinition[] = QUALITY_INDICATORS,
  weights: Readonly<Record<QualityDimension, number>> = DIMENSION_WEIGHTS,
  options: QualityOptions = {},
): QualityResult {
  const { comuni, dimScores, normalizzazione } = scoreAll(inputs, definitions, weights);
  const codici = comuni.map((c) => c.codice_istat);

  const order = rankOrder(
    comuni.map((c) => c.punteggio),
    codici,
  );
  order.forEach((i, k) => (comuni[i]!.posizione_nazionale = k + 1));
  const perRegion: Record<string, number> = {};
  for (const i of order) {
    const c = comuni[i]!;
    perRegion[c.regione] = (perRegion[c.regione] ?? 0) + 1;
    c.posizione_regionale = perRegion[c.regione]!;
  }

  const mediane = {} as Record<QualityDimension, number | null>;
  QUALITY_DIMENSIONS.forEach((d, k) => {
    const values = dimScores[k]!.filter((s): s is number => s != null).sort((a, b) => a - b);
    mediane[d] = values.length === 0 ? null : round(quantile(values, 0.5), 1);
  });

  const budgetValues = inputs.map((c) => c.indicatori[BUDGET_MODEL.indicatore] ?? { valore: null, anno: null });
  const soglie_budget = budgetThresholds(budgetValues);
  const sensibilita = options.sensibilita === false ? null : sensitivityFromDimensionScores(dimScores, codici, weights);

  const partial = {
    pesi: { ...weights },
    definizioni: definitions.map((d) => ({ ...d })),
    comuni,
    classificati: order.length,
    classificati_per_regione: perRegion,
    normalizzazione,
    mediane_dimensioni: mediane,
    soglie_budget,
    sensibilita,
  };
  return { ...partial, metodologia: buildMethodology(partial, inputs) };
}

function buildMethodology(result: Omit<QualityResult, 'metodologia'>, inputs: readonly QualityInput[]): MetodologiaQualita {
  const { definizioni, pesi, comuni, normalizzazione } = result;
  const allYears: number[] = [];
  const indicatori = definizioni.map((def, j) => {
    const years = new Set<number>();
    const sources = new Set<string>();
    let withValue = 0;
    for (const c of inputs) {
      const v = c.indicatori[def.id];
      if (v?.valore == null) continue;
      withValue++;
      if (v.anno != null) years.add(v.anno);
      if (v.fonte) sources.add(v.fonte.fonte);
    }
    allYears.push(...years);
    const same = definizioni.filter((d) => d.dimensione === def.dimensione);
    const total = same.reduce((a, d) => a + indicatorWeight(d), 0);
    const { id: _id, dimensione: _d, direzione: _dir, livello: _l, ...params } = normalizzazione[j]!;
    return {
      id: def.id,
      dimensione: def.dimensione,
      nome: def.nome,
      unita: def.unita,
      direzione: def.direzione,
      livello: def.livello,
      descrizione: def.descrizione,
      peso_nella_dimensione: round(indicatorWeight(def) / total, 4),
      anni: [...years].sort((a, b) => a - b),
      fonti: [...sources].sort(),
      comuni_con_valore: withValue,
      normalizzazione: params,
    };
  });
  const minYear = allYears.length ? Math.min(...allYears) : null;
  const maxYear = allYears.length ? Math.max(...allYears) : null;
  const flagCount = (code: QualityFlagCode) => comuni.filter((c) => c.avvisi.some((a) => a.codice === code)).length;
  const provincial = definizioni.filter((d) => d.livello === 'provincia').map((d) => d.nome.toLowerCase());

  return {
    id: 'qualita-vita',
    titolo: 'Indice di qualità della vita',
    descrizione:
      `Indice composito 0–100 per comune, costruito da ${definizioni.length} indicatori in cinque dimensioni con i pesi della specifica (${weightsText(pesi)}). ` +
      'Ogni punteggio è ricostruibile: /api/qualita-vita/{codice_istat} riporta per il comune valori grezzi, anni, fonti e valori normalizzati di ogni indicatore; qui sono pubblicati gli estremi di normalizzazione. ' +
      'È un indice relativo: 100 vuol dire fra i comuni italiani migliori per quell\'aspetto, non il superamento di una soglia assoluta di benessere.',
    dimensioni: QUALITY_DIMENSIONS.map((d) => ({
      id: d,
      nome: DIMENSION_NAMES[d],
      peso: pesi[d],
      indicatori: definizioni.filter((def) => def.dimensione === d).map((def) => def.id),
      mediana: result.mediane_dimensioni[d],
      comuni_con_dati: comuni.filter((c) => c.dimensioni[d].punteggio !== null).length,
    })),
    indicatori,
    normalizzazione: {
      metodo:
        `Min–max fra percentili: per ogni indicatore si calcolano il ${CLIP_PERCENTILES.basso}° (L) e il ${CLIP_PERCENTILES.alto}° (H) percentile dei valori dei comuni che lo hanno ` +
        '(ogni comune conta una volta, anche per gli indicatori provinciali); i valori fuori da [L, H] sono portati all\'estremo più vicino, così pochi valori anomali non schiacciano tutti gli altri; ' +
        'poi la scala è lineare fra 0 e 100 secondo il verso dell\'indicatore. Rispetto a una normalizzazione per ranghi conserva le distanze fra i valori ed è ricalcolabile da due numeri per indicatore.',
      percentile_basso: CLIP_PERCENTILES.basso,
      percentile_alto: CLIP_PERCENTILES.alto,
      quantile:
        'Percentile di tipo 7 (Hyndman e Fan): interpolazione lineare fra i valori ordinati x₁ ≤ … ≤ xₙ nella posizione 1 + (n − 1) × p; è il metodo predefinito di R, NumPy e PERCENTILE.INC. L e H sono arrotondati a 4 decimali e usati così.',
      formula_maggiore_migliore: 'normalizzato = 100 × (min(max(x, L), H) − L) / (H − L), arrotondato a 1 decimale',
      formula_minore_migliore: 'normalizzato = 100 × (H − min(max(x, L), H)) / (H − L), arrotondato a 1 decimale',
      casi_degeneri:
        'Se L = H (oltre il 90% dei comuni ha lo stesso valore) si usano minimo e massimo senza taglio (metodo min_max, L = minimo, H = massimo); ' +
        'se tutti i valori coincidono l\'indicatore non distingue i comuni e non entra nel punteggio (metodo costante: valore normalizzato null, con il motivo).',
    },
    aggregazione: {
      dimensione:
        'Punteggio della dimensione = Σ p × n / Σ p sugli indicatori con un valore normalizzato n, dove p è il peso relativo dell\'indicatore nella dimensione ' +
        '(1; due indicatori che misurano lo stesso tema a livelli o anni diversi si dividono un peso, 0,5 ciascuno, perché il tema non conti due volte; la quota nominale è peso_nella_dimensione di ogni indicatore): ' +
        'i pesi sono così riproporzionati sugli indicatori disponibili.',
      totale:
        'Punteggio totale = Σ P × S / Σ P sulle dimensioni con un punteggio S, dove P è il peso della dimensione: i pesi sono riproporzionati sulle dimensioni disponibili (peso_effettivo).',
      arrotondamento:
        'Valori normalizzati, punteggi delle dimensioni e totale a 1 decimale; ogni livello è calcolato dai valori arrotondati del livello sotto, come pubblicati, così il conto si rifà esattamente. Pesi effettivi a 4 decimali.',
    },
    dati_mancanti:
      'Un valore mancante non è mai trattato come 0 né come 100 e non è stimato. Se mancano alcuni indicatori di una dimensione, il punteggio della dimensione è la media ponderata di quelli disponibili e la copertura ' +
      '(indicatori disponibili / definiti, e quota del peso coperta) è riportata. Se una dimensione non ha alcun indicatore il suo punteggio è null, il suo peso effettivo è 0, i pesi delle altre dimensioni sono riproporzionati ' +
      'e il comune ha l\'avviso dimensioni_senza_dati. Se nessuna dimensione ha dati il totale è null e il comune è escluso dalle classifiche. Riproporzionare equivale ad assumere che le parti mancanti valgano quanto la media di quelle presenti: ' +
      'la copertura va letta insieme al punteggio.',
    classifica:
      'Posizione nazionale e regionale per punteggio totale decrescente; a parità di punteggio (1 decimale) codice ISTAT crescente. Sono in classifica solo i comuni con un punteggio.',
    avvisi: (Object.keys(QUALITY_FLAGS) as QualityFlagCode[]).map((codice) => ({
      codice,
      descrizione: QUALITY_FLAGS[codice].descrizione,
      soglia: QUALITY_FLAGS[codice].soglia,
      comuni: flagCount(codice),
    })),
    copertura: {
      comuni: comuni.length,
      con_punteggio: result.classificati,
      senza_punteggio: comuni.length - result.classificati,
      con_tutte_le_dimensioni: comuni.filter((c) => QUALITY_DIMENSIONS.every((d) => c.dimensioni[d].punteggio !== null)).length,
    },
    sensibilita: result.sensibilita,
    wizard: wizardMethodology(result.soglie_budget),
    limiti: [
      minYear !== null && maxYear !== null && minYear !== maxYear
        ? `Gli indicatori hanno anni di riferimento diversi, dal ${minYear} al ${maxYear}` +
          (maxYear - minYear >= 10 ? ': i più vecchi descrivono la situazione di oltre dieci anni prima dei più recenti, perché per quei temi le fonti usate non hanno un dato comunale più recente.' : '.')
        : 'Gli indicatori hanno gli anni di riferimento indicati per ciascuno.',
      provincial.length > 0
        ? `Alcuni indicatori sono provinciali (${provincial.join(', ')}): tutti i comuni di una provincia hanno lo stesso valore, che non coglie le differenze interne.`
        : 'Tutti gli indicatori sono comunali.',
      'Il reddito è quello dichiarato ai fini IRPEF per contribuente, non il reddito delle famiglie: esclude redditi esenti o non dichiarati e, nei comuni piccoli, dipende da poche dichiarazioni (avviso pochi_contribuenti).',
      `La qualità dell'aria dei comuni senza stazione è quella della stazione valida più vicina entro ${DEFAULT_MAX_DISTANCE_KM} km; più lontano il valore manca e la dimensione ambiente usa gli altri indicatori.`,
      'I posti letto ospedalieri contano gli ospedali nel comune (0 altrove): misurano l\'offerta locale, non l\'accesso, che è coperto dal tempo verso il polo di servizi e dal tempo di guida verso l\'ospedale.',
      'Gli indicatori per abitante dei comuni piccolissimi oscillano molto (una farmacia in un comune di 200 abitanti vale 5 per 1.000): il taglio ai percentili ne limita l\'effetto sul punteggio, non sul valore pubblicato.',
      'L\'indice dipende dai pesi, fissati dalla specifica e non dai dati: la sezione sensibilita mostra quanto cambia la top 100 spostando ogni peso di 5 punti.',
      'La sicurezza misura i delitti denunciati, che dipendono anche dalla propensione a denunciare e dalla presenza di turisti e pendolari.',
    ],
  };
}

/** Each result's comuni by code: the build asks for all 7,896 records, and a linear search per record is quadratic. */
const byCode = new WeakMap<QualityResult, Map<string, ComuneQuality>>();

/** The per-comune record of /api/qualita-vita/{codice_istat}. */
export function buildQualitaVitaRecord(result: QualityResult, codice: string, comune: { nome: string; regione: { codice: string; nome: string } }): QualitaVita {
  let lookup = byCode.get(result);
  if (!lookup) {
    byCode.set(result, (lookup = new Map()));
    for (const x of result.comuni) if (!lookup.has(x.codice_istat)) lookup.set(x.codice_istat, x);
  }
  const c = lookup.get(codice);
  if (!c) throw new Error(`quality index: comune ${codice} is not in the result`);
  const defs = new Map(result.definizioni.map((d) => [d.id, d]));
  const dimension = (d: QualityDimension) => {
    const s = c.dimensioni[d];
    return {
      nome: DIMENSION_NAMES[d],
      punteggio: s.punteggio,
      peso_nominale: s.peso_nominale,
      peso_effettivo: s.peso_effettivo,
      copertura: { ...s.copertura },
      motivo_mancante: s.motivo_mancante,
      indicatori: s.indicatori.map((ind) => {
        const def = defs.get(ind.id)!;
        return {
          id: ind.id,
          nome: def.nome,
          unita: def.unita,
          direzione: def.direzione,
          livello: def.livello,
          valore: ind.valore,
          anno: ind.anno,
          fonte: ind.fonte,
          normalizzato: ind.normalizzato,
          peso_nella_dimensione: ind.peso_nella_dimensione,
          motivo_mancante: ind.motivo_mancante,
        };
      }),
    };
  };
  const withData = QUALITY_DIMENSIONS.filter((d) => c.dimensioni[d].punteggio !== null);
  return {
    codice_istat: c.codice_istat,
    nome: comune.nome,
    regione: { codice: comune.regione.codice, nome: comune.regione.nome },
    punteggio: c.punteggio,
    motivo_mancante: c.punteggio === null ? MOTIVO_TOTALE : null,
    posizione_nazionale: { posizione: c.posizione_nazionale, su: result.classificati },
    posizione_regionale: { posizione: c.posizione_regionale, su: result.classificati_per_regione[c.regione] ?? 0 },
    copertura: {
      dimensioni_con_dati: withData.length,
      dimensioni_definite: QUALITY_DIMENSIONS.length,
      peso_nominale_coperto: round(
        withData.reduce((a, d) => a + result.pesi[d], 0),
        4,
      ),
    },
    dimensioni: {
      reddito: dimension('reddito'),
      ambiente: dimension('ambiente'),
      servizi: dimension('servizi'),
      demografia: dimension('demografia'),
      sicurezza: dimension('sicurezza'),
    },
    avvisi: c.avvisi.map((a) => ({ ...a })),
    metodo: methodSummary(result.pesi),
    links: {
      self: `/api/qualita-vita/${c.codice_istat}`,
      comune: `/api/comuni/${c.codice_istat}`,
      metodologia: METODOLOGIA_LINK,
      classifica: '/api/qualita-vita/classifica',
    },
  };
}

function methodSummary(weights: Readonly<Record<QualityDimension, number>>): string {
  return (
    `Valore DERIVATO. Ogni indicatore è normalizzato 0–100 fra il ${CLIP_PERCENTILES.basso}° e il ${CLIP_PERCENTILES.alto}° percentile nazionale (100 = migliore, secondo il verso); ` +
    `una dimensione è la media ponderata dei suoi indicatori disponibili; il totale è la media delle dimensioni con dati, pesi ${weightsText(weights)}, riproporzionati sulle dimensioni disponibili. ` +
    `Dettagli e parametri in ${METODOLOGIA_LINK}.`
  );
}

/**
 * The quality part of the runtime index, aligned with `codici` (the index's comuni, sorted by
 * code); a code absent from the result gets nulls. Needs the budget thresholds, i.e. average
 * incomes in the inputs.
 */
export function toQualityColumns(result: QualityResult, codici: readonly string[]): QualityColumns {
  if (!result.soglie_budget) {
    throw new Error(`quality index: no ${BUDGET_MODEL.indicatore} values with a year in the inputs, so the wizard's budget thresholds cannot be computed`);
  }
  const byCode = new Map(result.comuni.map((c) => [c.codice_istat, c]));
  const rows = codici.map((code) => byCode.get(code) ?? null);
  const flagged = (code: QualityFlagCode) => rows.flatMap((c, i) => (c && c.avvisi.some((a) => a.codice === code) ? [i] : []));
  return {
    punteggio: rows.map((c) => c?.punteggio ?? null),
    dimensioni: QUALITY_DIMENSIONS.map((d) => ({
      id: d,
      nome: DIMENSION_NAMES[d],
      peso: result.pesi[d],
      punteggi: rows.map((c) => c?.dimensioni[d].punteggio ?? null),
    })),
    reddito_medio: rows.map((c) => c?.reddito_medio_euro ?? null),
    soglie_budget: { ...result.soglie_budget },
    metodologia:
      `Indice composito DERIVATO 0–100 di ${result.definizioni.length} indicatori in cinque dimensioni (${weightsText(result.pesi)}; pesi riproporzionati sulle dimensioni con dati), ` +
      `normalizzati fra il ${CLIP_PERCENTILES.basso}° e il ${CLIP_PERCENTILES.alto}° percentile; a parità di punteggio codice ISTAT crescente. Metodo, parametri e limiti: ${METODOLOGIA_LINK}.`,
    mediane_dimensioni: { ...result.mediane_dimensioni },
    avvisi: (Object.keys(QUALITY_FLAGS) as QualityFlagCode[]).map((codice) => ({ codice, descrizione: QUALITY_FLAGS[codice].descrizione, posizioni: flagged(codice) })),
  };
}
