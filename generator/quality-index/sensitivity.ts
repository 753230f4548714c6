import { round } from '../../api/numbers.ts';
import {
  DIMENSION_WEIGHTS,
  QUALITY_DIMENSIONS,
  QUALITY_INDICATORS,
  type IndicatorDefinition,
  type QualityDimension,
  type QualityInput,
} from './indicators.ts';
import type { IndicatoriProvinciali } from '../../api/schemas/qualita.ts';
import { PROVINCIAL_SHARE_MAX } from './indicators.ts';
import { rankOrder, scoreAll, weightedMean, type Scored, type SensitivityResult } from './score.ts';

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
      casi.push({
        dimensione: d,
        variazione_punti: sign * SENSITIVITY_POINTS,
        pesi,
        rimasti_nella_top: rimasti,
        quota: top === 0 ? 1 : round(rimasti / top, 3),
      });
    }
  });
  let minimo: SensitivityResult['minimo'] = null;
  for (const c of casi) {
    if (minimo === null || c.rimasti_nella_top < minimo.rimasti_nella_top) {
      minimo = {
        dimensione: c.dimensione,
        variazione_punti: c.variazione_punti,
        rimasti_nella_top: c.rimasti_nella_top,
        quota: c.quota,
      };
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

/**
 * How much of the spread of the totals comes from province-level indicators. T is a
 * comune's total, P the points of it that come from province-level indicators:
 * rapporto_varianze = Var(P) / Var(T), how much the provincial part alone varies;
 * quota_covarianza = Cov(P, T) / Var(T), its share in the additive decomposition of Var(T)
 * (the shares of all parts sum to 1; negative when the provincial part runs against the rest).
 */
export function provincialVarianceShare(
  scored: Pick<Scored, 'comuni' | 'puntiProvinciali'>,
): { rapporto_varianze: number; quota_covarianza: number } | null {
  const pairs: [number, number][] = [];
  scored.comuni.forEach((c, i) => {
    const p = scored.puntiProvinciali[i];
    if (c.punteggio !== null && p != null) pairs.push([p, c.punteggio]);
  });
  if (pairs.length < 2) return null;
  const meanP = pairs.reduce((a, [p]) => a + p, 0) / pairs.length;
  const meanT = pairs.reduce((a, [, t]) => a + t, 0) / pairs.length;
  let cov = 0;
  let varP = 0;
  let varT = 0;
  for (const [p, t] of pairs) {
    cov += (p - meanP) * (t - meanT);
    varP += (p - meanP) ** 2;
    varT += (t - meanT) ** 2;
  }
  return varT === 0 ? null : { rapporto_varianze: round(varP / varT, 3), quota_covarianza: round(cov / varT, 3) };
}

/**
 * What province-level indicators do to the index: their variance share with the previous
 * treatment (like comune-level indicators) and with the current one, and how many of the
 * national top 100 stay when they are all removed.
 */
export function provincialAnalysis(
  inputs: readonly QualityInput[],
  scored: Scored,
  definitions: readonly IndicatorDefinition[] = QUALITY_INDICATORS,
  weights: Readonly<Record<QualityDimension, number>> = DIMENSION_WEIGHTS,
  topSize: number = SENSITIVITY_TOP,
): IndicatoriProvinciali {
  const provincial = definitions.filter((d) => d.livello === 'provincia');
  const codici = inputs.map((c) => c.codice_istat);
  const baseOrder = rankOrder(
    scored.comuni.map((c) => c.punteggio),
    codici,
  );
  const without = scoreAll(
    inputs,
    definitions.filter((d) => d.livello !== 'provincia'),
    weights,
  );
  const withoutOrder = rankOrder(
    without.comuni.map((c) => c.punteggio),
    codici,
  );
  const top = Math.min(topSize, baseOrder.length);
  const baseTop = new Set(baseOrder.slice(0, top));
  const rimasti = withoutOrder.slice(0, top).filter((i) => baseTop.has(i)).length;
  return {
    indicatori: provincial.map((d) => d.id),
    quota_massima_nella_dimensione: PROVINCIAL_SHARE_MAX,
    regola:
      'Un indicatore provinciale ha lo stesso valore per tutti i comuni della provincia: descrive il contesto, non distingue i comuni. Perciò (1) è normalizzato sulle province, ' +
      'ogni provincia una volta, fra minimo e massimo senza taglio ai percentili (un dato provinciale aggrega decine di migliaia di residenti: i suoi estremi non sono rumore di piccoli numeri); ' +
      `(2) in una dimensione che ha anche indicatori comunali gli indicatori provinciali pesano insieme al più il ${Math.round(PROVINCIAL_SHARE_MAX * 100)}% del peso disponibile per il comune ` +
      '(se superano la soglia, i loro pesi sono ridotti in proporzione); (3) se in quella dimensione il comune non ha alcun indicatore comunale, la dimensione non è calcolata dai soli dati provinciali. ' +
      'Una dimensione fatta solo di indicatori provinciali (sicurezza) mantiene il suo peso della specifica ed è dichiarata provinciale.',
    quota_varianza: {
      prima: provincialVarianceShare(scoreAll(inputs, definitions, weights, 'come_comunali')),
      dopo: provincialVarianceShare(scored),
      metodo:
        "Sui comuni con un punteggio, T è il totale e P i punti del totale dovuti agli indicatori provinciali (peso effettivo della dimensione × peso dell'indicatore nella dimensione × valore normalizzato). " +
        'rapporto_varianze = Var(P) / Var(T): quanto varia la sola parte provinciale rispetto al totale. quota_covarianza = Cov(P, T) / Var(T): la sua quota nella scomposizione additiva della varianza del totale ' +
        '(le quote di tutte le parti sommano a 1; è negativa se la parte provinciale va in senso opposto al resto, per esempio province con pochi delitti e redditi bassi). ' +
        '"prima": stessi indicatori, trattati come quelli comunali (percentili sui comuni, nessun limite di peso, dimensioni calcolabili dai soli dati provinciali); "dopo": il metodo attuale.',
    },
    senza_indicatori_provinciali: {
      dimensione_top: top,
      rimasti_nella_top: rimasti,
      quota: top === 0 ? 1 : round(rimasti / top, 3),
      regola: `Si tolgono tutti gli indicatori provinciali (${provincial.map((d) => d.id).join(', ')}), si ricalcola l'indice con le stesse regole (una dimensione senza indicatori esce e i pesi sono riproporzionati) e si contano i primi ${top} che restano fra i primi ${top}.`,
    },
  };
}
