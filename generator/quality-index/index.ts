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
import { round } from '../../api/numbers.ts';
import { BUDGET_MODEL } from '../../api/wizard.ts';
import {
  DIMENSION_WEIGHTS,
  QUALITY_DIMENSIONS,
  QUALITY_INDICATORS,
  type IndicatorDefinition,
  type QualityDimension,
  type QualityInput,
} from './indicators.ts';
import { quantile } from './normalise.ts';
import { rankOrder, scoreAll, type QualityOptions, type QualityResult } from './score.ts';
import { provincialAnalysis, sensitivityFromDimensionScores } from './sensitivity.ts';
import { missingDataAnalysis } from './missing-analysis.ts';
import { buildMethodology } from './methodology.ts';
import { budgetThresholds } from './record.ts';

export * from './indicators.ts';
export * from './normalise.ts';
export * from './score.ts';
export * from './sensitivity.ts';
export * from './missing.ts';
export { buildQualitaVitaRecord, toQualityColumns, budgetThresholds, dimensionContents } from './record.ts';

export function computeQualityIndex(
  inputs: readonly QualityInput[],
  definitions: readonly IndicatorDefinition[] = QUALITY_INDICATORS,
  weights: Readonly<Record<QualityDimension, number>> = DIMENSION_WEIGHTS,
  options: QualityOptions = {},
): QualityResult {
  const scored = scoreAll(inputs, definitions, weights);
  const { comuni, dimScores, normalizzazione } = scored;
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
  const indicatori_provinciali =
    options.sensibilita === false ? null : provincialAnalysis(inputs, scored, definitions, weights);
  const confronto_dati_mancanti =
    options.sensibilita === false ? null : missingDataAnalysis(inputs, scored, definitions, weights);

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
    indicatori_provinciali,
    confronto_dati_mancanti,
    stime: scored.stime,
  };
  return { ...partial, metodologia: buildMethodology(partial, inputs) };
}
