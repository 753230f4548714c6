/** The methodology of the quality-of-life index: normalisation, sensitivity, province-level indicators. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { DimensioneQualita, Direzione, Livello, PesiDimensioni, Peso, Punteggio } from './qualita-base.ts';
import { MetodoWizard } from './qualita-wizard.ts';

export const ParametriNormalizzazione = Type.Object(
  {
    metodo: Type.Union([
      Type.Literal('min_max_percentili'),
      Type.Literal('min_max'),
      Type.Literal('costante'),
      Type.Literal('nessun_dato'),
    ]),
    base: Type.Union([Type.Literal('comuni'), Type.Literal('province')], {
      description:
        'Su che cosa sono calcolati gli estremi: i comuni con un valore, o le province (indicatori provinciali: ogni provincia conta una volta).',
    }),
    n_valori: Type.Integer({
      minimum: 0,
      description: 'Valori usati per gli estremi: comuni, o province se base = province.',
    }),
    percentile_basso: Type.Number(),
    percentile_alto: Type.Number(),
    valore_basso: Nullable(Type.Number(), 'Valore al percentile basso (estremo inferiore usato).'),
    valore_alto: Nullable(Type.Number(), 'Valore al percentile alto (estremo superiore usato).'),
    minimo: Nullable(Type.Number()),
    massimo: Nullable(Type.Number()),
  },
  { additionalProperties: false },
);

export const CasoSensibilita = Type.Object(
  {
    dimensione: DimensioneQualita,
    variazione_punti: Type.Number({ description: 'Punti percentuali aggiunti al peso della dimensione (+5 o −5).' }),
    pesi: PesiDimensioni,
    rimasti_nella_top: Type.Integer({ minimum: 0 }),
    quota: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);

export const Sensibilita = Type.Object(
  {
    dimensione_top: Type.Integer({
      minimum: 0,
      description: 'Comuni nella top (100, o meno se i comuni in classifica sono meno).',
    }),
    comuni_classificati: Type.Integer({ minimum: 0 }),
    regola: Type.String(),
    casi: Type.Array(CasoSensibilita),
    minimo: Nullable(
      Type.Object(
        {
          dimensione: DimensioneQualita,
          variazione_punti: Type.Number(),
          rimasti_nella_top: Type.Integer({ minimum: 0 }),
          quota: Type.Number({ minimum: 0, maximum: 1 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'Quanto cambia la top 100 nazionale spostando ogni peso di ±5 punti.' },
);
export type Sensibilita = Static<typeof Sensibilita>;

export const QuotaVarianza = Nullable(
  Type.Object(
    {
      rapporto_varianze: Type.Number({ minimum: 0, description: 'Var(P) / Var(T).' }),
      quota_covarianza: Type.Number({ description: 'Cov(P, T) / Var(T).' }),
    },
    { additionalProperties: false },
  ),
);

export const IndicatoriProvinciali = Type.Object(
  {
    indicatori: Type.Array(Type.String(), { description: 'Indicatori con livello provincia.' }),
    quota_massima_nella_dimensione: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Peso massimo, insieme, degli indicatori provinciali in una dimensione che ha anche indicatori comunali.',
    }),
    regola: Type.String(),
    quota_varianza: Type.Object(
      {
        prima: QuotaVarianza,
        dopo: QuotaVarianza,
        metodo: Type.String(),
      },
      {
        additionalProperties: false,
        description:
          'Quota della varianza dei punteggi totali dovuta agli indicatori provinciali, con il trattamento precedente (prima) e con quello attuale (dopo).',
      },
    ),
    senza_indicatori_provinciali: Type.Object(
      {
        dimensione_top: Type.Integer({ minimum: 0 }),
        rimasti_nella_top: Type.Integer({ minimum: 0 }),
        quota: Type.Number({ minimum: 0, maximum: 1 }),
        regola: Type.String(),
      },
      {
        additionalProperties: false,
        description: 'Stabilità della top 100 nazionale togliendo tutti gli indicatori provinciali.',
      },
    ),
  },
  {
    additionalProperties: false,
    description: 'Come sono trattati gli indicatori provinciali e quanto pesano sul risultato.',
  },
);
export type IndicatoriProvinciali = Static<typeof IndicatoriProvinciali>;

const MedianeGruppi = (a: string, b: string) =>
  Type.Object(
    { [a]: Nullable(Punteggio), [b]: Nullable(Punteggio) },
    { additionalProperties: false, description: 'Mediane dei punteggi della dimensione nei due gruppi di comuni.' },
  );
const PrimaDopo = <T extends TSchema>(t: T) =>
  Type.Object(
    { prima: t, dopo: t },
    { additionalProperties: false, description: 'prima: dati mancanti riproporzionati; dopo: la regola attuale.' },
  );

export const ConfrontoDatiMancanti = Type.Object(
  {
    regola: Type.String(),
    quantile_stima: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Quantile dei valori normalizzati misurati usato come stima.',
    }),
    dimensioni: Type.Array(
      Type.Object(
        {
          dimensione: DimensioneQualita,
          comuni_con_stime: Type.Integer({
            minimum: 0,
            description: 'Comuni con almeno un indicatore stimato nella dimensione.',
          }),
          comuni_senza_stime: Type.Integer({ minimum: 0 }),
          mediana: PrimaDopo(MedianeGruppi('con_stime', 'senza_stime')),
          top_100_con_stime: PrimaDopo(Type.Integer({ minimum: 0 })),
          quota_con_stime: Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'Quota dei comuni con punteggio nella dimensione.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    aria: Type.Object(
      {
        indicatori: Type.Array(Type.String()),
        comuni_senza_aria: Type.Integer({
          minimum: 0,
          description: 'Comuni con punteggio ambiente e nessun indicatore aria misurato.',
        }),
        comuni_con_aria: Type.Integer({ minimum: 0 }),
        quota_senza_aria: Type.Number({ minimum: 0, maximum: 1 }),
        mediana_ambiente: PrimaDopo(MedianeGruppi('senza_aria', 'con_aria')),
        top_100_ambiente_senza_aria: PrimaDopo(Type.Integer({ minimum: 0 })),
      },
      { additionalProperties: false, description: 'Il caso che ha motivato la regola: aria non misurata.' },
    ),
    stabilita: Type.Object(
      {
        dimensione_top: Type.Integer({ minimum: 0 }),
        rimasti_nella_top: Type.Integer({ minimum: 0 }),
        quota: Type.Number({ minimum: 0, maximum: 1 }),
        regola: Type.String(),
      },
      {
        additionalProperties: false,
        description: 'Quanti dei primi 100 della classifica nazionale di prima restano fra i primi 100.',
      },
    ),
  },
  { additionalProperties: false, description: 'La regola dei dati mancanti e il suo effetto, prima e dopo.' },
);
export type ConfrontoDatiMancanti = Static<typeof ConfrontoDatiMancanti>;

export const MetodologiaQualita = Type.Object(
  {
    id: Type.Literal('qualita-vita'),
    titolo: Type.String(),
    descrizione: Type.String(),
    dimensioni: Type.Array(
      Type.Object(
        {
          id: DimensioneQualita,
          nome: Type.String(),
          peso: Peso,
          indicatori: Type.Array(Type.String()),
          mediana: Nullable(Punteggio, 'Mediana nazionale del punteggio della dimensione.'),
          comuni_con_dati: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    indicatori: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          dimensione: DimensioneQualita,
          nome: Type.String(),
          unita: Type.String(),
          direzione: Direzione,
          livello: Livello,
          descrizione: Type.String(),
          peso_nella_dimensione: Type.Number({
            minimum: 0,
            maximum: 1,
            description: 'Peso nominale nella dimensione (quando tutti gli indicatori hanno un valore).',
          }),
          peso_relativo: Type.Number({
            exclusiveMinimum: 0,
            description:
              "Peso relativo dell'indicatore nella dimensione (1, o 0,5 dove due indicatori si dividono un tema), prima di riproporzionare e limitare.",
          }),
          anni: Type.Array(Type.Integer()),
          fonti: Type.Array(Type.String(), { description: 'Identificativi delle fonti (/api/fonti/{fonte}).' }),
          comuni_con_valore: Type.Integer({ minimum: 0 }),
          sostituto_di: Nullable(
            Type.String(),
            'Indicatore che questo sostituisce: conta solo per i comuni in cui quello manca.',
          ),
          stima: Nullable(
            Punteggio,
            "Valore normalizzato usato al posto dell'indicatore dove manca (mediana dei valori normalizzati misurati, 1 decimale); null per un sostituto o un indicatore senza valori.",
          ),
          normalizzazione: ParametriNormalizzazione,
        },
        { additionalProperties: false },
      ),
    ),
    normalizzazione: Type.Object(
      {
        metodo: Type.String(),
        percentile_basso: Type.Number(),
        percentile_alto: Type.Number(),
        quantile: Type.String(),
        formula_maggiore_migliore: Type.String(),
        formula_minore_migliore: Type.String(),
        casi_degeneri: Type.String(),
      },
      { additionalProperties: false },
    ),
    aggregazione: Type.Object(
      { dimensione: Type.String(), totale: Type.String(), arrotondamento: Type.String() },
      { additionalProperties: false },
    ),
    dati_mancanti: Type.String(),
    confronto_dati_mancanti: Nullable(ConfrontoDatiMancanti),
    classifica: Type.String(),
    avvisi: Type.Array(
      Type.Object(
        {
          codice: Type.String(),
          descrizione: Type.String(),
          soglia: Nullable(Type.Number()),
          comuni: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    copertura: Type.Object(
      {
        comuni: Type.Integer({ minimum: 0 }),
        con_punteggio: Type.Integer({ minimum: 0 }),
        senza_punteggio: Type.Integer({ minimum: 0 }),
        con_tutte_le_dimensioni: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    sensibilita: Nullable(Sensibilita),
    indicatori_provinciali: Nullable(IndicatoriProvinciali),
    punteggi_100: Type.Array(
      Type.Object(
        {
          dimensione: DimensioneQualita,
          comuni: Type.Integer({ minimum: 0, description: 'Comuni con punteggio 100 nella dimensione.' }),
          quota: Type.Number({ minimum: 0, maximum: 1, description: 'Sui comuni con un punteggio nella dimensione.' }),
          motivo: Nullable(Type.String(), "Perché più dell'1% dei comuni ha 100, se accade."),
        },
        { additionalProperties: false },
      ),
      {
        description:
          "Quanti comuni hanno il punteggio massimo in ogni dimensione: il metodo punta a non più dell'1%, e dice perché dove è di più.",
      },
    ),
    wizard: MetodoWizard,
    limiti: Type.Array(Type.String()),
  },
  {
    additionalProperties: false,
    description:
      "Metodologia dell'indice di qualità della vita: indicatori, normalizzazione, pesi, dati mancanti, limiti.",
  },
);
export type MetodologiaQualita = Static<typeof MetodologiaQualita>;

// ---------------------------------------------------------------------------
// /api/qualita-vita/wizard
// ---------------------------------------------------------------------------
