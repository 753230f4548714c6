/** The parts shared by the quality-of-life schemas: dimensions, weights, scores, indicators. */
import { Type } from '@sinclair/typebox';
import { Nullable, NullIsAnswer, Provenance } from './common.ts';

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

export const Direzione = Type.Union([Type.Literal('maggiore_migliore'), Type.Literal('minore_migliore')], {
  description:
    "Verso dell'indicatore: maggiore_migliore (valori alti = punteggio alto) o minore_migliore (valori bassi = punteggio alto).",
});
export const Livello = Type.Union([Type.Literal('comune'), Type.Literal('provincia')], {
  description: 'Livello territoriale del dato: comune, o provincia (stesso valore per tutti i comuni della provincia).',
});
export const FasciaCosto = Type.Union([Type.Literal('bassa'), Type.Literal('media'), Type.Literal('alta')]);
export const Budget = Type.Union([Type.Literal('basso'), Type.Literal('medio'), Type.Literal('alto')]);
export const DimensioneComune = Type.Union([Type.Literal('piccolo'), Type.Literal('medio'), Type.Literal('grande')]);
export const Priorita = Type.Union([
  Type.Literal('reddito'),
  Type.Literal('ambiente'),
  Type.Literal('servizi'),
  Type.Literal('bilanciato'),
]);

export const Peso = Type.Number({ minimum: 0, maximum: 1 });
export const Punteggio = Type.Number({ minimum: 0, maximum: 100 });

/** One number per dimension (weights). */
export const PesiDimensioni = Type.Object(
  { reddito: Peso, ambiente: Peso, servizi: Peso, demografia: Peso, sicurezza: Peso },
  { additionalProperties: false, description: 'Peso di ogni dimensione (somma 1).' },
);

export const PunteggiDimensioni = Type.Object(
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

export const Avviso = Type.Object(
  { codice: Type.String(), descrizione: Type.String() },
  { additionalProperties: false, description: "Avvertenza sull'affidabilità del punteggio (es. pochi_contribuenti)." },
);

// ---------------------------------------------------------------------------
// /api/qualita-vita/{codice_istat}
// ---------------------------------------------------------------------------

export const Copertura = Type.Object(
  {
    disponibili: Type.Integer({ minimum: 0, description: 'Indicatori con un valore per il comune.' }),
    definiti: Type.Integer({ minimum: 0, description: 'Indicatori definiti per la dimensione.' }),
    quota: Type.Number({ minimum: 0, maximum: 1, description: 'disponibili / definiti.' }),
    quota_peso: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Quota del peso della dimensione (peso_nella_dimensione) che poggia su valori misurati; il resto è stimato (0 se la dimensione non ha punteggio).',
    }),
    stimati: Type.Integer({ minimum: 0, description: 'Indicatori mancanti sostituiti dalla loro stima.' }),
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
    stima: NullIsAnswer(
      Punteggio,
      "Stima usata al posto del valore mancante (la stima dell'indicatore in /api/metodologia); null se il valore è misurato o la stima non è usata.",
    ),
    peso_nella_dimensione: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Peso effettivo nella dimensione per questo comune, del valore misurato o della stima (0 se nessuno dei due è usato).',
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
      'Media ponderata dei valori normalizzati misurati e delle stime dei mancanti, 1 decimale; null se nessun indicatore ha un valore.',
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

export const Posizione = Type.Object(
  {
    posizione: Nullable(
      Type.Integer({ minimum: 1 }),
      'Posizione in classifica (1 = migliore); null se il comune non ha punteggio.',
    ),
    su: Type.Integer({ minimum: 0, description: 'Numero di comuni in classifica.' }),
  },
  { additionalProperties: false },
);
