import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, Nullable, Provenance } from './common.ts';

const Stazione = Type.Object(
  {
    codice: Type.String(),
    nome: Type.String(),
    tipo_stazione: Nullable(Type.String()),
    tipo_zona: Nullable(Type.String()),
    distanza_km: Nullable(Type.Number(), 'Distanza dal comune (null se la stazione è nel comune).'),
    media: Type.Number({ description: 'Media annua della stazione, µg/m³.' }),
  },
  { additionalProperties: false },
);

const AriaAnno = Type.Object(
  {
    anno: Type.Integer(),
    valore_ug_m3: Type.Number({ description: 'Media annua, µg/m³ (ISPRA).' }),
    metodo: Type.Union([Type.Literal('stazioni_nel_comune'), Type.Literal('stazione_piu_vicina')]),
    numero_stazioni: Type.Integer({ minimum: 1, description: 'Stazioni usate (l\'elenco è dato per l\'anno corrente).' }),
  },
  { additionalProperties: false },
);

export const Inquinante = Type.Object(
  {
    anno: Type.Integer({ description: 'Anno del valore (annata predefinita della qualità dell\'aria).' }),
    valore_ug_m3: Nullable(Type.Number(), 'Media annua in µg/m³ (null con il motivo se non misurato né attribuibile).'),
    metodo: Nullable(Type.Union([Type.Literal('stazioni_nel_comune'), Type.Literal('stazione_piu_vicina')])),
    descrizione_metodo: Nullable(Type.String()),
    stazioni: Type.Array(Stazione),
    motivo_mancante: Nullable(Type.String()),
    serie_storica: Type.Array(AriaAnno, { description: 'Tutti gli anni con un valore, in ordine crescente.' }),
    fonte: Nullable(Provenance),
  },
  { additionalProperties: false },
);
export type Inquinante = Static<typeof Inquinante>;

export const Ambiente = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    aria: Type.Object({ pm10: Inquinante, pm25: Inquinante, no2: Inquinante, o3: Inquinante }, { additionalProperties: false }),
    suolo: Type.Object(
      {
        provincia: Nullable(
          Type.Object(
            {
              livello: Type.Literal('provincia'),
              anno: Type.Integer(),
              sigla: Type.String(),
              nome: Type.String(),
              suolo_consumato_ettari: Nullable(Type.Number(), 'Suolo consumato nella provincia, ettari (ISPRA, fonte in `fonte`).'),
              suolo_consumato_percentuale: Nullable(Type.Number({ description: '% della superficie provinciale.' })),
              fonte: Provenance,
            },
            { additionalProperties: false },
          ),
        ),
        comune: Nullable(
          Type.Object(
            {
              livello: Type.Literal('comune'),
              anno: Type.Integer(),
              suolo_consumato_m2_per_abitante: Type.Number({ description: 'Suolo consumato per abitante, m² (ISPRA 2015, pubblicato nell\'Urban Index DIPE).' }),
              fonte: Provenance,
            },
            { additionalProperties: false },
          ),
        ),
        valori_mancanti: Type.Record(Type.String(), Type.String()),
      },
      { additionalProperties: false, description: 'Consumo di suolo: il dato 2024 è provinciale; l\'unico dato comunale è il suolo consumato pro capite (ISPRA 2015, via Urban Index).' },
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String(), comune: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Ambiente = Static<typeof Ambiente>;
