import { comuneRef, findComune } from './lists.ts';
import type { ParamValues } from './params.ts';
import type { RouteSpec } from './routes.ts';
import type { RuntimeIndex } from './runtime-index.ts';
import { search } from './search.ts';

export const SEARCH_LIMIT = 10;

export function answerSearch(index: RuntimeIndex, route: RouteSpec, values: ParamValues) {
  const q = values.q as string;
  const hits = search(index.search, q, SEARCH_LIMIT);
  return {
    q,
    totale: hits.length,
    risultati: hits.map((hit) => {
      const i = findComune(index, hit.codice_istat);
      return {
        ...comuneRef(index, i),
        popolazione: index.comuni.popolazione[i] ?? null,
        corrispondenza: hit.corrispondenza,
        link: `/api/comuni/${hit.codice_istat}`,
      };
    }),
    links: { self: `${route.path}?${new URLSearchParams({ q })}` },
  };
}
