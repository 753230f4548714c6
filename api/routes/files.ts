/**
 * The files the build writes for each route (RouteSpec `files`), read from the runtime index: one per key of a
 * record, one per page (at the default limit) of each list variant computed in advance. Anything else is
 * answered on request by the same functions.
 */
import type { FileKey } from '../contract.ts';
import type { RankingKey, RuntimeIndex } from '../runtime-index.ts';

/** One file, at the route's default values (a document). */
export const oneFile = (): FileKey[] => [{ values: {} }];

export const eachComune = (index: RuntimeIndex): FileKey[] =>
  index.comuni.codice.map((codice_istat) => ({ values: { codice_istat } }));

export const eachCeasedComune = (index: RuntimeIndex): FileKey[] =>
  index.territorio.cessati.map((c) => ({ values: { codice_catastale: c.codice_catastale } }));

export const eachSource = (index: RuntimeIndex): FileKey[] => index.fonti.map((fonte) => ({ values: { fonte } }));

/** The newest year's document, and one per year. */
export const nationalYears = (index: RuntimeIndex): FileKey[] => [
  { values: {} },
  ...index.anni.nazionale.map((anno) => ({ values: { anno } })),
];

/** Every comune, those of each region and those of each province. */
export function comuniLists(index: RuntimeIndex): FileKey[] {
  const regionCount = index.regioni.map(() => 0);
  const provinceCount = index.province.map(() => 0);
  for (let i = 0; i < index.comuni.codice.length; i++) {
    provinceCount[index.comuni.provincia[i]!]!++;
    regionCount[index.province[index.comuni.provincia[i]!]!.regione]!++;
  }
  return [
    { values: {}, total: index.comuni.codice.length },
    ...index.regioni.map((r, k) => ({ values: { regione: r.slug }, total: regionCount[k]! })),
    ...index.province.map((p, k) => ({ values: { provincia: p.sigla }, total: provinceCount[k]! })),
  ];
}

export const ceasedList = (index: RuntimeIndex): FileKey[] => [{ values: {}, total: index.territorio.cessati.length }];

/** The land ranking's `indicatore` values and the ranking column each reads. */
export const SOIL_RANKINGS = { percentuale: 'suolo', pro_capite: 'suolo_pro_capite' } as const satisfies Record<
  string,
  RankingKey
>;

/**
 * A ranking by each of its indicators (`param` → ranking column), in both orders. A ranking lists the comuni
 * with a value: counted, not sorted (this runs on a cold edge isolate's first list request).
 */
export const rankings =
  (param: string, columns: Readonly<Record<string, RankingKey>>, orderParam: 'ordine' | 'order') =>
  (index: RuntimeIndex): FileKey[] =>
    Object.entries(columns).flatMap(([value, key]) => {
      const total = countValues(index.classifiche[key].valori);
      return ['asc', 'desc'].map((order) => ({ values: { [param]: value, [orderParam]: order }, total }));
    });

/** The quality ranking of every comune with a score, and of those of each region. */
export function qualityRankings(index: RuntimeIndex): FileKey[] {
  const scoredPerRegion = index.regioni.map(() => 0);
  index.qualita.punteggio.forEach((score, i) => {
    if (score != null) scoredPerRegion[index.province[index.comuni.provincia[i]!]!.regione]!++;
  });
  return [
    { values: {}, total: countValues(index.qualita.punteggio) },
    ...index.regioni.map((r, k) => ({ values: { regione: r.slug }, total: scoredPerRegion[k]! })),
  ];
}

/** Indexed, not for-of: on a cold isolate this runs in the interpreter, where the iterator is ~5× slower. */
function countValues(values: readonly (number | null)[]): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i] != null) count++;
  return count;
}
