import { Type, type Static } from '@sinclair/typebox';
import { Nullable, RegioneRef, JsonLink } from './common.ts';

/** Which comuni and taxpayers an income aggregate covers (shares of the MEF comune rows of that year). */
export const CoperturaRedditi = Type.Object(
  {
    comuni_inclusi: Type.Integer({
      minimum: 0,
      description: "Righe comunali MEF dell'anno (comuni di quell'anno) che entrano nel calcolo.",
    }),
    quota_comuni: Type.Number({
      minimum: 0,
      maximum: 1,
      description: "comuni_inclusi / righe comunali MEF dell'anno (0–1).",
    }),
    contribuenti_inclusi: Type.Integer({ minimum: 0, description: 'Contribuenti di quei comuni.' }),
    quota_contribuenti: Type.Number({
      minimum: 0,
      maximum: 1,
      description: "contribuenti_inclusi / contribuenti di tutte le righe comunali MEF dell'anno (0–1).",
    }),
  },
  { additionalProperties: false },
);

export const MediaRedditi = Type.Object(
  {
    valore: Nullable(Type.Number(), 'Euro per contribuente, totale su totale (null con il motivo).'),
    frequenza: Type.Integer({
      minimum: 0,
      description: 'Contribuenti con il valore (la frequenza MEF), denominatore della media.',
    }),
    ammontare_euro: Type.Integer({ description: 'Somma degli ammontari, euro: numeratore della media.' }),
    copertura: CoperturaRedditi,
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

/** Income of a territory (Italy or a region) in one tax year, over all the MEF comune rows of that year. */
export const RedditiAggregati = Type.Object(
  {
    anno: Type.Integer({ description: "Anno d'imposta." }),
    fonte: Type.String({ description: 'Identificativo della fonte (/api/fonti/{fonte}).' }),
    comuni: Type.Integer({
      minimum: 0,
      description: "Righe comunali MEF dell'anno: i comuni di quell'anno, anche quelli poi fusi o ricodificati.",
    }),
    contribuenti: Type.Integer({ minimum: 0, description: 'Somma dei contribuenti di quelle righe.' }),
    reddito_imponibile_medio_euro: MediaRedditi,
    reddito_complessivo_medio_euro: MediaRedditi,
  },
  { additionalProperties: false },
);
export type RedditiAggregati = Static<typeof RedditiAggregati>;
export type CoperturaRedditi = Static<typeof CoperturaRedditi>;
export type MediaRedditi = Static<typeof MediaRedditi>;

export const SerieRedditi = Type.Object(
  {
    indicatore: Type.String({ description: 'Campo di RedditiAggregati che la serie riporta.' }),
    descrizione: Type.String(),
    predefinita: Type.Boolean({
      description: 'true per la serie da usare nei confronti fra anni: quella con copertura completa in ogni anno.',
    }),
    copertura_costante: Type.Boolean({
      description:
        'false se la quota di contribuenti coperti varia fra gli anni di più di un punto percentuale: le variazioni della serie possono venire dalla copertura.',
    }),
    quota_contribuenti_min: Nullable(Type.Number()),
    quota_contribuenti_max: Nullable(Type.Number()),
    avvisi: Type.Array(Type.String(), { description: 'Discontinuità di copertura o di definizione, in parole.' }),
    punti: Type.Array(
      Type.Object(
        {
          anno: Type.Integer(),
          valore: Nullable(Type.Number()),
          quota_contribuenti: Type.Number(),
          quota_comuni: Type.Number(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SerieRedditi = Static<typeof SerieRedditi>;

export const RedditiNazionali = Type.Object(
  {
    serie_predefinita: Type.String({ description: 'Indicatore della serie confrontabile fra anni.' }),
    serie: Type.Array(SerieRedditi, {
      description: "Serie nazionali per anno d'imposta, con la copertura di ogni anno.",
    }),
    nazionale: Nullable(RedditiAggregati, "Italia nell'anno d'imposta richiesto (o predefinito)."),
    regioni: Type.Array(Type.Composite([Type.Object({ regione: RegioneRef }), RedditiAggregati]), {
      description: 'Le regioni nello stesso anno, con la stessa definizione e copertura.',
    }),
    metodo: Type.String(),
  },
  { additionalProperties: false },
);
export type RedditiNazionali = Static<typeof RedditiNazionali>;

export const MediaNazionale = Type.Object(
  {
    valore: Nullable(Type.Number(), "Valore nell'unità `unita` (null con il motivo in `motivo_mancante`)."),
    anno: Nullable(Type.Integer(), 'Anno di riferimento del valore.'),
    unita: Type.String(),
    metodo: Type.String({ description: 'Come è calcolata (totali su totali, ponderata per popolazione, ...).' }),
    comuni_considerati: Type.Integer({ minimum: 0, description: 'Comuni il cui valore entra nel calcolo.' }),
    fonte: Nullable(Type.String(), 'Identificativo della fonte (/api/fonti/{fonte}).'),
    motivo_mancante: Nullable(Type.String()),
    copertura: Type.Optional(CoperturaRedditi),
  },
  { additionalProperties: false },
);

export const MedieNazionali = Type.Object(
  {
    anno_richiesto: Nullable(Type.Integer(), 'Anno chiesto con `anno`; null = annata predefinita di ogni dominio.'),
    indicatori: Type.Record(Type.String(), MediaNazionale),
    redditi: RedditiNazionali,
    anni_disponibili: Type.Object(
      {
        demografia: Type.Array(Type.Integer()),
        redditi: Type.Array(Type.Integer()),
        aria: Type.Array(Type.Integer()),
        suolo: Type.Array(Type.Integer()),
      },
      { additionalProperties: false },
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String(), json: JsonLink }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type MedieNazionali = Static<typeof MedieNazionali>;
export type MediaNazionale = Static<typeof MediaNazionale>;
