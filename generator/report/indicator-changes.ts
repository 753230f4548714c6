/** How one key figure moved between two snapshots: counts beyond the threshold, national totals, the largest changes. */
import { round } from '../../api/numbers.ts';
import type { ComuneRef } from './comune-changes.ts';
import type { IndicatorSpec, Threshold } from './tracked-indicators.ts';
import type { Snapshot } from './snapshot.ts';

export interface IndicatorChange {
  id: string;
  descrizione: string;
  anno_prima: number | null;
  anno_ora: number | null;
  soglia: Threshold;
  /** Comuni present in both builds with a value in both. */
  confrontati: number;
  oltre_soglia: number;
  in_aumento: number;
  in_calo: number;
  /** Value gained (null before) or lost (null now) by a comune present in both builds. */
  comparsi: number;
  scomparsi: number;
  /** National totals, for additive counts only (population, taxpayers). */
  totale_prima: number | null;
  totale_ora: number | null;
  /** The largest changes beyond the threshold, relative (or absolute for an absolute threshold) first. */
  principali: (ComuneRef & { prima: number; ora: number; variazione: number; variazione_percentuale: number | null })[];
}

export function indicatorChange(
  spec: IndicatorSpec,
  prev: Snapshot,
  curr: Snapshot,
  before: Map<string, ComuneRef & { i: number }>,
  top: number,
): IndicatorChange {
  const old = prev.comuni.valori[spec.id];
  const now = curr.comuni.valori[spec.id]!;
  const change: IndicatorChange = {
    id: spec.id,
    descrizione: spec.descrizione,
    anno_prima: prev.indicatori[spec.id] ?? null,
    anno_ora: curr.indicatori[spec.id] ?? null,
    soglia: spec.soglia,
    confrontati: 0,
    oltre_soglia: 0,
    in_aumento: 0,
    in_calo: 0,
    comparsi: 0,
    scomparsi: 0,
    totale_prima: null,
    totale_ora: null,
    principali: [],
  };
  const sum = (values: readonly (number | null)[]) => values.reduce((t: number, v) => t + (v ?? 0), 0);
  if (spec.additivo) {
    change.totale_prima = old ? sum(old) : null;
    change.totale_ora = sum(now);
  }
  if (!old) return change;
  const moved: (IndicatorChange['principali'][number] & { rank: number })[] = [];
  curr.comuni.codice.forEach((codice, i) => {
    const b = before.get(codice);
    if (!b) return;
    const [x, y] = [old[b.i] ?? null, now[i] ?? null];
    if (x === null || y === null) {
      if (x === null && y !== null) change.comparsi++;
      if (x !== null && y === null) change.scomparsi++;
      return;
    }
    change.confrontati++;
    const diff = y - x;
    const relative = x === 0 ? (diff === 0 ? 0 : Infinity) : Math.abs(diff / x);
    const factor = Math.max(x, y) / Math.min(x, y);
    const size =
      spec.soglia.tipo === 'relativa'
        ? relative
        : spec.soglia.tipo === 'fattore'
          ? // 0 → n or n → 0 is no order of magnitude for a count of a few.
            x > 0 && y > 0
            ? factor
            : 0
          : Math.abs(diff);
    if (spec.soglia.tipo === 'fattore' ? size < spec.soglia.valore : size <= spec.soglia.valore) return;
    change.oltre_soglia++;
    if (diff > 0) change.in_aumento++;
    else change.in_calo++;
    const pct = x === 0 ? null : round((diff / Math.abs(x)) * 100, 1);
    moved.push({
      codice,
      nome: curr.comuni.nome[i]!,
      provincia: curr.comuni.provincia[i]!,
      prima: x,
      ora: y,
      variazione: round(diff, 2),
      variazione_percentuale: pct,
      rank: size,
    });
  });
  moved.sort((a, b) => b.rank - a.rank || a.codice.localeCompare(b.codice));
  change.principali = moved.slice(0, top).map(({ rank: _rank, ...m }) => m);
  return change;
}
