import type { QualitaVita } from '../../api/schemas/qualita.ts';
import type { QualityColumns } from '../../api/runtime-index.ts';
import { BUDGET_MODEL, METODOLOGIA_LINK } from '../../api/wizard.ts';
import { formatInteger, round } from '../../api/numbers.ts';
import { jsonLink } from '../../api/static-files.ts';
import { classificationColumns } from '../../api/wizard-filters.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { DIMENSION_NAMES, QUALITY_DIMENSIONS, type IndicatorDefinition, type QualityDimension } from './indicators.ts';
import { CLIP_PERCENTILES, quantile } from './normalise.ts';
import { methodSummary, weightsText } from './methodology.ts';
import { getOrSet } from '../../lib/maps.ts';
import { MOTIVO_TOTALE, QUALITY_FLAGS, type ComuneQuality, type QualityFlagCode, type QualityResult } from './score.ts';

/** Each result's comuni by code: the build asks for all 7,896 records, and a linear search per record is quadratic. */
const byCode = new WeakMap<QualityResult, Map<string, ComuneQuality>>();

/** The per-comune record of /api/qualita-vita/{codice_istat}. */
export function buildQualitaVitaRecord(
  result: QualityResult,
  codice: string,
  comune: { nome: string; regione: { codice: string; nome: string } },
): QualitaVita {
  const lookup = getOrSet(byCode, result, () => {
    const codes = new Map<string, ComuneQuality>();
    for (const x of result.comuni) if (!codes.has(x.codice_istat)) codes.set(x.codice_istat, x);
    return codes;
  });
  const c = lookup.get(codice);
  if (!c) throw new Error(`indice di qualità: il comune ${codice} non è nel risultato`);
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
          stima: ind.stima,
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
      quota_misurata: c.quota_misurata,
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
      json: jsonLink('qualita.get', { codice_istat: c.codice_istat }),
      comune: `/api/comuni/${c.codice_istat}`,
      metodologia: METODOLOGIA_LINK,
      classifica: '/api/qualita-vita/classifica',
    },
  };
}

/**
 * The quality part of the runtime index, aligned with `comuni` (the index's comuni, sorted by
 * code), with their ISTAT classification for the wizard's filters; a code absent from the result
 * gets nulls. Needs the budget thresholds, i.e. average incomes in the inputs.
 */
export function toQualityColumns(
  result: QualityResult,
  comuni: readonly Pick<Anagrafica, 'codice_istat' | 'classificazione'>[],
): QualityColumns {
  if (!result.soglie_budget) {
    throw new Error(
      `indice di qualità: nessun valore di ${BUDGET_MODEL.indicatore} con un anno nei dati, quindi le soglie di budget del wizard non si possono calcolare`,
    );
  }
  const byCode = new Map(result.comuni.map((c) => [c.codice_istat, c]));
  const rows = comuni.map((c) => byCode.get(c.codice_istat) ?? null);
  const flagged = (code: QualityFlagCode) =>
    rows.flatMap((c, i) => (c && c.avvisi.some((a) => a.codice === code) ? [i] : []));
  return {
    punteggio: rows.map((c) => c?.punteggio ?? null),
    dimensioni: QUALITY_DIMENSIONS.map((d) => ({
      id: d,
      nome: DIMENSION_NAMES[d],
      peso: result.pesi[d],
      misura: dimensionContents(result.definizioni, d),
      punteggi: rows.map((c) => c?.dimensioni[d].punteggio ?? null),
      indicatori: result.definizioni
        .filter((def) => def.dimensione === d)
        .map((def) => ({ nome: shortName(def), peso: def.peso ?? 1 })),
      stato: rows.map((c) => (c ? indicatorState(c.dimensioni[d].indicatori) : 0)),
    })),
    reddito_medio: rows.map((c) => c?.reddito_medio_euro ?? null),
    soglie_budget: { ...result.soglie_budget },
    metodologia:
      `Indice composito DERIVATO 0–100 di ${result.definizioni.length} indicatori in cinque dimensioni (${weightsText(result.pesi)}; pesi riproporzionati sulle dimensioni con dati), ` +
      `normalizzati fra il ${CLIP_PERCENTILES.basso}° e il ${CLIP_PERCENTILES.alto}° percentile; a parità di punteggio codice ISTAT crescente. Metodo, parametri e limiti: ${METODOLOGIA_LINK}.`,
    mediane_dimensioni: { ...result.mediane_dimensioni },
    avvisi: (Object.keys(QUALITY_FLAGS) as QualityFlagCode[]).map((codice) => ({
      codice,
      descrizione: QUALITY_FLAGS[codice].descrizione,
      posizioni: flagged(codice),
    })),
    classificazione: classificationColumns(comuni.map((c) => c.classificazione)),
  };
}

function mostFrequentYear(years: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const y of years) counts.set(y, (counts.get(y) ?? 0) + 1);
  let best: number | null = null;
  let bestCount = 0;
  for (const [y, c] of counts)
    if (c > bestCount || (c === bestCount && best !== null && y > best)) [best, bestCount] = [y, c];
  return best;
}

/** Budget thresholds of the wizard: terciles of the comuni's average income (see api/wizard.ts BUDGET_MODEL). */
export function budgetThresholds(
  values: readonly { valore: number | null; anno: number | null }[],
): QualityColumns['soglie_budget'] | null {
  const present = values.filter(
    (v): v is { valore: number; anno: number | null } => v.valore != null && Number.isFinite(v.valore),
  );
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

/**
 * What a dimension measures, from its indicators' names (the part before a comma), stand-ins
 * in brackets after the indicator they replace: "PM2.5 (o PM10 e NO2), ozono, suolo consumato pro capite, …".
 */
export function dimensionContents(definitions: readonly IndicatorDefinition[], d: QualityDimension): string {
  const defs = definitions.filter((def) => def.dimensione === d);
  return defs
    .filter((def) => !def.sostituto_di)
    .map((def) => {
      const standIns = defs.filter((x) => x.sostituto_di === def.id).map(short);
      return shortName(def) + (standIns.length > 0 ? ` (o ${standIns.join(' e ')})` : '');
    })
    .join(', ');
}

const short = (def: IndicatorDefinition) => def.nome.split(',')[0]!.trim();

/** "PM2.5", "ozono", "suolo consumato pro capite": an indicator's name as the wizard's sentences use it. */
export function shortName(def: IndicatorDefinition): string {
  const text = short(def);
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

/** The wizard's bitmask of a comune's indicators in one dimension: bit j measured and counted, bit 8 + j estimated. */
function indicatorState(
  indicatori: readonly { normalizzato: number | null; stima: number | null; peso_nella_dimensione: number }[],
): number {
  let state = 0;
  indicatori.forEach((ind, j) => {
    if (ind.normalizzato !== null && ind.peso_nella_dimensione > 0) state |= 1 << j;
    if (ind.stima !== null) state |= 1 << (8 + j);
  });
  return state;
}
