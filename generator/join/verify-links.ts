import { pushTo } from '../../lib/maps.ts';
import { relDiff } from './balance-cover.ts';
import type { SuccessorLink, Verification } from './successor-link.ts';
import { codeAt, firstTaxYear, lastTaxYear, type SuccessorInputs } from './successor-inputs.ts';

/** Tolerance of the check of each event (predecessors before against the successor after). */
export const CHECK_TOLERANCE = 0.05;

/** Fills `verifica`, the second check where needed and `esito` of every link, one check per event (successor and date). */
export function verifyLinks(input: SuccessorInputs, links: SuccessorLink[]): void {
  const events = new Map<string, SuccessorLink[]>();
  for (const l of links) {
    pushTo(events, `${l.successore}|${l.data_evento}`, l);
  }
  const measures = [...input.population].sort((a, b) => a.data_territorio.localeCompare(b.data_territorio));
  // Once, not per event: it scans every code's tax years.
  const firstYear = firstTaxYear(input.taxpayers);
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
    }
    // Tax year Y counts the territory of 1 January Y+1: the last year before the event is the last year of the predecessors.
    const lastYears = group.map((l) => lastTaxYear(input.taxpayers, l.predecessore)?.[0] ?? null);
    const year = lastYears.every((y) => y !== null && y === lastYears[0]) ? lastYears[0]! : null;
    check ??= year === null ? null : taxpayerCheck(input, members, successore, year, year + 1);
    // A one-year blip on either side (a partial first year, a revision) is absorbed one year further out.
    const second =
      check?.verificato || year === null ? null : taxpayerCheck(input, members, successore, year - 1, year + 2);
    const outcome = outcomeOf(check, second, data_evento, firstYear);
    for (const l of group) Object.assign(l, { verifica: check, verifica_secondo_metodo: second, ...outcome });
  }
}

/** Predecessors' (and an existing successor's) taxpayers of one tax year against the successor's of a later one. */
function taxpayerCheck(
  input: SuccessorInputs,
  members: string[],
  successore: string,
  before: number,
  after: number,
): Verification | null {
  const value = input.taxpayers.get(successore)?.get(after);
  const values = members.map((b) => input.taxpayers.get(b)?.get(before));
  if (value === undefined || values.some((v) => v === undefined)) return null;
  const sum = values.reduce((t, v) => t! + v!, 0)!;
  return {
    misura: 'contribuenti',
    prima: `anno d'imposta ${before}`,
    dopo: `anno d'imposta ${after}`,
    somma_prima: sum,
    valore_dopo: value,
    scarto_percentuale: round1(relDiff(sum, value) * 100),
    verificato: relDiff(sum, value) <= CHECK_TOLERANCE,
  };
}

const describe = (v: Verification) => `${v.misura} ${v.prima} → ${v.dopo}: scarto ${v.scarto_percentuale}%`;

function outcomeOf(
  check: Verification | null,
  second: Verification | null,
  event: string,
  firstYear: number,
): Pick<SuccessorLink, 'esito' | 'motivo_esito'> {
  if (check?.verificato) return { esito: 'verificato', motivo_esito: null };
  if (second?.verificato)
    return {
      esito: 'verificato_secondo_metodo',
      motivo_esito: `${check ? `Primo controllo oltre il 5% (${describe(check)})` : 'Primo controllo impossibile (dati mancanti)'}; confermato sugli anni vicini (${describe(second)}).`,
    };
  if (!check && !second)
    return {
      esito: 'non_verificabile',
      // Tax year Y counts 1 January Y+1: an event up to then has no figure of the ceased comuni.
      motivo_esito:
        Number.isFinite(firstYear) && event <= `${firstYear + 1}-01-01`
          ? `Non verificabile: nessun dato prima del ${firstYear} (evento del ${event}; contribuenti MEF dall'anno d'imposta ${firstYear}, popolazione ISTAT dal 2018).`
          : `Non verificabile: mancano i dati dei comuni d'origine o del successore attorno all'evento del ${event}.`,
    };
  return {
    esito: 'non_verificato',
    motivo_esito: [check, second]
      .filter((v): v is Verification => v !== null)
      .map(describe)
      .join('; '),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
