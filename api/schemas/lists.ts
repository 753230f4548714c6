import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, ComuneRefFields, Excluded, Nullable, PageFields, Provenance } from './common.ts';
import { DemografiaAnno } from './demografia.ts';
import { MedieNazionali } from './nazionale.ts';
import { RedditiAnno } from './redditi.ts';

export const ComuniList = Type.Object(
  {
    ...PageFields,
    risultati: Type.Array(Type.Object({ ...ComuneRefFields, link: Type.String() }, { additionalProperties: false })),
    filtri: Type.Object(
      {
        regione: Nullable(Type.String()),
        provincia: Nullable(Type.String()),
        codice_catastale: Nullable(Type.String()),
        cap: Nullable(Type.String()),
      },
      { additionalProperties: false },
    ),
    ordinamento: Type.String(),
  },
  { additionalProperties: false },
);
export type ComuniList = Static<typeof ComuniList>;

export const Classifica = Type.Object(
  {
    indicatore: Type.String(),
    descrizione: Type.String(),
    unita: Type.String({ description: 'Unità di misura di `valore` (es. abitanti per km², euro, µg/m³).' }),
    anno: Nullable(Type.Integer(), 'Anno di riferimento dei valori.'),
    ordine: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
    ...PageFields,
    risultati: Type.Array(
      Type.Object(
        {
          posizione: Type.Integer({ minimum: 1 }),
          ...ComuneRefFields,
          valore: Type.Number({ description: "Valore dell'indicatore, nell'unità `unita`, anno `anno`." }),
          avvisi: Type.Optional(
            Type.Array(Type.String(), {
              description:
                "Codici delle avvertenze sull'affidabilità del valore (descritte in `avvisi` della risposta), es. pochi_contribuenti.",
            }),
          ),
          link: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    esclusi: Excluded,
    avvisi: Type.Optional(
      Type.Array(
        Type.Object(
          {
            codice: Type.String(),
            descrizione: Type.String(),
            comuni: Type.Integer({
              minimum: 0,
              description: "Comuni in classifica con l'avvertenza (sono inclusi, segnalati).",
            }),
          },
          { additionalProperties: false },
        ),
        {
          description:
            "Avvertenze sull'affidabilità di singoli valori: i comuni interessati restano in classifica con il codice in `avvisi`.",
        },
      ),
    ),
    metodo: Nullable(Type.String(), 'Come è calcolato un valore derivato (null per un valore pubblicato dalla fonte).'),
    fonti: Type.Array(Provenance, { description: 'Fonti dei valori.' }),
  },
  { additionalProperties: false },
);
export type Classifica = Static<typeof Classifica>;

export const SearchResults = Type.Object(
  {
    q: Type.String(),
    totale: Type.Integer({ minimum: 0, maximum: 10 }),
    risultati: Type.Array(
      Type.Object(
        {
          ...ComuneRefFields,
          popolazione: Nullable(Type.Integer(), "Residenti nell'anno demografico predefinito."),
          corrispondenza: Type.Union(
            ['esatta', 'prefisso', 'parola', 'approssimata'].map((v) => Type.Literal(v)),
            {
              description:
                'esatta: nome uguale; prefisso: il nome inizia col testo; parola: una parola del nome inizia col testo; approssimata: con errori di battitura.',
            },
          ),
          nota: Nullable(
            Type.String(),
            'Quando il testo corrisponde a un nome precedente del territorio (comune rinominato o fuso): "già Riva Valdobbia".',
          ),
          link: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    filtri: Type.Object(
      { regione: Nullable(Type.String()), provincia: Nullable(Type.String()) },
      { additionalProperties: false },
    ),
    links: Type.Object({ self: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export const Confronto = Type.Object(
  {
    anno_richiesto: Nullable(Type.Integer(), 'Anno chiesto con `anno`; null = anno predefinito di ogni dominio.'),
    comuni: Type.Array(
      Type.Object(
        {
          ...ComuneRefFields,
          demografia: Nullable(DemografiaAnno),
          redditi: Nullable(RedditiAnno),
          motivi_mancanti: Type.Object(
            { demografia: Nullable(Type.String()), redditi: Nullable(Type.String()) },
            { additionalProperties: false },
          ),
          links: Type.Object(
            { comune: Type.String(), demografia: Type.String(), redditi: Type.String() },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 4 },
    ),
    redditi_confrontabili: Type.Object(
      {
        indicatore: Type.String({
          description: 'Campo dei record di reddito che le serie riportano (reddito_imponibile_medio_euro).',
        }),
        descrizione: Type.String(),
        unita: Type.String(),
        anni: Type.Array(Type.Integer(), {
          description: "Anni d'imposta, in ordine crescente; ogni array `valori` e `nazionale` è allineato a questo.",
        }),
        comuni: Type.Array(
          Type.Object(
            {
              codice_istat: CodiceIstat,
              valori: Type.Array(Nullable(Type.Number()), {
                description:
                  "null: il comune non ha righe MEF in quell'anno (non esisteva con questo codice) o il valore è oscurato.",
              }),
            },
            { additionalProperties: false },
          ),
        ),
        nazionale: Type.Array(Nullable(Type.Number()), {
          description:
            "Italia, stessa definizione, su tutte le righe comunali MEF dell'anno (copertura in medie_nazionali.redditi).",
        }),
        avvisi: Type.Array(Type.String()),
      },
      {
        additionalProperties: false,
        description:
          "Serie confrontabile fra anni per i comuni confrontati e l'Italia: il reddito imponibile medio, pubblicato senza oscuramenti ogni anno (il reddito complessivo medio prima del 2023 manca in circa metà dei comuni).",
      },
    ),
    medie_nazionali: MedieNazionali,
    links: Type.Object({ self: Type.String(), medie_nazionali: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

export { CodiceIstat };
