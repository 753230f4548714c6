/** Parameters shared by several routes, as schemas (the key of a `params({...})` entry is the parameter's name). */
import { integer, optional, string, stringEnum, type NotFound } from '../contract.ts';

export const codiceIstat = string({
  pattern: '^[0-9]{6}$',
  description: 'Codice ISTAT del comune: 6 cifre, zeri iniziali compresi (es. 058091 per Roma).',
});

export const codiceCatastale = string({
  pattern: '^[A-Za-z][0-9]{3}$',
  description:
    'Codice catastale (Belfiore), una lettera e tre cifre, senza distinzione di maiuscole (es. H501 per Roma).',
});

export const cap = string({
  pattern: '^[0-9]{5}$',
  description:
    "Codice di avviamento postale (5 cifre): i comuni con più CAP si trovano con ognuno. Il CAP di un comune cessato che l'anagrafica (Garda Informatica, gi_cap.csv) elenca ancora sotto il suo codice trova i comuni attuali che ne hanno preso il territorio (registro ISTAT delle variazioni).",
});

export const offset = integer({
  default: 0,
  minimum: 0,
  maximum: 100_000,
  description: 'Numero di risultati da saltare, per la paginazione.',
});

export const limit = (defaultValue: number, maximum: number) =>
  integer({
    default: defaultValue,
    minimum: 1,
    maximum,
    description: `Numero massimo di risultati (predefinito ${defaultValue}, massimo ${maximum}).`,
  });

const REGIONE = {
  minLength: 1,
  maxLength: 100,
  description:
    'Filtro per regione: nome ufficiale, senza distinzione di maiuscole, accenti e apostrofi; per le regioni bilingui basta una delle due forme ("Valle d\'Aosta", "valle d\'aosta/vallée d\'aoste", "Emilia-Romagna").',
};

export const regione = (description = REGIONE.description) => optional(string({ ...REGIONE, description }));

export const provincia = optional(
  string({
    pattern: '^[A-Za-z]{2}$',
    description:
      'Filtro per provincia: sigla automobilistica di due lettere (es. RM, MI), senza distinzione di maiuscole.',
  }),
);

export const anno = (domain: string) =>
  optional(
    integer({
      minimum: 1900,
      maximum: 2100,
      description: `Anno di riferimento. Se omesso: l'annata più recente completa per ${domain} (indicata nella risposta). Un anno senza dati dà 404 con l'elenco degli anni disponibili.`,
    }),
  );

/** The order of a ranking, under the spec's name for its group; the other spelling is accepted as an alias (CONVENTIONS.md). */
export const ordine = (name: 'ordine' | 'order', defaultValue: 'asc' | 'desc') => {
  const alias = name === 'ordine' ? 'order' : 'ordine';
  return stringEnum(['desc', 'asc'], {
    default: defaultValue,
    alias,
    description: `Ordinamento: desc (dal valore più alto) o asc (dal più basso); predefinito ${defaultValue}. Accettato anche come \`${alias}\` (la specifica usa nomi diversi per gruppo); indicarli entrambi è un errore.`,
  });
};

const population = (description: string) => optional(integer({ minimum: 0, maximum: 100_000_000, description }));

export const minPop = population('Popolazione minima (inclusa), anno demografico predefinito.');
export const maxPop = population('Popolazione massima (inclusa), anno demografico predefinito.');

/** The 404 of a route keyed by `codice_istat`, for the request `example`. */
export const unknownComune = (example: string): NotFound => ({
  reason:
    "nessun comune con quel codice ISTAT; per il codice di un comune cessato, `successori` nomina i comuni attuali che ne comprendono il territorio, con i link; per un codice istituito dopo la data di base dell'anagrafica (es. 024129, Castegnero Nanto, 2026), `predecessori` nomina i comuni serviti da cui è nato, con i link",
  example,
});

/** The 404 of a route taking `anno`, for the request `example`. */
export const unknownYear = (example: string): NotFound => ({
  reason: "nessun dato per l'anno chiesto (`anni_disponibili` elenca gli anni validi)",
  example,
});
