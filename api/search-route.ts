import type { Answerer } from './context.ts';
import { comuneRef, findComune, regionOf, resolveProvincia, resolveRegione } from './lists.ts';
import type { RouteOf } from './routes.ts';
import type { StartupIndex } from './runtime-index.ts';
import { compactKey, search, type SearchFilter } from './search.ts';
import { getOrSet } from '../lib/maps.ts';

export const SEARCH_LIMIT = 10;

export const answerSearch: Answerer<RouteOf<'comuni.search'>> = ({ index }, { route, values, instance }) => {
  const { q } = values;
  // Validated and matched as on /api/comuni: region by name in any case and accent, province by sigla.
  const regione = values.regione === undefined ? null : resolveRegione(index, values.regione, instance);
  const provincia = values.provincia === undefined ? null : resolveProvincia(index, values.provincia, instance);
  const keep: SearchFilter | undefined =
    regione === null && provincia === null
      ? undefined
      : (codice) => {
          const i = positionByCode(index).get(codice)!;
          return (
            (regione === null || regionOf(index, i) === regione) &&
            (provincia === null || index.comuni.provincia[i] === provincia)
          );
        };
  const hits = search(index.search, q, SEARCH_LIMIT, keep);
  const query = compactKey(q);
  const filtri = {
    regione: regione === null ? null : index.regioni[regione]!.nome,
    provincia: provincia === null ? null : index.province[provincia]!.sigla,
  };
  const self = new URLSearchParams({ q });
  if (regione !== null) self.set('regione', index.regioni[regione]!.slug);
  if (filtri.provincia !== null) self.set('provincia', filtri.provincia);
  const body = {
    q,
    totale: hits.length,
    risultati: hits.map((hit) => {
      const i = findComune(index, hit.codice_istat);
      return {
        ...comuneRef(index, i),
        popolazione: index.comuni.popolazione[i] ?? null,
        corrispondenza: hit.corrispondenza,
        nota: formerName(index, hit.codice_istat, query),
        link: `/api/comuni/${hit.codice_istat}`,
      };
    }),
    filtri,
    links: { self: `${route.path}?${self}` },
  };
  return { kind: 'json', body };
};

/** Per index, each comune's position by code: a narrowed search tests hundreds of candidates against the filter. */
const positions = new WeakMap<readonly string[], Map<string, number>>();

const positionByCode = (index: StartupIndex) =>
  getOrSet(positions, index.comuni.codice, () => new Map(index.comuni.codice.map((c, i) => [c, i])));

/** Per index, the compact keys of a comune's current name and former names, made on the comune's first hit. */
const compactNames = new WeakMap<StartupIndex['territorio'], Map<string, { nome: string; former: string[] }>>();

/**
 * "già Riva Valdobbia" when the query (its compact key) matches a former name of the comune's territory
 * and not its current name (search also indexes former names: generator/render/territory-records.ts).
 */
function formerName(index: StartupIndex, codice: string, query: string): string | null {
  const former = index.territorio.nomi_storici[codice];
  if (!former) return null;
  const byCode = getOrSet(compactNames, index.territorio, () => new Map());
  const names = getOrSet(byCode, codice, () => ({
    nome: compactKey(index.comuni.nome[findComune(index, codice)]!),
    former: former.map(compactKey),
  }));
  if (names.nome.includes(query)) return null;
  const at = names.former.findIndex((n) => n.startsWith(query));
  const hit = at >= 0 ? at : names.former.findIndex((n) => n.includes(query));
  return hit >= 0 ? `già ${former[hit]}` : null;
}
