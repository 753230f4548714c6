import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { MetodologiaQualita, QualitaVita } from '../../api/schemas/qualita.ts';
import { weightedMean } from '../../api/numbers.ts';
import type { Provenance } from '../../data-sources/lib/source.ts';
import { TEST_WEIGHTS as WEIGHTS } from '../helpers/test-weights.ts';
import {
  budgetThresholds,
  buildQualitaVitaRecord,
  computeQualityIndex,
  dimensionContents,
  DIMENSION_WEIGHTS,
  FEW_TAXPAYERS_THRESHOLD,
  MEASURED_SHARE_MIN,
  normalisationParams,
  normaliseValue,
  PROVINCIAL_SHARE_MAX,
  provincialVarianceShare,
  QUALITY_DIMENSIONS,
  QUALITY_INDICATORS,
  quantile,
  sensitivityFromDimensionScores,
  sensitivityTop100,
  toQualityColumns,
  type IndicatorDefinition,
  type QualityInput,
} from '../../generator/quality-index/index.ts';

const FONTE: Provenance = {
  fonte: 'test-fonte',
  editore: 'Editore di prova',
  dataset: 'Dataset di prova',
  licenza: 'CC BY 4.0',
  anno_riferimento: 2023,
  data_riferimento: null,
  metadati: '/api/fonti/test-fonte',
};

const def = (
  id: string,
  dimensione: IndicatorDefinition['dimensione'],
  direzione: IndicatorDefinition['direzione'],
  extra: Partial<IndicatorDefinition> = {},
): IndicatorDefinition => ({
  id,
  dimensione,
  nome: id,
  unita: 'u',
  direzione,
  livello: 'comune',
  descrizione: `indicatore ${id}`,
  ...extra,
});

/**
 * Small set: two income indicators (one up, one down), two environment indicators of weight
 * 1 and 0.5, one each for the other dimensions (safety provincial).
 */
const DEFS: IndicatorDefinition[] = [
  def('R1', 'reddito', 'maggiore_migliore'),
  def('R2', 'reddito', 'minore_migliore'),
  def('A1', 'ambiente', 'minore_migliore'),
  def('A2', 'ambiente', 'minore_migliore', { peso: 0.5 }),
  def('S1', 'servizi', 'maggiore_migliore'),
  def('D1', 'demografia', 'maggiore_migliore'),
  def('K1', 'sicurezza', 'minore_migliore', { livello: 'provincia' }),
];
const IDS = DEFS.map((d) => d.id);

type Values = Partial<Record<string, number | null>>;

function comune(
  codice: string,
  regione: string,
  values: Values,
  contribuenti: number | null = 1000,
  popolazione: number | null = 3000,
): QualityInput {
  const indicatori: QualityInput['indicatori'] = {};
  for (const [id, v] of Object.entries(values)) {
    indicatori[id] =
      v === null
        ? { valore: null, anno: null, fonte: null, motivo_mancante: `${id} oscurato nella fonte` }
        : { valore: v!, anno: 2023, fonte: FONTE };
  }
  return { codice_istat: codice, regione, provincia: `P${codice}`, popolazione, contribuenti, indicatori };
}

const all = (v: number): Values => Object.fromEntries(IDS.map((id) => [id, v]));

/**
 * Three comuni at 0 and three at 100 on every indicator pin the 5th and 95th percentiles of
 * every indicator to 0 and 100 (for 6 ≤ n ≤ 41 values in [0, 100]), so each normalised value
 * is the raw value (maggiore_migliore) or 100 − value (minore_migliore): the expectations
 * below are computed by hand from that.
 */
const FILLERS: QualityInput[] = [
  comune('003001', '03', all(0)),
  comune('003002', '03', all(0)),
  comune('003003', '03', all(0)),
  comune('003004', '03', all(100)),
  comune('003005', '03', all(100)),
  comune('003006', '03', all(100)),
];

const T1 = comune('001001', '01', { R1: 80, R2: 20, A1: 30, A2: 60, S1: 50, D1: 40, K1: 50 });
const T2 = comune('001002', '01', { R1: 60, R2: null, A1: 10, A2: 10, S1: 70, D1: 70, K1: 50 });
const T3 = comune('001003', '01', { R1: 90, R2: 10, A1: 50, A2: 50, S1: 40, D1: 30 }); // no safety data at all
const T4 = comune('002001', '02', {}, null, 800); // no data at all
const T5 = comune('002002', '02', { R1: 80, R2: 20, A1: 30, A2: 60, S1: 50, D1: 40, K1: 50 }); // same values as T1
const T6 = comune('002003', '02', all(50), FEW_TAXPAYERS_THRESHOLD - 1);
const T7 = comune('002004', '02', all(50), FEW_TAXPAYERS_THRESHOLD);

// T5 before T1 and the fillers first: ranks must not depend on the input order.
const INPUTS = [...FILLERS, T5, T4, T3, T2, T1, T6, T7];

const result = computeQualityIndex(INPUTS, DEFS, WEIGHTS);

/** The published total of dimension scores (QUALITY_DIMENSIONS order) with the test's weights. */
const total = (scores: (number | null)[]) =>
  weightedMean(
    scores,
    QUALITY_DIMENSIONS.map((d) => WEIGHTS[d]),
  );
// Dimension scores by hand (see the aggregation tests): T1 and T5; T2 with R2 estimated (40th percentile, 50); T3 without safety.
const T1_TOTAL = total([80, 60, 50, 40, 50]);
const T2_TOTAL = total([55, 90, 70, 70, 50]);
const T3_TOTAL = total([90, 50, 40, 30, null]);
const get = (code: string) => result.comuni.find((c) => c.codice_istat === code)!;

describe('weights and indicator set', () => {
  it('publishes one table of weights summing to 1, used unless a computation is given others', () => {
    expect(QUALITY_DIMENSIONS.reduce((a, d) => a + DIMENSION_WEIGHTS[d], 0)).toBeCloseTo(1, 12);
    const published = computeQualityIndex(INPUTS, DEFS, undefined, { sensibilita: false });
    expect(published.pesi).toEqual(DIMENSION_WEIGHTS);
    expect(published.metodologia.wizard.pesi_per_priorita.bilanciato).toEqual(DIMENSION_WEIGHTS);
  });

  it('defines the agreed indicators with their dimension, direction and level', () => {
    const byId = Object.fromEntries(
      QUALITY_INDICATORS.map((d) => [
        d.id,
        [d.dimensione, d.direzione === 'maggiore_migliore' ? 'up' : 'down', d.livello],
      ]),
    );
    expect(byId).toEqual({
      reddito_medio_euro: ['reddito', 'up', 'comune'],
      quota_contribuenti_sotto_10000: ['reddito', 'down', 'comune'],
      contribuenti_per_abitante: ['reddito', 'up', 'comune'],
      pm25_ug_m3: ['ambiente', 'down', 'comune'],
      pm10_ug_m3: ['ambiente', 'down', 'comune'],
      no2_ug_m3: ['ambiente', 'down', 'comune'],
      o3_giorni_mm8_over_120: ['ambiente', 'down', 'comune'],
      suolo_consumato_m2_per_abitante: ['ambiente', 'down', 'comune'],
      suolo_consumato_percentuale: ['ambiente', 'down', 'comune'],
      scuole_per_1000_abitanti: ['servizi', 'up', 'comune'],
      famiglie_ftth_percentuale: ['servizi', 'up', 'comune'],
      tempo_polo_servizi_minuti: ['servizi', 'down', 'comune'],
      farmacie_per_1000_abitanti: ['servizi', 'up', 'comune'],
      posti_letto_ospedalieri_per_1000_abitanti: ['servizi', 'up', 'comune'],
      popolazione_esclusa_banda_larga_pct: ['servizi', 'down', 'comune'],
      tempo_ospedale_provincia_minuti: ['servizi', 'down', 'provincia'],
      tasso_natalita_per_1000: ['demografia', 'up', 'comune'],
      tasso_mortalita_per_1000: ['demografia', 'down', 'comune'],
      tasso_migratorio_per_1000: ['demografia', 'up', 'comune'],
      variazione_popolazione_lungo_periodo_pct: ['demografia', 'up', 'comune'],
      delitti_per_1000_abitanti_provincia: ['sicurezza', 'down', 'provincia'],
    });
  });

  it('lets PM10 and NO2 stand in for PM2.5 only, with half its weight each', () => {
    const standIns = QUALITY_INDICATORS.filter((d) => d.sostituto_di);
    expect(standIns.map((d) => [d.id, d.sostituto_di, d.peso])).toEqual([
      ['pm10_ug_m3', 'pm25_ug_m3', 0.5],
      ['no2_ug_m3', 'pm25_ug_m3', 0.5],
    ]);
  });

  it('rejects weights that do not sum to 1, duplicate indicators and duplicate comuni', () => {
    expect(() => computeQualityIndex(INPUTS, DEFS, { ...WEIGHTS, sicurezza: 0.2 })).toThrow(/sommano a 1\.1/);
    expect(() => computeQualityIndex(INPUTS, [...DEFS, DEFS[0]!])).toThrow(/R1.*due volte/);
    expect(() => computeQualityIndex([T1, T1], DEFS)).toThrow(/001001 presente due volte/);
    expect(() => computeQualityIndex([comune('001009', '01', { R1: Number.NaN })], DEFS)).toThrow(
      /non è un numero finito/,
    );
  });
});

describe('normalisation', () => {
  // 20 ordinary values 0..19 and one outlier: n = 21, so P5 sits on x[1] and P95 on x[19].
  const values = [...Array.from({ length: 20 }, (_, k) => k), 1000];

  it('clips at the 5th and 95th percentile (type 7) so one outlier does not squash the others', () => {
    expect(quantile([1, 2, 3, 4], 0.05)).toBeCloseTo(1.15, 12);
    expect(quantile([10, 20, 30, 40], 1 / 3)).toBe(20);
    const up = normalisationParams(def('x', 'reddito', 'maggiore_migliore'), values);
    expect(up).toMatchObject({
      metodo: 'min_max_percentili',
      n_valori: 21,
      valore_basso: 1,
      valore_alto: 19,
      minimo: 0,
      massimo: 1000,
      percentile_basso: 5,
      percentile_alto: 95,
    });
    expect(normaliseValue(10, up)).toBe(50); // (10 − 1) / 18; plain min–max would give 1.0
    expect(normaliseValue(4, up)).toBe(16.7);
    expect(normaliseValue(0, up)).toBe(0); // below P5: clipped
    expect(normaliseValue(1000, up)).toBe(100); // the outlier: clipped to P95
  });

  it('reverses the scale for minore_migliore', () => {
    const down = normalisationParams(def('x', 'ambiente', 'minore_migliore'), values);
    expect(normaliseValue(4, down)).toBe(83.3);
    expect(normaliseValue(16, down)).toBe(16.7);
    expect(normaliseValue(0, down)).toBe(100);
    expect(normaliseValue(1000, down)).toBe(0);
  });

  it('falls back to min–max when P5 = P95, and leaves a constant indicator out', () => {
    const mostlyZero = [...Array(30).fill(0), 6]; // P95 = 0 = P5
    const p = normalisationParams(def('x', 'servizi', 'maggiore_migliore'), mostlyZero);
    expect(p).toMatchObject({ metodo: 'min_max', valore_basso: 0, valore_alto: 6 });
    expect(normaliseValue(3, p)).toBe(50);
    const constant = normalisationParams(def('x', 'servizi', 'maggiore_migliore'), [7, 7, 7]);
    expect(constant.metodo).toBe('costante');
    expect(normaliseValue(7, constant)).toBeNull();
    expect(normalisationParams(def('x', 'servizi', 'maggiore_migliore'), []).metodo).toBe('nessun_dato');
  });

  it('publishes the bounds it used for every indicator of the index', () => {
    expect(result.normalizzazione.map((p) => [p.id, p.valore_basso, p.valore_alto])).toEqual(
      IDS.map((id) => [id, 0, 100]),
    );
    const r2 = result.metodologia.indicatori.find((i) => i.id === 'R2')!;
    expect(r2.normalizzazione).toMatchObject({
      metodo: 'min_max_percentili',
      n_valori: 11,
      valore_basso: 0,
      valore_alto: 100,
    });
    expect(r2.comuni_con_valore).toBe(11); // T2 has it null, T4 has nothing
  });
});

describe('aggregation', () => {
  it('applies each direction and the weights inside and across dimensions', () => {
    const c = get('001001');
    const norm = Object.fromEntries(
      QUALITY_DIMENSIONS.flatMap((d) => c.dimensioni[d].indicatori.map((i) => [i.id, i.normalizzato])),
    );
    expect(norm).toEqual({ R1: 80, R2: 80, A1: 70, A2: 40, S1: 50, D1: 40, K1: 50 });
    // ambiente: (70 × 1 + 40 × 0.5) / 1.5 = 60
    expect(QUALITY_DIMENSIONS.map((d) => c.dimensioni[d].punteggio)).toEqual([80, 60, 50, 40, 50]);
    expect(c.dimensioni.ambiente.indicatori.map((i) => i.peso_nella_dimensione)).toEqual([0.6667, 0.3333]);
    expect(c.punteggio).toBe(T1_TOTAL);
    expect(QUALITY_DIMENSIONS.map((d) => c.dimensioni[d].peso_effettivo)).toEqual(
      QUALITY_DIMENSIONS.map((d) => WEIGHTS[d]),
    );
  });

  it('scores a missing indicator with its labelled estimate, the 40th percentile of the measured values, and reports the coverage', () => {
    const c = get('001002');
    // R2 (minore_migliore) normalised where measured: 100 × 3 fillers, 0 × 3, T1 80, T3 90, T5 80, T6 50, T7 50;
    // sorted 0,0,0,50,50,80,80,90,100,100,100: type 7 at h = 10 × 0.4 = 4 → 50. Re-weighting R1 alone would give 60.
    const r2 = c.dimensioni.reddito.indicatori.find((i) => i.id === 'R2')!;
    expect(result.stime[IDS.indexOf('R2')]).toBe(50);
    expect(r2).toMatchObject({ valore: null, normalizzato: null, stima: 50, peso_nella_dimensione: 0.5 });
    expect(r2.motivo_mancante).toMatch(/^R2 oscurato nella fonte\. Al suo posto .* stima/);
    expect(c.dimensioni.reddito.punteggio).toBe(55); // (60 + 50) / 2
    expect(c.dimensioni.reddito.copertura).toEqual({
      disponibili: 1,
      definiti: 2,
      quota: 0.5,
      quota_peso: 0.5,
      stimati: 1,
    });
    expect(c.punteggio).toBe(T2_TOTAL);
    // Half of the reddito weight is estimated.
    expect(c.quota_misurata).toBe(1 - WEIGHTS.reddito / 2);
  });

  it('is never better for a missing value: without R2 a comune that would score above the estimate scores the estimate there', () => {
    const measured = get('001001'); // R2 = 20 → 80
    const missing = computeQualityIndex(
      INPUTS.map((c) =>
        c.codice_istat === '001001'
          ? { ...c, indicatori: { ...c.indicatori, R2: { valore: null, anno: null, fonte: null } } }
          : c,
      ),
      DEFS,
      WEIGHTS,
    ).comuni.find((c) => c.codice_istat === '001001')!;
    expect(missing.dimensioni.reddito.punteggio).toBeLessThanOrEqual(measured.dimensioni.reddito.punteggio!);
  });

  it('reports a dimension with no data as such and re-weights the total over the others', () => {
    const c = get('001003');
    expect(c.dimensioni.sicurezza).toMatchObject({
      punteggio: null,
      peso_nominale: WEIGHTS.sicurezza,
      peso_effettivo: 0,
      copertura: { disponibili: 0, definiti: 1, quota: 0, quota_peso: 0 },
    });
    expect(c.dimensioni.sicurezza.motivo_mancante).toMatch(/esclusa/);
    expect(c.dimensioni.sicurezza.indicatori[0]!.motivo_mancante).toBe(
      'Indicatore non disponibile per questo comune nelle fonti.',
    );
    // Re-weighted over the four dimensions with data: neither safety as 0 nor as 100.
    expect(c.punteggio).toBe(T3_TOTAL);
    expect(c.punteggio).not.toBe(total([90, 50, 40, 30, 0]));
    expect(c.punteggio).not.toBe(total([90, 50, 40, 30, 100]));
    expect(c.dimensioni.reddito.peso_effettivo).toBe(
      Math.round((WEIGHTS.reddito / (1 - WEIGHTS.sicurezza)) * 1e4) / 1e4,
    );
    expect(QUALITY_DIMENSIONS.reduce((a, d) => a + c.dimensioni[d].peso_effettivo, 0)).toBeCloseTo(1, 3);
    expect(c.avvisi.map((a) => a.codice)).toEqual(['dimensioni_senza_dati']);
    expect(c.avvisi[0]!.descrizione).toMatch(/sicurezza/);
  });

  it('gives a comune without any data a null total and no rank', () => {
    const c = get('002001');
    expect(c.punteggio).toBeNull();
    expect(c.posizione_nazionale).toBeNull();
    expect(c.posizione_regionale).toBeNull();
    expect(QUALITY_DIMENSIONS.every((d) => c.dimensioni[d].punteggio === null)).toBe(true);
    expect(c.avvisi).toEqual([]); // nothing to re-weight: the total is simply absent
    expect(result.classificati).toBe(12);
    expect(result.metodologia.copertura).toEqual({
      comuni: 13,
      con_punteggio: 12,
      senza_punteggio: 1,
      con_tutte_le_dimensioni: 11,
    });
  });
});

describe('ranks and flags', () => {
  it('ranks by total descending, ties by codice_istat ascending, nationally and per region', () => {
    const national = [...result.comuni]
      .filter((c) => c.posizione_nazionale !== null)
      .sort((a, b) => a.posizione_nazionale! - b.posizione_nazionale!);
    expect(national.map((c) => [c.codice_istat, c.punteggio])).toEqual([
      ['001002', T2_TOTAL],
      ['001001', T1_TOTAL],
      ['002002', T1_TOTAL], // tie with 001001, which has the lower code
      ['001003', T3_TOTAL],
      ['002003', 50],
      ['002004', 50],
      ['003001', 50],
      ['003002', 50],
      ['003003', 50],
      ['003004', 50],
      ['003005', 50],
      ['003006', 50],
    ]);
    expect([get('001002'), get('001001'), get('001003')].map((c) => c.posizione_regionale)).toEqual([1, 2, 3]);
    expect([get('002002'), get('002003'), get('002004'), get('002001')].map((c) => c.posizione_regionale)).toEqual([
      1,
      2,
      3,
      null,
    ]);
    expect(result.classificati_per_regione).toEqual({ '01': 3, '02': 3, '03': 6 });
  });

  it(`flags pochi_contribuenti below ${FEW_TAXPAYERS_THRESHOLD} taxpayers only`, () => {
    expect(get('002003').avvisi.map((a) => a.codice)).toEqual(['pochi_contribuenti']);
    expect(get('002003').avvisi[0]!.descrizione).toMatch(/^99 contribuenti/);
    expect(get('002004').avvisi).toEqual([]); // exactly the threshold
    expect(get('002001').avvisi).toEqual([]); // unknown count: not flagged
    expect(result.metodologia.avvisi.map((a) => [a.codice, a.soglia, a.comuni])).toEqual([
      ['pochi_contribuenti', FEW_TAXPAYERS_THRESHOLD, 1],
      ['dimensioni_senza_dati', null, 1],
      ['stime_prevalenti', MEASURED_SHARE_MIN, 0],
    ]);
  });

  it('gives the same result whatever the input order', () => {
    const reversed = computeQualityIndex([...INPUTS].reverse(), DEFS, WEIGHTS);
    const key = (r: typeof result) =>
      Object.fromEntries(
        r.comuni.map((c) => [c.codice_istat, [c.punteggio, c.posizione_nazionale, c.posizione_regionale]]),
      );
    expect(key(reversed)).toEqual(key(result));
  });
});

describe('sensitivity', () => {
  // Hand example, top 2. Totals with the index weights: A 30, B 25, D 24, C 20 → top 2 {A, B}.
  const codici = ['000001', '000002', '000003', '000004'];
  const scores = [
    [100, 0, 0, 24], // reddito
    [0, 100, 0, 24], // ambiente
    [0, 0, 100, 24], // servizi
    [0, 0, 0, 24], // demografia
    [0, 0, 0, 24], // sicurezza
  ];
  // reddito +5 → A 35, D 24, B 23.2 (B drops); reddito −5 → B 26.8, A 25 (same two); and so on.
  const expected = [
    ['reddito', 5, 1],
    ['reddito', -5, 2],
    ['ambiente', 5, 2],
    ['ambiente', -5, 1],
    ['servizi', 5, 1],
    ['servizi', -5, 2],
    ['demografia', 5, 1],
    ['demografia', -5, 2],
    ['sicurezza', 5, 1],
    ['sicurezza', -5, 2],
  ];

  it('moves each weight by ±5 points, rescales the others to sum 1, and counts who stays in the top', () => {
    const s = sensitivityFromDimensionScores(scores, codici, WEIGHTS, 2);
    expect(s.dimensione_top).toBe(2);
    expect(s.casi.map((c) => [c.dimensione, c.variazione_punti, c.rimasti_nella_top])).toEqual(expected);
    const plus = s.casi[0]!.pesi;
    expect(plus).toEqual({ reddito: 0.35, ambiente: 0.2321, servizi: 0.1857, demografia: 0.1393, sicurezza: 0.0929 });
    for (const c of s.casi) expect(QUALITY_DIMENSIONS.reduce((a, d) => a + c.pesi[d], 0)).toBeCloseTo(1, 3);
    expect(s.minimo).toEqual({ dimensione: 'reddito', variazione_punti: 5, rimasti_nella_top: 1, quota: 0.5 });
  });

  it('gives the same figures end to end from indicator values', () => {
    // One up indicator per dimension; the three fillers at 100 are always on top, so the top 5 = them + top 2 of A–D.
    const defs = QUALITY_DIMENSIONS.map((d) => def(`x_${d}`, d, 'maggiore_migliore'));
    const row = (codice: string, v: number[]) =>
      comune(codice, '01', Object.fromEntries(defs.map((d, k) => [d.id, v[k]!])));
    const inputs = [
      ...['009001', '009002', '009003'].map((c) => row(c, [0, 0, 0, 0, 0])),
      ...['009004', '009005', '009006'].map((c) => row(c, [100, 100, 100, 100, 100])),
      ...codici.map((c, i) =>
        row(
          c,
          scores.map((dim) => dim[i]!),
        ),
      ),
    ];
    const s = sensitivityTop100(inputs, defs, WEIGHTS, 5);
    expect(s.casi.map((c) => [c.dimensione, c.variazione_punti, c.rimasti_nella_top])).toEqual(
      expected.map(([d, v, k]) => [d, v, (k as number) + 3]),
    );
    expect(s.minimo?.rimasti_nella_top).toBe(4);
  });

  it('with fewer than 100 ranked comuni the whole ranking is the top and nobody leaves', () => {
    expect(result.sensibilita?.dimensione_top).toBe(12);
    expect(result.sensibilita?.casi).toHaveLength(10);
    expect(result.sensibilita?.minimo?.rimasti_nella_top).toBe(12);
    expect(result.metodologia.sensibilita).toEqual(result.sensibilita);
  });
});

describe('outputs', () => {
  it('computes the budget thresholds as terciles of the average income', () => {
    const values: { valore: number | null; anno: number | null }[] = [10, 20, 30, 40].map((valore) => ({
      valore,
      anno: 2023,
    }));
    const t = budgetThresholds([...values, { valore: null, anno: null }]);
    expect(t).toMatchObject({ basso_max: 20, alto_min: 30, anno: 2023 });
    expect(t?.metodo).toMatch(/terzili.*4 comuni/);
    expect(budgetThresholds([{ valore: null, anno: null }])).toBeNull();
  });

  it('builds the per-comune record with every value, source and link, valid against its schema', () => {
    const record = buildQualitaVitaRecord(result, '001002', {
      nome: 'Comune di prova',
      regione: { codice: '01', nome: 'Piemonte' },
    });
    expect(record).toMatchObject({
      codice_istat: '001002',
      nome: 'Comune di prova',
      punteggio: T2_TOTAL,
      motivo_mancante: null,
      posizione_nazionale: { posizione: 1, su: 12 },
      posizione_regionale: { posizione: 1, su: 3 },
      copertura: { dimensioni_con_dati: 5, dimensioni_definite: 5, peso_nominale_coperto: 1, quota_misurata: 0.85 },
      links: {
        self: '/api/qualita-vita/001002',
        comune: '/api/comuni/001002',
        metodologia: '/api/metodologia#qualita-vita',
      },
    });
    expect(record.dimensioni.reddito.indicatori[0]).toEqual({
      id: 'R1',
      nome: 'R1',
      unita: 'u',
      direzione: 'maggiore_migliore',
      livello: 'comune',
      valore: 60,
      anno: 2023,
      fonte: FONTE,
      normalizzato: 60,
      stima: null,
      peso_nella_dimensione: 0.5,
      motivo_mancante: null,
    });
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(QualitaVita);
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    const empty = buildQualitaVitaRecord(result, '002001', {
      nome: 'Vuoto',
      regione: { codice: '02', nome: "Valle d'Aosta" },
    });
    expect(empty).toMatchObject({
      punteggio: null,
      posizione_nazionale: { posizione: null, su: 12 },
      posizione_regionale: { posizione: null, su: 3 },
    });
    expect(empty.motivo_mancante).toMatch(/Nessuna dimensione/);
    expect(validate(empty), JSON.stringify(validate.errors)).toBe(true);
    expect(() => buildQualitaVitaRecord(result, '999999', { nome: 'x', regione: { codice: '01', nome: 'x' } })).toThrow(
      /999999/,
    );
  });

  it('writes a methodology that states weights, directions, bounds and the wizard model, valid against its schema', () => {
    const m = result.metodologia;
    expect(m.dimensioni.map((d) => [d.id, d.peso, d.indicatori])).toEqual([
      ['reddito', WEIGHTS.reddito, ['R1', 'R2']],
      ['ambiente', WEIGHTS.ambiente, ['A1', 'A2']],
      ['servizi', WEIGHTS.servizi, ['S1']],
      ['demografia', WEIGHTS.demografia, ['D1']],
      ['sicurezza', WEIGHTS.sicurezza, ['K1']],
    ]);
    expect(m.indicatori.find((i) => i.id === 'A2')).toMatchObject({
      direzione: 'minore_migliore',
      peso_nella_dimensione: 0.3333,
      anni: [2023],
      fonti: ['test-fonte'],
    });
    expect(m.normalizzazione).toMatchObject({ percentile_basso: 5, percentile_alto: 95 });
    expect(m.wizard.pesi_per_priorita.bilanciato).toEqual(WEIGHTS);
    expect(m.limiti.length).toBeGreaterThan(3);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    const validate = ajv.compile(MetodologiaQualita);
    expect(validate(JSON.parse(JSON.stringify(m))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('produces the runtime-index columns aligned with the index codes', () => {
    const withR1AsIncome = computeQualityIndex(
      INPUTS.map((c) => ({
        ...c,
        indicatori: {
          ...c.indicatori,
          reddito_medio_euro: c.indicatori.R1 ?? { valore: null, anno: null, fonte: null },
        },
      })),
      DEFS,
      WEIGHTS,
    );
    const codici = ['001001', '001002', '001003', '002001', '002002', '002003', '002004', '004001'];
    const q = toQualityColumns(
      withR1AsIncome,
      codici.map((codice_istat) => ({ codice_istat, classificazione: null })),
    );
    expect(q.punteggio).toEqual([T1_TOTAL, T2_TOTAL, T3_TOTAL, null, T1_TOTAL, 50, 50, null]);
    expect(q.dimensioni.map((d) => d.id)).toEqual(QUALITY_DIMENSIONS);
    expect(q.dimensioni[4]!.punteggi).toEqual([50, 50, null, null, 50, 50, 50, null]);
    expect(q.reddito_medio).toEqual([80, 60, 90, null, 80, 50, 50, null]); // the budget proxy is read from the reddito_medio_euro values
    // Terciles of R1 over the 12 comuni with it: 0,0,0,50,50,60,80,80,90,100,100,100; type 7 at
    // h = 11/3 → x[3] + 2/3 (x[4] − x[3]) = 50, and h = 22/3 → x[7] + 1/3 (x[8] − x[7]) = 83.3 → 83.
    expect(q.soglie_budget).toMatchObject({ basso_max: 50, alto_min: 83, anno: 2023 });
    expect(q.avvisi.find((a) => a.codice === 'pochi_contribuenti')?.posizioni).toEqual([5]);
    expect(q.avvisi.find((a) => a.codice === 'dimensioni_senza_dati')?.posizioni).toEqual([2]);
    expect(q.mediane_dimensioni.reddito).toBe(50);
    expect(q.metodologia).toMatch(/\/api\/metodologia#qualita-vita/);
    expect(() => toQualityColumns(result, [])).toThrow(/reddito_medio_euro/); // DEFS alone carry no average income
  });
});

describe('published formula, stand-ins and province-level indicators', () => {
  const params = (
    valore_basso: number,
    valore_alto: number,
    direzione: 'maggiore_migliore' | 'minore_migliore' = 'maggiore_migliore',
  ) => ({
    ...normalisationParams(def('X', 'servizi', direzione), [valore_basso, valore_alto]),
    metodo: 'min_max' as const,
    valore_basso,
    valore_alto,
  });

  it('normalises with 100 × (x − L) / (H − L), so 18.75 rounds to 18.8 as in decimal arithmetic', () => {
    // (0.15 − 0) / 0.8 × 100 is 18.749999999999996 in binary floating point; the published order of operations is not.
    expect(normaliseValue(0.15, params(0, 0.8))).toBe(18.8);
    expect(normaliseValue(0.0375, params(0, 0.2))).toBe(18.8);
    expect(normaliseValue(0.65, params(0, 0.8, 'minore_migliore'))).toBe(18.8);
  });

  // Environment-like dimension: a primary indicator, two stand-ins, a comune-level and a province-level one.
  const defs: IndicatorDefinition[] = [
    def('R1', 'reddito', 'maggiore_migliore'),
    def('P25', 'ambiente', 'minore_migliore'),
    def('P10', 'ambiente', 'minore_migliore', { peso: 0.5, sostituto_di: 'P25' }),
    def('N2', 'ambiente', 'minore_migliore', { peso: 0.5, sostituto_di: 'P25' }),
    def('SC', 'ambiente', 'minore_migliore', { peso: 0.5 }),
    def('SP', 'ambiente', 'minore_migliore', { peso: 1, livello: 'provincia' }),
  ];
  const input = (codice: string, provincia: string, values: Values): QualityInput => ({
    ...comune(codice, '01', values),
    provincia,
  });
  // Province AA has ten comuni at SP = 10, BB two at 20, CC one at 40: over comuni the 95th percentile would be 20 or more, over provinces the bounds are 10 and 40.
  const inputs = [
    ...Array.from({ length: 10 }, (_, k) =>
      input(`001${String(k + 1).padStart(3, '0')}`, 'AA', {
        R1: k * 10,
        P25: k * 10,
        P10: k * 10,
        N2: k * 10,
        SC: k * 10,
        SP: 10,
      }),
    ),
    input('002001', 'BB', { R1: 50, P25: null, P10: 50, N2: 30, SC: 50, SP: 20 }),
    input('002002', 'BB', { R1: 50, P25: null, P10: null, N2: null, SC: null, SP: 20 }),
    input('003001', 'CC', { R1: 50, P25: 30, P10: 90, N2: 90, SC: 30, SP: 40 }),
  ];
  const result = computeQualityIndex(inputs, defs, WEIGHTS);
  const byCode = new Map(result.comuni.map((c) => [c.codice_istat, c]));
  const ind = (codice: string, id: string) =>
    byCode.get(codice)!.dimensioni.ambiente.indicatori.find((i) => i.id === id)!;

  it('uses PM10 and NO2 only where PM2.5 is missing, and says why they are unused elsewhere', () => {
    expect(ind('003001', 'P10')).toMatchObject({ valore: 90, normalizzato: null, peso_nella_dimensione: 0 });
    expect(ind('003001', 'P10').motivo_mancante).toMatch(/Non usato.*sostituisce/);
    expect(ind('002001', 'P10').normalizzato).not.toBeNull();
    expect(ind('002001', 'N2').normalizzato).not.toBeNull();
    expect(ind('002001', 'P10').peso_nella_dimensione).toBe(ind('002001', 'N2').peso_nella_dimensione);
  });

  it('normalises a province-level indicator over provinces, each once, between minimum and maximum', () => {
    const sp = result.normalizzazione.find((p) => p.id === 'SP')!;
    expect(sp).toMatchObject({ base: 'province', metodo: 'min_max', n_valori: 3, valore_basso: 10, valore_alto: 40 });
    expect(ind('003001', 'SP').normalizzato).toBe(0);
    expect(ind('001001', 'SP').normalizzato).toBe(100);
  });

  it(`caps province-level indicators at ${PROVINCIAL_SHARE_MAX * 100}% of the weight a comune has in a mixed dimension`, () => {
    // 003001: P25 (1) + SC (0.5) comune-level, SP (1) provincial → SP scaled to 0.375, i.e. 0.2 of 1.875.
    const weights = Object.fromEntries(
      byCode.get('003001')!.dimensioni.ambiente.indicatori.map((i) => [i.id, i.peso_nella_dimensione]),
    );
    expect(weights).toEqual({ P25: 0.5333, P10: 0, N2: 0, SC: 0.2667, SP: 0.2 });
    const dim = byCode.get('003001')!.dimensioni.ambiente;
    const recomputed =
      dim.indicatori.reduce((a, i) => a + i.peso_nella_dimensione * (i.normalizzato ?? 0), 0) /
      dim.indicatori.reduce((a, i) => a + (i.normalizzato === null ? 0 : i.peso_nella_dimensione), 0);
    expect(dim.punteggio).toBe(Math.round(Number(recomputed.toPrecision(12)) * 10) / 10);
  });

  it('does not score a mixed dimension from province-level values alone', () => {
    const dim = byCode.get('002002')!.dimensioni.ambiente;
    expect(dim.punteggio).toBeNull();
    expect(dim.motivo_mancante).toMatch(/soli indicatori provinciali/);
    expect(byCode.get('002002')!.avvisi.map((a) => a.codice)).toContain('dimensioni_senza_dati');
  });

  it('publishes the provincial variance share before and after, and the top stability without them', () => {
    const p = result.indicatori_provinciali!;
    expect(p.indicatori).toEqual(['SP']);
    expect(p.quota_varianza.dopo!.rapporto_varianze).toBeLessThan(p.quota_varianza.prima!.rapporto_varianze);
    expect(p.senza_indicatori_provinciali).toMatchObject({ dimensione_top: 13 });
    expect(
      provincialVarianceShare({ comuni: [{ punteggio: 10 }, { punteggio: 20 }] as never, puntiProvinciali: [0, 5] }),
    ).toEqual({ rapporto_varianze: 0.25, quota_covarianza: 0.5 });
  });

  it('tells the wizard what each dimension is made of, stand-ins next to the indicator they replace', () => {
    expect(dimensionContents(QUALITY_INDICATORS, 'ambiente')).toBe(
      'PM2.5 (o PM10 e NO2), ozono, suolo consumato pro capite, suolo consumato',
    );
  });

  it('counts the comuni at 100 per dimension and explains a share above 1%', () => {
    const full = Object.fromEntries(result.metodologia.punteggi_100.map((x) => [x.dimensione, x]));
    expect(full.reddito!.comuni).toBe(
      byCode.size - [...byCode.values()].filter((c) => c.dimensioni.reddito.punteggio !== 100).length,
    );
    for (const x of result.metodologia.punteggi_100) expect(x.motivo === null).toBe(x.quota <= 0.01);
  });
});
