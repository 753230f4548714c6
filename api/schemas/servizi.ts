import { Type, type Static } from '@sinclair/typebox';
import { MissingReasons, Nullable, Provenance } from './common.ts';

const Classe = Type.Union(['A', 'B', 'C', 'D', 'E', 'F'].map((c) => Type.Literal(c)));

const PerLivello = Type.Object(
  {
    numero: Type.Integer({ minimum: 0, description: 'Scuole statali (punti di erogazione) nel comune.' }),
    per_1000_abitanti: Nullable(
      Type.Number({ minimum: 0 }),
      'Derivato: numero / popolazione × 1.000, a 0,001 (null se manca la popolazione).',
    ),
  },
  { additionalProperties: false },
);

const Scuole = Type.Object(
  {
    livello: Type.Literal('comune'),
    anno_scolastico: Type.String({ description: 'Anno scolastico del registro, es. 2025/26.' }),
    infanzia: PerLivello,
    primaria: PerLivello,
    secondaria_primo_grado: PerLivello,
    secondaria_secondo_grado: PerLivello,
    totale: PerLivello,
    popolazione: Nullable(
      Type.Object({ anno: Type.Integer(), valore: Type.Integer() }, { additionalProperties: false }),
      'Popolazione ufficiale ISTAT usata per i valori per 1.000 abitanti.',
    ),
    metodo: Type.String(),
    fonte: Provenance,
  },
  {
    additionalProperties: false,
    description:
      "Scuole statali per livello dall'anagrafe del Ministero dell'Istruzione e del Merito; null con il motivo in `valori_mancanti.scuole` per Valle d'Aosta e Trentino-Alto Adige, che l'anagrafe statale non comprende (mai 0).",
  },
);

const FibraFtth = Type.Object(
  {
    livello: Type.Literal('comune'),
    anno: Type.Integer({ description: 'Anno dei dati AGCOM (primo semestre; la data esatta non è nel file).' }),
    famiglie_residenti: Type.Number({
      minimum: 0,
      description: 'Famiglie residenti stimate da AGCOM ("calcolato"), a 0,1.',
    }),
    famiglie_raggiunte: Type.Number({
      minimum: 0,
      description: 'Famiglie raggiunte dalla fibra fino a casa (FTTH) stimate da AGCOM ("calcolato"), a 0,1.',
    }),
    quota_famiglie_percentuale: Type.Number({
      minimum: 0,
      maximum: 100,
      description:
        'Famiglie raggiunte / famiglie residenti, come pubblicata da AGCOM ("Copertura FTTH DESI"), in %, a 0,01.',
    }),
    metodo: Type.String(),
    fonte: Provenance,
  },
  {
    additionalProperties: false,
    description:
      'Copertura in fibra fino a casa (FTTH) delle famiglie del comune, AGCOM Broadband Map 2026 (primo semestre); null con il motivo in `valori_mancanti.fibra_ftth` se il comune non è nel file.',
  },
);

export const Servizi = Type.Object(
  {
    aree_interne: Nullable(
      Type.Object(
        {
          classe_2020: Nullable(
            Classe,
            'Classe della Mappa Aree Interne 2020: A polo, B polo intercomunale, C cintura, D intermedio, E periferico, F ultraperiferico.',
          ),
          descrizione_2020: Nullable(Type.String()),
          tempo_polo_minuti: Nullable(
            Type.Number({ minimum: 0 }),
            'Tempo medio di percorrenza verso il polo di servizi più vicino (minuti; 0 per i poli).',
          ),
          polo_destinazione: Nullable(Type.String()),
          classe_2021_2027: Nullable(Classe),
          descrizione_2021_2027: Nullable(Type.String()),
          fonte: Provenance,
        },
        { additionalProperties: false },
      ),
    ),
    urban_index: Type.Array(
      Type.Object(
        {
          campo: Type.String(),
          titolo: Type.String(),
          valore: Nullable(Type.Number(), "Valore nell'unità `unita`, anno `anno`."),
          unita: Type.String(),
          anno: Type.Integer(),
          direzione: Type.Union([Type.Literal('maggiore_migliore'), Type.Literal('minore_migliore')]),
          nota: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
      { description: "Indicatori di servizio dell'Urban Index (DIPE), con anno e unità." },
    ),
    urban_index_fonte: Nullable(Provenance),
    ospedale: Nullable(
      Type.Object(
        {
          livello: Type.Literal('provincia'),
          anno: Type.Integer(),
          tempo_medio_minuti: Nullable(Type.Number(), 'Minuti di guida, media.'),
          tempo_mediano_minuti: Nullable(Type.Number(), 'Minuti di guida, mediana.'),
          fonte: Provenance,
        },
        {
          additionalProperties: false,
          description: "Tempo di guida verso l'ospedale più vicino, media della provincia ponderata per popolazione.",
        },
      ),
    ),
    scuole: Nullable(Scuole),
    fibra_ftth: Nullable(FibraFtth),
    valori_mancanti: MissingReasons,
  },
  { additionalProperties: false },
);
export type Servizi = Static<typeof Servizi>;

export const Sicurezza = Type.Object(
  {
    livello: Type.Literal('provincia', { description: 'Dato della provincia, applicato a ogni suo comune.' }),
    sigla_provincia: Type.String(),
    anno: Nullable(Type.Integer(), 'Anno più recente disponibile.'),
    delitti_per_1000_abitanti: Nullable(
      Type.Number(),
      'Delitti denunciati per 1.000 abitanti della provincia, anno `anno`.',
    ),
    serie_storica: Type.Array(
      Type.Object(
        {
          anno: Type.Integer(),
          delitti: Nullable(Type.Integer()),
          popolazione: Nullable(Type.Integer()),
          delitti_per_1000_abitanti: Nullable(Type.Number()),
        },
        { additionalProperties: false },
      ),
    ),
    fonte: Nullable(Provenance),
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type Sicurezza = Static<typeof Sicurezza>;
