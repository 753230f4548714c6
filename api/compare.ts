import type { RouteSpec } from './contract.ts';
import { readBuiltFile, yearNotFound, type Answerer, type HandlerContext } from './context.ts';
import { canonicalUrl } from './envelope.ts';
import { serializeEmbedding } from './http.ts';
import { availableYears, selectedYear, yearEntry } from './record-slice.ts';
import { comuneRef, findComune, incomeColumn } from './lists.ts';
import type { FullIndexData, RankingColumn } from './runtime-index.ts';
import { getOrSet } from '../lib/maps.ts';
import type { MedieNazionali } from './schemas/nazionale.ts';
import { invalidParams, problem, ProblemError } from './problem.ts';
import { routeById, type RouteOf } from './routes.ts';
import { staticFilePath } from './static-files.ts';

export const MAX_COMPARED = 4;

/** Splits and checks the `comuni` parameter: 1–4 distinct 6-digit codes, spaces tolerated. */
export function parseCodes(text: string, instance: string): string[] {
  const codes = text.split(',').map((c) => c.trim());
  const malformed = codes.filter((c) => !/^\d{6}$/.test(c));
  if (malformed.length > 0) {
    const shown = malformed.map((c) => (c === '' ? '(vuoto)' : `"${c.slice(0, 20)}"`)).join(', ');
    throw new ProblemError(
      invalidParams(instance, [
        { name: 'comuni', reason: `codici non validi: ${shown}; servono codici ISTAT di 6 cifre separati da virgole` },
      ]),
    );
  }
  if (codes.length > MAX_COMPARED)
    throw new ProblemError(
      invalidParams(instance, [
        { name: 'comuni', reason: `al massimo ${MAX_COMPARED} codici (ricevuti ${codes.length})` },
      ]),
    );
  const duplicates = codes.filter((c, i) => codes.indexOf(c) !== i);
  if (duplicates.length > 0)
    throw new ProblemError(
      invalidParams(instance, [{ name: 'comuni', reason: `codici ripetuti: ${[...new Set(duplicates)].join(', ')}` }]),
    );
  return codes;
}

async function yearBlock(ctx: HandlerContext, route: RouteSpec, code: string, anno: number | undefined, base: URL) {
  const text = await readBuiltFile(ctx, staticFilePath(route, { codice_istat: code }), base);
  const year = anno ?? selectedYear(text);
  const dati = year === null ? null : yearEntry<{ anno: number }>(text, year);
  if (dati) return { dati, motivo: null };
  return { dati: null, motivo: `nessun dato per l'anno ${anno}; anni disponibili: ${availableYears(text).join(', ')}` };
}

/** Per index, the comparable income column of every tax year (24 of them: one lookup per comparison, not 24). */
const incomeColumns = new WeakMap<FullIndexData, Promise<(RankingColumn | null)[]>>();

/**
 * The national averages a comparison embeds unchanged, parsed once per context and file (~24 KB
 * each, one per year) and kept with their text, so that no answer parses or serializes them again.
 */
const nationalFiles = new WeakMap<HandlerContext, Map<string, { medie: MedieNazionali; text: string }>>();

async function nationalAverages(ctx: HandlerContext, path: string, base: URL) {
  const files = getOrSet(nationalFiles, ctx, () => new Map());
  let file = files.get(path);
  if (!file) {
    // Kept only once read: a failed read (a network error at the edge) is tried again by the next request.
    const text = (await readBuiltFile(ctx, path, base)).trimEnd();
    files.set(path, (file = { medie: JSON.parse(text) as MedieNazionali, text }));
  }
  return file;
}

/**
 * The income series that can be compared across years, for the compared comuni and Italy:
 * the mean taxable income (published unsuppressed every year), read from the per-year
 * ranking columns, so no record is parsed whole.
 */
async function comparableIncome(data: FullIndexData, positions: number[], medie: MedieNazionali) {
  const { index } = data;
  const serie = medie.redditi.serie.find((s) => s.indicatore === medie.redditi.serie_predefinita)!;
  const anni = index.anni.redditi;
  const national = new Map(serie.punti.map((p) => [p.anno, p.valore]));
  const columns = await getOrSet(incomeColumns, data, () =>
    Promise.all(anni.map((y) => incomeColumn(data, 'reddito_imponibile', y))),
  );
  return {
    indicatore: serie.indicatore,
    descrizione: serie.descrizione,
    unita: 'euro per contribuente',
    anni,
    comuni: positions.map((i) => ({
      codice_istat: index.comuni.codice[i]!,
      valori: columns.map((column) => column?.valori[i] ?? null),
    })),
    nazionale: anni.map((y) => national.get(y) ?? null),
    avvisi: serie.avvisi,
  };
}

export const answerCompare: Answerer<RouteOf<'confronta'>> = async (ctx, { route, values, instance, url: base }) => {
  const codes = parseCodes(values.comuni, instance);
  const positions = codes.map((c) => findComune(ctx.index, c));
  const unknown = codes.filter((_, k) => positions[k]! < 0);
  if (unknown.length > 0)
    throw new ProblemError(
      problem(404, `Codici ISTAT sconosciuti: ${unknown.join(', ')}. L'elenco dei codici è in /api/comuni.`, instance),
    );
  const { anno } = values;
  const { demografia, redditi } = ctx.index.anni;
  if (anno !== undefined && !demografia.includes(anno) && !redditi.includes(anno)) {
    throw yearNotFound(
      anno,
      [...new Set([...demografia, ...redditi])].sort((a, b) => a - b),
      'demografico o di reddito',
      instance,
    );
  }
  const demoRoute = routeById('demografia.get');
  const incomeRoute = routeById('redditi.get');
  const comuni = await Promise.all(
    codes.map(async (code, k) => {
      const [demo, income] = await Promise.all([
        yearBlock(ctx, demoRoute, code, anno, base),
        yearBlock(ctx, incomeRoute, code, anno, base),
      ]);
      return {
        ...comuneRef(ctx.index, positions[k]!),
        demografia: demo.dati,
        redditi: income.dati,
        motivi_mancanti: { demografia: demo.motivo, redditi: income.motivo },
        links: {
          comune: `/api/comuni/${code}`,
          demografia: `/api/demografia/${code}`,
          redditi: `/api/redditi/${code}`,
        },
      };
    }),
  );
  const nationalRoute = routeById('confronta.national');
  const nationalYear = anno !== undefined && ctx.index.anni.nazionale.includes(anno) ? anno : undefined;
  const national = await nationalAverages(ctx, staticFilePath(nationalRoute, { anno: nationalYear }), base);
  const medie = national.medie;
  const body = {
    anno_richiesto: anno ?? null,
    comuni,
    redditi_confrontabili: await comparableIncome(await ctx.full(), positions, medie),
    medie_nazionali: medie,
    links: {
      self: canonicalUrl(route, { ...values, comuni: codes.join(',') }),
      medie_nazionali: canonicalUrl(nationalRoute, { anno: nationalYear }),
    },
  };
  return { kind: 'json', body, text: serializeEmbedding(body, 'medie_nazionali', national.text) };
};
