import { pushTo } from '../../lib/maps.ts';
import type { PeriodoComune } from '../../data-sources/anpr-archivio-comuni.ts';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';

/** Start of the territorial history the crosswalk covers (codes and events since then). */
export const HISTORY_START = '1991-01-01';

/** Last day of the ANPR archive: later events come from Garda Informatica's validity file. */
export const ANPR_CUTOFF = '2023-05-16';

/** A period still in force at the history's start or later: the ones the crosswalk maps and the API lists. */
export const sinceHistoryStart = (p: { fine: string | null }) => p.fine === null || p.fine >= HISTORY_START;

/** One period of a territory (one cadastral code) under one ISTAT code and name; dates inclusive, `fine` null while open. */
export interface CodePeriod {
  codice_istat: string;
  nome: string;
  sigla_provincia: string;
  inizio: string;
  fine: string | null;
  fonte: 'anpr-archivio-comuni' | 'gi-db-comuni';
}

/** Every period of every cadastral code, sorted by start date. */
export type TerritorialHistory = Map<string, CodePeriod[]>;

export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function previousDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export const covers = (p: CodePeriod, date: string) => p.inizio <= date && (p.fine === null || p.fine >= date);

/**
 * Merges the ANPR archive (to May 2023) with Garda Informatica's validity periods for what
 * came after: periods opened after the cutoff are added, and ANPR periods still open that
 * the later file closes get its end date (the 2024 fusions).
 */
export function buildHistory(anpr: PeriodoComune[], gi: GiValidita[]): TerritorialHistory {
  const history: TerritorialHistory = new Map();
  for (const r of anpr)
    pushTo(history, r.codice_catastale, {
      codice_istat: r.codice_istat,
      nome: r.nome,
      sigla_provincia: r.sigla_provincia,
      inizio: r.inizio,
      fine: r.fine,
      fonte: 'anpr-archivio-comuni',
    });
  for (const g of gi) {
    if (!g.inizio || !/^[A-Z]\d{3}$/.test(g.codice_catastale)) continue;
    const periods = history.get(g.codice_catastale) ?? [];
    if (g.inizio > ANPR_CUTOFF && !periods.some((p) => p.codice_istat === g.codice_istat && p.inizio === g.inizio)) {
      pushTo(history, g.codice_catastale, {
        codice_istat: g.codice_istat,
        nome: g.nome,
        sigla_provincia: g.sigla_provincia,
        inizio: g.inizio,
        fine: g.fine,
        fonte: 'gi-db-comuni',
      });
    }
    if (g.fine && g.fine > ANPR_CUTOFF) {
      const open = periods.find((p) => p.codice_istat === g.codice_istat && p.fine === null);
      if (open) open.fine = g.fine;
    }
  }
  for (const periods of history.values()) periods.sort((a, b) => a.inizio.localeCompare(b.inizio));
  return history;
}

/** The day after the last period of a territory, or null while it exists. */
export function cessation(periods: CodePeriod[]): string | null {
  const last = periods[periods.length - 1]!;
  return last.fine;
}
