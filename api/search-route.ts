import type { Answerer } from './context.ts';
import { comuneRef, findComune, regionOf, resolveProvincia, resolveRegione } from './lists.ts';
import type { RouteOf } from './routes.ts';
import type { StartupIndex } from './runtime-index.ts';
import { normalizeName, search, type SearchFilter } from './search.ts';

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
          const i = findComune(index, codice);
          return (
            (regione === null || regionOf(index, i) === regione) &&
            (provincia === null || index.comuni.provincia[i] === provincia)
          );
        };
  const hits = search(index.search, q, SEARCH_LIMIT, keep);
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
        nota: formerName(index, hit.codice_istat, q, index.comuni.nome[i]!),
        link: `/api/comuni/${hit.codice_istat}`,
      };
    }),
    filtri,
    links: { self: `${route.path}?${self}` },
  };
  return { kind: 'json', body };
};

/**
 * "già Riva Valdobbia" when the query matches a former name of the comune's territory and
 * not its current name (search also indexes former names: generator/render/territory-records.ts).
 */
function formerName(index: StartupIndex, codice: string, q: string, nome: string): string | null {
  const former = index.territorio.nomi_storici[codice];
  if (!former) return null;
  const query = normalizeName(q).replace(/ /g, '');
  const compact = (name: string) => normalizeName(name).replace(/ /g, '');
  if (compact(nome).includes(query)) return null;
  const hit = former.find((n) => compact(n).startsWith(query)) ?? former.find((n) => compact(n).includes(query));
  return hit ? `già ${hit}` : null;
}
