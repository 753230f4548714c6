import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, Nullable, NullIsAnswer, Provenance, JsonLink } from './common.ts';

const GiorniOzono = (description: string) => Type.Optional(Nullable(Type.Number({ minimum: 0 }), description));
const GIORNI_OZONO =
  'Solo ozono: giorni in cui la media mobile massima giornaliera su 8 ore ha superato 120 µg/m³ (obiettivo a lungo termine per la salute, D.Lgs. 155/2010; ISPRA giorni_mm8_over_120).';

const Stazione = Type.Object(
  {
    codice: Type.String(),
    nome: Type.String(),
    tipo_stazione: NullIsAnswer(Type.String(), 'Tipo di stazione come lo dà ISPRA (null se ISPRA non lo indica).'),
    tipo_zona: NullIsAnswer(Type.String(), 'Tipo di zona come lo dà ISPRA (null se ISPRA non lo indica).'),
    distanza_km: NullIsAnswer(Type.Number(), 'Distanza dal comune (null se la stazione è nel comune).'),
    media: Type.Number({ description: 'Media annua della stazione, µg/m³.' }),
    giorni_mm8_over_120: GiorniOzono(GIORNI_OZONO),
  },
  { additionalProperties: false },
);

const AriaAnno = Type.Object(
  {
    anno: Type.Integer(),
    valore_ug_m3: Type.Number({ description: 'Media annua, µg/m³ (ISPRA).' }),
    metodo: Type.Union([Type.Literal('stazioni_nel_comune'), Type.Literal('stazione_piu_vicina')]),
    numero_stazioni: Type.Integer({ minimum: 1, description: "Stazioni usate (l'elenco è dato per l'anno corrente)." }),
    giorni_mm8_over_120: GiorniOzono(`${GIORNI_OZONO} Media delle stazioni usate.`),
  },
  { additionalProperties: false },
);

const RiferimentoOms = Type.Object(
  {
    valore_ug_m3: Type.Number({
      description: "Valore di riferimento (linee guida OMS 2021 sulla qualità dell'aria), µg/m³.",
    }),
    periodo: Type.String({ description: 'Periodo di mediazione a cui si applica, come nella legenda ISPRA.' }),
    testo_legenda: Type.String({ description: 'La cella della legenda ISPRA (legenda_statistiche.xlsx), testuale.' }),
  },
  {
    additionalProperties: false,
    description:
      "CONTESTO, non giudizio: il valore di riferimento OMS 2021 dato dalla legenda ISPRA per questo inquinante. Per PM10, PM2.5 e NO2 si confronta con la media annua; per l'ozono riguarda la media massima giornaliera su 8 ore, non la media annua. null se la legenda non lo dà.",
  },
);

const inquinanteProperties = {
  anno: Type.Integer({ description: "Anno del valore (annata predefinita della qualità dell'aria)." }),
  valore_ug_m3: Nullable(Type.Number(), 'Media annua in µg/m³ (null con il motivo se non misurato né attribuibile).'),
  metodo: Nullable(Type.Union([Type.Literal('stazioni_nel_comune'), Type.Literal('stazione_piu_vicina')])),
  descrizione_metodo: Nullable(Type.String()),
  stazioni: Type.Array(Stazione),
  motivo_mancante: Nullable(Type.String()),
  riferimento_oms_2021: Nullable(RiferimentoOms),
  serie_storica: Type.Array(AriaAnno, { description: 'Tutti gli anni con un valore, in ordine crescente.' }),
  fonte: Nullable(Provenance),
};

export const Inquinante = Type.Object(inquinanteProperties, { additionalProperties: false });
export type Inquinante = Static<typeof Inquinante>;

/** Ozone adds its health-relevant figure, the days above the long-term objective, next to the annual mean. */
export const Ozono = Type.Object(
  {
    ...inquinanteProperties,
    giorni_mm8_over_120: Nullable(
      Type.Number({ minimum: 0 }),
      `${GIORNI_OZONO} Media delle stazioni usate (le stesse della media annua), a 0,1; è il valore della classifica indicatore=o3. null con il motivo se nessuna stazione.`,
    ),
  },
  { additionalProperties: false },
);
export type Ozono = Static<typeof Ozono>;

const VariazioneNetta = Type.Object(
  {
    periodo: Type.String({ description: 'Periodo, AAAA-AAAA.' }),
    ettari: Type.Number({
      description: 'Incremento netto (consumo nuovo meno ripristino), ettari; negativo se è prevalso il ripristino.',
    }),
  },
  { additionalProperties: false },
);

export const Ambiente = Type.Object(
  {
    codice_istat: CodiceIstat,
    nome: Type.String(),
    aria: Type.Object(
      { pm10: Inquinante, pm25: Inquinante, no2: Inquinante, o3: Ozono },
      { additionalProperties: false },
    ),
    suolo: Type.Object(
      {
        provincia: Nullable(
          Type.Object(
            {
              livello: Type.Literal('provincia'),
              anno: Type.Integer(),
              sigla: Type.String(),
              nome: Type.String(),
              suolo_consumato_ettari: Nullable(
                Type.Number(),
                'Suolo consumato nella provincia, ettari (ISPRA, fonte in `fonte`).',
              ),
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
              suolo_consumato_ettari: Type.Number({ description: 'Suolo consumato nel comune, ettari (ISPRA 2024).' }),
              suolo_consumato_percentuale: Type.Number({
                description: '% della superficie comunale consumata (ISPRA 2024, arrotondata a 0,01).',
              }),
              variazione_netta_ultimo_anno: VariazioneNetta,
              variazione_netta_dal_2006: Type.Object(
                { ...VariazioneNetta.properties, metodo: Type.String({ description: 'Come è derivata.' }) },
                { additionalProperties: false },
              ),
              incrementi_netti: Type.Array(VariazioneNetta, {
                description:
                  'Incremento netto di ogni periodo pubblicato da ISPRA (2006-2012, 2012-2015, poi annuale).',
              }),
              fonte: Provenance,
            },
            { additionalProperties: false },
          ),
          "Consumo di suolo del comune nel 2024 (ISPRA), l'anno della specifica; null con il motivo in `valori_mancanti.comune`.",
        ),
        pro_capite_2015: Nullable(
          Type.Object(
            {
              livello: Type.Literal('comune'),
              anno: Type.Integer(),
              suolo_consumato_m2_per_abitante: Type.Number({
                description: "Suolo consumato per abitante, m² (ISPRA 2015, pubblicato nell'Urban Index DIPE).",
              }),
              nota: Type.String(),
              fonte: Provenance,
            },
            { additionalProperties: false },
          ),
          'Indicatore più vecchio, tenuto per confronto: suolo consumato per abitante nel 2015; null con il motivo in `valori_mancanti.pro_capite_2015`.',
        ),
        valori_mancanti: Type.Record(Type.String(), Type.String()),
      },
      {
        additionalProperties: false,
        description:
          'Consumo di suolo: del comune nel 2024 (ISPRA), con le variazioni nette per periodo dal 2006; della provincia nel 2024 come contesto; il dato pro capite 2015 (Urban Index) come indicatore più vecchio.',
      },
    ),
    metodologia: Type.String(),
    links: Type.Object({ self: Type.String(), json: JsonLink, comune: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Ambiente = Static<typeof Ambiente>;
