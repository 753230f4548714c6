import { Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

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
          popolazione: Nullable(Type.Integer()),
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
          superficie_km2: Nullable(Type.Number()),
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
      Type.Object({ percorso: Type.String(), url: Type.String(), membro_zip: Nullable(Type.String()), anno: Nullable(Type.Integer()) }, { additionalProperties: false }),
    ),
    obbligatoria: Type.Boolean(),
    alimenta: Type.Array(Type.String()),
    note: Type.Array(Type.String()),
    disponibile: Type.Boolean({ description: 'false se la fonte (facoltativa) mancava in questa build.' }),
    motivo_mancante: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const Fonti = Type.Object({ totale: Type.Integer(), risultati: Type.Array(Fonte) }, { additionalProperties: false });

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
          percentuale: Type.Number(),
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
    conteggi: Type.Object({ comuni: Type.Integer(), province: Type.Integer(), regioni: Type.Integer(), file: Type.Integer() }, { additionalProperties: false }),
    anni_predefiniti: Type.Record(Type.String(), Type.Integer()),
    fonti: Type.Array(
      Type.Object(
        { id: Type.String(), annata: Type.String(), disponibile: Type.Boolean(), scaricato: Nullable(Type.String(), 'Quando il file è stato scaricato (lock del fetcher), se noto.') },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const Metodologia = Type.Object({}, { additionalProperties: true, description: 'Testo e parametri della metodologia, per sezione.' });
export const OpenApi = Type.Object({ openapi: Type.String() }, { additionalProperties: true });
