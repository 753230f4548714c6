/**
 * The missing-data rule of the index: where a comune lacks an indicator its dimension is
 * scored with a labelled estimate in its place instead of re-weighting the indicators it has.
 * Re-weighting assumes the missing part is as good as the measured part, so a comune with good
 * land figures and no air station scored as if its air were as good: missing air read as clean
 * air. The estimate is a national quantile (ESTIMATE_QUANTILE, below the median; why in
 * api/quality-weights.ts) of the measured comuni's normalised values: a missing indicator counts
 * a little below a typical measured comune, so it can never lift a comune above the middle on
 * that indicator, and the dimension moves toward it in proportion to the weight not measured.
 */
import { decimalRound } from '../../api/numbers.ts';
import { ESTIMATE_NAME, ESTIMATE_QUANTILE } from '../../api/quality-weights.ts';
import { quantile } from './normalise.ts';

/** 'stima': the published method; 'riproporziona': the previous one (missing indicators re-weighted away), kept to publish the comparison. */
export type MissingTreatment = 'stima' | 'riproporziona';

/** The estimate of a missing indicator: ESTIMATE_QUANTILE (type 7, like the bounds) of the normalised values measured, 1 decimal; null without values. */
export function missingEstimate(normalised: readonly number[]): number | null {
  if (normalised.length === 0) return null;
  return decimalRound(
    quantile(
      [...normalised].sort((a, b) => a - b),
      ESTIMATE_QUANTILE,
    ),
    1,
  );
}

export const MISSING_DATA_RULE =
  'Un valore mancante non è mai trattato come 0 né come 100. Se in una dimensione il comune ha almeno un indicatore misurato, ogni indicatore che gli manca entra nella media con la sua stima ' +
  `(campo stima dell'indicatore: il quantile ${String(ESTIMATE_QUANTILE).replace('.', ',')}, cioè il ${ESTIMATE_NAME}, dei valori normalizzati dei comuni che lo hanno, 1 decimale) e con il suo peso; ` +
  'un sostituto (PM10, NO2) non è stimato: se manca il PM2.5 contano PM10 e NO2 misurati, se mancano tutti è stimato il PM2.5. ' +
  "Così un dato mancante vale quanto un comune tipico fra quelli misurati: non può portare il comune sopra la metà della classifica per quell'indicatore, e la dimensione si avvicina alla mediana in proporzione al peso non misurato. " +
  "Prima i mancanti erano tolti e i pesi riproporzionati sugli indicatori presenti: equivaleva ad assumere che la parte mancante valesse quanto quella misurata, e un comune senza stazioni dell'aria ma con poco suolo consumato risultava avere aria pulita. " +
  'Ogni punteggio dichiara la copertura: copertura.quota_peso è la quota del peso della dimensione che poggia su valori misurati, copertura.stimati il numero di stime; nel record, copertura.quota_misurata è la stessa quota sul totale. ' +
  "In classifica i comuni con poca copertura restano al loro punteggio con le stime, che li porta verso il centro: un comune può salire in alto solo per valori misurati; l'avviso stime_prevalenti segnala quando meno di metà del peso del totale è misurata. " +
  "Una dimensione senza alcun indicatore misurato non è stimata: il suo punteggio è null, i pesi delle altre sono riproporzionati e il comune ha l'avviso dimensioni_senza_dati.";
