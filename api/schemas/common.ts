import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { METADATA, NULL_IS_ANSWER, SOURCE_IN } from './nullable-paths.ts';

/** JSON Schema dialect of every schema here (ajv's 2020 build validates them). */
export const Nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

/** A nullable figure whose source is its object's `fonti[key]`: said in its description and annotated for the coverage report. */
export const NullableFrom = <T extends TSchema>(schema: T, key: string, description: string) =>
  Type.Union([schema, Type.Null()], { description: `${description}; fonte in \`fonti.${key}\`.`, [SOURCE_IN]: key });

/** A nullable field whose null is itself the answer (its description says what null means): it needs no reason. */
export const NullIsAnswer = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description, [NULL_IS_ANSWER]: true });

export const CodiceIstat = Type.String({
  pattern: '^[0-9]{6}$',
  description: 'Codice ISTAT del comune, 6 cifre.',
  examples: ['058091'],
});

export const Provenance = Type.Object(
  {
    fonte: Type.String({ description: 'Identificativo della fonte; metadati completi in /api/fonti/{fonte}.' }),
    editore: Type.String(),
    dataset: Type.String(),
    licenza: Type.String(),
    anno_riferimento: Nullable(Type.Integer(), 'Anno a cui si riferiscono i valori.'),
    data_riferimento: Nullable(Type.String(), 'Data o mese di riferimento (ISO 8601), dove la fonte la indica.'),
    metadati: Type.String({ description: 'Link relativo ai metadati della fonte.' }),
  },
  { additionalProperties: false, description: 'Provenienza di un blocco di dati.', [METADATA]: true },
);

/** Field name → why it is null. Every null figure of a block is explained here. */
export const MissingReasons = Type.Record(Type.String(), Type.String(), {
  description: 'Per ogni campo null del blocco, il motivo.',
});

/** Warnings on one comune-year's figures: derived from the build's own checks, not kept by hand. */
export const AvvisoAnno = Type.Object(
  {
    codice: Type.Union([Type.Literal('anomalia_nota'), Type.Literal('imponibile_no_tax_area')], {
      description:
        'anomalia_nota: valore anomalo che il controllo di plausibilità accetta come pubblicato dalla fonte (il motivo in `descrizione`); imponibile_no_tax_area: anno d\'imposta in cui la "no tax area" si sottraeva dall\'imponibile.',
    }),
    descrizione: Type.String(),
  },
  { additionalProperties: false },
);
export type AvvisoAnno = Static<typeof AvvisoAnno>;
export const AvvisiAnno = Type.Optional(
  Type.Array(AvvisoAnno, {
    minItems: 1,
    description: "Avvertenze sui valori di quest'anno (campo assente se non ce ne sono).",
  }),
);

export const ProvinciaRef = Type.Object({ sigla: Type.String(), nome: Type.String() }, { additionalProperties: false });
export const RegioneRef = Type.Object({ codice: Type.String(), nome: Type.String() }, { additionalProperties: false });

export const ComuneRefFields = {
  codice_istat: CodiceIstat,
  nome: Type.String({ description: 'Denominazione ufficiale in italiano.' }),
  provincia: ProvinciaRef,
  regione: RegioneRef,
};

export const ComuneRef = Type.Object(ComuneRefFields, { additionalProperties: false });

/** The `json` link of every record that is a file: defined here once, filled by api/static-files.ts `jsonLink`. */
export const JsonLink = Type.String({
  pattern: '^/api/.+\\.json$',
  description:
    'Forma canonica del record sulla CDN: il file statico che lo contiene, servito senza invocare alcuna funzione. Per una proiezione su un altro `anno` è il file del record, che contiene la stessa serie storica completa.',
});

export const Links = Type.Object(
  {
    self: Type.String(),
    first: Type.String(),
    prev: Nullable(Type.String()),
    next: Nullable(Type.String()),
    last: Type.String(),
  },
  { additionalProperties: false, description: 'Link relativi di paginazione.' },
);

export const PageFields = {
  totale: Type.Integer({ minimum: 0, description: 'Numero totale di risultati (tutte le pagine).' }),
  limit: Type.Integer({ minimum: 1 }),
  offset: Type.Integer({ minimum: 0 }),
  links: Links,
};

export const Excluded = Type.Object(
  { numero: Type.Integer({ minimum: 0 }), motivo: Type.String() },
  { additionalProperties: false, description: 'Comuni esclusi dalla classifica perché privi del valore.' },
);

export const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    instance: Type.String(),
    invalid_params: Type.Optional(
      Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }, { additionalProperties: false })),
    ),
    anni_disponibili: Type.Optional(Type.Array(Type.Integer())),
    successori: Type.Optional(
      Type.Array(
        Type.Object(
          { codice_istat: Type.String(), nome: Type.String(), link: Type.String() },
          { additionalProperties: false },
        ),
        {
          description: 'Per il codice di un comune cessato: i comuni attuali che ne comprendono il territorio.',
        },
      ),
    ),
    predecessori: Type.Optional(
      Type.Array(
        Type.Object(
          { codice_istat: Type.String(), nome: Type.String(), link: Type.String() },
          { additionalProperties: false },
        ),
        {
          description:
            "Per il codice di un comune istituito dopo la data di base dell'anagrafica (1° gennaio 2025): i comuni serviti da cui è nato, con le loro schede.",
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'Errore RFC 9457 (application/problem+json).' },
);
