/** Answers of the routes whose answer is a file the build wrote: the key is checked, then the file named. */
import type { AnyValues, RouteSpec } from '../contract.ts';
import {
  RedirectSignal,
  readRecord,
  yearNotFound,
  type Answer,
  type Answerer,
  type HandlerContext,
} from '../context.ts';
import { canonicalUrl } from '../envelope.ts';
import { findComune } from '../lists.ts';
import { problem, ProblemError } from '../problem.ts';
import { selectYear, type YearlyRecord } from '../projection.ts';
import type { RouteOf } from '../routes.ts';
import { staticFilePath } from '../static-files.ts';

export const fileOf = (route: RouteSpec, values: AnyValues): Answer => ({
  kind: 'static',
  path: staticFilePath(route, values),
});

/** The record file of a route with no key to check (documents of the build). */
export const document: Answerer<RouteSpec> = (_ctx, req) => fileOf(req.route, req.values);

/**
 * Checks that a code names a comune: a former code of one is a redirect to the same URL
 * under today's code; the code of a ceased comune is a 404 naming its successors, that of a comune
 * instituted after the basis one naming the comuni served it was made of.
 */
function requireComune(ctx: HandlerContext, code: string, url: URL, instance: string): void {
  if (findComune(ctx.index, code) >= 0) return;
  const t = ctx.index.territorio;
  const current = t.alias[code];
  if (current)
    throw new RedirectSignal(
      `${url.pathname
        .split('/')
        .map((s) => (s === code ? current : s))
        .join('/')}${url.search}`,
    );
  const ceased = t.codici_cessati[code];
  const record = ceased ? t.cessati.find((c) => c.codice_catastale === ceased) : undefined;
  if (record) {
    const successori = record.successori.map((s) => ({ ...s, link: `/api/comuni/${s.codice_istat}` }));
    const names = successori.map((s) => `${s.nome} (${s.codice_istat})`).join(', ');
    const detail = `Il codice ISTAT ${code} era di ${record.nome}, comune cessato il ${record.data_cessazione}${names ? `: oggi il territorio è parte di ${names}` : ': successore non accertato'}. Scheda: /api/comuni/cessati/${record.codice_catastale}.`;
    throw new ProblemError(problem(404, detail, instance, { successori }));
  }
  const later = t.istituiti_dopo_base[code];
  if (later) {
    const predecessori = later.predecessori.map((p) => ({ ...p, link: `/api/comuni/${p.codice_istat}` }));
    const names = predecessori.map((p) => `${p.nome} (${p.codice_istat})`).join(', ');
    const detail = `Il codice ISTAT ${code} è di ${later.nome}, istituito il ${later.data} (registro ISTAT delle variazioni), dopo la data di base dell'anagrafica servita (1° gennaio 2025): i dati sono quelli dei comuni da cui è nato, ${names}.`;
    throw new ProblemError(problem(404, detail, instance, { predecessori }));
  }
  throw new ProblemError(
    problem(404, `Nessun comune con codice ISTAT ${code}. L'elenco dei codici è in /api/comuni.`, instance),
  );
}

/** The record of a comune (anagrafica, boundaries, environment, quality of life). */
export const comuneRecord: Answerer<RouteOf<'comuni.get' | 'comuni.confini' | 'ambiente.get' | 'qualita.get'>> = (
  ctx,
  req,
) => (requireComune(ctx, req.values.codice_istat, req.url, req.instance), fileOf(req.route, req.values));

type YearlyRoute = RouteOf<'demografia.get' | 'redditi.get'>;

/** A record with a yearly series: the default year is the file, another year its projection. */
export function yearly(domain: 'demografia' | 'redditi', what: string): Answerer<YearlyRoute> {
  return async (ctx, req) => {
    requireComune(ctx, req.values.codice_istat, req.url, req.instance);
    const { anno } = req.values;
    const file = staticFilePath(req.route, { ...req.values, anno: undefined });
    if (anno === undefined || anno === ctx.index.anni_predefiniti[domain]) return { kind: 'static', path: file };
    if (!ctx.index.anni[domain].includes(anno)) throw yearNotFound(anno, ctx.index.anni[domain], what, req.instance);
    const record = await readRecord<YearlyRecord<{ anno: number }>>(ctx, file, req.url);
    const projected = selectYear(record, anno, canonicalUrl(req.route, req.values));
    if (!projected) throw yearNotFound(anno, record.anni_disponibili, `${what} per questo comune`, req.instance);
    return { kind: 'json', body: projected };
  };
}

export const cessatoRecord: Answerer<RouteOf<'comuni.cessati.get'>> = (ctx, req) => {
  const codice_catastale = req.values.codice_catastale.toUpperCase();
  if (!ctx.index.territorio.cessati.some((c) => c.codice_catastale === codice_catastale)) {
    throw new ProblemError(
      problem(
        404,
        `Nessun comune cessato dal 1991 con codice catastale ${codice_catastale}. L'elenco è in /api/comuni/cessati; i comuni attuali si cercano con /api/comuni?codice_catastale=.`,
        req.instance,
      ),
    );
  }
  return fileOf(req.route, { ...req.values, codice_catastale });
};

export const nationalAverages: Answerer<RouteOf<'confronta.national'>> = (ctx, req) => {
  const { anno } = req.values;
  if (anno !== undefined && !ctx.index.anni.nazionale.includes(anno))
    throw yearNotFound(anno, ctx.index.anni.nazionale, 'nazionale', req.instance);
  return fileOf(req.route, req.values);
};

export const sourceRecord: Answerer<RouteOf<'fonti.get'>> = (ctx, req) => {
  if (!ctx.index.fonti.includes(req.values.fonte))
    throw new ProblemError(
      problem(404, `Nessuna fonte "${req.values.fonte}". L'elenco è in /api/fonti.`, req.instance),
    );
  return fileOf(req.route, req.values);
};
