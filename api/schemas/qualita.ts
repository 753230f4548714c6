import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, ComuneRefFields, Excluded, Nullable, PageFields, Provenance, RegioneRef } from './common.ts';

/** The five dimensions of the quality-of-life index (same ids as QualityDimension in api/runtime-index.ts). */
export const DimensioneQualita = Type.Union(
  [
    Type.Literal('reddito'),
    Type.Literal('ambiente'),
    Type.Literal('servizi'),
    Type.Literal('demografia'),
    Type.Literal('sicurezza'),
  ],
  { description: "Dimensione dell'indice di qualità della vita." },
);

const Direzione = Type.Union([Type.Literal('maggiore_migliore'), Type.Literal('minore_migliore')], {
  description:
    "Verso dell'indicatore: maggiore_migliore (valori alti = punteggio alto) o minore_migliore (valori bassi = punteggio alto).",
});
const Livello = Type.Union([Type.Literal('comune'), Type.Literal('provincia')], {
  description: 'Livello territoriale del dato: comune, o provincia (stesso valore per tutti i comuni della provincia).',
});
const FasciaCosto = Type.Union([Type.Literal('bassa'), Type.Literal('media'), Type.Literal('alta')]);
const Budget = Type.Union([Type.Literal('basso'), Type.Literal('medio'), Type.Literal('alto')]);
const DimensioneComune = Type.Union([Type.Literal('piccolo'), Type.Literal('medio'), Type.Literal('grande')]);
const Priorita = Type.Union([
  Type.Literal('reddito'),
  Type.Literal('ambiente'),
  Type.Literal('servizi'),
  Type.Literal('bilanciato'),
]);

const Peso = Type.Number({ minimum: 0, maximum: 1 });
const Punteggio = Type.Number({ minimum: 0, maximum: 100 });

/** One number per dimension (weights). */
export const PesiDimensioni = Type.Object(
  { reddito: Peso, ambiente: Peso, servizi: Peso, demografia: Peso, sicurezza: Peso },
  { additionalProperties: false, description: 'Peso di ogni dimensione (somma 1).' },
);

const PunteggiDimensioni = Type.Object(
  {
    reddito: Nullable(Punteggio),
    ambiente: Nullable(Punteggio),
    servizi: Nullable(Punteggio),
    demografia: Nullable(Punteggio),
    sicurezza: Nullable(Punteggio),
  },
  {
    additionalProperties: false,
    description: 'Punteggio 0–100 di ogni dimensione (null se la dimensione non ha dati per il comune).',
  },
);

const Avviso = Type.Object(
  { codice: Type.String(), descrizione: Type.String() },
  { additionalProperties: false, description: "Avvertenza sull'affidabilità del punteggio (es. pochi_contribuenti)." },
);

// ---------------------------------------------------------------------------
// /api/qualita-vita/{codice_istat}
// ---------------------------------------------------------------------------

const Copertura = Type.Object(
  {
    disponibili: Type.Integer({ minimum: 0, description: 'Indicatori con un valore per il comune.' }),
    definiti: Type.Integer({ minimum: 0, description: 'Indicatori definiti per la dimensione.' }),
    quota: Type.Number({ minimum: 0, maximum: 1, description: 'disponibili / definiti.' }),
    quota_peso: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Quota del peso nominale degli indicatori della dimensione coperta da valori.',
    }),
  },
  { additionalProperties: false },
);

export const IndicatoreQualita = Type.Object(
  {
    id: Type.String(),
    nome: Type.String(),
    unita: Type.String(),
    direzione: Direzione,
    livello: Livello,
    valore: Nullable(Type.Number(), "Valore grezzo nell'unità indicata."),
    anno: Nullable(Type.Integer(), 'Anno di riferimento del valore.'),
    fonte: Nullable(Provenance),
    normalizzato: Nullable(Punteggio, 'Valore normalizzato 0–100 (100 = migliore), 1 decimale.'),
    peso_nella_dimensione: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Peso effettivo nella dimensione per questo comune (0 se il valore manca).',
    }),
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const DimensioneQualitaComune = Type.Object(
  {
    nome: Type.String(),
    punteggio: Nullable(
      Punteggio,
      'Media ponderata dei valori normalizzati disponibili, 1 decimale; null se nessun indicatore ha un valore.',
    ),
    peso_nominale: Peso,
    peso_effettivo: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Peso nel totale dopo aver riproporzionato sulle dimensioni con dati (0 se la dimensione non ha dati).',
    }),
    copertura: Copertura,
    motivo_mancante: Nullable(Type.String()),
    indicatori: Type.Array(IndicatoreQualita),
  },
  { additionalProperties: false },
);

const Posizione = Type.Object(
  {
    posizione: Nullable(
      Type.Integer({ minimum: 1 }),
      'Posizione in classifica (1 = migliore); null se il comune non ha punteggio.',
    ),
    su: Type.Integer({ minimum: 0, description: 'Numero di comuni in classifica.' }),
  },
  { additionalProperties: false },
);

export const QualitaVita = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    regione: RegioneRef,
    punteggio: Nullable(
      Punteggio,
      'Indice composito 0–100 (DERIVATO), 1 decimale; null solo se nessuna dimensione ha dati.',
    ),
    motivo_mancante: Nullable(Type.String()),
    posizione_nazionale: Posizione,
    posizione_regionale: Posizione,
    copertura: Type.Object(
      {
        dimensioni_con_dati: Type.Integer({ minimum: 0 }),
        dimensioni_definite: Type.Integer({ minimum: 0 }),
        peso_nominale_coperto: Type.Number({
          minimum: 0,
          maximum: 1,
          description: 'Somma dei pesi nominali delle dimensioni con dati.',
        }),
      },
      { additionalProperties: false },
    ),
    dimensioni: Type.Object(
      {
        reddito: DimensioneQualitaComune,
        ambiente: DimensioneQualitaComune,
        servizi: DimensioneQualitaComune,
        demografia: DimensioneQualitaComune,
        sicurezza: DimensioneQualitaComune,
      },
      { additionalProperties: false },
    ),
    avvisi: Type.Array(Avviso),
    metodo: Type.String({ description: 'Come è calcolato il punteggio, in breve.' }),
    links: Type.Object(
      { self: Type.String(), comune: Type.String(), metodologia: Type.String(), classifica: Type.String() },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'Indice di qualità della vita di un comune, con tutti i valori da cui è calcolato.',
  },
);
export type QualitaVita = Static<typeof QualitaVita>;

// ---------------------------------------------------------------------------
// /api/qualita-vita/classifica (api/lists.ts qualityRanking)
// ---------------------------------------------------------------------------

export const ClassificaQualita = Type.Object(
  {
    indice: Type.Literal('qualita_vita'),
    anno_popolazione: Type.Integer({ description: 'Anno della popolazione usata per min_pop / max_pop.' }),
    filtri: Type.Object(
      { regione: Nullable(Type.String()), min_pop: Nullable(Type.Integer()), max_pop: Nullable(Type.Integer()) },
      { additionalProperties: false },
    ),
    ...PageFields,
    risultati: Type.Array(
      Type.Object(
        {
          posizione: Type.Integer({ minimum: 1, description: 'Posizione nella classifica filtrata.' }),
          posizione_nazionale: Type.Integer({ minimum: 1 }),
          ...ComuneRefFields,
          popolazione: Nullable(Type.Integer({ minimum: 0 }), "Residenti nell'anno `anno_popolazione`."),
          punteggio: {
            ...Punteggio,
            description: 'Indice di qualità della vita 0–100 (DERIVATO, /api/metodologia#qualita-vita).',
          },
          link: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    esclusi: Excluded,
    metodologia: Type.String(),
  },
  { additionalProperties: false },
);
export type ClassificaQualita = Static<typeof ClassificaQualita>;

// ---------------------------------------------------------------------------
// Methodology pieces shared by /api/metodologia and the wizard
// ---------------------------------------------------------------------------

const FasciaPopolazione = Type.Object(
  {
    min: Type.Integer({ minimum: 0, description: 'Popolazione minima, inclusa.' }),
    max: Nullable(Type.Integer({ minimum: 0 }), 'Popolazione massima, inclusa (null = nessun limite).'),
    descrizione: Type.String(),
  },
  { additionalProperties: false },
);

export const ModelloBudget = Type.Object(
  {
    indicatore: Type.String({ description: 'Indicatore usato come indizio del costo della vita locale.' }),
    anno: Nullable(Type.Integer()),
    descrizione: Type.String(),
    soglie: Nullable(
      Type.Object(
        {
          basso_max: Type.Number({
            description: 'Reddito medio massimo (incluso) della fascia di costo bassa, in euro.',
          }),
          alto_min: Type.Number({ description: 'Reddito medio minimo (incluso) della fascia di costo alta, in euro.' }),
        },
        { additionalProperties: false },
      ),
    ),
    fasce_ammesse: Type.Object(
      { basso: Type.Array(FasciaCosto), medio: Type.Array(FasciaCosto), alto: Type.Array(FasciaCosto) },
      { additionalProperties: false, description: 'Fasce di costo compatibili con ogni budget.' },
    ),
    limiti: Type.String(),
  },
  { additionalProperties: false },
);

export const MetodoWizard = Type.Object(
  {
    pesi_per_priorita: Type.Object(
      { reddito: PesiDimensioni, ambiente: PesiDimensioni, servizi: PesiDimensioni, bilanciato: PesiDimensioni },
      { additionalProperties: false },
    ),
    regola_pesi: Type.String(),
    fasce_popolazione: Type.Object(
      { piccolo: FasciaPopolazione, medio: FasciaPopolazione, grande: FasciaPopolazione },
      { additionalProperties: false },
    ),
    modello_budget: ModelloBudget,
    ordinamento: Type.String(),
    spiegazione: Type.String({ description: 'Come è costruita la frase `perche` di ogni risultato.' }),
  },
  { additionalProperties: false },
);

const ParametriNormalizzazione = Type.Object(
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

const CasoSensibilita = Type.Object(
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

const QuotaVarianza = Nullable(
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

export const Wizard = Type.Object(
  {
    parametri: Type.Object(
      {
        budget: Budget,
        dimensione: DimensioneComune,
        priorita: Priorita,
        regione: Nullable(RegioneRef),
        limit: Type.Integer({ minimum: 1 }),
      },
      { additionalProperties: false, description: 'I parametri della richiesta.' },
    ),
    pesi: PesiDimensioni,
    regola_pesi: Type.String(),
    fascia_popolazione: Type.Object(
      {
        dimensione: DimensioneComune,
        min: Type.Integer({ minimum: 0 }),
        max: Nullable(Type.Integer({ minimum: 0 })),
        anno_popolazione: Type.Integer(),
        descrizione: Type.String(),
      },
      { additionalProperties: false },
    ),
    modello_budget: ModelloBudget,
    totale: Type.Integer({
      minimum: 0,
      description: 'Comuni che soddisfano tutti i filtri (regione, dimensione, budget) e hanno un punteggio.',
    }),
    esclusi: Type.Object(
      {
        senza_popolazione: Type.Integer({ minimum: 0 }),
        senza_punteggio: Type.Integer({ minimum: 0 }),
        senza_reddito_medio: Type.Integer({ minimum: 0 }),
        motivo: Type.String(),
      },
      {
        additionalProperties: false,
        description: "Comuni della regione scelta (o d'Italia) lasciati fuori perché privi di un dato necessario.",
      },
    ),
    ordinamento: Type.String(),
    risultati: Type.Array(
      Type.Object(
        {
          posizione: Type.Integer({ minimum: 1 }),
          ...ComuneRefFields,
          popolazione: Type.Integer({
            minimum: 0,
            description: "Residenti nell'anno `fascia_popolazione.anno_popolazione`.",
          }),
          reddito_medio_euro: Type.Number({
            description:
              "Reddito complessivo IRPEF medio per contribuente, euro (anno d'imposta di `modello_budget.anno`).",
          }),
          fascia_costo: FasciaCosto,
          punteggio: {
            ...Punteggio,
            description: 'Punteggio 0–100 con i pesi della priorità scelta (`pesi`), DERIVATO.',
          },
          punteggio_indice: { ...Punteggio, description: 'Indice di qualità della vita 0–100 con i pesi standard.' },
          punteggi: PunteggiDimensioni,
          perche: Type.String({ description: 'Perché il comune è adatto, in breve, dai dati.' }),
          avvisi: Type.Array(Type.String()),
          link: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String(), metodologia: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Wizard = Static<typeof Wizard>;
