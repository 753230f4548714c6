/**
 * What changed between two builds. Every build writes a compact snapshot of what it served
 * (public/report/snapshot.json); the next build compares its own snapshot with the one it is
 * about to replace and writes public/report/changes.json: comuni added or removed (dated
 * from the registry's validity periods), key figures that moved beyond a stated threshold,
 * fields whose coverage changed, years and source vintages added or removed.
 */
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import { INDICATORS, type Domain } from './tracked-indicators.ts';
import { registryChanges, type AddedComune, type ComuneRef, type RemovedComune } from './comune-changes.ts';
import { coverageChanges, type CoverageChange } from './coverage-changes.ts';
import { indicatorChange, type IndicatorChange } from './indicator-changes.ts';
import type { PreviousSnapshot, Snapshot } from './snapshot.ts';

export const CHANGES_PATH = '/report/changes.json';

export interface ChangeReport {
  formato: 1;
  versione_dati: { prima: string | null; ora: string };
  /** Why nothing is compared (first build, unreadable snapshot); null when compared. */
  senza_confronto: string | null;
  anni_predefiniti: { dominio: string; prima: number; ora: number }[];
  anni: { dominio: string; aggiunti: number[]; rimossi: number[] }[];
  fonti: {
    id: string;
    annata_prima: string | null;
    annata_ora: string | null;
    disponibile_prima: boolean | null;
    disponibile_ora: boolean | null;
  }[];
  comuni: {
    prima: number | null;
    ora: number;
    aggiunti: AddedComune[];
    rimossi: RemovedComune[];
    rinominati: (ComuneRef & { nome_prima: string })[];
    cambio_provincia: (ComuneRef & { provincia_prima: string })[];
  };
  indicatori: IndicatorChange[];
  copertura: CoverageChange[];
}

export interface CompareOptions {
  /** The current registry's validity periods (gi_comuni_validita), to date and link code changes. */
  validita: readonly GiValidita[];
  /** How many of the largest changes each indicator lists (default 20). */
  top?: number;
}

function rows(s: Snapshot): Map<string, ComuneRef & { i: number }> {
  return new Map(
    s.comuni.codice.map((codice, i) => [
      codice,
      { codice, nome: s.comuni.nome[i]!, provincia: s.comuni.provincia[i]!, i },
    ]),
  );
}

export function compareSnapshots(previous: PreviousSnapshot, curr: Snapshot, options: CompareOptions): ChangeReport {
  const prev = previous.snapshot;
  const report: ChangeReport = {
    formato: 1,
    versione_dati: { prima: prev?.versione_dati ?? null, ora: curr.versione_dati },
    senza_confronto: previous.snapshot === null ? previous.motivo : null,
    anni_predefiniti: [],
    anni: [],
    fonti: [],
    comuni: {
      prima: prev?.comuni.codice.length ?? null,
      ora: curr.comuni.codice.length,
      aggiunti: [],
      rimossi: [],
      rinominati: [],
      cambio_provincia: [],
    },
    indicatori: [],
    copertura: [],
  };
  if (!prev) return report;
  const domains = [...new Set([...Object.keys(prev.anni), ...Object.keys(curr.anni)])] as Domain[];
  for (const d of domains) {
    const [p, c] = [prev.anni_predefiniti[d], curr.anni_predefiniti[d]];
    if (p !== undefined && c !== undefined && p !== c) report.anni_predefiniti.push({ dominio: d, prima: p, ora: c });
    const [yp, yc] = [prev.anni[d] ?? [], curr.anni[d] ?? []];
    const aggiunti = yc.filter((y) => !yp.includes(y));
    const rimossi = yp.filter((y) => !yc.includes(y));
    if (aggiunti.length || rimossi.length) report.anni.push({ dominio: d, aggiunti, rimossi });
  }
  const sources = new Map(prev.fonti.map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const s of curr.fonti) {
    seen.add(s.id);
    const p = sources.get(s.id);
    if (p && p.annata === s.annata && p.disponibile === s.disponibile) continue;
    report.fonti.push({
      id: s.id,
      annata_prima: p?.annata ?? null,
      annata_ora: s.annata,
      disponibile_prima: p?.disponibile ?? null,
      disponibile_ora: s.disponibile,
    });
  }
  for (const p of prev.fonti)
    if (!seen.has(p.id))
      report.fonti.push({
        id: p.id,
        annata_prima: p.annata,
        annata_ora: null,
        disponibile_prima: p.disponibile,
        disponibile_ora: null,
      });
  const before = rows(prev);
  report.comuni = {
    prima: prev.comuni.codice.length,
    ora: curr.comuni.codice.length,
    ...registryChanges(before, rows(curr), options.validita),
  };
  report.indicatori = INDICATORS.map((spec) => indicatorChange(spec, prev, curr, before, options.top ?? 20));
  report.copertura = coverageChanges(prev.copertura, curr.copertura);
  return report;
}
