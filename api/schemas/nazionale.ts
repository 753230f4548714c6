import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';

export const MediaNazionale = Type.Object(
  {
    valore: Nullable(Type.Number(), 'Valore nell\'unità `unita` (null con il motivo in `motivo_mancante`).'),
    anno: Nullable(Type.Integer(), 'Anno di riferimento del valore.'),
    unita: Type.String(),
    metodo: Type.String({ description: 'Come è calcolata (totali su totali, ponderata per popolazione, ...).' }),
    comuni_considerati: Type.Integer({ minimum: 0, description: 'Comuni il cui valore entra nel calcolo.' }),
    fonte: Nullable(Type.String(), 'Identificativo della fonte (/api/fonti/{fonte}).'),
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const MedieNazionali = Type.Object(
  {
    anno_richiesto: Nullable(Type.Integer(), 'Anno chiesto con `anno`; null = annata predefinita di ogni dominio.'),
    indicatori: Type.Record(Type.String(), MediaNazionale),
    anni_disponibili: Type.Object(
      { demografia: Type.Array(Type.Integer()), redditi: Type.Array(Type.Integer()), aria: Type.Array(Type.Integer()), suolo: Type.Array(Type.Integer()) },
      { additionalProperties: false },
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type MedieNazionali = Static<typeof MedieNazionali>;
export type MediaNazionale = Static<typeof MediaNazionale>;
