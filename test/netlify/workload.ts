/**
 * A month of traffic in miniature, for counting edge-function invocations per 100 requests
 * (`npm run test:netlify`): 70 % records, 15 % search, 10 % lists and rankings, 5 % compare
 * and wizard. Drawn with a fixed seed from realistic distributions: comuni by population
 * rank (Zipf: Roma far more often than a village), default pages far more often than deep
 * ones (geometric), a record's past year now and then.
 */
import { canonicalUrl } from '../../api/envelope.ts';
import type { RuntimeIndex } from '../../api/runtime-index.ts';
import { ROUTE_LIST, routeById, type RouteSpec } from '../../api/routes.ts';

/** Mulberry32: a tiny seeded generator, so every run replays the same requests. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from weighted options. */
function weighted<T>(random: () => number, options: readonly (readonly [number, T])[]): T {
  const total = options.reduce((sum, [w]) => sum + w, 0);
  let x = random() * total;
  for (const [w, value] of options) if ((x -= w) < 0) return value;
  return options[options.length - 1]![1];
}

/** Cumulative Zipf weights (s = 1) over ranks 1…n, for drawing by binary search. */
function zipf(n: number): Float64Array {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  return cumulative;
}

function drawRank(random: () => number, cumulative: Float64Array): number {
  const x = random() * cumulative[cumulative.length - 1]!;
  let [lo, hi] = [0, cumulative.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 0 most of the time, then 1, 2, … pages with halving odds. */
function geometricPage(random: () => number): number {
  let page = 0;
  while (random() < 0.5 && page < 40) page++;
  return page;
}

export type WorkloadClass = 'schede' | 'ricerca' | 'elenchi e classifiche' | 'confronto e wizard';

export interface WorkloadRequest {
  kind: WorkloadClass;
  url: string;
}

const RECORDS = [
  [40, 'comuni.get'],
  [20, 'demografia.get'],
  [15, 'redditi.get'],
  [10, 'ambiente.get'],
  [10, 'qualita.get'],
  [5, 'comuni.confini'],
] as const;

const RANKINGS = [
  '/api/demografia/classifica/popolazione',
  '/api/demografia/classifica/densita',
  '/api/redditi/classifica/reddito',
  '/api/redditi/classifica/reddito_imponibile',
  '/api/ambiente/aria/classifica',
  '/api/ambiente/suolo/classifica',
  '/api/qualita-vita/classifica',
  '/api/confronta/nazionale-medie',
];

/** `count` requests of the mix, the same for a given index and seed. */
export function mixedWorkload(index: RuntimeIndex, count = 10_000, seed = 36): WorkloadRequest[] {
  const random = seeded(seed);
  const byPopulation = index.comuni.codice
    .map((code, i) => ({ code, name: index.comuni.nome[i]!, pop: index.comuni.popolazione[i] ?? 0 }))
    .sort((a, b) => b.pop - a.pop);
  const ranks = zipf(byPopulation.length);
  const comune = () => byPopulation[drawRank(random, ranks)]!;
  const regione = () => index.regioni[Math.floor(random() * index.regioni.length)]!.slug;
  const out: WorkloadRequest[] = [];
  for (let i = 0; i < count; i++) {
    const kind = weighted<WorkloadClass>(random, [
      [70, 'schede'],
      [15, 'ricerca'],
      [10, 'elenchi e classifiche'],
      [5, 'confronto e wizard'],
    ]);
    if (kind === 'schede') {
      const route = routeById(weighted(random, RECORDS));
      const url = canonicalUrl(route, { codice_istat: comune().code });
      // A past year, asked for by one request in 20 of the records that have years.
      const past = (route.id === 'demografia.get' || route.id === 'redditi.get') && random() < 0.05;
      // Years each domain publishes: official population from 2018, income from 2000.
      const first = route.id === 'demografia.get' ? 2018 : 2015;
      out.push({ kind, url: past ? `${url}?anno=${first + Math.floor(random() * 7)}` : url });
    } else if (kind === 'ricerca') {
      // Autocompletion: a popular name's first 2 to 8 characters.
      const name = comune().name;
      const q = name.slice(0, 2 + Math.floor(random() * 7));
      out.push({ kind, url: `/api/comuni/cerca?q=${encodeURIComponent(q)}` });
    } else if (kind === 'elenchi e classifiche') {
      const page = geometricPage(random);
      const filter = random() < 0.2;
      if (random() < 0.3) {
        const base = filter ? `/api/comuni?regione=${regione()}` : '/api/comuni';
        out.push({ kind, url: page ? `${base}${filter ? '&' : '?'}offset=${page * 100}` : base });
      } else {
        const base = RANKINGS[Math.floor(random() * RANKINGS.length)]!;
        const paged = page && !base.endsWith('nazionale-medie');
        out.push({ kind, url: paged ? `${base}?offset=${page * 50}` : base });
      }
    } else if (random() < 0.6) {
      const codes = Array.from({ length: 2 + Math.floor(random() * 3) }, () => comune().code);
      out.push({ kind, url: `/api/confronta?comuni=${[...new Set(codes)].join(',')}` });
    } else {
      const pick = (values: string[]) => values[Math.floor(random() * values.length)]!;
      const wizard = `/api/qualita-vita/wizard?budget=${pick(['basso', 'medio', 'alto'])}&dimensione=${pick(['piccolo', 'medio', 'grande'])}&priorita=${pick(['reddito', 'ambiente', 'servizi', 'bilanciato'])}`;
      out.push({ kind, url: random() < 0.3 ? `${wizard}&regione=${regione()}` : wizard });
    }
  }
  return out;
}

/** The routes with a file for their URL without a query string (every route but search, compare and wizard). */
export const fileBackedRoutes = (): RouteSpec[] =>
  ROUTE_LIST.filter((r) => r.mode !== 'dynamic' && !r.path.endsWith('.json'));

/** One URL without a query string per file-backed route, with sample keys: one family each in the table. */
export function plainFamilyUrls(codes: readonly string[], fonte: string): { family: string; url: string }[] {
  return fileBackedRoutes().flatMap((route) => {
    const keys = route.path.includes('{codice_istat}')
      ? codes.map((code) => ({ codice_istat: code }))
      : route.path.includes('{codice_catastale}')
        ? [{ codice_catastale: 'H329' }]
        : route.path.includes('{fonte}')
          ? [{ fonte }]
          : route.path.includes('{indicatore}')
            ? ((paramEnum(route) ?? []) as string[]).map((indicatore) => ({ indicatore }))
            : [{}];
    return keys.map((values) => ({ family: route.id, url: canonicalUrl(route, values) }));
  });
}

function paramEnum(route: RouteSpec) {
  return (route.request.params.properties as Record<string, { enum?: readonly string[] }>).indicatore?.enum;
}
