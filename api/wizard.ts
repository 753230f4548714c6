/**
 * GET /api/qualita-vita/wizard — "dove vivere": the comuni that best fit a budget, a
 * size band, a priority and optionally a region, computed at request time from the
 * runtime index (web-standard JS only: it runs in the Netlify edge function and in Node).
 *
 * - dimensione and regione are filters (bands below, boundaries stated);
 * - priorita re-weights the index dimensions (priorityTables; bilanciato = the index weights, read
 *   from the index the answer is computed from, so the wizard and the index it serves never disagree);
 * - budget is a ceiling on the local cost level, modelled by the comune's average income
 *   (BUDGET_MODEL) with thresholds computed from the data at build time (QualityColumns.soglie_budget);
 * - order: re-weighted score descending, then codice_istat ascending — the same inputs always
 *   give the same answer.
 */
import type { Values } from './contract.ts';
import type { Answerer } from './context.ts';
import { canonicalUrl } from './envelope.ts';
import { canonicalRegione, comuneRef, resolveRegione } from './lists.ts';
import { formatInteger, weightedMean } from './numbers.ts';
import { ESTIMATE_NAME, percent, PRIORITY_SHARE, priorityWeights, weightsText } from './quality-weights.ts';
import { sortedIndexOf } from './sorted.ts';
import { getOrSet } from '../lib/maps.ts';
import { classificationFilter, CLASSIFICATION_FILTERS_TEXT } from './wizard-filters.ts';
import type { RouteOf } from './routes.ts';
import type { QualityColumns, QualityDimension, RuntimeIndex } from './runtime-index.ts';
import type { MetodoWizard, ModelloBudget, Wizard } from './schemas/qualita-wizard.ts';
import type { Static } from '@sinclair/typebox';

export type Budget = 'basso' | 'medio' | 'alto';
export type Dimensione = 'piccolo' | 'medio' | 'grande';
export type Priorita = 'reddito' | 'ambiente' | 'servizi' | 'bilanciato';
export type FasciaCosto = 'bassa' | 'media' | 'alta';

export const METODOLOGIA_LINK = '/api/metodologia#qualita-vita';

type Weights = Readonly<Record<QualityDimension, number>>;

/** Dimension weights per priority for an index with `weights`: bilanciato = those weights, the others by api/quality-weights.ts's rule. */
export function priorityTables(weights: Weights): Record<Priorita, Record<QualityDimension, number>> {
  return {
    reddito: priorityWeights(weights, 'reddito'),
    ambiente: priorityWeights(weights, 'ambiente'),
    servizi: priorityWeights(weights, 'servizi'),
    bilanciato: { ...weights },
  };
}

export { PRIORITY_SHARE };

/** How the tables of priorityTables(weights) are made, as the methodology and every answer print it. */
export function priorityRule(weights: Weights): string {
  return (
    `bilanciato usa i pesi dell'indice (${weightsText(weights)}). ` +
    `Per reddito, ambiente o servizi la dimensione scelta pesa il ${percent(PRIORITY_SHARE)}; il restante ${percent(1 - PRIORITY_SHARE)} è diviso fra le altre quattro in proporzione ai loro pesi nell'indice, ` +
    'arrotondando a punti percentuali interi con il metodo dei resti maggiori. Il punteggio del comune è la media dei punteggi delle dimensioni con dati, ' +
    "ponderata con questi pesi e riproporzionata sulle dimensioni disponibili, arrotondata a 1 decimale (con bilanciato coincide con l'indice)."
  );
}

/** The dimension weights an index was computed with, as its quality columns carry them. */
function indexWeights(q: QualityColumns): Weights {
  return Object.fromEntries(q.dimensioni.map((d) => [d.id, d.peso])) as Record<QualityDimension, number>;
}

/** Size bands on the population of the default demographic year; min and max inclusive. */
export const POPULATION_BANDS: Readonly<Record<Dimensione, { min: number; max: number | null; descrizione: string }>> =
  {
    piccolo: { min: 0, max: 4_999, descrizione: 'meno di 5.000 abitanti (4.999 è piccolo, 5.000 è medio)' },
    medio: { min: 5_000, max: 50_000, descrizione: 'da 5.000 a 50.000 abitanti, estremi inclusi' },
    grande: { min: 50_001, max: null, descrizione: 'più di 50.000 abitanti (50.000 è medio, 50.001 è grande)' },
  };

/**
 * Budget model: the comune's average IRPEF income per taxpayer (reddito_medio_euro, default
 * income year) is the proxy of the local cost of living; the thresholds are its terciles over
 * the comuni with a value (each comune counts once), computed at build time
 * (generator/quality-index/) and stored in QualityColumns.soglie_budget. The budget is a
 * ceiling: a higher budget also admits the cheaper bands.
 */
export const BUDGET_MODEL = {
  indicatore: 'reddito_medio_euro',
  /** Quantile probabilities of the two thresholds (terciles). */
  quantili: [1 / 3, 2 / 3] as const,
  fasce_ammesse: {
    basso: ['bassa'],
    medio: ['bassa', 'media'],
    alto: ['bassa', 'media', 'alta'],
  } satisfies Readonly<Record<Budget, readonly FasciaCosto[]>>,
  descrizione:
    'Indizio del costo della vita locale: il reddito complessivo IRPEF medio per contribuente del comune. ' +
    'Le soglie sono i terzili di questo reddito sui comuni che lo hanno (ogni comune conta una volta): fascia di costo bassa fino al primo terzile (incluso), ' +
    'alta dal secondo terzile (incluso), media in mezzo. Il budget è un tetto: basso ammette la fascia bassa, medio le fasce bassa e media, alto tutte. ' +
    'I comuni senza reddito medio non hanno fascia e non sono proposti (la risposta dice quanti sono).',
  limiti:
    'Il reddito medio non è un indice dei prezzi: dove i redditi sono alti di solito lo sono anche casa e servizi, ma la relazione non è esatta e ' +
    'nei comuni con pochi contribuenti la media è dominata da pochi redditi (avviso pochi_contribuenti). Le fonti non contengono prezzi o affitti per comune.',
};

/** The cost band of an average income, given the build's thresholds. */
export function costBand(
  redditoMedio: number,
  soglie: Pick<QualityColumns['soglie_budget'], 'basso_max' | 'alto_min'>,
): FasciaCosto {
  if (redditoMedio <= soglie.basso_max) return 'bassa';
  if (redditoMedio >= soglie.alto_min) return 'alta';
  return 'media';
}

export function budgetModel(soglie: QualityColumns['soglie_budget'] | null): Static<typeof ModelloBudget> {
  return {
    indicatore: BUDGET_MODEL.indicatore,
    anno: soglie?.anno ?? null,
    descrizione: soglie ? `${BUDGET_MODEL.descrizione} ${soglie.metodo}` : BUDGET_MODEL.descrizione,
    soglie: soglie ? { basso_max: soglie.basso_max, alto_min: soglie.alto_min } : null,
    fasce_ammesse: {
      basso: [...BUDGET_MODEL.fasce_ammesse.basso],
      medio: [...BUDGET_MODEL.fasce_ammesse.medio],
      alto: [...BUDGET_MODEL.fasce_ammesse.alto],
    },
    limiti: BUDGET_MODEL.limiti,
  };
}

export const WIZARD_ORDER = 'punteggio ripesato decrescente, a parità codice ISTAT crescente';

/** Above this share of estimated weight a dimension "rests mainly on estimates". */
export const ESTIMATED_SHARE_MAX = 0.5;

export const WIZARD_EXPLANATION =
  'La frase "perche" nomina fino a due dimensioni in cui il comune supera la mediana nazionale, scelte per contributo al punteggio ' +
  '(peso della priorità × distanza dalla mediana), ciascuna con i soli indicatori misurati per il comune e, a parte, quelli stimati; ' +
  `poi gli indicatori stimati di ogni dimensione (la stima è il ${ESTIMATE_NAME}, /api/metodologia#qualita-vita dati_mancanti), ` +
  `un avvertimento se la dimensione scelta come priorità poggia per più del ${ESTIMATED_SHARE_MAX * 100}% su stime (peso nominale degli indicatori; avviso priorita_stimata), ` +
  'le dimensioni senza dati e la fascia di costo con il reddito medio. È costruita solo dai dati del comune. ' +
  CLASSIFICATION_FILTERS_TEXT;

/** The wizard's part of the methodology of an index computed with `weights` (printed by /api/metodologia). */
export function wizardMethodology(
  soglie: QualityColumns['soglie_budget'] | null,
  weights: Weights,
): Static<typeof MetodoWizard> {
  return {
    pesi_per_priorita: priorityTables(weights),
    regola_pesi: priorityRule(weights),
    fasce_popolazione: {
      piccolo: { ...POPULATION_BANDS.piccolo },
      medio: { ...POPULATION_BANDS.medio },
      grande: { ...POPULATION_BANDS.grande },
    },
    modello_budget: budgetModel(soglie),
    ordinamento: WIZARD_ORDER,
    spiegazione: WIZARD_EXPLANATION,
  };
}

const BAND_RANK: Record<FasciaCosto, number> = { bassa: 0, media: 1, alta: 2 };
const MAX_BAND: Record<Budget, number> = { basso: 0, medio: 1, alto: 2 };

function joinItalian(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

export type WizardAnswer = Wizard;

type WizardRoute = RouteOf<'qualita.wizard'>;

export const wizardAnswer: Answerer<WizardRoute> = async (ctx, { route, values, instance }) => {
  const regione = canonicalRegione(ctx.index, values.regione, instance);
  return { kind: 'json', body: answerWizard((await ctx.full()).index, route, { ...values, regione }) };
};

/**
 * What the wizard derives from an index's quality columns, the same for every request, so made on
 * first use: each comune's cost band (BAND_RANK; 0 without income, which the loop tests first), the
 * priority tables and rule from the index's weights and, per priority, each comune's re-weighted score.
 */
interface Derived {
  bands: Uint8Array;
  tables: Record<Priorita, Record<QualityDimension, number>>;
  rule: string;
  scores: Map<Priorita, (number | null)[]>;
}
const derivedCache = new WeakMap<QualityColumns, Derived>();

function derived(q: QualityColumns): Derived {
  return getOrSet(derivedCache, q, () => {
    const weights = indexWeights(q);
    return {
      bands: Uint8Array.from(q.reddito_medio, (r) => (r == null ? 0 : BAND_RANK[costBand(r, q.soglie_budget)])),
      tables: priorityTables(weights),
      rule: priorityRule(weights),
      scores: new Map(),
    };
  });
}

function priorityScores(q: QualityColumns, priorita: Priorita): (number | null)[] {
  const { scores, tables } = derived(q);
  return getOrSet(scores, priorita, () => {
    const dims = q.dimensioni;
    const w = dims.map((d) => tables[priorita][d.id]);
    const row: (number | null | undefined)[] = new Array(dims.length);
    return q.punteggio.map((_, i) => {
      for (let d = 0; d < dims.length; d++) row[d] = dims[d]!.punteggi[i];
      return weightedMean(row, w);
    });
  });
}

export function answerWizard(index: RuntimeIndex, route: WizardRoute, values: Values<WizardRoute>): WizardAnswer {
  const { budget, dimensione, priorita, limit, zona, litoraneo, urbanizzazione } = values;
  const q = index.qualita;
  const weights = derived(q).tables[priorita];
  const band = POPULATION_BANDS[dimensione];
  const maxBand = MAX_BAND[budget];
  const soglie = q.soglie_budget;

  let regione = values.regione === undefined ? -1 : index.regioni.findIndex((r) => r.slug === values.regione);
  if (regione < 0 && values.regione !== undefined)
    regione = resolveRegione(index, values.regione, canonicalUrl(route, values));

  const keep = classificationFilter({ zona, litoraneo, urbanizzazione }, q.classificazione);
  const dims = q.dimensioni;
  const nDims = dims.length;
  const cols = dims.map((d) => d.punteggi);
  const scores = priorityScores(q, priorita);
  const bands = derived(q).bands;
  const pop = index.comuni.popolazione;
  const provincia = index.comuni.provincia;
  const provinceRegion = index.province.map((p) => p.regione);
  const punteggio = q.punteggio;
  const reddito = q.reddito_medio;
  const bandMin = band.min;
  const bandMax = band.max ?? Infinity;

  // Top `limit` kept sorted (score desc, position asc); positions are visited in codice order,
  // so among equal scores the earlier one always stays ahead.
  const topPos: number[] = [];
  const topScore: number[] = [];
  let totale = 0;
  let senzaPopolazione = 0;
  let senzaPunteggio = 0;
  let senzaReddito = 0;
  const n = index.comuni.codice.length;
  for (let i = 0; i < n; i++) {
    if (regione >= 0 && provinceRegion[provincia[i]!] !== regione) continue;
    if (keep !== null && !keep(i)) continue;
    const p = pop[i];
    if (p == null) {
      senzaPopolazione++;
      continue;
    }
    if (p < bandMin || p > bandMax) continue;
    if (punteggio[i] == null) {
      senzaPunteggio++;
      continue;
    }
    const r = reddito[i];
    if (r == null) {
      senzaReddito++;
      continue;
    }
    if (bands[i]! > maxBand) continue;
    const score = scores[i];
    if (score == null) {
      senzaPunteggio++;
      continue;
    }
    totale++;
    const size = topPos.length;
    if (size === limit && score <= topScore[size - 1]!) continue;
    let at = size;
    while (at > 0 && topScore[at - 1]! < score) at--;
    topPos.splice(at, 0, i);
    topScore.splice(at, 0, score);
    if (topPos.length > limit) {
      topPos.pop();
      topScore.pop();
    }
  }

  const regioneRef =
    regione >= 0 ? { codice: index.regioni[regione]!.codice, nome: index.regioni[regione]!.nome } : null;
  return {
    parametri: {
      budget,
      dimensione,
      priorita,
      regione: regioneRef,
      zona: zona ?? null,
      litoraneo: litoraneo === undefined ? null : litoraneo === 'true',
      urbanizzazione: urbanizzazione ?? null,
      limit,
    },
    pesi: { ...weights },
    regola_pesi: derived(q).rule,
    fascia_popolazione: {
      dimensione,
      min: band.min,
      max: band.max,
      anno_popolazione: index.anni_predefiniti.demografia,
      descrizione: band.descrizione,
    },
    modello_budget: budgetModel(soglie),
    totale,
    esclusi: {
      senza_popolazione: senzaPopolazione,
      senza_punteggio: senzaPunteggio,
      senza_reddito_medio: senzaReddito,
      motivo:
        'Comuni del territorio richiesto senza popolazione (dimensione non determinabile), senza punteggio nella fascia di dimensione, o senza reddito medio (fascia di costo non determinabile).',
    },
    ordinamento: WIZARD_ORDER,
    risultati: topPos.map((i, k) => {
      const r = reddito[i]!;
      const fascia = costBand(r, soglie);
      const punteggi: Partial<Record<QualityDimension, number | null>> = {};
      for (let d = 0; d < nDims; d++) punteggi[dims[d]!.id] = cols[d]![i] ?? null;
      const why = explain(q, i, weights, r, fascia, budget, priorita);
      return {
        posizione: k + 1,
        ...comuneRef(index, i),
        popolazione: pop[i]!,
        reddito_medio_euro: r,
        fascia_costo: fascia,
        punteggio: topScore[k]!,
        punteggio_indice: punteggio[i]!,
        punteggi: {
          reddito: punteggi.reddito ?? null,
          ambiente: punteggi.ambiente ?? null,
          servizi: punteggi.servizi ?? null,
          demografia: punteggi.demografia ?? null,
          sicurezza: punteggi.sicurezza ?? null,
        },
        perche: why.perche,
        avvisi: [...q.avvisi.filter((a) => -1 !== sortedIndexOf(a.posizioni, i)).map((a) => a.codice), ...why.avvisi],
        link: `/api/qualita-vita/${index.comuni.codice[i]}`,
      };
    }),
    metodologia: METODOLOGIA_LINK,
    links: { self: canonicalUrl(route, values), metodologia: METODOLOGIA_LINK },
  };
}

/** A comune's indicators in one dimension: those measured, those estimated, and the estimated share of their nominal weight. */
function indicatorsOf(d: QualityColumns['dimensioni'][number], i: number) {
  const state = d.stato[i] ?? 0;
  const measured: string[] = [];
  const estimated: string[] = [];
  let m = 0;
  let e = 0;
  d.indicatori.forEach((ind, j) => {
    if (state & (1 << j)) {
      measured.push(ind.nome);
      m += ind.peso;
    } else if (state & (1 << (8 + j))) {
      estimated.push(ind.nome);
      e += ind.peso;
    }
  });
  return { measured, estimated, estimatedShare: m + e === 0 ? 0 : e / (m + e) };
}

/**
 * "Sopra la mediana nazionale in reddito (82 contro 54: reddito medio, …) e ambiente (75 contro 62:
 * misurati PM10, NO2 e suolo consumato pro capite; stimati ozono); reddito medio 24.310 € (2023),
 * fascia di costo media, compatibile con il budget medio." Only the indicators the comune has are
 * named as measured; estimates are named as such, and a priority resting mainly on them is warned.
 */
export function explain(
  q: QualityColumns,
  i: number,
  weights: Readonly<Record<QualityDimension, number>>,
  redditoMedio: number,
  fascia: FasciaCosto,
  budget: Budget,
  priorita: Priorita = 'bilanciato',
): { perche: string; avvisi: string[] } {
  const strengths: { nome: string; misura: string; score: number; median: number; lift: number }[] = [];
  const missing: string[] = [];
  const estimates: { nome: string; text: string }[] = [];
  const avvisi: string[] = [];
  let warning: string | null = null;
  for (const d of q.dimensioni) {
    const s = d.punteggi[i];
    if (s == null) {
      missing.push(d.nome.toLowerCase());
      continue;
    }
    const ind = indicatorsOf(d, i);
    if (ind.estimated.length > 0)
      estimates.push({ nome: d.nome.toLowerCase(), text: `${d.nome.toLowerCase()} (${joinItalian(ind.estimated)})` });
    if (d.id === priorita && ind.estimatedShare > ESTIMATED_SHARE_MAX) {
      avvisi.push('priorita_stimata');
      warning = `attenzione: il punteggio ${d.nome.toLowerCase()}, la priorità scelta, poggia per più di metà su stime`;
    }
    const m = q.mediane_dimensioni[d.id];
    if (m == null || s <= m) continue;
    strengths.push({
      nome: d.nome.toLowerCase(),
      misura:
        `misurati ${joinItalian(ind.measured)}` +
        (ind.estimated.length > 0 ? `; stimati ${joinItalian(ind.estimated)}` : ''),
      score: s,
      median: m,
      lift: weights[d.id] * (s - m),
    });
  }
  strengths.sort((a, b) => b.lift - a.lift); // stable: equal lifts keep the dimension order
  const parts: string[] = [];
  parts.push(
    strengths.length > 0
      ? `Sopra la mediana nazionale in ${joinItalian(strengths.slice(0, 2).map((s) => `${s.nome} (${Math.round(s.score)} contro ${Math.round(s.median)}: ${s.misura})`))}`
      : 'Nessuna dimensione sopra la mediana nazionale',
  );
  // Estimates of the dimensions not already cited with their indicators.
  const cited = new Set(strengths.slice(0, 2).map((x) => x.nome));
  const other = estimates.filter((e) => !cited.has(e.nome)).map((e) => e.text);
  if (other.length > 0) parts.push(`stimati perché mancanti (${ESTIMATE_NAME}): ${joinItalian(other)}`);
  if (warning) parts.push(warning);
  if (missing.length > 0) parts.push(`senza dati per ${joinItalian(missing)} (pesi riproporzionati)`);
  parts.push(
    `reddito medio ${formatInteger(redditoMedio)} € (${q.soglie_budget.anno}), fascia di costo ${fascia}, compatibile con il budget ${budget}`,
  );
  return { perche: `${parts.join('; ')}.`, avvisi };
}
