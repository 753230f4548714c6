import { Type, type Static } from '@sinclair/typebox';
import { AvvisiAnno, CodiceIstat, MissingReasons, Nullable, NullIsAnswer, Provenance, JsonLink } from './common.ts';
import { TerritorioDato } from './territorio.ts';

const Coppia = Type.Object(
  {
    frequenza: Nullable(
      Type.Integer({ minimum: 0 }),
      'Numero di contribuenti con la voce (null se oscurato per riservatezza).',
    ),
    ammontare_euro: Nullable(Type.Number(), 'Ammontare in euro (null se oscurato per riservatezza).'),
  },
  { additionalProperties: false },
);

export const Scaglione = Type.Object(
  {
    da_euro: NullIsAnswer(
      Type.Number(),
      'Limite inferiore del reddito complessivo dello scaglione, euro (null: redditi negativi o nulli, senza limite inferiore).',
    ),
    a_euro: NullIsAnswer(Type.Number(), 'Limite superiore, euro (null: ultimo scaglione, aperto).'),
    frequenza: Nullable(
      Type.Integer({ minimum: 0 }),
      'Contribuenti nello scaglione (null se oscurato per riservatezza).',
    ),
    ammontare_euro: Nullable(
      Type.Number(),
      'Reddito complessivo dei contribuenti dello scaglione, euro (null se oscurato).',
    ),
  },
  { additionalProperties: false, description: 'Scaglione di reddito complessivo (MEF).' },
);

export const RedditiAnno = Type.Object(
  {
    anno: Type.Integer({ description: "Anno d'imposta." }),
    contribuenti: Nullable(
      Type.Integer({ minimum: 0 }),
      'Numero di contribuenti IRPEF del comune (MEF, fonte in `fonte`).',
    ),
    reddito_complessivo: Type.Composite([
      Coppia,
      Type.Object({
        derivato_da_scaglioni: Type.Boolean({
          description: 'true se la fonte non pubblica il totale e questo è la somma degli 8 scaglioni.',
        }),
      }),
    ]),
    reddito_medio_euro: Nullable(
      Type.Number(),
      "Derivato: reddito complessivo / contribuenti con reddito complessivo, arrotondato all'euro. Solo dove il totale è noto (pubblicato dal 2023, o tutti gli scaglioni pubblicati); altrimenti null, con `reddito_medio_limiti_euro` dove le celle pubblicate lo delimitano. Per confronti fra anni usare `reddito_imponibile_medio_euro`.",
    ),
    reddito_medio_limiti_euro: NullIsAnswer(
      Type.Object(
        {
          minimo: Type.Number({ description: 'Limite inferiore del reddito complessivo medio, euro.' }),
          massimo: Type.Number({ description: 'Limite superiore, euro.' }),
        },
        { additionalProperties: false },
      ),
      "Dove il totale non è noto ma solo scaglioni chiusi sono oscurati: l'intervallo in cui cade di sicuro il reddito complessivo medio, dalle celle pubblicate (ogni contribuente oscurato ha un reddito fra i limiti del suo scaglione; /api/metodologia#redditi). Non è una stima puntuale. null se il medio è noto o se è oscurato uno scaglione aperto (≤ 0 o oltre 120.000 euro), che non ha un limite.",
    ),
    reddito_imponibile_medio_euro: Nullable(
      Type.Number(),
      "Derivato: reddito imponibile (ammontare) / contribuenti con reddito imponibile (frequenza), arrotondato all'euro. Pubblicato senza oscuramenti in tutti gli anni: è la serie confrontabile fra anni (definizione fiscale diversa nel 2003–2006, vedi /api/metodologia#redditi).",
    ),
    reddito_mediano_stimato_euro: Nullable(
      Type.Number(),
      'STIMA: mediana interpolata dagli scaglioni (il MEF non pubblica la mediana); vedi `mediana`.',
    ),
    mediana: NullIsAnswer(
      Type.Object(
        { stimata: Type.Literal(true), metodo: Type.String(), scaglione: Type.String() },
        { additionalProperties: false },
      ),
      'Come è stimata `reddito_mediano_stimato_euro`; null se non è stimata (il motivo è in `valori_mancanti.reddito_mediano_stimato_euro`).',
    ),
    reddito_imponibile: Coppia,
    imposta_netta: Coppia,
    addizionale_regionale: Coppia,
    addizionale_comunale: Coppia,
    per_tipo: Nullable(
      Type.Record(Type.String(), Nullable(Coppia)),
      'Redditi per tipologia (lavoro dipendente, pensione, ...).',
    ),
    scaglioni: Nullable(Type.Array(Scaglione, { minItems: 8, maxItems: 8 }), 'Gli 8 scaglioni di reddito complessivo.'),
    fonte: Provenance,
    valori_mancanti: MissingReasons,
    avvisi: AvvisiAnno,
    territorio: Type.Optional(TerritorioDato),
  },
  { additionalProperties: false },
);
export type RedditiAnno = Static<typeof RedditiAnno>;

export const Redditi = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    anno: Type.Integer({ description: "Anno d'imposta dei valori in `dati`." }),
    dati: RedditiAnno,
    serie_storica: Type.Array(RedditiAnno, {
      description: "Tutti gli anni d'imposta disponibili, in ordine crescente.",
    }),
    anni_disponibili: Type.Array(Type.Integer()),
    metodologia: Type.String(),
    links: Type.Object(
      { self: Type.String(), json: JsonLink, comune: Type.String(), demografia: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type Redditi = Static<typeof Redditi>;
