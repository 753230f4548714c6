/** Fields whose coverage (comuni with a value, or its year) changed between two snapshots. */
import type { Snapshot } from './snapshot.ts';

export interface CoverageChange {
  dominio: string;
  campo: string;
  anno_prima: number | null;
  anno_ora: number | null;
  /** null when the field is absent from that build. */
  comuni_prima: number | null;
  comuni_ora: number | null;
}

/** Coverage rows are matched by field; by field and year where a field has one row per year (population, income). */
export function coverageChanges(prev: Snapshot['copertura'], curr: Snapshot['copertura']): CoverageChange[] {
  const count = (list: Snapshot['copertura']) => {
    const n = new Map<string, number>();
    for (const f of list) n.set(`${f.dominio}\0${f.campo}`, (n.get(`${f.dominio}\0${f.campo}`) ?? 0) + 1);
    return n;
  };
  const [np, nc] = [count(prev), count(curr)];
  const key = (f: Snapshot['copertura'][number]) => {
    const field = `${f.dominio}\0${f.campo}`;
    return np.get(field) === 1 && nc.get(field) === 1 ? field : `${field}\0${f.anno}`;
  };
  const before = new Map(prev.map((f) => [key(f), f]));
  const after = new Map(curr.map((f) => [key(f), f]));
  const out: CoverageChange[] = [];
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const [b, a] = [before.get(k), after.get(k)];
    if (b && a && b.anno === a.anno && b.comuni_con_valore === a.comuni_con_valore) continue;
    const f = (a ?? b)!;
    out.push({
      dominio: f.dominio,
      campo: f.campo,
      anno_prima: b?.anno ?? null,
      anno_ora: a?.anno ?? null,
      comuni_prima: b?.comuni_con_valore ?? null,
      comuni_ora: a?.comuni_con_valore ?? null,
    });
  }
  return out;
}
