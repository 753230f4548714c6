import { round } from '../../api/numbers.ts';
import { DIMENSION_WEIGHTS, QUALITY_DIMENSIONS, QUALITY_INDICATORS, type IndicatorDefinition, type QualityDimension, type QualityInput } from './indicators.ts';
import { rankOrder, scoreAll, weightedMean, type SensitivityResult } from './score.ts';

export const SENSITIVITY_POINTS = 5;
export const SENSITIVITY_TOP = 100;


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
