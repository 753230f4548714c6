import type { Static } from '@sinclair/typebox';
import type { AnyValues, RouteSpec, Values } from './contract.ts';
import { paginate } from './envelope.ts';
import { invalidParams, ProblemError } from './problem.ts';
import type { RouteOf } from './routes.ts';
import type { FullIndexData, IncomeRankingKey, RankingColumn, RuntimeIndex, StartupIndex } from './runtime-index.ts';
import type { ComuneRef as ComuneRefSchema } from './schemas/common.ts';
import { sortedIndexOf } from './sorted.ts';
import { foldText } from '../lib/text.ts';
import { getOrSet, pushTo } from '../lib/maps.ts';

export type ComuneRef = Static<typeof ComuneRefSchema>;

export function comuneRef(index: StartupIndex, i: number): ComuneRef {
  const provincia = index.province[index.comuni.provincia[i]!]!;
  const regione = index.regioni[provincia.regione]!;
  return {
    codice_istat: index.comuni.codice[i]!,
    nome: index.comuni.nome[i]!,
    provincia: { sigla: provincia.sigla, nome: provincia.nome },
    regione: { codice: regione.codice, nome: regione.nome },
  };
}

/** Position of a comune in the index (codes are sorted), or -1. */
export function findComune(index: StartupIndex, code: string): number {
  return sortedIndexOf(index.comuni.codice, code);
}

/** Position of a region from a user's filter text, or a 400 naming the accepted values. */
export function resolveRegione(index: StartupIndex, text: string, instance: string): number {
  const key = foldText(text);
  const at = index.regioni.findIndex((r) => r.chiavi.includes(key));
  if (at < 0) {
    throw new ProblemError(
      invalidParams(instance, [
        {
          name: 'regione',
          reason: `regione sconosciuta "${text.slice(0, 60)}"; valori ammessi: ${index.regioni.map((r) => r.nome).join(', ')}`,
        },
      ]),
    );
  }
  return at;
}

export function resolveProvincia(index: StartupIndex, sigla: string, instance: string): number {
  const at = index.province.findIndex((p) => p.sigla === sigla.toUpperCase());
  if (at < 0)
    throw new ProblemError(
      invalidParams(instance, [{ name: 'provincia', reason: `sigla di provincia sconosciuta "${sigla}"` }]),
    );
  return at;
}

/** The canonical form of a region filter (its slug), or a 400. */
export function canonicalRegione(index: StartupIndex, text: string | undefined, instance: string): string | undefined {
  return text === undefined ? undefined : index.regioni[resolveRegione(index, text, instance)]!.slug;
}

/** Replaces filter values by their canonical form (region slug, upper-case sigla), so equal requests share one URL and one file. */
export function canonicalFilters(index: StartupIndex, values: AnyValues, instance: string): AnyValues {
  const { regione, provincia, codice_catastale } = values;
  return {
    ...values,
    ...(typeof regione === 'string' ? { regione: canonicalRegione(index, regione, instance) } : {}),
    ...(typeof provincia === 'string'
      ? { provincia: index.province[resolveProvincia(index, provincia, instance)]!.sigla }
      : {}),
    ...(typeof codice_catastale === 'string' ? { codice_catastale: codice_catastale.toUpperCase() } : {}),
  };
}

export function regionOf(index: StartupIndex, i: number): number {
  return index.province[index.comuni.provincia[i]!]!.regione;
}

function positions(index: StartupIndex, keep: (i: number) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < index.comuni.codice.length; i++) if (keep(i)) out.push(i);
  return out;
}

export function listComuni(index: StartupIndex, route: RouteSpec, values: Values<RouteOf<'comuni.list'>>) {
  const regione = values.regione === undefined ? null : index.regioni.findIndex((r) => r.slug === values.regione);
  const provincia =
    values.provincia === undefined ? null : index.province.findIndex((p) => p.sigla === values.provincia);
  const catastale = values.codice_catastale ?? null;
  const cap = values.cap ?? null;
  const t = index.territorio;
  const rows = positions(
    index,
    (i) =>
      (regione === null || regionOf(index, i) === regione) &&
      (provincia === null || index.comuni.provincia[i] === provincia) &&
      (catastale === null || t.catastale[i] === catastale) &&
      (cap === null || t.cap[i]!.includes(cap) || !!t.cap_cessati[cap]?.includes(index.comuni.codice[i]!)),
  );
  const page = paginate(route, values, rows);
  return {
    ...page,
    filtri: {
      regione: regione === null ? null : index.regioni[regione]!.nome,
      provincia: provincia === null ? null : index.province[provincia]!.sigla,
      codice_catastale: catastale,
      cap,
    },
    ordinamento: 'codice_istat crescente',
    risultati: page.risultati.map((i) => ({ ...comuneRef(index, i), link: `/api/comuni/${index.comuni.codice[i]}` })),
  };
}

const rankedCache = new WeakMap<readonly (number | null)[], Partial<Record<'asc' | 'desc', readonly number[]>>>();

/**
 * Sorted positions of the comuni that have a value; ties broken by codice_istat ascending
 * (the index order). Memoized per column and order: the index never changes, and every
 * page of a ranking (hundreds at build time, one per dynamic request) needs the same order.
 */
export function rankedPositions(values: readonly (number | null)[], order: 'asc' | 'desc'): readonly number[] {
  const byOrder = getOrSet(rankedCache, values, () => ({}));
  const cached = byOrder[order];
  if (cached) return cached;
  const rows: number[] = [];
  for (let i = 0; i < values.length; i++) if (values[i] != null) rows.push(i);
  const sign = order === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * (values[a]! - values[b]!) || a - b);
  return (byOrder[order] = rows);
}

const positionCache = new WeakMap<readonly number[], Int32Array>();

/**
 * Position (1-based) of each comune in a ranking from rankedPositions, 0 where it has no
 * value; memoized like the ranking: every page of the quality ranking (326 files at build
 * time) had built a 7,896-entry Map of it.
 */
function positionsOf(ranked: readonly number[], size: number): Int32Array {
  return getOrSet(positionCache, ranked, () => {
    const positions = new Int32Array(size);
    ranked.forEach((i, k) => (positions[i] = k + 1));
    return positions;
  });
}

/** The income ranking column of a tax year (the default one lives in `classifiche`), or null for a year without data. */
export async function incomeColumn(
  { index, incomeRankings }: FullIndexData,
  key: IncomeRankingKey,
  anno: number | undefined,
): Promise<RankingColumn | null> {
  if (anno === undefined || anno === index.anni_predefiniti.redditi) return index.classifiche[key];
  return (await incomeRankings(anno))?.[key] ?? null;
}

const flagCache = new WeakMap<RankingColumn, Map<number, string[]>>();

/** Position → codes of the reliability flags on that comune's value (memoized per column, like the order). */
function flagsOf(column: RankingColumn): Map<number, string[]> {
  return getOrSet(flagCache, column, () => {
    const flags = new Map<number, string[]>();
    for (const a of column.avvisi ?? []) for (const i of a.posizioni) pushTo(flags, i, a.codice);
    return flags;
  });
}

export function ranking(
  index: StartupIndex,
  route: RouteSpec,
  values: AnyValues & { limit: number; offset: number },
  column: RankingColumn,
  order: 'asc' | 'desc',
) {
  const rows = rankedPositions(column.valori, order);
  const page = paginate(route, values, rows);
  const flags = flagsOf(column);
  return {
    indicatore: column.indicatore,
    descrizione: column.descrizione,
    unita: column.unita,
    anno: column.anno,
    ordine: order,
    ...page,
    risultati: page.risultati.map((i, k) => {
      const avvisi = flags.get(i);
      return {
        posizione: page.offset + k + 1,
        ...comuneRef(index, i),
        valore: column.valori[i]!,
        ...(avvisi ? { avvisi } : {}),
        link: `/api/comuni/${index.comuni.codice[i]}`,
      };
    }),
    esclusi: { numero: column.valori.length - rows.length, motivo: column.motivo_esclusi },
    ...(column.avvisi
      ? {
          avvisi: column.avvisi.map((a) => ({
            codice: a.codice,
            descrizione: a.descrizione,
            comuni: a.posizioni.filter((i) => column.valori[i] != null).length,
          })),
        }
      : {}),
    metodo: column.metodo,
    fonti: column.fonti,
  };
}

export function qualityRanking(index: RuntimeIndex, route: RouteSpec, values: Values<RouteOf<'qualita.ranking'>>) {
  const q = index.qualita;
  const regione = values.regione === undefined ? null : index.regioni.findIndex((r) => r.slug === values.regione);
  const { min_pop: min, max_pop: max } = values;
  const national = rankedPositions(q.punteggio, 'desc');
  const nationalRank = positionsOf(national, q.punteggio.length);
  const pop = index.comuni.popolazione;
  const rows = national.filter(
    (i) =>
      (regione === null || regionOf(index, i) === regione) &&
      (min === undefined || (pop[i] != null && pop[i]! >= min)) &&
      (max === undefined || (pop[i] != null && pop[i]! <= max)),
  );
  const page = paginate(route, values, rows);
  return {
    indice: 'qualita_vita',
    anno_popolazione: index.anni_predefiniti.demografia,
    filtri: {
      regione: regione === null ? null : index.regioni[regione]!.nome,
      min_pop: min ?? null,
      max_pop: max ?? null,
    },
    ...page,
    risultati: page.risultati.map((i, k) => ({
      posizione: page.offset + k + 1,
      posizione_nazionale: nationalRank[i]!,
      ...comuneRef(index, i),
      popolazione: pop[i] ?? null,
      punteggio: q.punteggio[i]!,
      link: `/api/qualita-vita/${index.comuni.codice[i]}`,
    })),
    esclusi: {
      numero: q.punteggio.length - national.length,
      motivo: "comuni senza alcuna dimensione dell'indice calcolabile",
    },
    metodologia: q.metodologia,
  };
}

/** Comuni ceased since 1991, by cadastral code; `provincia` is the province at cessation. */
export function listCessati(index: StartupIndex, route: RouteSpec, values: Values<RouteOf<'comuni.cessati.list'>>) {
  const provincia = values.provincia ?? null;
  const catastale = values.codice_catastale ?? null;
  const rows = index.territorio.cessati.filter(
    (c) =>
      (provincia === null || c.sigla_provincia === provincia) &&
      (catastale === null || c.codice_catastale === catastale),
  );
  const page = paginate(route, values, rows);
  return {
    ...page,
    filtri: { provincia, codice_catastale: catastale },
    ordinamento: 'codice_catastale crescente',
    risultati: page.risultati.map((c) => ({ ...c, link: `/api/comuni/cessati/${c.codice_catastale}` })),
  };
}
