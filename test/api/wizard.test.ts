import { Ajv2020 } from 'ajv/dist/2020.js';
import { weightedMean } from '../../api/numbers.ts';
import { ProblemError } from '../../api/problem.ts';
import { parseParams } from '../../api/params.ts';
import { classificationColumns } from '../../api/wizard-filters.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { describe, expect, it } from 'vitest';
import type { Values } from '../../api/contract.ts';
import { routeById } from '../../api/routes.ts';
import type { RankingColumn, RankingKey, RuntimeIndex } from '../../api/runtime-index.ts';
import { Wizard } from '../../api/schemas/qualita.ts';
import {
  answerWizard,
  BUDGET_MODEL,
  budgetModel,
  costBand,
  explain,
  POPULATION_BANDS,
  PRIORITY_SHARE,
  priorityTables,
  type Priorita,
} from '../../api/wizard.ts';
import {
  computeQualityIndex,
  DIMENSION_WEIGHTS,
  QUALITY_DIMENSIONS,
  toQualityColumns,
  type IndicatorDefinition,
  type QualityInput,
} from '../../generator/quality-index/index.ts';
import { TEST_WEIGHTS } from '../helpers/test-weights.ts';

const ROUTE = routeById('qualita.wizard');
const DIMS = QUALITY_DIMENSIONS;

interface Row {
  codice: string;
  nome: string;
  provincia: number;
  popolazione: number | null;
  /** reddito, ambiente, servizi, demografia, sicurezza; null = the comune has no score at all. */
  dims: (number | null)[] | null;
  reddito: number | null;
}

type Weights = Readonly<Record<(typeof DIMS)[number], number>>;

/** Index total as the generator computes it: the index's weights, re-weighted over the dimensions present, 1 decimal. */
function indexTotal(dims: (number | null)[] | null, weights: Weights = TEST_WEIGHTS): number | null {
  if (!dims) return null;
  let num = 0;
  let den = 0;
  dims.forEach((s, k) => {
    if (s === null) return;
    num += weights[DIMS[k]!] * s;
    den += weights[DIMS[k]!];
  });
  return den === 0 ? null : Math.round((num / den) * 10) / 10;
}

// Thresholds of the budget model in this index: bassa ≤ 18.000 €, alta ≥ 24.000 €.
const SOGLIE = { basso_max: 18_000, alto_min: 24_000, anno: 2023, metodo: 'Soglie di prova.' };

const ROWS: Row[] = [
  { codice: '001001', nome: 'Alfa', provincia: 0, popolazione: 4_999, dims: [80, 40, 40, 40, 40], reddito: 17_000 },
  { codice: '001002', nome: 'Beta', provincia: 0, popolazione: 5_000, dims: [40, 90, 40, 40, 40], reddito: 18_000 },
  { codice: '001003', nome: 'Gamma', provincia: 0, popolazione: 50_000, dims: [60, 60, 60, 60, null], reddito: 18_001 },
  { codice: '001004', nome: 'Delta', provincia: 0, popolazione: 50_001, dims: [70, 70, 70, 70, 70], reddito: 24_000 },
  { codice: '001005', nome: 'Epsilon', provincia: 0, popolazione: null, dims: [50, 50, 50, 50, 50], reddito: 20_000 },
  { codice: '015001', nome: 'Zeta', provincia: 1, popolazione: 3_000, dims: [40, 80, 40, 40, 40], reddito: 15_000 },
  { codice: '015002', nome: 'Eta', provincia: 1, popolazione: 1_000, dims: [40, 80, 40, 40, 40], reddito: 16_000 },
  { codice: '015003', nome: 'Theta', provincia: 1, popolazione: 2_000, dims: null, reddito: 19_000 },
  { codice: '015004', nome: 'Iota', provincia: 1, popolazione: 2_500, dims: [90, 90, 90, 90, 90], reddito: null },
  { codice: '015005', nome: 'Kappa', provincia: 1, popolazione: 800, dims: [90, 30, 30, 30, 30], reddito: 30_000 },
];

/** A runtime index of `rows`: its quality columns made with `weights` (the test's by default), or given whole. */
function makeIndex(rows: Row[], qualita?: RuntimeIndex['qualita'], weights: Weights = TEST_WEIGHTS): RuntimeIndex {
  const emptyRanking = (indicatore: string): RankingColumn => ({
    indicatore,
    descrizione: '',
    unita: '',
    anno: null,
    motivo_esclusi: '',
    metodo: null,
    fonti: [],
    valori: rows.map(() => null),
  });
  const keys: RankingKey[] = [
    'popolazione',
    'densita',
    'reddito',
    'reddito_imponibile',
    'contribuenti',
    'pm10',
    'pm25',
    'no2',
    'o3',
    'suolo',
  ];
  return {
    versione_dati: 'test',
    fonti: [],
    anni: { demografia: [2025], redditi: [2023], nazionale: [2023] },
    anni_predefiniti: { demografia: 2025, redditi: 2023, aria: 2022, suolo: 2024 },
    regioni: [
      { codice: '01', nome: 'Piemonte', slug: 'piemonte', chiavi: ['piemonte'] },
      { codice: '03', nome: 'Lombardia', slug: 'lombardia', chiavi: ['lombardia'] },
    ],
    province: [
      { sigla: 'TO', nome: 'Torino', codice: '001', regione: 0 },
      { sigla: 'MI', nome: 'Milano', codice: '015', regione: 1 },
    ],
    comuni: {
      codice: rows.map((r) => r.codice),
      nome: rows.map((r) => r.nome),
      provincia: rows.map((r) => r.provincia),
      popolazione: rows.map((r) => r.popolazione),
    },
    classifiche: Object.fromEntries(keys.map((k) => [k, emptyRanking(k)])) as Record<RankingKey, RankingColumn>,
    qualita: qualita ?? {
      punteggio: rows.map((r) => indexTotal(r.dims, weights)),
      dimensioni: DIMS.map((id, k) => ({
        id,
        nome: id[0]!.toUpperCase() + id.slice(1),
        peso: weights[id],
        misura: `indicatori di ${id}`,
        punteggi: rows.map((r) => (r.dims ? r.dims[k]! : null)),
        indicatori: [
          { nome: `${id} uno`, peso: 1 },
          { nome: `${id} due`, peso: 0.5 },
        ],
        // Both measured, except Zeta's environment: "uno" estimated, "due" measured (2/3 of the weight estimated).
        stato: rows.map((r) => (r.nome === 'Zeta' && id === 'ambiente' ? (1 << 8) | (1 << 1) : 0b11)),
      })),
      reddito_medio: rows.map((r) => r.reddito),
      soglie_budget: SOGLIE,
      metodologia: 'Metodologia di prova.',
      mediane_dimensioni: { reddito: 50, ambiente: 50, servizi: 50, demografia: 50, sicurezza: 50 },
      avvisi: [
        { codice: 'pochi_contribuenti', descrizione: 'Meno di 100 contribuenti.', posizioni: [9] },
        { codice: 'dimensioni_senza_dati', descrizione: 'Dimensioni senza dati.', posizioni: [2] },
      ],
      classificazione: {
        zona: rows.map(() => null),
        litoraneo: rows.map(() => null),
        urbanizzazione: rows.map(() => null),
      },
    },
    search: {} as RuntimeIndex['search'],
    territorio: {
      alias: {},
      codici_cessati: {},
      istituiti_dopo_base: {},
      cap_cessati: {},
      cessati: [],
      catastale: rows.map(() => ''),
      cap: rows.map(() => []),
      nomi_storici: {},
    },
  };
}

const INDEX = makeIndex(ROWS);

const TABLES = priorityTables(TEST_WEIGHTS);

/** A row's wizard score with a priority's table for the test's weights. */
const scoreOf = (nome: string, p: Priorita) =>
  weightedMean(
    ROWS.find((r) => r.nome === nome)!.dims!,
    DIMS.map((d) => TABLES[p][d]),
  );

function ask(values: Partial<Values<typeof ROUTE>>, index = INDEX) {
  const v: Values<typeof ROUTE> = {
    budget: 'alto',
    dimensione: 'piccolo',
    priorita: 'bilanciato',
    regione: undefined,
    limit: 10,
    ...values,
  };
  return answerWizard(index, ROUTE, v);
}
const names = (a: ReturnType<typeof ask>) => a.risultati.map((r) => r.nome);

describe('priority weights', () => {
  it('bilanciato is the index weights; every table sums to 1 and gives the priority its share', () => {
    for (const weights of [TEST_WEIGHTS, DIMENSION_WEIGHTS]) {
      const tables = priorityTables(weights);
      expect(tables.bilanciato).toEqual(weights);
      for (const p of Object.keys(tables) as Priorita[]) {
        expect(
          DIMS.reduce((a, d) => a + tables[p][d], 0),
          p,
        ).toBeCloseTo(1, 12);
        if (p !== 'bilanciato') expect(tables[p][p]).toBe(PRIORITY_SHARE);
      }
    }
  });

  it('follows the published rule: 50% to the priority, the rest in the index proportions, whole points by largest remainder', () => {
    // reddito first: the other 50 points as 25 : 20 : 15 : 10 = 17.86, 14.29, 10.71, 7.14 → 17, 14, 10, 7 and the two
    // points left to the largest remainders (ambiente .86, demografia .71).
    expect(TABLES.reddito).toEqual({ reddito: 0.5, ambiente: 0.18, servizi: 0.14, demografia: 0.11, sicurezza: 0.07 });
    // ambiente: 30 : 20 : 15 : 10 = 20, 13.33, 10, 6.67 → one point left, to sicurezza (.67).
    expect(TABLES.ambiente).toEqual({ reddito: 0.2, ambiente: 0.5, servizi: 0.13, demografia: 0.1, sicurezza: 0.07 });
    // servizi: 30 : 25 : 15 : 10 = 18.75, 15.63, 9.38, 6.25 → two points left, to reddito (.75) and ambiente (.63).
    expect(TABLES.servizi).toEqual({ reddito: 0.19, ambiente: 0.16, servizi: 0.5, demografia: 0.09, sicurezza: 0.06 });
  });

  it('re-weights the dimensions: the priority changes the order', () => {
    // Alfa [80,40,40,40,40], Zeta = Eta [40,80,40,40,40], Kappa [90,30,30,30,30]; scores with the published tables.
    const expected = (p: Priorita, names: string[]) => names.map((n) => [n, scoreOf(n, p)]);
    expect(ask({}).risultati.map((r) => [r.nome, r.punteggio])).toEqual(
      expected('bilanciato', ['Alfa', 'Zeta', 'Eta', 'Kappa']),
    );
    // reddito: Alfa and Kappa tie (lower code first), ahead of Zeta and Eta
    expect(scoreOf('Alfa', 'reddito')).toBe(scoreOf('Kappa', 'reddito'));
    expect(ask({ priorita: 'reddito' }).risultati.map((r) => [r.nome, r.punteggio])).toEqual(
      expected('reddito', ['Alfa', 'Kappa', 'Zeta', 'Eta']),
    );
    expect(ask({ priorita: 'ambiente' }).risultati.map((r) => [r.nome, r.punteggio])).toEqual(
      expected('ambiente', ['Zeta', 'Eta', 'Alfa', 'Kappa']),
    );
    const a = ask({ priorita: 'servizi' });
    expect(a.pesi).toEqual(TABLES.servizi);
    expect(a.risultati[0]!.punteggio_indice).toBe(indexTotal(ROWS.find((r) => r.nome === a.risultati[0]!.nome)!.dims)); // the index total is echoed unchanged
  });

  it('re-weights over the dimensions a comune has (Gamma has no safety data)', () => {
    const a = ask({ dimensione: 'medio', budget: 'medio' });
    expect(a.risultati.map((r) => [r.nome, r.punteggio])).toEqual([
      ['Gamma', 60], // all four dimensions with data at 60: 60 whatever the weights
      ['Beta', scoreOf('Beta', 'bilanciato')],
    ]);
    expect(a.risultati[0]!.punteggi).toEqual({
      reddito: 60,
      ambiente: 60,
      servizi: 60,
      demografia: 60,
      sicurezza: null,
    });
    // ambiente: Beta (90 in ambiente) overtakes Gamma (60)
    expect(scoreOf('Beta', 'ambiente')).toBeGreaterThan(60);
    expect(names(ask({ dimensione: 'medio', budget: 'medio', priorita: 'ambiente' }))).toEqual(['Beta', 'Gamma']);
  });
  it('computes with the weights of the index it answers from, not with a table of its own', () => {
    // An index whose environment weighs more than its income: Zeta and Eta (80 in ambiente) now lead Alfa (80 in reddito).
    const swapped = { ...TEST_WEIGHTS, reddito: 0.25, ambiente: 0.3 };
    const a = ask({}, makeIndex(ROWS, undefined, swapped));
    expect(a.pesi).toEqual(swapped);
    expect(a.regola_pesi).toMatch(/^bilanciato usa i pesi dell'indice \(reddito 25%, ambiente 30%, servizi 20%/);
    expect(names(a)).toEqual(['Zeta', 'Eta', 'Alfa', 'Kappa']);
    expect(ask({ priorita: 'servizi' }, makeIndex(ROWS, undefined, swapped)).pesi).toEqual(
      priorityTables(swapped).servizi,
    );
  });
});

describe('filters', () => {
  it('puts 4,999 in piccolo, 5,000 and 50,000 in medio, 50,001 in grande', () => {
    expect(POPULATION_BANDS).toMatchObject({
      piccolo: { min: 0, max: 4_999 },
      medio: { min: 5_000, max: 50_000 },
      grande: { min: 50_001, max: null },
    });
    expect(names(ask({ dimensione: 'piccolo' }))).toContain('Alfa'); // 4,999
    expect(names(ask({ dimensione: 'medio' }))).toEqual(['Gamma', 'Beta']); // 50,000 and 5,000
    expect(names(ask({ dimensione: 'grande' }))).toEqual(['Delta']); // 50,001
    const a = ask({ dimensione: 'grande' });
    expect(a.fascia_popolazione).toMatchObject({
      dimensione: 'grande',
      min: 50_001,
      max: null,
      anno_popolazione: 2025,
    });
  });

  it('filters by region and counts the comuni left out for missing data', () => {
    const lombardia = ask({ regione: 'lombardia' });
    expect(names(lombardia)).toEqual(['Zeta', 'Eta', 'Kappa']);
    expect(lombardia.parametri.regione).toEqual({ codice: '03', nome: 'Lombardia' });
    expect(lombardia.esclusi).toMatchObject({ senza_popolazione: 0, senza_punteggio: 1, senza_reddito_medio: 1 }); // Theta, Iota
    const piemonte = ask({ regione: 'piemonte' });
    expect(names(piemonte)).toEqual(['Alfa']);
    expect(piemonte.esclusi).toMatchObject({ senza_popolazione: 1, senza_punteggio: 0, senza_reddito_medio: 0 }); // Epsilon
    const italia = ask({});
    expect(italia.parametri.regione).toBeNull();
    expect(italia.totale).toBe(4);
    expect(italia.esclusi).toMatchObject({ senza_popolazione: 1, senza_punteggio: 1, senza_reddito_medio: 1 });
  });

  it('models the budget as a ceiling on the cost band of the average income', () => {
    expect(costBand(18_000, SOGLIE)).toBe('bassa');
    expect(costBand(18_001, SOGLIE)).toBe('media');
    expect(costBand(23_999, SOGLIE)).toBe('media');
    expect(costBand(24_000, SOGLIE)).toBe('alta');
    expect(BUDGET_MODEL.fasce_ammesse).toEqual({
      basso: ['bassa'],
      medio: ['bassa', 'media'],
      alto: ['bassa', 'media', 'alta'],
    });
    expect(names(ask({ budget: 'basso' }))).toEqual(['Alfa', 'Zeta', 'Eta']); // Kappa (30.000 €) is alta
    expect(names(ask({ budget: 'alto' }))).toEqual(['Alfa', 'Zeta', 'Eta', 'Kappa']);
    expect(names(ask({ dimensione: 'medio', budget: 'basso' }))).toEqual(['Beta']); // 18.000 € bassa, Gamma 18.001 € media
    expect(names(ask({ dimensione: 'medio', budget: 'medio' }))).toEqual(['Gamma', 'Beta']);
    const a = ask({ budget: 'basso' });
    expect(a.modello_budget).toMatchObject({
      indicatore: 'reddito_medio_euro',
      anno: 2023,
      soglie: { basso_max: 18_000, alto_min: 24_000 },
    });
    expect(a.risultati.map((r) => [r.reddito_medio_euro, r.fascia_costo])).toEqual([
      [17_000, 'bassa'],
      [15_000, 'bassa'],
      [16_000, 'bassa'],
    ]);
    expect(budgetModel(null)).toMatchObject({ anno: null, soglie: null });
  });

  it('answers an empty list with totale 0 when nothing matches', () => {
    const a = ask({ dimensione: 'grande', budget: 'medio' }); // Delta is alta (24.000 €)
    expect(a.totale).toBe(0);
    expect(a.risultati).toEqual([]);
  });
});

describe('results', () => {
  it('is deterministic and breaks ties by codice_istat, also when the limit cuts a tie', () => {
    expect(ask({ priorita: 'ambiente' })).toEqual(ask({ priorita: 'ambiente' }));
    const two = ask({ limit: 2 });
    expect(names(two)).toEqual(['Alfa', 'Zeta']);
    expect(two.totale).toBe(4);
    expect(names(ask({ priorita: 'ambiente', limit: 1 }))).toEqual(['Zeta']);
    expect(ask({ limit: 2 }).risultati.map((r) => r.posizione)).toEqual([1, 2]);
  });

  it('explains each result from its data', () => {
    const [alfa] = ask({}).risultati;
    expect(alfa!.perche).toBe(
      'Sopra la mediana nazionale in reddito (80 contro 50: misurati reddito uno e reddito due); reddito medio 17.000 € (2023), fascia di costo bassa, compatibile con il budget alto.',
    );
    const gamma = ask({ dimensione: 'medio', budget: 'medio' }).risultati[0]!;
    expect(gamma.perche).toBe(
      'Sopra la mediana nazionale in reddito (60 contro 50: misurati reddito uno e reddito due) e ambiente (60 contro 50: misurati ambiente uno e ambiente due); senza dati per sicurezza (pesi riproporzionati); reddito medio 18.001 € (2023), fascia di costo media, compatibile con il budget medio.',
    );
    // With priorita ambiente the environment lifts Gamma most (0.5 × 10 against 0.2 × 10).
    expect(ask({ dimensione: 'medio', budget: 'medio', priorita: 'ambiente' }).risultati[1]!.perche).toMatch(
      /^Sopra la mediana nazionale in ambiente \(60 contro 50: misurati ambiente uno e ambiente due\) e reddito/,
    );
    // Epsilon: every dimension at the median, none above.
    expect(explain(INDEX.qualita, 4, TABLES.bilanciato, 20_000, 'media', 'medio').perche).toBe(
      'Nessuna dimensione sopra la mediana nazionale; reddito medio 20.000 € (2023), fascia di costo media, compatibile con il budget medio.',
    );
  });

  it('names only the indicators a comune has, calls estimates estimates, and warns when the priority rests on them', () => {
    const zeta = ask({ priorita: 'ambiente' }).risultati.find((r) => r.nome === 'Zeta')!;
    expect(zeta.perche).toMatch(/ambiente \(80 contro 50: misurati ambiente due; stimati ambiente uno\)/);
    expect(zeta.perche).not.toMatch(/misurati[^;)]*ambiente uno/);
    expect(zeta.perche).not.toMatch(/stimati perché mancanti/); // already named where ambiente is cited
    expect(zeta.perche).toMatch(
      /attenzione: il punteggio ambiente, la priorità scelta, poggia per più di metà su stime/,
    );
    expect(zeta.avvisi).toContain('priorita_stimata');
    // The same estimate is named but not warned about when the environment is not the priority.
    const calm = ask({ priorita: 'reddito' }).risultati.find((r) => r.nome === 'Zeta')!;
    expect(calm.perche).toMatch(/stimati ambiente uno/);
    expect(calm.avvisi).not.toContain('priorita_stimata');
    // Eta has the same scores, all measured: no estimate, no warning.
    const eta = ask({ priorita: 'ambiente' }).risultati.find((r) => r.nome === 'Eta')!;
    expect(eta.perche).not.toMatch(/stim/);
    expect(eta.avvisi).toEqual([]);
  });
});

describe('filters on ISTAT classification (extensions)', () => {
  const classified = makeIndex(ROWS);
  classified.qualita.classificazione = {
    zona: ROWS.map((r) => (r.nome === 'Zeta' ? 'montagna' : r.nome === 'Eta' ? null : 'pianura')),
    litoraneo: ROWS.map((r) => r.nome === 'Alfa'),
    urbanizzazione: ROWS.map((r) => (r.nome === 'Kappa' ? 'rurale' : 'piccole_citta')),
  };

  it('keeps only the comuni with the requested class; a comune without the datum is not proposed', () => {
    expect(names(ask({}, classified))).toEqual(['Alfa', 'Zeta', 'Eta', 'Kappa']);
    expect(names(ask({ zona: 'montagna' }, classified))).toEqual(['Zeta']);
    expect(names(ask({ zona: 'pianura' }, classified))).toEqual(['Alfa', 'Kappa']); // Eta has no zone
    expect(names(ask({ litoraneo: 'true' }, classified))).toEqual(['Alfa']);
    expect(names(ask({ litoraneo: 'false', urbanizzazione: 'rurale' }, classified))).toEqual(['Kappa']);
    expect(ask({ litoraneo: 'false' }, classified).parametri).toMatchObject({
      zona: null,
      litoraneo: false,
      urbanizzazione: null,
    });
  });

  it('refuses a value outside the enums with a 400 naming each bad filter, before any answer', () => {
    const query = new URLSearchParams('budget=medio&dimensione=piccolo&priorita=ambiente');
    query.set('zona', 'mare');
    query.set('litoraneo', 'si');
    query.set('urbanizzazione', 'rurale');
    let problem: ProblemError['problem'] | undefined;
    try {
      parseParams(ROUTE, {}, query, '/api/qualita-vita/wizard');
    } catch (e) {
      problem = (e as ProblemError).problem;
    }
    expect(problem?.status).toBe(400);
    expect(problem?.invalid_params?.map((p) => p.name)).toEqual(['zona', 'litoraneo']);
    const query2 = new URLSearchParams('budget=medio&dimensione=piccolo&priorita=ambiente&zona=collina');
    expect(parseParams(ROUTE, {}, query2, '/api/qualita-vita/wizard')).toMatchObject({ zona: 'collina' });
  });

  it('maps the registry classification onto the filters: zones 1–2 mountain, 3–4 hill, 5 plain; DEGURBA 1/2/3', () => {
    const klass = (zona: number | null, litoraneo: boolean | null, degurba: number | null) =>
      ({
        zona_altimetrica: zona === null ? null : { codice: zona, descrizione: '' },
        litoraneo,
        grado_urbanizzazione: degurba === null ? null : { codice: degurba, descrizione: '' },
      }) as unknown as Anagrafica['classificazione'];
    const columns = classificationColumns([
      klass(1, false, 3),
      klass(2, true, 2),
      klass(3, false, 1),
      klass(4, true, 2),
      klass(5, false, null),
      null,
    ]);
    expect(columns).toEqual({
      zona: ['montagna', 'montagna', 'collina', 'collina', 'pianura', null],
      litoraneo: [false, true, false, true, false, null],
      urbanizzazione: ['rurale', 'piccole_citta', 'citta', 'piccole_citta', null, null],
    });
  });

  it('declares the filters as optional enums whose description names the source and the mapping', () => {
    const query = ROUTE.request.query as unknown as {
      properties: Record<string, { enum?: string[]; description?: string }>;
      required?: string[];
    };
    expect(query.properties.zona!.enum).toEqual(['montagna', 'collina', 'pianura']);
    expect(query.properties.litoraneo!.enum).toEqual(['true', 'false']);
    expect(query.properties.urbanizzazione!.enum).toEqual(['citta', 'piccole_citta', 'rurale']);
    for (const k of ['zona', 'litoraneo', 'urbanizzazione']) {
      expect(query.required ?? []).not.toContain(k);
      expect(query.properties[k]!.description).toMatch(/ISTAT.*1° gennaio 2026/);
    }
    expect(query.properties.zona!.description).toMatch(/1 e 2 → montagna, 3 e 4 → collina, 5 → pianura/);
    expect(query.properties.urbanizzazione!.description).toMatch(/1 → citta, 2 → piccole_citta, 3 → rurale/);
  });

  it('carries the comune reference, flags and links, and matches the Wizard schema', () => {
    const a = ask({});
    const kappa = a.risultati.find((r) => r.nome === 'Kappa')!;
    expect(kappa).toMatchObject({
      codice_istat: '015005',
      provincia: { sigla: 'MI', nome: 'Milano' },
      regione: { codice: '03', nome: 'Lombardia' },
      popolazione: 800,
      avvisi: ['pochi_contribuenti'],
      link: '/api/qualita-vita/015005',
    });
    expect(a.links.self).toBe('/api/qualita-vita/wizard?budget=alto&dimensione=piccolo&priorita=bilanciato');
    expect(ask({ regione: 'lombardia', limit: 5 }).links.self).toBe(
      '/api/qualita-vita/wizard?budget=alto&dimensione=piccolo&priorita=bilanciato&regione=lombardia&limit=5',
    );
    expect(a.parametri).toEqual({
      budget: 'alto',
      dimensione: 'piccolo',
      priorita: 'bilanciato',
      regione: null,
      zona: null,
      litoraneo: null,
      urbanizzazione: null,
      limit: 10,
    });
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(Wizard);
    for (const body of [
      a,
      ask({ dimensione: 'medio', budget: 'medio' }),
      ask({ dimensione: 'grande', budget: 'basso' }),
    ]) {
      expect(validate(JSON.parse(JSON.stringify(body))), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});

describe('with columns built by the generator', () => {
  // ISTAT classification cycling through every code; the last comune has none.
  const classification = (k: number) =>
    k === 19
      ? null
      : ({
          zona_altimetrica: { codice: (k % 5) + 1, descrizione: '' },
          litoraneo: k % 2 === 0,
          grado_urbanizzazione: { codice: (k % 3) + 1, descrizione: '' },
        } as unknown as Anagrafica['classificazione']);
  // 20 comuni, one indicator per dimension, values from a fixed sequence; a few gaps.
  const defs: IndicatorDefinition[] = DIMS.map((d) => ({
    id: `x_${d}`,
    dimensione: d,
    nome: d,
    unita: 'u',
    direzione: 'maggiore_migliore',
    livello: 'comune',
    descrizione: d,
  }));
  const rows: Row[] = [];
  const inputs: QualityInput[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) % 1000;
  for (let k = 0; k < 20; k++) {
    const codice = `${k < 10 ? '001' : '015'}${String(k + 1).padStart(3, '0')}`;
    const indicatori: QualityInput['indicatori'] = {};
    defs.forEach((d, j) => {
      if ((k + j) % 7 === 0) return; // gap: this comune lacks this indicator
      indicatori[d.id] = { valore: next(), anno: 2023, fonte: null };
    });
    indicatori.reddito_medio_euro = { valore: 14_000 + next() * 15, anno: 2023, fonte: null };
    inputs.push({
      codice_istat: codice,
      regione: k < 10 ? '01' : '03',
      provincia: k < 10 ? 'TO' : 'MI',
      popolazione: 1_000 + k,
      contribuenti: 500,
      indicatori,
    });
    rows.push({
      codice,
      nome: `Comune ${k + 1}`,
      provincia: k < 10 ? 0 : 1,
      popolazione: 1_000 + k,
      dims: null,
      reddito: null,
    });
  }
  // Weights unlike the published ones and the test's: the wizard must follow the index it is given.
  const result = computeQualityIndex(inputs, defs, {
    reddito: 0.1,
    ambiente: 0.15,
    servizi: 0.2,
    demografia: 0.25,
    sicurezza: 0.3,
  });
  const index = makeIndex(
    rows,
    toQualityColumns(
      result,
      rows.map((r, k) => ({ codice_istat: r.codice, classificazione: classification(k) })),
    ),
  );

  it('filters on the registry classification carried by the columns: mountain (zones 1–2) and not coastal', () => {
    const a = ask({ zona: 'montagna', litoraneo: 'false', limit: 50 }, index);
    const expected = rows.filter((_, k) => {
      const c = classification(k);
      return c !== null && c.zona_altimetrica!.codice <= 2 && c.litoraneo === false;
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(a.risultati.map((r) => r.codice_istat).sort()).toEqual(expected.map((r) => r.codice).sort());
    expect(ask({ urbanizzazione: 'citta', limit: 50 }, index).totale).toBe(
      rows.filter((_, k) => classification(k)?.grado_urbanizzazione?.codice === 1).length,
    );
  });

  it('bilanciato reproduces the index total and order exactly', () => {
    const a = ask({ limit: 50 }, index);
    expect(a.totale).toBe(20);
    for (const r of a.risultati) expect(r.punteggio).toBe(r.punteggio_indice);
    const national = result.comuni
      .filter((c) => c.punteggio !== null)
      .sort((x, y) => x.posizione_nazionale! - y.posizione_nazionale!);
    expect(a.risultati.map((r) => r.codice_istat)).toEqual(national.map((c) => c.codice_istat));
  });

  it('uses the terciles computed by the generator for the budget', () => {
    const s = index.qualita.soglie_budget;
    const basso = ask({ budget: 'basso', limit: 50 }, index);
    expect(basso.risultati.every((r) => r.reddito_medio_euro <= s.basso_max)).toBe(true);
    const inLowBand = index.qualita.reddito_medio.filter((r) => r !== null && r <= s.basso_max).length;
    expect(basso.totale).toBe(inLowBand);
    expect(inLowBand).toBeGreaterThanOrEqual(6); // a third of 20, give or take the rounding of the threshold
    expect(inLowBand).toBeLessThanOrEqual(8);
  });
});
