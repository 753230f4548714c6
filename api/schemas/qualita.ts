import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, ComuneRefFields, Excluded, Nullable, PageFields, RegioneRef, JsonLink } from './common.ts';
import { Avviso, DimensioneQualitaComune, Posizione, Punteggio } from './qualita-base.ts';

// The schemas of the index's methodology and of the wizard, for the modules that read them with the records.
export {
  ConfrontoDatiMancanti,
  IndicatoriProvinciali,
  MetodologiaQualita,
  Sensibilita,
} from './qualita-metodologia.ts';
export { MetodoWizard, ModelloBudget, Wizard } from './qualita-wizard.ts';

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
        quota_misurata: Nullable(
          Type.Number({ minimum: 0, maximum: 1 }),
          'Quota del peso del punteggio che poggia su valori misurati: Σ peso_effettivo × copertura.quota_peso delle dimensioni, 3 decimali; il resto sono stime. null senza punteggio.',
        ),
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
      {
        self: Type.String(),
        json: JsonLink,
        comune: Type.String(),
        metodologia: Type.String(),
        classifica: Type.String(),
      },
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
