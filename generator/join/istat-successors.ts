import type { Estinzione } from '../../data-sources/istat-variazioni-comuni.ts';
import type { SuccessorLink, UnresolvedCessation } from './successor-link.ts';
import { previousDay, type TerritorialHistory } from './territorial-history.ts';

/** Where the inference from figures and polygons stands against ISTAT's successor. */
export interface Disagreement {
  codice_catastale: string;
  nome: string;
  successore_istat: string;
  /** The inference's successor (cadastral code), null when it left the comune unresolved. */
  successore_dedotto: string | null;
  data_istat: string;
  data_dedotta: string | null;
  /** Same comune today along both chains: a step of a chain named differently, not another territory. */
  stesso_comune_attuale: boolean;
}

const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * Cadastral code that used an ISTAT code on a date (the archives' periods); failing that, the one whose period
 * ended (`fine`) or began (`inizio`) nearest the date, within a year: the archives and ISTAT's record may date
 * the same event days apart (Veneto's 2024 fusions: 1 January in the registry, 22 January for ISTAT).
 */
function codeIndex(history: TerritorialHistory) {
  const byCode = new Map<string, { belfiore: string; inizio: string; fine: string | null }[]>();
  for (const [belfiore, periods] of history)
    for (const p of periods) {
      const list = byCode.get(p.codice_istat) ?? [];
      list.push({ belfiore, inizio: p.inizio, fine: p.fine });
      byCode.set(p.codice_istat, list);
    }
  return (codice: string, date: string, edge: 'inizio' | 'fine') => {
    const uses = byCode.get(codice) ?? [];
    const at = uses.find((u) => u.inizio <= date && (u.fine === null || u.fine >= date));
    if (at) return at.belfiore;
    const near = uses
      .filter((u) => u[edge] !== null && days(u[edge]!, date) <= 366)
      .sort((x, y) => days(x[edge]!, date) - days(y[edge]!, date))[0];
    return near?.belfiore ?? null;
  };
}

/**
 * ISTAT's extinctions up to the basis date as successor links (cadastral codes, ISTAT's date and act), each
 * with the inference's result for the same comune beside it: the checks' figures where it named the same
 * successor, the disagreement otherwise. An extinction whose codes the archives do not hold is an error.
 */
export function istatLinks(
  history: TerritorialHistory,
  estinzioni: readonly Estinzione[],
  basis: string,
  inferred: readonly SuccessorLink[],
  unresolved: readonly UnresolvedCessation[],
  currentOf: (belfiore: string) => string | null,
) {
  const belfioreAt = codeIndex(history);
  const byPredecessor = new Map(inferred.map((l) => [l.predecessore, l]));
  const unresolvedSet = new Set(unresolved.map((u) => u.codice_catastale));
  const links: SuccessorLink[] = [];
  const errors: string[] = [];
  const disagreements: Disagreement[] = [];
  const reestablished: { codice_catastale: string; nome: string; data: string; successore: string }[] = [];
  for (const e of estinzioni) {
    if (e.data > basis) continue;
    const predecessore = belfioreAt(e.codice, previousDay(e.data), 'fine');
    const successore = belfioreAt(e.codice_successore, e.data, 'inizio');
    if (!predecessore || !successore) {
      errors.push(
        `estinzione ISTAT di ${e.nome} (${e.codice}) il ${e.data} in ${e.nome_successore} (${e.codice_successore}): ` +
          `${predecessore ? 'il successore' : 'il comune'} non ha quel codice a quella data negli archivi storici`,
      );
      continue;
    }
    // Ceased and later re-established under the same cadastral code (Baranzate: 2003 into Bollate, again a comune
    // from 2004): a comune of today, not a ceased one; its interruption is listed, it moves no data.
    if (history.get(predecessore)!.at(-1)!.fine === null) {
      reestablished.push({ codice_catastale: predecessore, nome: e.nome, data: e.data, successore: successore });
      continue;
    }
    const guess = byPredecessor.get(predecessore);
    const agrees = guess?.successore === successore;
    if (!agrees)
      disagreements.push({
        codice_catastale: predecessore,
        nome: e.nome,
        successore_istat: successore,
        successore_dedotto: guess?.successore ?? null,
        data_istat: e.data,
        data_dedotta: guess?.data_evento ?? null,
        stesso_comune_attuale: !!guess && currentOf(guess.successore) === currentOf(successore),
      });
    else if (guess.data_evento !== e.data)
      disagreements.push({
        codice_catastale: predecessore,
        nome: e.nome,
        successore_istat: successore,
        successore_dedotto: guess.successore,
        data_istat: e.data,
        data_dedotta: guess.data_evento,
        stesso_comune_attuale: true,
      });
    // A fusion: the successor was born for it (the archives' day, which may differ from ISTAT's by days).
    const born = days(history.get(successore)![0]!.inizio, e.data) <= 366;
    links.push({
      predecessore,
      successore,
      data_evento: e.data,
      evento: born ? 'fusione' : 'incorporazione',
      metodo: 'registro_istat',
      verifica: agrees ? guess.verifica : null,
      verifica_secondo_metodo: agrees ? guess.verifica_secondo_metodo : null,
      esito: agrees ? guess.esito : 'non_dedotto',
      motivo_esito: agrees
        ? guess.motivo_esito
        : unresolvedSet.has(predecessore)
          ? 'Le cifre non distinguono la ripartizione (fusioni dello stesso giorno): il successore è quello del registro ISTAT, non controllato dai dati.'
          : guess
            ? `L'inferenza dai dati indicava un altro successore (${guess.successore}): vale il registro ISTAT.`
            : 'Il successore è quello del registro ISTAT; nessuna inferenza dai dati.',
      registro_istat: {
        data: e.data,
        codice_istat_comune: e.codice,
        codice_istat_successore: e.codice_successore,
        nome_successore: e.nome_successore,
        provvedimento: e.provvedimento,
        contenuto: e.contenuto,
      },
    });
  }
  return { links, errors, disagreements, reestablished };
}
