/** The wizard's answer and its part of the methodology (budget model, size bands, weights by priority). */
import { Type, type Static } from '@sinclair/typebox';
import { ComuneRefFields, Nullable, RegioneRef } from './common.ts';
import {
  Budget,
  DimensioneComune,
  FasciaCosto,
  PesiDimensioni,
  Priorita,
  PunteggiDimensioni,
  Punteggio,
} from './qualita-base.ts';

export const FasciaPopolazione = Type.Object(
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

export const Wizard = Type.Object(
  {
    parametri: Type.Object(
      {
        budget: Budget,
        dimensione: DimensioneComune,
        priorita: Priorita,
        regione: Nullable(RegioneRef),
        zona: Nullable(Type.Union([Type.Literal('montagna'), Type.Literal('collina'), Type.Literal('pianura')])),
        litoraneo: Nullable(Type.Boolean()),
        urbanizzazione: Nullable(
          Type.Union([Type.Literal('citta'), Type.Literal('piccole_citta'), Type.Literal('rurale')]),
        ),
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
