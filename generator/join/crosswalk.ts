import { pushTo } from '../../lib/maps.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { movesData, type SuccessorLink, type UnresolvedCessation } from './successor-link.ts';
import { covers, previousDay, type CodePeriod, type TerritorialHistory } from './territorial-history.ts';

/** A row of a source as the source keys it: the code of its year and, where the source has it, the cadastral code. */
export interface SourcePart {
  codice_istat: string;
  codice_catastale: string;
  nome: string;
}

export interface RekeyedValue<T> {
  value: T;
  /** The source rows summed into the value (one when the territory did not change). */
  parti: SourcePart[];
  /** True when the value sums several comuni or comes from a ceased one: the current comune's territory, rebuilt. */
  ricostruito: boolean;
  /** Why the value may not cover today's territory: a comune it may have absorbed later, whose successor is not established. */
  avviso?: string;
}

export interface RekeyReport {
  data_territorio: string;
  righe: number;
  stesso_codice: number;
  /** Rows of the same territory under a former code (re-coding, change of province). */
  ricodificate: number;
  /** Current comuni whose value sums predecessors' rows (or comes from a ceased comune). */
  ricostruiti: number;
  non_collegati: { codice_istat: string; codice_catastale: string | null; motivo: string }[];
  /** Current comuni left without a value because a part of their territory has no row that year (or the figure is not additive). */
  incompleti: { codice_istat: string; mancanti: string[]; motivo: string }[];
}

/**
 * Where every code since 1991 points today: the territorial history of each cadastral
 * code plus the derived successor links. Read by every join through `rekeyRows`.
 */
export class Crosswalk {
  readonly currentByBelfiore: ReadonlyMap<string, string>;
  private readonly belfioreByCurrent: ReadonlyMap<string, string>;
  private readonly successor = new Map<string, string>();
  private readonly byCode = new Map<string, { belfiore: string; period: CodePeriod }[]>();
  private readonly territory = new Map<string, string[]>();
  private readonly uncertain = new Map<string, UnresolvedCessation[]>();

  constructor(
    readonly history: TerritorialHistory,
    comuni: readonly Pick<Anagrafica, 'codice_istat' | 'codice_catastale'>[],
    readonly links: readonly SuccessorLink[],
    unresolved: readonly UnresolvedCessation[] = [],
  ) {
    this.currentByBelfiore = new Map(comuni.map((c) => [c.codice_catastale, c.codice_istat]));
    this.belfioreByCurrent = new Map(comuni.map((c) => [c.codice_istat, c.codice_catastale]));
    // Only checked links move data: any other is listed in the build report and the ceased comune's record, never summed.
    for (const l of links) if (movesData(l)) this.successor.set(l.predecessore, l.successore);
    for (const [belfiore, periods] of history) {
      for (const period of periods) pushTo(this.byCode, period.codice_istat, { belfiore, period });
      const current = this.currentOf(belfiore);
      if (current) pushTo(this.territory, current, belfiore);
    }
    for (const u of unresolved)
      for (const candidate of u.possibili_successori) {
        const current = this.currentOf(candidate);
        if (current) pushTo(this.uncertain, current, u);
      }
  }

  /**
   * Ceased comuni whose successor is not established but may be this current comune, and
   * that still existed on `date`: before then, this comune's territory may lack theirs.
   */
  possiblyMissing(current: string, date: string): readonly UnresolvedCessation[] {
    return (this.uncertain.get(current) ?? []).filter((u) => date <= u.data_cessazione);
  }

  belfioreOfCurrent(current: string): string | undefined {
    return this.belfioreByCurrent.get(current);
  }

  /** Current ISTAT code of the comune that holds this cadastral code's territory today, following mergers. */
  currentOf(belfiore: string): string | null {
    let b: string | undefined = belfiore;
    for (let hops = 0; b !== undefined && hops < 20; hops++) {
      const current = this.currentByBelfiore.get(b);
      if (current) return current;
      b = this.successor.get(b);
    }
    return null;
  }

  /** Cadastral code that used an ISTAT code on a date; failing that, the only one that ever used it. */
  belfioreOf(codice: string, date: string): string | null {
    const uses = this.byCode.get(codice);
    if (!uses) return null;
    const at = uses.find((u) => covers(u.period, date));
    if (at) return at.belfiore;
    const owners = new Set(uses.map((u) => u.belfiore));
    return owners.size === 1 ? uses[0]!.belfiore : null;
  }

  /** Cadastral codes in force on a date whose territory is part of a current comune today. */
  componentsAt(current: string, date: string): string[] {
    return (this.territory.get(current) ?? []).filter((b) => this.history.get(b)!.some((p) => covers(p, date)));
  }

  /** Every cadastral code whose territory is part of the current comune (itself included). */
  territoryOf(current: string): readonly string[] {
    return this.territory.get(current) ?? [];
  }

  nameAt(belfiore: string, date: string): string {
    const periods = this.history.get(belfiore) ?? [];
    return (periods.find((p) => covers(p, date)) ?? periods[periods.length - 1])?.nome ?? '';
  }
}

/** Day whose territory a count refers to: a count "at 1 January" is the territory of 31 December; a month, its first day. */
export function territoryDate(reference: string): string {
  if (/^\d{4}-\d{2}$/.test(reference)) return `${reference}-01`;
  return reference.endsWith('-01-01') ? previousDay(reference) : reference;
}

/**
 * The one crosswalk step every join uses: re-keys a source's rows (each under the code of
 * its reference date) onto the current comuni. Rows of the same territory under a former
 * code keep their value; rows of predecessors of a merger are summed with `sum` into the
 * successor, and only when every part of today's territory has a row (never an
 * undercount). Non-additive figures (`sum` null) are attached only 1:1.
 */
export function rekeyRows<T>(
  cw: Crosswalk,
  rows: Iterable<{ codice_istat: string; codice_catastale?: string | null; value: T }>,
  date: string,
  sum: ((values: T[]) => T) | null,
): { valori: Map<string, RekeyedValue<T>>; report: RekeyReport } {
  const report: RekeyReport = {
    data_territorio: date,
    righe: 0,
    stesso_codice: 0,
    ricodificate: 0,
    ricostruiti: 0,
    non_collegati: [],
    incompleti: [],
  };
  const grouped = new Map<string, GroupedRow<T>[]>();
  for (const row of rows) {
    report.righe++;
    const given = row.codice_catastale && cw.history.has(row.codice_catastale) ? row.codice_catastale : null;
    const belfiore = given ?? cw.belfioreOf(row.codice_istat, date);
    const current = belfiore ? cw.currentOf(belfiore) : null;
    if (!belfiore || !current) {
      report.non_collegati.push({
        codice_istat: row.codice_istat,
        codice_catastale: row.codice_catastale ?? belfiore,
        motivo: belfiore
          ? 'Comune cessato senza successore accertato.'
          : 'Codice assente dagli archivi storici dei comuni.',
      });
      continue;
    }
    pushTo(grouped, current, { belfiore, row });
  }
  const valori = new Map<string, RekeyedValue<T>>();
  for (const [current, grouping] of grouped) {
    const { parts, dropped, mancanti } = partsOnDate(cw, current, grouping, date);
    for (const p of dropped)
      report.non_collegati.push({
        codice_istat: p.row.codice_istat,
        codice_catastale: p.belfiore,
        motivo: 'Comune istituito dopo questa data: le stesse persone sono già nelle righe dei comuni da cui è nato.',
      });
    const ricostruito = parts.length > 1 || parts[0]!.belfiore !== cw.belfioreOfCurrent(current);
    if (mancanti.length > 0) {
      report.incompleti.push({
        codice_istat: current,
        mancanti,
        motivo: 'Parte del territorio attuale senza valore nella fonte per questa data: la somma sarebbe incompleta.',
      });
      continue;
    }
    if (sum === null && parts.length > 1) {
      report.incompleti.push({
        codice_istat: current,
        mancanti: [],
        motivo: 'Valore non additivo di più comuni di origine: non ricostruibile.',
      });
      continue;
    }
    // A comune that may have absorbed a ceased one with no established successor: a sum of its parts might be an
    // undercount, so it is not served; its own row is, saying what it may lack.
    const forse = cw.possiblyMissing(current, date);
    const assenti = forse.map((u) => `${u.nome} (${u.codice_catastale}, cessato il ${u.data_cessazione})`).join(', ');
    if (forse.length > 0 && ricostruito) {
      report.incompleti.push({
        codice_istat: current,
        mancanti: forse.map((u) => u.codice_catastale),
        motivo: `Il territorio attuale potrebbe comprendere ${assenti}, il cui successore non è accertato: la somma potrebbe essere incompleta.`,
      });
      continue;
    }
    const value = parts.length === 1 ? parts[0]!.row.value : sum!(parts.map((p) => p.row.value));
    if (!ricostruito && parts[0]!.row.codice_istat === current) report.stesso_codice++;
    else if (!ricostruito) report.ricodificate++;
    else report.ricostruiti++;
    const parti = parts.map((p) => ({
      codice_istat: p.row.codice_istat,
      codice_catastale: p.belfiore,
      nome: cw.nameAt(p.belfiore, date),
    }));
    valori.set(
      current,
      forse.length > 0
        ? {
            value,
            ricostruito,
            avviso: `Territorio di allora: potrebbe non comprendere ${assenti}, poi cessato senza successore accertato (forse confluito in questo comune).`,
            parti,
          }
        : { value, ricostruito, parti },
    );
  }
  return { valori, report };
}

interface GroupedRow<T> {
  belfiore: string;
  row: { codice_istat: string; value: T };
}

/**
 * The rows that make up a current comune on a date, the rows left out, and the cadastral
 * codes of its territory on that date without a row.
 */
function partsOnDate<T>(cw: Crosswalk, current: string, grouping: GroupedRow<T>[], date: string) {
  // Most comuni: one cadastral code ever, and its one row. Nothing to choose or to miss (the general case agrees).
  const territory = cw.territoryOf(current);
  if (grouping.length === 1 && territory.length === 1 && territory[0] === grouping[0]!.belfiore)
    return { parts: grouping, dropped: [], mancanti: [] };
  const components = cw.componentsAt(current, date);
  // A file of later boundaries may list a comune before it existed beside the comuni it was made of (ISTAT's
  // 1 January 2020 has Novella and Brez, Cagnò, Cloz, Revò, Romallo): the same people twice, so the comuni of the date win.
  // (A row of a comune that had ceased by the date stays: MEF files its last tax year under it.)
  const instituted = grouping.filter((p) => cw.history.get(p.belfiore)![0]!.inizio <= date);
  const complete = components.every((b) => instituted.some((p) => p.belfiore === b));
  if (!complete && instituted.length === 0) {
    // Only comuni instituted after the date: a file already keyed on later boundaries (ISTAT's 1 January lists a comune
    // born that day; MEF's 2017 has Corigliano-Rossano, born 31 March 2018). Its rows are the territory of the day the
    // newest was born: kept when they are all of it, instead of dropped for predecessors the file no longer lists.
    const born = grouping
      .map((p) => cw.history.get(p.belfiore)![0]!.inizio)
      .sort()
      .at(-1)!;
    const later = cw.componentsAt(current, born);
    if (later.every((b) => grouping.some((p) => p.belfiore === b)))
      return { parts: grouping, dropped: [], mancanti: [] };
  }
  const parts = complete && instituted.length > 0 ? instituted : grouping;
  const present = new Set(parts.map((p) => p.belfiore));
  return {
    parts,
    dropped: grouping.filter((p) => !parts.includes(p)),
    mancanti: components.filter((b) => !present.has(b)),
  };
}
