import type { Confine2019 } from '../../data-sources/openpolis-confini-2019.ts';
import type { Confine2025 } from '../../data-sources/istat-confini-2025.ts';
import type { IrpefComune } from '../../data-sources/mef-irpef-comunale.ts';
import { covers, type CodePeriod, type TerritorialHistory } from './territorial-history.ts';

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

/** Last tax year with a row for the code, and its taxpayers. */
export function lastTaxYear(taxpayers: SuccessorInputs['taxpayers'], belfiore: string): [number, number] | null {
  const years = taxpayers.get(belfiore);
  if (!years || years.size === 0) return null;
  const y = Math.max(...years.keys());
  return [y, years.get(y)!];
}

/** ISTAT code a territory had on a date. */
export function codeAt(periods: CodePeriod[] | undefined, date: string): string | null {
  return periods?.find((p) => covers(p, date))?.codice_istat ?? null;
}

/**
 * Additive MEF counts that two different comuni rarely share (taxpayers first): taxpayers
 * alone, or population alone, often balance two ways when several comuni merge into
 * several new ones on the same day. A count the source suppressed is NaN.
 */
/** First tax year of the MEF series (tax year Y counts 1 January Y+1: no figure of a comune ceased before then). */
export const firstTaxYear = (taxpayers: SuccessorInputs['taxpayers']) =>
  [...taxpayers.values()].reduce((first, years) => Math.min(first, ...years.keys()), Infinity);

export function mefProfile(r: IrpefComune): number[] {
  const perTipo = r.per_tipo;
  return [
    r.contribuenti,
    perTipo.lavoro_dipendente.frequenza,
    perTipo.pensione.frequenza,
    r.imposta_netta.frequenza,
  ].map((v) => v ?? NaN);
}

export const PROFILE_WIDTH = 4;
