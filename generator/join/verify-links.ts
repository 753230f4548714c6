import { relDiff } from './balance-cover.ts';
import type { SuccessorLink, Verification } from './successor-link.ts';
import { codeAt, lastTaxYear, type SuccessorInputs } from './successor-inputs.ts';

/** Tolerance of the check of each event (predecessors before against the successor after). */
export const CHECK_TOLERANCE = 0.05;

/** Fills `verifica` of every link, one check per event (successor and date). */
export function verifyLinks(input: SuccessorInputs, links: SuccessorLink[]): void {
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
