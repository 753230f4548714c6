import type { MetodologiaQualita } from '../../api/schemas/qualita.ts';
import { METODOLOGIA_LINK, wizardMethodology } from '../../api/wizard.ts';
import { round } from '../../api/numbers.ts';
import { ESTIMATE_NAME, weightsText } from '../../api/quality-weights.ts';
import { DEFAULT_MAX_DISTANCE_KM } from '../join/attribute-air.ts';
import { DIMENSION_NAMES, QUALITY_DIMENSIONS, type QualityDimension, type QualityInput } from './indicators.ts';
import { CLIP_PERCENTILES } from './normalise.ts';
import { MISSING_DATA_RULE } from './missing.ts';
import { indicatorWeight, QUALITY_FLAGS, type QualityFlagCode, type QualityResult } from './score.ts';

/** The method aims at no more than this share of comuni at 100 on any dimension, and says why where there are more. */
export const FULL_SCORE_SHARE_MAX = 0.01;

export function buildMethodology(
  result: Omit<QualityResult, 'metodologia'>,
  inputs: readonly QualityInput[],
): MetodologiaQualita {
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
    // Stand-ins (PM10, NO2) take the place of the indicator they replace, so they do not add to the total.
    const same = definizioni.filter((d) => d.dimensione === def.dimensione && !d.sostituto_di);
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
      peso_relativo: indicatorWeight(def),
      anni: [...years].sort((a, b) => a - b),
      fonti: [...sources].sort(),
      comuni_con_valore: withValue,
      sostituto_di: def.sostituto_di ?? null,
      stima: result.stime[j] ?? null,
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
      "È un indice relativo: 100 vuol dire fra i comuni italiani migliori per quell'aspetto, non il superamento di una soglia assoluta di benessere.",
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
        `Min–max fra percentili: per ogni indicatore comunale si calcolano il ${CLIP_PERCENTILES.basso}° (L) e il ${CLIP_PERCENTILES.alto}° (H) percentile dei valori dei comuni che lo hanno ` +
        "(ogni comune conta una volta); i valori fuori da [L, H] sono portati all'estremo più vicino, così pochi valori anomali non schiacciano tutti gli altri; " +
        'per un indicatore provinciale L e H sono il minimo e il massimo delle province (base = province, ogni provincia una volta, vedi indicatori_provinciali); ' +
        "poi la scala è lineare fra 0 e 100 secondo il verso dell'indicatore. Rispetto a una normalizzazione per ranghi conserva le distanze fra i valori ed è ricalcolabile da due numeri per indicatore.",
      percentile_basso: CLIP_PERCENTILES.basso,
      percentile_alto: CLIP_PERCENTILES.alto,
      quantile:
        'Percentile di tipo 7 (Hyndman e Fan): interpolazione lineare fra i valori ordinati x₁ ≤ … ≤ xₙ nella posizione 1 + (n − 1) × p; è il metodo predefinito di R, NumPy e PERCENTILE.INC. L e H sono arrotondati a 4 decimali e usati così.',
      formula_maggiore_migliore:
        'normalizzato = 100 × (min(max(x, L), H) − L) / (H − L), arrotondato a 1 decimale (metà per eccesso)',
      formula_minore_migliore:
        'normalizzato = 100 × (H − min(max(x, L), H)) / (H − L), arrotondato a 1 decimale (metà per eccesso)',
      casi_degeneri:
        'Se L = H (oltre il 90% dei comuni ha lo stesso valore) si usano minimo e massimo senza taglio (metodo min_max, L = minimo, H = massimo); ' +
        "se tutti i valori coincidono l'indicatore non distingue i comuni e non entra nel punteggio (metodo costante: valore normalizzato null, con il motivo).",
    },
    aggregazione: {
      dimensione:
        'Punteggio della dimensione = Σ p × n / Σ p sugli indicatori usati, dove n è il valore normalizzato o, per un indicatore mancante, la sua stima (dati_mancanti), e p è il peso_nella_dimensione pubblicato per il comune (4 decimali). ' +
        'Il peso nominale di un indicatore è 1; due indicatori che misurano lo stesso tema a livelli o anni diversi si dividono un peso, 0,5 ciascuno, perché il tema non conti due volte. ' +
        "Aria: conta il PM2.5 dove è attribuito; dove manca contano PM10 e NO2, 0,5 ciascuno (sostituto_di), così l'aria pesa uguale in ogni comune; l'ozono pesa 0,5. " +
        'I pesi nominali degli indicatori usati (misurati o stimati) sono riproporzionati a somma 1; gli indicatori provinciali sono poi limitati come descritto in indicatori_provinciali; il risultato, a 4 decimali, è peso_nella_dimensione.',
      totale:
        'Punteggio totale = Σ P × S / Σ P sulle dimensioni con un punteggio S, dove P è il peso della dimensione: i pesi sono riproporzionati sulle dimensioni disponibili (peso_effettivo).',
      arrotondamento:
        'Valori normalizzati, punteggi delle dimensioni e totale a 1 decimale, metà per eccesso; ogni livello è calcolato dai valori arrotondati del livello sotto, come pubblicati, così il conto si rifà esattamente. ' +
        'Pesi a 4 decimali. Il calcolo è in virgola mobile, ridotto a 12 cifre significative prima di arrotondare, così coincide con il conto in aritmetica decimale (18,75 → 18,8).',
    },
    dati_mancanti: MISSING_DATA_RULE,
    confronto_dati_mancanti: result.confronto_dati_mancanti,
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
      con_tutte_le_dimensioni: comuni.filter((c) => QUALITY_DIMENSIONS.every((d) => c.dimensioni[d].punteggio !== null))
        .length,
    },
    sensibilita: result.sensibilita,
    indicatori_provinciali: result.indicatori_provinciali,
    punteggi_100: fullScores(result),
    wizard: wizardMethodology(result.soglie_budget, result.pesi),
    limiti: [
      minYear !== null && maxYear !== null && minYear !== maxYear
        ? `Gli indicatori hanno anni di riferimento diversi, dal ${minYear} al ${maxYear}` +
          (maxYear - minYear >= 10
            ? ': i più vecchi descrivono la situazione di oltre dieci anni prima dei più recenti, perché per quei temi le fonti usate non hanno un dato comunale più recente.'
            : '.')
        : 'Gli indicatori hanno gli anni di riferimento indicati per ciascuno.',
      provincial.length > 0
        ? `Alcuni indicatori sono provinciali (${provincial.join(', ')}): tutti i comuni di una provincia hanno lo stesso valore, che non coglie le differenze interne; per questo il loro peso è limitato (indicatori_provinciali), e la sicurezza, solo provinciale, sposta insieme tutti i comuni di una provincia.`
        : 'Tutti gli indicatori sono comunali.',
      'Il reddito è quello dichiarato ai fini IRPEF per contribuente, non il reddito delle famiglie: esclude redditi esenti o non dichiarati e, nei comuni piccoli, dipende da poche dichiarazioni (avviso pochi_contribuenti).',
      `La qualità dell'aria dei comuni senza stazione è quella della stazione valida più vicina entro ${DEFAULT_MAX_DISTANCE_KM} km; più lontano il valore manca e la dimensione ambiente usa gli altri indicatori.`,
      "I posti letto ospedalieri contano gli ospedali nel comune (0 altrove): misurano l'offerta locale, non l'accesso, che è coperto dal tempo verso il polo di servizi e dal tempo di guida verso l'ospedale.",
      "Gli indicatori per abitante dei comuni piccolissimi oscillano molto (una farmacia in un comune di 200 abitanti vale 5 per 1.000): il taglio ai percentili ne limita l'effetto sul punteggio, non sul valore pubblicato.",
      "L'indice dipende dai pesi, fissati dalla specifica e non dai dati: la sezione sensibilita mostra quanto cambia la top 100 spostando ogni peso di 5 punti.",
      'La sicurezza misura i delitti denunciati, che dipendono anche dalla propensione a denunciare e dalla presenza di turisti e pendolari.',
    ],
  };
}

export { weightsText };

export function methodSummary(weights: Readonly<Record<QualityDimension, number>>): string {
  return (
    `Valore DERIVATO. Ogni indicatore è normalizzato 0–100 fra il ${CLIP_PERCENTILES.basso}° e il ${CLIP_PERCENTILES.alto}° percentile nazionale (100 = migliore, secondo il verso); ` +
    `una dimensione è la media ponderata dei suoi indicatori, con la stima pubblicata (${ESTIMATE_NAME}) al posto di quelli mancanti; il totale è la media delle dimensioni con dati, pesi ${weightsText(weights)}, riproporzionati sulle dimensioni disponibili. ` +
    `Dettagli e parametri in ${METODOLOGIA_LINK}.`
  );
}

/** Share of comuni at 100 per dimension; above 1% the method says why. */
function fullScores(result: Omit<QualityResult, 'metodologia'>): MetodologiaQualita['punteggi_100'] {
  return QUALITY_DIMENSIONS.map((d) => {
    const scores = result.comuni.flatMap((c) =>
      c.dimensioni[d].punteggio === null ? [] : [c.dimensioni[d].punteggio],
    );
    const full = scores.filter((s) => s === 100).length;
    const quota = scores.length === 0 ? 0 : round(full / scores.length, 4);
    const defs = result.definizioni.filter((def) => def.dimensione === d);
    const provincialOnly = defs.length > 0 && defs.every((def) => def.livello === 'provincia');
    const motivo =
      quota <= FULL_SCORE_SHARE_MAX
        ? null
        : provincialOnly
          ? `La dimensione è fatta solo di indicatori provinciali: hanno 100 tutti i comuni della provincia con il valore migliore (${full} comuni), perché il dato non distingue i comuni di una provincia.`
          : `${full} comuni sono al valore migliore (oltre il ${CLIP_PERCENTILES.alto}° percentile, o al massimo) in tutti gli indicatori usati della dimensione.`;
    return { dimensione: d, comuni: full, quota, motivo };
  });
}
