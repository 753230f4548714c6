import type { Provenance } from '../../data-sources/lib/source.ts';
import type {
  ConfrontoDatiMancanti,
  IndicatoriProvinciali,
  Sensibilita,
  MetodologiaQualita,
} from '../../api/schemas/qualita.ts';
import type { QualityColumns } from '../../api/runtime-index.ts';
import { BUDGET_MODEL } from '../../api/wizard.ts';
import { formatInteger, round, weightedMean } from '../../api/numbers.ts';
import { ESTIMATE_NAME } from '../../api/quality-weights.ts';

// The one weighted mean of the index, shared with the wizard (api/ cannot import generator/).
export { weightedMean };
import {
  PROVINCIAL_SHARE_MAX,
  QUALITY_DIMENSIONS,
  type IndicatorDefinition,
  type QualityDimension,
  type QualityInput,
} from './indicators.ts';
import { normalisationParams, normaliseValue, type NormalisationParams } from './normalise.ts';
import { missingEstimate, type MissingTreatment } from './missing.ts';

/**
 * Below this many IRPEF taxpayers the income figures of a comune rest on a handful of
 * returns: one income of 1 million euro moves the average by 10,000 euro or more, i.e. by
 * an amount of the order of the average itself, so the reddito dimension is flagged as unreliable.
 */
export const FEW_TAXPAYERS_THRESHOLD = 100;

export type QualityFlagCode = 'pochi_contribuenti' | 'dimensioni_senza_dati' | 'stime_prevalenti';

/** Below this share of the total's weight on measured values a score rests mainly on estimates. */
export const MEASURED_SHARE_MIN = 0.5;

export const QUALITY_FLAGS: Readonly<Record<QualityFlagCode, { descrizione: string; soglia: number | null }>> = {
  pochi_contribuenti: {
    descrizione: `Meno di ${FEW_TAXPAYERS_THRESHOLD} contribuenti IRPEF: reddito medio e quote di reddito dipendono da poche dichiarazioni (un solo reddito di 1 milione di euro sposta la media di almeno ${formatInteger(1_000_000 / FEW_TAXPAYERS_THRESHOLD)} euro), la dimensione reddito è poco affidabile.`,
    soglia: FEW_TAXPAYERS_THRESHOLD,
  },
  dimensioni_senza_dati: {
    descrizione:
      'Almeno una dimensione non ha alcun indicatore per il comune: il totale è calcolato sulle altre, con i pesi riproporzionati.',
    soglia: null,
  },
  stime_prevalenti: {
    descrizione: `Meno del ${MEASURED_SHARE_MIN * 100}% del peso del punteggio poggia su valori misurati (copertura.quota_misurata): il resto sono stime, il punteggio dice poco del comune.`,
    soglia: MEASURED_SHARE_MIN,
  },
};

export interface IndicatorScore {
  id: string;
  valore: number | null;
  anno: number | null;
  fonte: Provenance | null;
  normalizzato: number | null;
  /** The labelled estimate used in place of a missing value (MISSING_DATA_RULE), null where measured or not used. */
  stima: number | null;
  /** Effective weight in the dimension for this comune (0 when missing), 4 decimals. */
  peso_nella_dimensione: number;
  motivo_mancante: string | null;
}

export interface DimensionScore {
  punteggio: number | null;
  peso_nominale: number;
  peso_effettivo: number;
  copertura: { disponibili: number; definiti: number; quota: number; quota_peso: number; stimati: number };
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
  /** Share of the total's weight that rests on measured values (Σ peso_effettivo × quota_peso), 3 decimals. */
  quota_misurata: number | null;
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
  /** Treatment and weight of province-level indicators (null when the sensitivity checks are off). */
  indicatori_provinciali: IndicatoriProvinciali | null;
  /** The missing-data rule's before/after (null when the sensitivity checks are off). */
  confronto_dati_mancanti: ConfrontoDatiMancanti | null;
  /** Per indicator (definizioni order), the estimate of a missing value. */
  stime: (number | null)[];
  metodologia: MetodologiaQualita;
}

export interface QualityOptions {
  /** Compute the ±5-point sensitivity of the top 100 (default true). */
  sensibilita?: boolean;
}

const MOTIVO_NON_FORNITO = 'Indicatore non disponibile per questo comune nelle fonti.';
const MOTIVO_COSTANTE = "L'indicatore ha lo stesso valore per tutti i comuni: non distingue e non entra nel punteggio.";
const MOTIVO_DIMENSIONE =
  'Nessun indicatore della dimensione ha un valore per questo comune: la dimensione è esclusa e i pesi delle altre sono riproporzionati.';
export const MOTIVO_SOLO_PROVINCIALI =
  'La dimensione ha indicatori comunali ma nessuno ha un valore per questo comune: i soli indicatori provinciali, uguali per tutti i comuni della provincia, non bastano a misurarlo. La dimensione è esclusa e i pesi delle altre sono riproporzionati.';
export const MOTIVO_STIMA = `Al suo posto la dimensione usa la stima pubblicata nella metodologia (campo stima: il ${ESTIMATE_NAME} dei valori normalizzati misurati), così la mancanza del dato non migliora il punteggio.`;
export const MOTIVO_TOTALE =
  "Nessuna dimensione dell'indice ha dati per questo comune: il punteggio non è calcolato e il comune non è in classifica.";

function validate(
  definitions: readonly IndicatorDefinition[],
  weights: Readonly<Record<QualityDimension, number>>,
): void {
  const ids = new Set<string>();
  for (const def of definitions) {
    if (ids.has(def.id)) throw new Error(`indice di qualità: indicatore "${def.id}" definito due volte`);
    ids.add(def.id);
    if (!QUALITY_DIMENSIONS.includes(def.dimensione))
      throw new Error(`indice di qualità: l'indicatore "${def.id}" ha una dimensione sconosciuta "${def.dimensione}"`);
    if (def.peso !== undefined && !(def.peso > 0 && Number.isFinite(def.peso)))
      throw new Error(`indice di qualità: l'indicatore "${def.id}" ha peso ${def.peso}; deve essere positivo`);
  }
  let sum = 0;
  for (const d of QUALITY_DIMENSIONS) {
    const w = weights[d];
    if (!(w >= 0 && Number.isFinite(w))) throw new Error(`indice di qualità: il peso di ${d} è ${w}`);
    sum += w;
  }
  if (Math.abs(sum - 1) > 1e-9) throw new Error(`indice di qualità: i pesi delle dimensioni sommano a ${sum}, non a 1`);
}

export const indicatorWeight = (def: IndicatorDefinition) => def.peso ?? 1;

/** The national order: positions with a total, score descending, codice_istat ascending. */
export function rankOrder(totals: readonly (number | null)[], codici: readonly string[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i < totals.length; i++) if (totals[i] != null) rows.push(i);
  return rows.sort(
    (a, b) => totals[b]! - totals[a]! || (codici[a]! < codici[b]! ? -1 : codici[a]! > codici[b]! ? 1 : 0),
  );
}

/**
 * How province-level indicators are treated: 'limitato' is the published method
 * (normalised over provinces, capped at PROVINCIAL_SHARE_MAX of a mixed dimension, never a
 * dimension's only data unless the dimension is provincial by definition); 'come_comunali'
 * is the previous method (treated like comune-level indicators), kept to publish the comparison.
 */
export type ProvincialTreatment = 'limitato' | 'come_comunali';

export interface Scored {
  comuni: ComuneQuality[];
  /** Dimension scores per dimension (QUALITY_DIMENSIONS order), per comune. */
  dimScores: (number | null)[][];
  normalizzazione: NormalisationParams[];
  /** Per comune, the points of its total that come from province-level indicators (unrounded); null without a total. */
  puntiProvinciali: (number | null)[];
  /** Per indicator (definitions order), the estimate that stands in for a missing value (null: none). */
  stime: (number | null)[];
}

/**
 * Effective weights of a comune's indicators in one dimension, before rounding: nominal
 * weights of the indicators with a normalised value; province-level ones scaled down so
 * that together they are at most PROVINCIAL_SHARE_MAX of the total.
 */
function effectiveWeights(
  defs: readonly IndicatorDefinition[],
  used: readonly boolean[],
  treatment: ProvincialTreatment,
): number[] {
  const nominal = defs.map((def, j) => (used[j] ? indicatorWeight(def) : 0));
  if (treatment === 'come_comunali') return nominal;
  let local = 0;
  let provincial = 0;
  defs.forEach((def, j) => (def.livello === 'provincia' ? (provincial += nominal[j]!) : (local += nominal[j]!)));
  const allowed = (PROVINCIAL_SHARE_MAX / (1 - PROVINCIAL_SHARE_MAX)) * local;
  if (local === 0 || provincial <= allowed) return nominal;
  const scale = allowed / provincial;
  return defs.map((def, j) => (def.livello === 'provincia' ? nominal[j]! * scale : nominal[j]!));
}

/** Distinct (province, value) pairs: a province-level figure counts once per province. */
function provinceValues(inputs: readonly QualityInput[], id: string): number[] {
  const seen = new Map<string, number>();
  for (const c of inputs) {
    const v = c.indicatori[id]?.valore;
    if (v != null) seen.set(`${c.provincia}|${v}`, v);
  }
  return [...seen.values()];
}

export function scoreAll(
  inputs: readonly QualityInput[],
  definitions: readonly IndicatorDefinition[],
  weights: Readonly<Record<QualityDimension, number>>,
  treatment: ProvincialTreatment = 'limitato',
  missing: MissingTreatment = 'stima',
): Scored {
  validate(definitions, weights);
  const seen = new Set<string>();
  for (const c of inputs) {
    if (seen.has(c.codice_istat)) throw new Error(`indice di qualità: comune ${c.codice_istat} presente due volte`);
    seen.add(c.codice_istat);
    for (const [id, v] of Object.entries(c.indicatori)) {
      if (v.valore !== null && !Number.isFinite(v.valore))
        throw new Error(`indice di qualità: ${c.codice_istat} ${id} = ${v.valore} non è un numero finito`);
    }
  }

  const measured = definitions.map((def) => {
    if (def.livello === 'provincia' && treatment === 'limitato') return provinceValues(inputs, def.id);
    const values: number[] = [];
    for (const c of inputs) {
      const v = c.indicatori[def.id]?.valore;
      if (v != null) values.push(v);
    }
    return values;
  });
  const normalizzazione = definitions.map((def, j) =>
    normalisationParams(def, measured[j]!, def.livello === 'provincia' && treatment === 'limitato'),
  );
  const paramsById = new Map(normalizzazione.map((p) => [p.id, p]));
  // A stand-in is never estimated: the indicator it replaces is.
  const stime = definitions.map((def, j) =>
    missing === 'riproporziona' || def.sostituto_di
      ? null
      : missingEstimate(measured[j]!.flatMap((v) => normaliseValue(v, normalizzazione[j]!) ?? [])),
  );
  const estimateById = new Map(definitions.map((def, j) => [def.id, stime[j]!]));
  const byDimension = new Map<QualityDimension, IndicatorDefinition[]>(
    QUALITY_DIMENSIONS.map((d) => [d, definitions.filter((def) => def.dimensione === d)]),
  );
  const dimWeights = QUALITY_DIMENSIONS.map((d) => weights[d]);
  const dimScores: (number | null)[][] = QUALITY_DIMENSIONS.map(() => []);
  const puntiProvinciali: (number | null)[] = [];

  const comuni = inputs.map((input, i): ComuneQuality => {
    const dimensioni = {} as Record<QualityDimension, DimensionScore>;
    const provincialShare: number[] = [];
    QUALITY_DIMENSIONS.forEach((d, k) => {
      const defs = byDimension.get(d)!;
      const rows = defs.map((def) => {
        const v = input.indicatori[def.id];
        const valore = v?.valore ?? null;
        const params = paramsById.get(def.id)!;
        const normalizzato = valore === null ? null : normaliseValue(valore, params);
        const motivo =
          valore === null ? (v?.motivo_mancante ?? MOTIVO_NON_FORNITO) : normalizzato === null ? MOTIVO_COSTANTE : null;
        return { def, valore, anno: v?.anno ?? null, fonte: v?.fonte ?? null, normalizzato, motivo };
      });
      // A stand-in (PM10, NO2) is not used where the indicator it stands in for has a value.
      for (const r of rows) {
        const primary = r.def.sostituto_di ? rows.find((x) => x.def.id === r.def.sostituto_di) : undefined;
        if (primary?.normalizzato != null && r.normalizzato !== null) {
          r.normalizzato = null;
          r.motivo = `Non usato: il comune ha un valore di ${primary.def.nome}, che lo sostituisce.`;
        }
      }
      const hasLocalDefs = defs.some((def) => def.livello === 'comune');
      const hasLocalValue = rows.some((r) => r.def.livello === 'comune' && r.normalizzato !== null);
      // Province-level values alone do not score a dimension meant to measure comuni.
      const provincialOnly = treatment === 'limitato' && hasLocalDefs && !hasLocalValue;
      const measuredRow = rows.map((r) => r.normalizzato !== null && !provincialOnly);
      // A dimension with a measured value takes the estimate for each indicator it lacks (not for
      // a stand-in, nor for an indicator whose stand-ins are measured); one with none stays unscored.
      const anyMeasured = measuredRow.some(Boolean);
      const stima = rows.map((r, j) => {
        if (!anyMeasured || measuredRow[j] || r.valore !== null) return null;
        if (rows.some((x, m) => measuredRow[m] && x.def.sostituto_di === r.def.id)) return null;
        return estimateById.get(r.def.id) ?? null;
      });
      const used = rows.map((_r, j) => measuredRow[j]! || stima[j] !== null);
      const eff = effectiveWeights(defs, used, treatment);
      const effSum = eff.reduce((a, b) => a + b, 0);
      const published = eff.map((w) => (effSum === 0 ? 0 : round(w / effSum, 4)));
      const punteggio = weightedMean(
        rows.map((r, j) => (measuredRow[j] ? r.normalizzato : stima[j])),
        published,
      );
      dimScores[k]![i] = punteggio;
      provincialShare[k] = rows.reduce(
        (a, r, j) => a + (used[j] && r.def.livello === 'provincia' ? published[j]! * (r.normalizzato ?? stima[j]!) : 0),
        0,
      );
      const disponibili = measuredRow.filter(Boolean).length;
      const measuredWeight = published.reduce((a, w, j) => a + (measuredRow[j] ? w : 0), 0);
      dimensioni[d] = {
        punteggio,
        peso_nominale: weights[d],
        peso_effettivo: 0, // set below, once the available dimensions are known
        copertura: {
          disponibili,
          definiti: rows.length,
          quota: rows.length === 0 ? 0 : round(disponibili / rows.length, 3),
          quota_peso: punteggio === null ? 0 : round(measuredWeight, 3),
          stimati: stima.filter((x) => x !== null).length,
        },
        motivo_mancante:
          punteggio !== null
            ? null
            : provincialOnly && rows.some((r) => r.normalizzato !== null)
              ? MOTIVO_SOLO_PROVINCIALI
              : MOTIVO_DIMENSIONE,
        indicatori: rows.map((r, j) => ({
          id: r.def.id,
          valore: r.valore,
          anno: r.anno,
          fonte: r.fonte,
          normalizzato: r.normalizzato,
          stima: stima[j]!,
          peso_nella_dimensione: published[j]!,
          motivo_mancante:
            stima[j] !== null
              ? `${(r.motivo ?? MOTIVO_NON_FORNITO).replace(/\.?$/, '.')} ${MOTIVO_STIMA}`
              : (r.motivo ?? (measuredRow[j] ? null : MOTIVO_SOLO_PROVINCIALI)),
        })),
      };
    });
    const scores = QUALITY_DIMENSIONS.map((d) => dimensioni[d].punteggio);
    const punteggio = weightedMean(scores, dimWeights);
    const availableWeight = QUALITY_DIMENSIONS.reduce(
      (a, d) => a + (dimensioni[d].punteggio === null ? 0 : weights[d]),
      0,
    );
    let provincialPoints = 0;
    QUALITY_DIMENSIONS.forEach((d, k) => {
      dimensioni[d].peso_effettivo =
        dimensioni[d].punteggio === null || availableWeight === 0 ? 0 : round(weights[d] / availableWeight, 4);
      if (dimensioni[d].punteggio !== null && availableWeight > 0)
        provincialPoints += (weights[d] / availableWeight) * provincialShare[k]!;
    });
    puntiProvinciali[i] = punteggio === null ? null : provincialPoints;
    const quotaMisurata =
      punteggio === null
        ? null
        : round(
            QUALITY_DIMENSIONS.reduce(
              (a, d) => a + dimensioni[d].peso_effettivo * dimensioni[d].copertura.quota_peso,
              0,
            ),
            3,
          );
    const avvisi: QualityFlag[] = [];
    if (input.contribuenti != null && input.contribuenti < FEW_TAXPAYERS_THRESHOLD) {
      avvisi.push({
        codice: 'pochi_contribuenti',
        descrizione: `${input.contribuenti} contribuenti. ${QUALITY_FLAGS.pochi_contribuenti.descrizione}`,
      });
    }
    const missingDims = QUALITY_DIMENSIONS.filter((d) => dimensioni[d].punteggio === null);
    if (punteggio !== null && missingDims.length > 0) {
      avvisi.push({
        codice: 'dimensioni_senza_dati',
        descrizione: `Nessun dato per ${missingDims.join(', ')}: il totale è calcolato sulle altre dimensioni, con i pesi riproporzionati.`,
      });
    }
    if (quotaMisurata !== null && quotaMisurata < MEASURED_SHARE_MIN) {
      avvisi.push({
        codice: 'stime_prevalenti',
        descrizione: `Quota misurata ${String(quotaMisurata).replace('.', ',')}. ${QUALITY_FLAGS.stime_prevalenti.descrizione}`,
      });
    }
    return {
      codice_istat: input.codice_istat,
      regione: input.regione,
      popolazione: input.popolazione,
      contribuenti: input.contribuenti,
      reddito_medio_euro: input.indicatori[BUDGET_MODEL.indicatore]?.valore ?? null,
      punteggio,
      quota_misurata: quotaMisurata,
      posizione_nazionale: null,
      posizione_regionale: null,
      dimensioni,
      avvisi,
    };
  });
  return { comuni, dimScores, normalizzazione, puntiProvinciali, stime };
}
