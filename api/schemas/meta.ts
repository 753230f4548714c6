import { Type } from '@sinclair/typebox';
import { Nullable, JsonLink } from './common.ts';
import { MetodologiaQualita } from './qualita.ts';

export const Regioni = Type.Object(
  {
    totale: Type.Integer(),
    risultati: Type.Array(
      Type.Object(
        {
          codice: Type.String(),
          nome: Type.String(),
          tipologia: Type.String(),
          ripartizione: Type.String(),
          numero_comuni: Type.Integer(),
          numero_province: Type.Integer(),
          superficie_km2: Nullable(
            Type.Number(),
            'Superficie, km²: somma delle superfici ufficiali ISTAT dei suoi comuni (null se un comune non ha il dato).',
          ),
          popolazione: Nullable(
            Type.Integer(),
            "Residenti: somma dei comuni nell'anno `anno_popolazione` (null se un comune non ha il dato).",
          ),
          anno_popolazione: Type.Integer(),
          link_comuni: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Province = Type.Object(
  {
    totale: Type.Integer(),
    risultati: Type.Array(
      Type.Object(
        {
          sigla: Type.String(),
          nome: Type.String(),
          codice: Type.String(),
          codice_uts: Type.String(),
          tipologia: Type.String(),
          regione: Type.Object({ codice: Type.String(), nome: Type.String() }, { additionalProperties: false }),
          numero_comuni: Type.Integer(),
          superficie_km2: Nullable(
            Type.Number(),
            'Superficie, km²: somma delle superfici ufficiali ISTAT dei suoi comuni (null se un comune non ha il dato).',
          ),
          link_comuni: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Fonte = Type.Object(
  {
    id: Type.String(),
    editore: Type.String(),
    dataset: Type.String(),
    pagina: Type.String(),
    annata: Type.String(),
    data_riferimento: Type.String(),
    licenza: Type.Object({ nome: Type.String(), url: Type.String() }, { additionalProperties: false }),
    attribuzione: Type.String(),
    file: Type.Array(
      Type.Object(
        {
          percorso: Type.String(),
          url: Type.String(),
          membro_zip: Nullable(Type.String()),
          anno: Nullable(Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
    obbligatoria: Type.Boolean(),
    alimenta: Type.Array(Type.String()),
    note: Type.Array(Type.String()),
    disponibile: Type.Boolean({ description: 'false se la fonte (facoltativa) mancava in questa build.' }),
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const Fonti = Type.Object(
  { totale: Type.Integer(), risultati: Type.Array(Fonte) },
  { additionalProperties: false },
);

export const Copertura = Type.Object(
  {
    comuni: Type.Integer(),
    campi: Type.Array(
      Type.Object(
        {
          campo: Type.String(),
          dominio: Type.String(),
          anno: Nullable(Type.Integer()),
          fonte: Nullable(Type.String()),
          comuni_con_valore: Type.Integer(),
          percentuale: Type.Number({ description: 'comuni_con_valore / comuni, in per cento.' }),
          nota: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Status = Type.Object(
  {
    stato: Type.Literal('ok'),
    generato: Type.String({ description: 'Data e ora della build (ISO 8601).' }),
    versione_dati: Type.String(),
    dataset_in_blocco: Type.Object(
      {
        versione: Type.String({
          description:
            'Versione del dataset in blocco (/dati/): AAAA.MM.GG del file di fonte più recente, poi versione_dati.',
        }),
        creato: Type.String({
          description:
            'Quando è stato ottenuto il file di fonte più recente (ISO 8601): il campo created di datapackage.json.',
        }),
        zip: Type.String({
          description:
            'Zip di questa versione (CSV, Parquet, datapackage.json, README.md, CITATION.cff); il nome contiene la versione.',
        }),
        zip_ultima_versione: Type.String({
          description: 'Indirizzo stabile che reindirizza (302) allo zip della versione corrente.',
        }),
        datapackage: Type.String({ description: 'Descrittore Frictionless Data Package v2 della versione corrente.' }),
      },
      { additionalProperties: false, description: 'Versione citabile corrente del dataset in blocco e i suoi file.' },
    ),
    conteggi: Type.Object(
      { comuni: Type.Integer(), province: Type.Integer(), regioni: Type.Integer(), file: Type.Integer() },
      { additionalProperties: false },
    ),
    anni_predefiniti: Type.Record(Type.String(), Type.Integer()),
    fonti: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          annata: Type.String(),
          disponibile: Type.Boolean(),
          scaricato: Nullable(Type.String(), 'Quando il file è stato scaricato (lock del fetcher), se noto.'),
        },
        { additionalProperties: false },
      ),
    ),
    cambiamenti: Type.Object(
      {
        rispetto_a: Nullable(
          Type.String(),
          "versione_dati della build precedente (null se non c'era una build precedente da confrontare).",
        ),
        rapporto: Type.String({
          description:
            'Rapporto completo dei cambiamenti: comuni istituiti e soppressi, valori oltre soglia, copertura dei campi, anni e annate.',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const SezioneMetodologia = Type.Object(
  {
    titolo: Type.String(),
    testo: Type.Array(Type.String(), { description: 'Regole di calcolo e scelte, un paragrafo per voce.' }),
  },
  { additionalProperties: false },
);

export const Metodologia = Type.Object(
  {
    titolo: Type.String(),
    sezioni: Type.Object(
      {
        demografia: Type.Object(
          {
            titolo: Type.String(),
            testo: Type.Array(Type.String()),
            anni: Type.Array(
              Type.Object(
                {
                  serie: Type.Union([Type.Literal('ufficiale'), Type.Literal('anagrafe')], {
                    description: 'Popolazione ufficiale ISTAT o conteggio anagrafico ANPR.',
                  }),
                  anno: Type.Integer(),
                  fonte: Type.String({
                    description: "La sola fonte usata per quell'anno e quella serie (/api/fonti/{fonte}).",
                  }),
                  data_riferimento: Type.String({ description: 'Data (o mese, per ANPR) del conteggio, ISO 8601.' }),
                  comuni_con_valore: Type.Integer({ minimum: 0 }),
                  codici_non_attuali: Type.Array(
                    Type.Object({ codice: Type.String(), nome: Type.String() }, { additionalProperties: false }),
                    {
                      description:
                        'Codici del file che non sono comuni attuali (fusi o soppressi): non attribuiti a nessun comune.',
                    },
                  ),
                },
                { additionalProperties: false },
              ),
              { description: 'Fonte di ogni anno di ciascuna serie demografica.' },
            ),
            controlli_incrociati: Type.Array(
              Type.Object(
                {
                  fonte: Type.String(),
                  anno: Type.Integer(),
                  confrontati: Type.Integer({ minimum: 0 }),
                  discordanti: Type.Array(
                    Type.Object(
                      { codice: Type.String(), serie: Type.Integer(), fonte: Type.Integer() },
                      { additionalProperties: false },
                    ),
                  ),
                },
                { additionalProperties: false },
              ),
              {
                description:
                  'Altri file ISTAT con la stessa data di un punto della serie ufficiale, confrontati comune per comune (le discordanze sono elencate, non corrette).',
              },
            ),
          },
          { additionalProperties: false },
        ),
        redditi: SezioneMetodologia,
        ambiente: SezioneMetodologia,
        servizi: SezioneMetodologia,
        sicurezza: SezioneMetodologia,
        'medie-nazionali': SezioneMetodologia,
        'qualita-vita': MetodologiaQualita,
      },
      {
        additionalProperties: false,
        description:
          'Una sezione per dominio; le chiavi sono le ancore dei link dei record (/api/metodologia#redditi).',
      },
    ),
    links: Type.Object(
      { self: Type.String(), json: JsonLink, fonti: Type.String(), copertura: Type.String() },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Come è calcolato ogni valore derivato, per sezione.' },
);

export const OpenApi = Type.Object(
  {
    openapi: Type.String({ pattern: '^3\\.1\\.' }),
    info: Type.Object({ title: Type.String(), version: Type.String() }, { additionalProperties: true }),
    paths: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
    components: Type.Object({}, { additionalProperties: true }),
  },
  {
    additionalProperties: true,
    description:
      'Questo documento: OpenAPI 3.1, la cui struttura completa è data dalla specifica OpenAPI (https://spec.openapis.org/oas/v3.1.0).',
  },
);
