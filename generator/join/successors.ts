import type { Confine2019 } from '../../data-sources/openpolis-confini-2019.ts';
import type { Confine2025 } from '../../data-sources/istat-confini-2025.ts';
import { bbox, boxesOverlap, containsPoint, interiorPoints } from './geometry.ts';
import { covers, HISTORY_START, nextDay, type CodePeriod, type TerritorialHistory } from './territorial-history.ts';

/** How a successor link was established (the archives have no successor column). */
export type LinkMethod = 'istituzione_stesso_giorno' | 'istituzione_e_bilancio' | 'confini_2019_2025' | 'bilancio';

export const METHOD_TEXT: Record<LinkMethod, string> = {
  istituzione_stesso_giorno:
    'Fusione: unico comune istituito il giorno dopo la cessazione nella stessa provincia (archivi ANPR e Garda Informatica), con popolazione (o contribuenti) pari alla somma dei cessati (scarto massimo 3%).',
  istituzione_e_bilancio:
    "Fusione: più comuni istituiti (o cresciuti) il giorno dopo nella stessa provincia; ciascun comune cessato è attribuito all'unica ripartizione in cui la popolazione (o, prima del 2018, i contribuenti IRPEF MEF) dei cessati somma a quella di ogni nuovo comune, o alla crescita di ogni comune esistente (scarto massimo 3%).",
  confini_2019_2025:
    "Incorporazione: almeno l'80% dei punti interni del poligono 2019 del comune cessato (Openpolis) cade nel poligono 2025 del successore (ISTAT).",
  bilancio:
    "Incorporazione: il comune della stessa provincia la cui popolazione (o, prima del 2018, i contribuenti IRPEF MEF) cresce di quanto aveva il cessato, nell'unica ripartizione possibile (scarto massimo 3%).",
};

export interface Verification {
  misura: 'popolazione' | 'contribuenti';
  /** Reference (date or tax year) of the last figure before the event and of the first after. */
  prima: string;
  dopo: string;
  /** Sum over the predecessors (and the successor, if it existed) before; the successor's figure after. */
  somma_prima: number;
  valore_dopo: number;
  scarto_percentuale: number;
  verificato: boolean;
}

export interface SuccessorLink {
  /** Cadastral code of the ceased comune. */
  predecessore: string;
  /** Cadastral code of the comune that took its territory (which may itself have ceased later). */
  successore: string;
  /** First day on which the successor includes the territory. */
  data_evento: string;
  evento: 'fusione' | 'incorporazione';
  metodo: LinkMethod;
  verifica: Verification | null;
}

export interface UnresolvedCessation {
  codice_catastale: string;
  nome: string;
  data_cessazione: string;
  motivo: string;
}

/** A population count with the day whose territory it counts. */
export interface PopulationMeasure {
  data_territorio: string;
  riferimento: string;
  valori: ReadonlyMap<string, number>;
}

export interface SuccessorInputs {
  history: TerritorialHistory;
  /** Cadastral codes of the current comuni. */
  current: ReadonlySet<string>;
  /** Taxpayers by cadastral code and tax year (MEF); tax year Y counts the territory of 1 January Y+1. */
  taxpayers: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** Several additive MEF counts by cadastral code and tax year (taxpayers first): a profile that two different comuni rarely share. */
  profiles: ReadonlyMap<string, ReadonlyMap<number, number[]>>;
  population: PopulationMeasure[];
  confini2019: Confine2019[];
  confini2025: Confine2025[];
  /** Current ISTAT code → cadastral code (the 2025 polygons carry only the ISTAT code). */
  belfioreOf2025: ReadonlyMap<string, string>;
}

/** Tolerance of the population check and of the taxpayer balance used to choose among candidates. */
const CHECK_TOLERANCE = 0.05;
const MATCH_TOLERANCE = 0.03;

const relDiff = (before: number, after: number) =>
  after === 0 ? (before === 0 ? 0 : 1) : Math.abs(before - after) / after;

interface Cessation {
  belfiore: string;
  last: CodePeriod;
  fine: string;
}

/** Last tax year with a row for the code, and its taxpayers. */
function lastTaxYear(taxpayers: SuccessorInputs['taxpayers'], belfiore: string): [number, number] | null {
  const years = taxpayers.get(belfiore);
  if (!years || years.size === 0) return null;
  const y = Math.max(...years.keys());
  return [y, years.get(y)!];
}

interface Target {
  key: string;
  /** Figure after the event, and before it (0 for a new comune): the ceased comuni must fill the difference. */
  value: number[];
  base: number[];
  /** A comune that already existed may or may not have absorbed anything; a new one must be made of the ceased. */
  optional: boolean;
}

/** Every component within tolerance (a component a source suppressed, NaN, does not count against). */
const matches = (sum: number[], target: number[]) =>
  target.every(
    (t, i) =>
      Number.isNaN(t) || Number.isNaN(sum[i]!) || relDiff(sum[i]!, t) <= MATCH_TOLERANCE || Math.abs(sum[i]! - t) <= 5,
  );

/**
 * Assigns each ceased comune (items) to one target so that every new comune's profile, and
 * every grown comune's growth, equals the sum of its items within tolerance. Returns the
 * assignment only when it is the unique one; null when there is none or several, or the
 * search is too long.
 */
function uniqueCover(items: { key: string; value: number[] }[], targets: Target[]): Map<string, string> | null {
  const sorted = [...items].sort((a, b) => b.value[0]! - a.value[0]!);
  const load = targets.map((t) => t.value.map(() => 0));
  const used = targets.map(() => 0);
  const pick: number[] = [];
  const solutions: number[][] = [];
  let steps = 0;
  const remaining = sorted.map((_, i) => sorted.slice(i).reduce((t, it) => t + it.value[0]!, 0));
  const search = (i: number): void => {
    if (solutions.length > 1 || ++steps > 2_000_000) return;
    if (i === sorted.length) {
      if (
        targets.every(
          (t, k) =>
            (t.optional && used[k] === 0) ||
            (used[k]! > 0 &&
              matches(
                load[k]!.map((v, c) => v + t.base[c]!),
                t.value,
              )),
        )
      )
        solutions.push([...pick]);
      return;
    }
    const deficit = targets.reduce(
      (d, t, k) =>
        d + (t.optional ? 0 : Math.max(0, t.value[0]! * (1 - MATCH_TOLERANCE) - 5 - load[k]![0]! - t.base[0]!)),
      0,
    );
    if (deficit > remaining[i]!) return;
    const item = sorted[i]!.value;
    for (let t = 0; t < targets.length; t++) {
      if (load[t]![0]! + item[0]! + targets[t]!.base[0]! > targets[t]!.value[0]! * (1 + MATCH_TOLERANCE) + 5) continue;
      item.forEach((v, c) => (load[t]![c]! += v));
      used[t]!++;
      pick.push(t);
      search(i + 1);
      pick.pop();
      used[t]!--;
      item.forEach((v, c) => (load[t]![c]! -= v));
    }
  };
  search(0);
  if (steps > 2_000_000 || solutions.length !== 1) return null;
  return new Map(sorted.map((it, i) => [it.key, targets[solutions[0]![i]!]!.key]));
}

/** Where a comune lies in 2025: the current comune holding at least 80% of a grid of points inside its 2019 polygon. */
function locate2019(
  input: SuccessorInputs,
  boxes2025: { f: Confine2025; box: ReturnType<typeof bbox> }[],
  polygon: Confine2019,
): string | null {
  const points = interiorPoints(polygon.polygons);
  const box = bbox(polygon.polygons);
  const counts = new Map<string, number>();
  for (const { f, box: b } of boxes2025) {
    if (!boxesOverlap(box, b)) continue;
    const inside = points.filter(([x, y]) => containsPoint(f.polygons, x, y)).length;
    if (inside) counts.set(f.codice_istat, inside);
  }
  const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return best && points.length > 0 && n / points.length >= 0.8 ? (input.belfioreOf2025.get(best) ?? null) : null;
}

/**
 * One figure per comune before and after an event: population where every comune
 * involved has a count on both sides (ISTAT 2018–2021, ANPR), else MEF taxpayers of the
 * last tax year of the ceased comuni and of the next one (tax year Y counts 1 January Y+1).
 */
function eventMeasure(input: SuccessorInputs, fine: string, day: string, keys: string[], newcomers: string[]) {
  const measures = [...input.population].sort((a, b) => a.data_territorio.localeCompare(b.data_territorio));
  const value = (m: PopulationMeasure, b: string) =>
    m.valori.get(codeAt(input.history.get(b), m.data_territorio) ?? '');
  const before = [...measures].reverse().find((m) => m.data_territorio <= fine);
  const after = measures.find((m) => m.data_territorio >= day);
  if (
    before &&
    after &&
    keys.every((b) => value(before, b) !== undefined) &&
    newcomers.every((b) => value(after, b) !== undefined)
  ) {
    const one = (v: number | undefined) => (v === undefined ? null : [v]);
    const get = (b: string) => ({ before: one(value(before, b)), after: one(value(after, b)) });
    return { misura: 'popolazione' as const, prima: before.riferimento, dopo: after.riferimento, get };
  }
  const year = Math.max(...keys.map((b) => lastTaxYear(input.taxpayers, b)?.[0] ?? -Infinity));
  const get = (b: string) => ({
    before: input.profiles.get(b)?.get(year) ?? null,
    after: input.profiles.get(b)?.get(year + 1) ?? null,
  });
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
  const firstStart = new Map<string, CodePeriod>();
  for (const [belfiore, periods] of history) {
    firstStart.set(belfiore, periods[0]!);
    const last = periods[periods.length - 1]!;
    if (current.has(belfiore) || last.fine === null || last.fine < HISTORY_START) continue;
    ceased.push({ belfiore, last, fine: last.fine });
  }
  const groups = new Map<string, Cessation[]>();
  for (const c of ceased) {
    const key = `${c.fine}|${c.last.sigla_provincia}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const links: SuccessorLink[] = [];
  const unresolved: UnresolvedCessation[] = [];
  const fail = (c: Cessation, motivo: string) =>
    unresolved.push({ codice_catastale: c.belfiore, nome: c.last.nome, data_cessazione: c.fine, motivo });
  const polygons2019 = new Map(input.confini2019.map((f) => [f.codice_catastale, f]));
  const boxes2025 = input.confini2025.map((f) => ({ f, box: bbox(f.polygons) }));
  const ceasedSet = new Set(ceased.map((c) => c.belfiore));

  for (const [key, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [fine, sigla] = key.split('|') as [string, string];
    const day = nextDay(fine);
    const newcomers = [...firstStart]
      .filter(([, p]) => p.inizio === day && p.sigla_provincia === sigla)
      .map(([b]) => b);
    const incumbents = [...history]
      .filter(
        ([b, periods]) =>
          !ceasedSet.has(b) &&
          !newcomers.includes(b) &&
          periods.some((p) => covers(p, fine) && p.sigla_provincia === sigla) &&
          periods.some((p) => covers(p, day)),
      )
      .map(([b]) => b);
    const measure = eventMeasure(
      input,
      fine,
      day,
      members.map((m) => m.belfiore),
      newcomers,
    );
    const items = members.map((c) => ({ key: c.belfiore, value: measure.get(c.belfiore).before }));
    const newTargets = newcomers.map((b) => ({ key: b, value: measure.get(b).after, base: [0], optional: false }));
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
          verifica: null,
        });
    };
    if (newcomers.length === 1 && (!usable || matches(all, newTargets[0]!.value!))) {
      allToNewcomer();
      continue;
    }
    // Comuni ceased after mid-2019 with no new comune beside them: located by their polygon.
    const rest =
      newcomers.length > 0
        ? members
        : members.filter((c) => {
            const polygon = polygons2019.get(c.belfiore);
            const successor = polygon ? locate2019(input, boxes2025, polygon) : null;
            if (successor)
              links.push({
                predecessore: c.belfiore,
                successore: successor,
                data_evento: day,
                evento: 'incorporazione',
                metodo: 'confini_2019_2025',
                verifica: null,
              });
            return !successor;
          });
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
    const cover = usable
      ? (uniqueCover(restItems, newTargets as Target[]) ??
        uniqueCover(restItems, [...(newTargets as Target[]), ...grown]))
      : null;
    if (!cover && newcomers.length === 1) {
      // The only new comune, but the figures do not balance with or without comuni that grew: linked, and the check reports the gap.
      allToNewcomer();
      continue;
    }
    if (!cover) {
      for (const c of rest)
        fail(
          c,
          `Nessuna ripartizione univoca (${measure.misura}, ${measure.prima} → ${measure.dopo}) tra ${newcomers.length} comuni istituiti il ${day} e ${grown.length} comuni cresciuti in provincia ${sigla}.`,
        );
      continue;
    }
    for (const c of rest) {
      const successore = cover.get(c.belfiore)!;
      const isNew = newcomers.includes(successore);
      links.push({
        predecessore: c.belfiore,
        successore,
        data_evento: day,
        evento: isNew ? 'fusione' : 'incorporazione',
        metodo: isNew ? 'istituzione_e_bilancio' : 'bilancio',
        verifica: null,
      });
    }
  }
  verify(input, links);
  return { links, unresolved };
}

function codeAt(periods: CodePeriod[] | undefined, date: string): string | null {
  return periods?.find((p) => covers(p, date))?.codice_istat ?? null;
}

/** Fills `verifica` of every link, one check per event (successor and date). */
function verify(input: SuccessorInputs, links: SuccessorLink[]): void {
  const events = new Map<string, SuccessorLink[]>();
  for (const l of links) {
    const key = `${l.successore}|${l.data_evento}`;
    events.set(key, [...(events.get(key) ?? []), l]);
  }
  const measures = [...input.population].sort((a, b) => a.data_territorio.localeCompare(b.data_territorio));
  for (const group of events.values()) {
    const { successore, data_evento } = group[0]!;
    const successorPeriods = input.history.get(successore);
    const existed = successorPeriods?.some((p) => p.inizio < data_evento) ?? false;
    const members = [...group.map((l) => l.predecessore), ...(existed ? [successore] : [])];
    let check: Verification | null = null;
    const before = [...measures]
      .reverse()
      .find(
        (m) =>
          m.data_territorio < data_evento &&
          members.every((b) => m.valori.has(codeAt(input.history.get(b), m.data_territorio) ?? '')),
      );
    const after = measures.find(
      (m) => m.data_territorio >= data_evento && m.valori.has(codeAt(successorPeriods, m.data_territorio) ?? ''),
    );
    if (before && after) {
      const sum = members.reduce(
        (t, b) => t + before.valori.get(codeAt(input.history.get(b), before.data_territorio)!)!,
        0,
      );
      const value = after.valori.get(codeAt(successorPeriods, after.data_territorio)!)!;
      check = {
        misura: 'popolazione',
        prima: before.riferimento,
        dopo: after.riferimento,
        somma_prima: sum,
        valore_dopo: value,
        scarto_percentuale: round1(relDiff(sum, value) * 100),
        verificato: relDiff(sum, value) <= CHECK_TOLERANCE,
      };
    } else {
      // Tax year Y counts the territory of 1 January Y+1: the last year before the event is the last year of the predecessors.
      const lastYears = group.map((l) => lastTaxYear(input.taxpayers, l.predecessore)?.[0] ?? null);
      const year = lastYears.every((y) => y !== null && y === lastYears[0]) ? lastYears[0]! : null;
      const after = year === null ? undefined : input.taxpayers.get(successore)?.get(year + 1);
      const values = year === null ? [] : members.map((b) => input.taxpayers.get(b)?.get(year));
      if (year !== null && after !== undefined && values.every((v) => v !== undefined)) {
        const sum = values.reduce((t, v) => t! + v!, 0)!;
        check = {
          misura: 'contribuenti',
          prima: `anno d'imposta ${year}`,
          dopo: `anno d'imposta ${year + 1}`,
          somma_prima: sum,
          valore_dopo: after,
          scarto_percentuale: round1(relDiff(sum, after) * 100),
          verificato: relDiff(sum, after) <= CHECK_TOLERANCE,
        };
      }
    }
    for (const l of group) l.verifica = check;
  }
}

const round1 = (x: number) => Math.round(x * 10) / 10;
