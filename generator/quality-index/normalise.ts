import { decimalRound, round } from '../../api/numbers.ts';
import type { Direzione, IndicatorDefinition, QualityDimension } from './indicators.ts';

/** Clip percentiles of the normalisation (percent). */
export const CLIP_PERCENTILES = { basso: 5, alto: 95 } as const;

export interface NormalisationParams {
  id: string;
  dimensione: QualityDimension;
  direzione: Direzione;
  livello: 'comune' | 'provincia';
  metodo: 'min_max_percentili' | 'min_max' | 'costante' | 'nessun_dato';
  /** What one value stands for: a comune, or a province (province-level indicators, each province once). */
  base: 'comuni' | 'province';
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

/** Percentile of type 7 (Hyndman & Fan; R, NumPy and PERCENTILE.INC default): linear interpolation at (n − 1)·p. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('quantile di un elenco vuoto');
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * Normalisation bounds of one indicator. `values` has one value per comune, or, with base
 * 'province', one per province: a provincial figure is an aggregate over a whole province,
 * so its extremes are real rather than small-number noise and it is scaled between its
 * minimum and maximum, without clipping (only the best province scores 100).
 */
export function normalisationParams(
  def: IndicatorDefinition,
  values: readonly number[],
  perProvince = false,
): NormalisationParams {
  const base = {
    id: def.id,
    dimensione: def.dimensione,
    direzione: def.direzione,
    livello: def.livello,
    base: perProvince ? ('province' as const) : ('comuni' as const),
    n_valori: values.length,
    percentile_basso: CLIP_PERCENTILES.basso,
    percentile_alto: CLIP_PERCENTILES.alto,
  };
  if (values.length === 0)
    return { ...base, metodo: 'nessun_dato', valore_basso: null, valore_alto: null, minimo: null, massimo: null };
  const sorted = [...values].sort((a, b) => a - b);
  const minimo = sorted[0]!;
  const massimo = sorted[sorted.length - 1]!;
  const lo = round(quantile(sorted, CLIP_PERCENTILES.basso / 100), 4);
  const hi = round(quantile(sorted, CLIP_PERCENTILES.alto / 100), 4);
  if (hi > lo && !perProvince)
    return { ...base, metodo: 'min_max_percentili', valore_basso: lo, valore_alto: hi, minimo, massimo };
  if (massimo > minimo)
    return { ...base, metodo: 'min_max', valore_basso: minimo, valore_alto: massimo, minimo, massimo };
  return { ...base, metodo: 'costante', valore_basso: null, valore_alto: null, minimo, massimo };
}

/** The published formula: 100 × (x − L) / (H − L), or 100 × (H − x) / (H − L), x clipped to [L, H]; 1 decimal. Null when the indicator cannot discriminate. */
export function normaliseValue(value: number, params: NormalisationParams): number | null {
  const lo = params.valore_basso;
  const hi = params.valore_alto;
  if (lo === null || hi === null || !(hi > lo)) return null;
  const c = Math.min(Math.max(value, lo), hi);
  const score = params.direzione === 'maggiore_migliore' ? (100 * (c - lo)) / (hi - lo) : (100 * (hi - c)) / (hi - lo);
  return decimalRound(score, 1);
}
