import { Type, type Static } from '@sinclair/typebox';
import { CodiceIstat, Nullable, NullIsAnswer, PageFields, JsonLink } from './common.ts';

const CodiceCatastale = Type.String({
  pattern: '^[A-Z][0-9]{3}$',
  description: 'Codice catastale (Belfiore): stabile anche quando cambia il codice ISTAT.',
});

export const ParteFonte = Type.Object(
  {
    codice_istat: Type.String({ description: 'Codice con cui la fonte riporta il dato (quello in vigore allora).' }),
    codice_catastale: CodiceCatastale,
    nome: Type.String({ description: 'Denominazione in vigore alla data del dato (archivi storici, in maiuscolo).' }),
  },
  { additionalProperties: false },
);

/** Said on every yearly figure the source gave under another code or for other comuni than today's. */
export const TerritorioDato = Type.Object(
  {
    ricostruito_a_confini_attuali: Type.Boolean({
      description:
        'true: somma dei comuni che oggi formano il comune (fusioni, incorporazioni), o dato di un comune poi fuso; false: stesso territorio con un codice precedente.',
    }),
    nota: Type.String(),
    parti: Type.Array(ParteFonte, { description: 'Righe della fonte sommate (una se il territorio non è cambiato).' }),
  },
  {
    additionalProperties: false,
    description:
      'Presente quando la fonte non riporta il dato con il codice attuale del comune (da quali codici e comuni viene: ricodifiche, fusioni, incorporazioni) o quando il territorio di allora potrebbe non essere quello attuale (un comune poi cessato senza successore accertato, forse confluito in questo: lo dice la nota).',
  },
);
export type TerritorioDato = Static<typeof TerritorioDato>;

export const CodiceStorico = Type.Object(
  {
    codice_istat: Type.String({ pattern: '^[0-9]{6}$' }),
    nome: Type.String(),
    sigla_provincia: Type.String(),
    dal: Type.String({ description: 'Primo giorno di validità (ISO).' }),
    al: NullIsAnswer(Type.String(), 'Ultimo giorno di validità (ISO); null se in vigore.'),
    fonte: Type.String(),
  },
  { additionalProperties: false },
);

const Verifica = Type.Object(
  {
    misura: Type.Union([Type.Literal('popolazione'), Type.Literal('contribuenti')]),
    prima: Type.String(),
    dopo: Type.String(),
    somma_prima: Type.Integer(),
    valore_dopo: Type.Integer(),
    scarto_percentuale: Type.Number(),
    verificato: Type.Boolean(),
  },
  {
    additionalProperties: false,
    description:
      "Controllo del collegamento: popolazione (o contribuenti MEF prima del 2018) dei comuni d'origine prima dell'evento contro quella del successore dopo.",
  },
);

export const Successore = Type.Object(
  {
    codice_istat: Nullable(CodiceIstat, 'Comune attuale che ne comprende il territorio; null se non accertato.'),
    nome: Nullable(Type.String()),
    successore_diretto: Type.Object(
      { codice_catastale: CodiceCatastale, nome: Type.String() },
      { additionalProperties: false },
    ),
    data_evento: Type.String(),
    evento: Type.Union([Type.Literal('fusione'), Type.Literal('incorporazione')]),
    metodo: Type.String(),
    descrizione_metodo: Type.String(),
    verifica: Nullable(Verifica),
    verifica_secondo_metodo: Nullable(
      Verifica,
      'Lo stesso controllo sui contribuenti MEF un anno più lontano da ciascun lato, dove il primo non si può fare o supera il 5%.',
    ),
    esito: Type.Union(
      [
        Type.Literal('verificato'),
        Type.Literal('verificato_secondo_metodo'),
        Type.Literal('non_verificabile'),
        Type.Literal('non_verificato'),
        Type.Literal('non_dedotto'),
      ],
      {
        description:
          "Esito del controllo indipendente (inferenza da popolazione, contribuenti e confini) sul successore: `verificato` e `verificato_secondo_metodo` le cifre lo confermano; `non_verificabile` nessun dato prima del 2000; `non_verificato` le cifre non concordano; `non_dedotto` l'inferenza non individua questo successore. Un successore del registro ISTAT (`registro_istat`) collega sempre il comune attuale e ne somma i dati; uno solo dedotto solo se `verificato` o `verificato_secondo_metodo`.",
      },
    ),
    registro_istat: Nullable(
      Type.Object(
        {
          data: Type.String({ description: "Data dell'estinzione secondo ISTAT (ISO): primo giorno nel successore." }),
          codice_istat_comune: CodiceIstat,
          codice_istat_successore: Type.String({
            description:
              'Codice ISTAT del successore a quella data (può essere cambiato poi: il comune attuale è in `codice_istat`).',
          }),
          nome_successore: Type.String(),
          provvedimento: Type.String({ description: 'Atto che dispone la variazione (legge regionale, B.U.R.).' }),
          contenuto: Type.String({ description: 'Contenuto del provvedimento, come ISTAT lo riporta.' }),
        },
        { additionalProperties: false },
      ),
      'Il successore come lo registra ISTAT (variazioni amministrative dal 1991, fonte istat-variazioni-comuni); null per un collegamento solo dedotto.',
    ),
    motivo_esito: Nullable(Type.String(), 'Perché il collegamento non è semplicemente `verificato`.'),
    link: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const ComuneCessato = Type.Object(
  {
    codice_catastale: CodiceCatastale,
    nome: Type.String({ description: 'Ultima denominazione (archivi storici, in maiuscolo).' }),
    sigla_provincia: Type.String({ description: 'Provincia alla cessazione.' }),
    data_cessazione: Type.String({ description: 'Ultimo giorno di esistenza.' }),
    codici_storici: Type.Array(CodiceStorico),
    successori: Type.Array(Successore, {
      description: 'Vuoto solo se il collegamento non è stato accertato (motivo in `valori_mancanti`).',
    }),
    valori_mancanti: Type.Record(Type.String(), Type.String()),
    fonti: Type.Array(Type.String({ description: 'Link alle fonti in /api/fonti.' })),
    links: Type.Object({ self: Type.String(), json: JsonLink, elenco: Type.String() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type ComuneCessato = Static<typeof ComuneCessato>;

export const Predecessore = Type.Object(
  {
    codice_catastale: CodiceCatastale,
    nome: Type.String(),
    data_evento: Type.String(),
    evento: Type.Union([Type.Literal('fusione'), Type.Literal('incorporazione')]),
    link: Type.String(),
  },
  { additionalProperties: false },
);

export type Predecessore = Static<typeof Predecessore>;

export const CessatiList = Type.Object(
  {
    ...PageFields,
    filtri: Type.Object(
      { provincia: Nullable(Type.String()), codice_catastale: Nullable(Type.String()) },
      { additionalProperties: false },
    ),
    ordinamento: Type.String(),
    risultati: Type.Array(
      Type.Object(
        {
          codice_catastale: CodiceCatastale,
          nome: Type.String(),
          sigla_provincia: Type.String(),
          data_cessazione: Type.String(),
          codici_istat: Type.Array(Type.String({ pattern: '^[0-9]{6}$' })),
          successori: Type.Array(
            Type.Object({ codice_istat: CodiceIstat, nome: Type.String() }, { additionalProperties: false }),
          ),
          link: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** Fields of the comune record about its history. */
export const VariazioneSuccessiva = Type.Object(
  {
    evento: Type.Union([Type.Literal('incorporazione'), Type.Literal('fusione')], {
      description:
        'incorporazione: il comune confluisce in un comune esistente; fusione: in un comune istituito con quella data.',
    }),
    data: Type.String({ description: "Data dell'evento secondo ISTAT (AAAA-MM-GG)." }),
    codice_istat_successore: Type.String({ pattern: '^[0-9]{6}$' }),
    nome_successore: Type.String(),
    provvedimento: Type.String({ description: 'Atto che dispone la variazione, come lo riporta ISTAT.' }),
    link_successore: Type.String({
      description:
        "Scheda del comune successore: servito se esisteva alla data di base, altrimenti un 404 che ne nomina i comuni d'origine.",
    }),
  },
  { additionalProperties: false },
);

export const StoriaComune = {
  codici_storici: Type.Array(CodiceStorico, {
    description:
      'Codici ISTAT del territorio dal 1991 con le date di validità (ricodifiche, cambi di provincia), compreso il codice sardo del 1° gennaio 2026.',
  }),
  codice_istat_2026: NullIsAnswer(
    Type.String({ pattern: '^[0-9]{6}$' }),
    'Codice in vigore dal 1° gennaio 2026 (comuni sardi, nuove province); null se invariato.',
  ),
  predecessori: Type.Array(Predecessore, {
    description: 'Comuni cessati dal 1991 il cui territorio è oggi parte del comune (collegamenti verificati).',
  }),
  variazioni_successive: Type.Array(VariazioneSuccessiva, {
    description:
      "Variazioni registrate da ISTAT (SITUAS) dopo la data di base dell'anagrafica (1° gennaio 2025): il comune cessa e confluisce nel successore. I dati serviti restano quelli del comune alla data di base.",
  }),
};
