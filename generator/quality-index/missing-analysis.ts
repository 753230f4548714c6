/** The missing-data rule's effect, before and after, for the methodology. */
import type { ConfrontoDatiMancanti } from '../../api/schemas/qualita.ts';
import { round } from '../../api/numbers.ts';
import {
  QUALITY_DIMENSIONS,
  type IndicatorDefinition,
  type QualityDimension,
  type QualityInput,
} from './indicators.ts';
import { ESTIMATE_QUANTILE } from '../../api/quality-weights.ts';
import { MISSING_DATA_RULE } from './missing.ts';
import { quantile } from './normalise.ts';
import { rankOrder, scoreAll, type Scored } from './score.ts';
import { SENSITIVITY_TOP } from './sensitivity.ts';

/** Median of the present scores (type 7, 1 decimal), null if none. */
function median(scores: readonly (number | null | undefined)[]): number | null {
  const present = scores.filter((s): s is number => s != null).sort((a, b) => a - b);
  return present.length === 0 ? null : round(quantile(present, 0.5), 1);
}

/** How many of the best `top` by `scores` (score desc, code asc) satisfy `inGroup`. */
function topCount(
  scores: readonly (number | null)[],
  codici: readonly string[],
  inGroup: (i: number) => boolean,
  top: number,
) {
  return rankOrder(scores, codici).slice(0, top).filter(inGroup).length;
}

/**
 * The rule's effect, before (missing indicators re-weighted away) and after: per dimension the
 * median score of comuni with and without estimates and their count in the top 100 of that
 * dimension; the same for comuni without any measured air indicator; and how many of the
 * national top 100 stay.
 */
export function missingDataAnalysis(
  inputs: readonly QualityInput[],
  after: Scored,
  definitions: readonly IndicatorDefinition[],
  weights: Readonly<Record<QualityDimension, number>>,
  top: number = SENSITIVITY_TOP,
): ConfrontoDatiMancanti {
  const before = scoreAll(inputs, definitions, weights, 'limitato', 'riproporziona');
  const codici = inputs.map((c) => c.codice_istat);
  const dimensioni = QUALITY_DIMENSIONS.map((d, k) => {
    const estimated = (i: number) => after.comuni[i]!.dimensioni[d].copertura.stimati > 0;
    const scored = after.dimScores[k]!.flatMap((s, i) => (s === null ? [] : [i]));
    const groups = (scores: readonly (number | null)[]) => ({
      con_stime: median(scored.filter(estimated).map((i) => scores[i])),
      senza_stime: median(scored.filter((i) => !estimated(i)).map((i) => scores[i])),
    });
    const withEstimates = scored.filter(estimated).length;
    return {
      dimensione: d,
      comuni_con_stime: withEstimates,
      comuni_senza_stime: scored.length - withEstimates,
      mediana: { prima: groups(before.dimScores[k]!), dopo: groups(after.dimScores[k]!) },
      top_100_con_stime: {
        prima: topCount(before.dimScores[k]!, codici, estimated, top),
        dopo: topCount(after.dimScores[k]!, codici, estimated, top),
      },
      quota_con_stime: scored.length === 0 ? 0 : round(withEstimates / scored.length, 3),
    };
  });
  const air = definitions.filter((def) => def.tema === 'aria');
  const dimAir = QUALITY_DIMENSIONS.indexOf(air[0]?.dimensione ?? 'ambiente');
  const noAir = (i: number) => air.every((def) => inputs[i]!.indicatori[def.id]?.valore == null);
  const envScored = after.dimScores[dimAir]!.flatMap((s, i) => (s === null ? [] : [i]));
  const airGroups = (scores: readonly (number | null)[]) => ({
    senza_aria: median(envScored.filter(noAir).map((i) => scores[i])),
    con_aria: median(envScored.filter((i) => !noAir(i)).map((i) => scores[i])),
  });
  const senza = envScored.filter(noAir).length;
  const totals = (s: Scored) => s.comuni.map((c) => c.punteggio);
  const beforeTop = new Set(rankOrder(totals(before), codici).slice(0, top));
  const afterTop = rankOrder(totals(after), codici).slice(0, top);
  const n = Math.min(top, afterTop.length);
  const kept = afterTop.filter((i) => beforeTop.has(i)).length;
  return {
    regola: MISSING_DATA_RULE,
    quantile_stima: ESTIMATE_QUANTILE,
    dimensioni,
    aria: {
      indicatori: air.map((def) => def.id),
      comuni_senza_aria: senza,
      comuni_con_aria: envScored.length - senza,
      quota_senza_aria: envScored.length === 0 ? 0 : round(senza / envScored.length, 3),
      mediana_ambiente: { prima: airGroups(before.dimScores[dimAir]!), dopo: airGroups(after.dimScores[dimAir]!) },
      top_100_ambiente_senza_aria: {
        prima: topCount(before.dimScores[dimAir]!, codici, noAir, top),
        dopo: topCount(after.dimScores[dimAir]!, codici, noAir, top),
      },
    },
    stabilita: {
      dimensione_top: n,
      rimasti_nella_top: kept,
      quota: n === 0 ? 1 : round(kept / n, 3),
      regola: `Primi ${top} della classifica nazionale con i dati mancanti riproporzionati (prima) e con le stime (dopo): quanti restano.`,
    },
  };
}
