import { pushTo } from '../../lib/maps.ts';
import { MATCH_TOLERANCE, matches, uniqueCover, type Target } from './balance-cover.ts';
import { bbox } from './geometry.ts';
import { locate2019 } from './locate-2019.ts';
import type { SuccessorLink, UnresolvedCessation } from './successor-link.ts';
import {
  codeAt,
  firstTaxYear,
  lastTaxYear,
  PROFILE_WIDTH,
  type PopulationMeasure,
  type SuccessorInputs,
} from './successor-inputs.ts';
import { covers, HISTORY_START, nextDay, type CodePeriod } from './territorial-history.ts';
import { CHECK_TOLERANCE, verifyLinks } from './verify-links.ts';

/** A link before `verifyLinks` has checked it. */
const UNCHECKED = {
  verifica: null,
  verifica_secondo_metodo: null,
  esito: 'non_verificato',
  motivo_esito: null,
} as const satisfies Partial<SuccessorLink>;

interface Cessation {
  belfiore: string;
  last: CodePeriod;
  fine: string;
}

/**
 * The figures of each comune before and after an event: MEF counts (`mefProfile`) of the
 * last tax year of the ceased comuni and of the next one (tax year Y counts 1 January Y+1),
 * preceded by population where every comune involved has a count on both sides (ISTAT
 * 2018–2021, ANPR): a balance must hold on every figure.
 */
function eventMeasure(input: SuccessorInputs, fine: string, day: string, keys: string[], newcomers: string[]) {
  const measures = [...input.population].sort((a, b) => a.data_territorio.localeCompare(b.data_territorio));
  const value = (m: PopulationMeasure, b: string) =>
    m.valori.get(codeAt(input.history.get(b), m.data_territorio) ?? '');
  const before = [...measures].reverse().find((m) => m.data_territorio <= fine);
  const after = measures.find((m) => m.data_territorio >= day);
  const year = Math.max(...keys.map((b) => lastTaxYear(input.taxpayers, b)?.[0] ?? -Infinity));
  const profile = (b: string, y: number) => input.profiles.get(b)?.get(y) ?? null;
  const noProfile = Array<number>(PROFILE_WIDTH).fill(NaN);
  if (
    before &&
    after &&
    keys.every((b) => value(before, b) !== undefined) &&
    newcomers.every((b) => value(after, b) !== undefined)
  ) {
    const get = (b: string) => {
      const [p, a] = [value(before, b), value(after, b)];
      return {
        before: p === undefined ? null : [p, ...(profile(b, year) ?? noProfile)],
        after: a === undefined ? null : [a, ...(profile(b, year + 1) ?? noProfile)],
      };
    };
    return { misura: 'popolazione' as const, prima: before.riferimento, dopo: after.riferimento, get };
  }
  const get = (b: string) => ({ before: profile(b, year), after: profile(b, year + 1) });
  return { misura: 'contribuenti' as const, prima: `anno d'imposta ${year}`, dopo: `anno d'imposta ${year + 1}`, get };
}

/**
 * Derives the successor of every comune ceased since HISTORY_START. Per day and province:
 * a single comune instituted the next day takes them all when the figures balance;
 * otherwise comuni with a 2019 polygon are located in the 2025 boundaries, and the rest
 * are assigned by the unique balance of population (or taxpayers) between the new comuni
 * and the existing ones that grew. Every event is then checked (see `verify`).
 */
export function deriveSuccessors(input: SuccessorInputs): {
  links: SuccessorLink[];
  unresolved: UnresolvedCessation[];
} {
  const { history, current } = input;
  const ceased: Cessation[] = [];
  for (const [belfiore, periods] of history) {
    const last = periods[periods.length - 1]!;
    if (current.has(belfiore) || last.fine === null || last.fine < HISTORY_START) continue;
    ceased.push({ belfiore, last, fine: last.fine });
  }
  const groups = new Map<string, Cessation[]>();
  for (const c of ceased) {
    pushTo(groups, `${c.fine}|${c.last.sigla_provincia}`, c);
  }
  const links: SuccessorLink[] = [];
  const unresolved: UnresolvedCessation[] = [];
  const fail = (
    c: Cessation,
    categoria: UnresolvedCessation['categoria'],
    motivo: string,
    possibili_successori: string[] = [],
  ) =>
    unresolved.push({
      codice_catastale: c.belfiore,
      nome: c.last.nome,
      data_cessazione: c.fine,
      categoria,
      motivo,
      possibili_successori,
    });
  const firstYear = firstTaxYear(input.taxpayers);
  const polygons2019 = new Map(input.confini2019.map((f) => [f.codice_catastale, f]));
  const boxes2025 = input.confini2025.map((f) => ({ f, box: bbox(f.polygons) }));
  const ceasedSet = new Set(ceased.map((c) => c.belfiore));
  // The cadastral codes with a period starting on a day, and with a period in a province, in the history's order:
  // each event looks only at those instead of scanning the whole history twice.
  const startingOn = new Map<string, string[]>();
  const inProvince = new Map<string, string[]>();
  for (const [b, periods] of history) {
    for (const day of new Set(periods.map((p) => p.inizio))) pushTo(startingOn, day, b);
    for (const sigla of new Set(periods.map((p) => p.sigla_provincia))) pushTo(inProvince, sigla, b);
  }

  for (const [key, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [fine, sigla] = key.split('|') as [string, string];
    const day = nextDay(fine);
    // Instituted the next day: a period opens then and none covered the day before (a code may be re-used: Porto Viro, 1929–1938 and from 1995).
    const newcomers = (startingOn.get(day) ?? []).filter((b) => {
      const periods = history.get(b)!;
      return (
        periods.some((p) => p.inizio === day && p.sigla_provincia === sigla) && !periods.some((p) => covers(p, fine))
      );
    });
    const incumbents = (inProvince.get(sigla) ?? []).filter((b) => {
      const periods = history.get(b)!;
      return (
        !ceasedSet.has(b) &&
        !newcomers.includes(b) &&
        periods.some((p) => covers(p, fine) && p.sigla_provincia === sigla) &&
        periods.some((p) => covers(p, day))
      );
    });
    const measure = eventMeasure(
      input,
      fine,
      day,
      members.map((m) => m.belfiore),
      newcomers,
    );
    const items = members.map((c) => ({ key: c.belfiore, value: measure.get(c.belfiore).before }));
    const newTargets = newcomers.map((b) => {
      const after = measure.get(b).after;
      // A new comune had nothing before: a zero for every figure, not only the first.
      return { key: b, value: after, base: (after ?? []).map(() => 0), optional: false };
    });
    const usable = items.every((i) => i.value !== null) && newTargets.every((t) => t.value !== null);
    const all = items.reduce(
      (t, i) => t.map((v, c) => v + (i.value?.[c] ?? NaN)),
      (items[0]?.value ?? []).map(() => 0),
    );
    const allToNewcomer = () => {
      for (const c of members)
        links.push({
          predecessore: c.belfiore,
          successore: newcomers[0]!,
          data_evento: day,
          evento: 'fusione',
          metodo: 'istituzione_stesso_giorno',
          ...UNCHECKED,
        });
    };
    if (newcomers.length === 1 && (!usable || matches(all, newTargets[0]!.value!))) {
      allToNewcomer();
      continue;
    }
    // Where the comune lies in 2025, from its 2019 polygon (comuni ceased after mid-2019): linked, and the successor returned.
    const linkByPolygon = (c: Cessation) => {
      const polygon = polygons2019.get(c.belfiore);
      const successor = polygon ? locate2019(input.belfioreOf2025, boxes2025, polygon) : null;
      if (successor)
        links.push({
          predecessore: c.belfiore,
          successore: successor,
          data_evento: day,
          evento: newcomers.includes(successor) ? 'fusione' : 'incorporazione',
          metodo: 'confini_2019_2025',
          ...UNCHECKED,
        });
      return successor;
    };
    // Comuni ceased after mid-2019 with no new comune beside them: located by their polygon.
    const rest = newcomers.length > 0 ? members : members.filter((c) => linkByPolygon(c) === null);
    if (rest.length === 0) continue;
    const grown = incumbents
      .map((b) => {
        const { before, after } = measure.get(b);
        return before === null || after === null || after[0]! - before[0]! <= Math.max(10, 0.04 * before[0]!)
          ? null
          : { key: b, value: after, base: before, optional: true };
      })
      .filter((t): t is Target => t !== null);
    const restItems = items.filter((i) => rest.some((c) => c.belfiore === i.key)) as { key: string; value: number[] }[];
    // New comuni alone first; comuni that grew only when the new ones cannot account for every ceased one.
    // The check's tolerance only when none balances within the tighter one (a wider tolerance never makes a unique answer of several).
    const balance = (pending: typeof restItems, news: Target[], grew: Target[]) =>
      [MATCH_TOLERANCE, CHECK_TOLERANCE].reduce<Map<string, string> | null>(
        (found, tolerance) =>
          found ?? uniqueCover(pending, news, tolerance) ?? uniqueCover(pending, [...news, ...grew], tolerance),
        null,
      );
    const cover = usable ? balance(restItems, newTargets as Target[], grown) : null;
    const linkByBalance = (c: Cessation, successore: string) => {
      const isNew = newcomers.includes(successore);
      links.push({
        predecessore: c.belfiore,
        successore,
        data_evento: day,
        evento: isNew ? 'fusione' : 'incorporazione',
        metodo: isNew ? 'istituzione_e_bilancio' : 'bilancio',
        ...UNCHECKED,
      });
    };
    if (!cover && newcomers.length === 1) {
      // The only new comune, but the figures do not balance with or without comuni that grew: linked, and the check reports the gap.
      allToNewcomer();
      continue;
    }
    if (!cover) {
      const figures = `${measure.misura}, ${measure.prima} → ${measure.dopo}`;
      const [categoria, motivo]: [UnresolvedCessation['categoria'], string] = !usable
        ? [
            'dati_mancanti',
            fine < `${firstYear + 1}-01-01`
              ? `Nessun dato prima del ${firstYear} e nessun comune istituito il ${day} in provincia ${sigla}.`
              : `Mancano i dati (${figures}) di un comune coinvolto.`,
          ]
        : newcomers.length + grown.length === 0
          ? [
              'nessun_candidato',
              `Nessun comune istituito il ${day} né cresciuto oltre la variazione ordinaria in provincia ${sigla} (${figures}).`,
            ]
          : [
              'nessuna_ripartizione_univoca',
              `Nessuna ripartizione univoca (nessuna o più d'una; ${figures}) tra ${newcomers.length} comuni istituiti il ${day} e ${grown.length} comuni cresciuti in provincia ${sigla}.`,
            ];
      // Several new comuni the figures cannot tell apart: the 2019 polygons can, for comuni that still had one;
      // the others must then fill what the placed ones leave of each comune (Brez, the fifth part of Novella).
      const placed = new Map(rest.map((c) => [c.belfiore, linkByPolygon(c)]));
      const pending = restItems.filter((i) => placed.get(i.key) === null);
      const withPlaced = (t: Target): Target => {
        const parts = restItems.filter((i) => placed.get(i.key) === t.key);
        const base = t.base.map((v, k) => parts.reduce((sum, i) => sum + i.value[k]!, v));
        return { ...t, base, optional: t.optional || parts.length > 0 };
      };
      const rest2 =
        usable && pending.length < rest.length
          ? balance(pending, (newTargets as Target[]).map(withPlaced), grown.map(withPlaced))
          : null;
      for (const c of rest) {
        if (placed.get(c.belfiore) !== null) continue;
        const successore = rest2?.get(c.belfiore);
        if (successore) linkByBalance(c, successore);
        else fail(c, categoria, motivo, [...newcomers, ...grown.map((t) => t.key)].sort());
      }
      continue;
    }
    // Every ceased comune in the only new comune: the same-day institution, found at the wider tolerance.
    if (newcomers.length === 1 && rest.every((c) => cover.get(c.belfiore) === newcomers[0])) {
      allToNewcomer();
      continue;
    }
    for (const c of rest) linkByBalance(c, cover.get(c.belfiore)!);
  }
  verifyLinks(input, links);
  return { links, unresolved };
}
