/** Comuni added, removed, renamed or moved to another province between two snapshots, dated from the registry. */
import { foldText } from '../../lib/text.ts';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import { pushTo } from '../../lib/maps.ts';

export interface ComuneRef {
  codice: string;
  nome: string;
  provincia: string;
}

export interface RemovedComune extends ComuneRef {
  /** Last day of validity in the current registry; null when the registry does not date it. */
  soppresso_il: string | null;
  /** The current registry still lists the code as active (then the removal is a data problem, not ISTAT's). */
  ancora_attivo: boolean;
  /** Codes added on the day after, in the same province (a merger) or with the same name (a new code for the same comune). */
  successori: string[];
}

export interface AddedComune extends ComuneRef {
  istituito_il: string | null;
  predecessori: string[];
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Comuni added and removed, dated from the registry: a suppressed code's last period, a new code's current one. */
export function registryChanges(
  before: Map<string, ComuneRef>,
  after: Map<string, ComuneRef>,
  validita: readonly GiValidita[],
) {
  const periods = new Map<string, GiValidita[]>();
  for (const v of validita) pushTo(periods, v.codice_istat, v);
  const ref = ({ codice, nome, provincia }: ComuneRef): ComuneRef => ({ codice, nome, provincia });
  const only = (a: Map<string, ComuneRef>, b: Map<string, ComuneRef>) =>
    [...a.values()].filter((c) => !b.has(c.codice)).sort((x, y) => x.codice.localeCompare(y.codice));
  const added = only(after, before).map((c) => {
    const active = periods.get(c.codice)?.find((p) => p.attivo);
    return { ...ref(c), istituito_il: active?.inizio ?? null, predecessori: [] as string[] };
  });
  const removed = only(before, after).map((c): RemovedComune => {
    const own = periods.get(c.codice) ?? [];
    const ended = own.filter((p) => !p.attivo && p.fine !== null).sort((a, b) => b.fine!.localeCompare(a.fine!))[0];
    const stillActive = own.some((p) => p.attivo);
    const end = stillActive ? null : (ended?.fine ?? null);
    // A successor starts the day after, in the same province (a merger) or with the same name (a
    // comune re-coded, e.g. when its province changes).
    const successori =
      end === null
        ? []
        : added
            .filter(
              (a) =>
                a.istituito_il === nextDay(end) &&
                (a.provincia === c.provincia || foldText(a.nome) === foldText(c.nome)),
            )
            .map((a) => a.codice);
    return { ...ref(c), soppresso_il: end, ancora_attivo: stillActive, successori };
  });
  for (const r of removed)
    for (const code of r.successori) added.find((a) => a.codice === code)!.predecessori.push(r.codice);
  const common = [...after.values()].filter((c) => before.has(c.codice));
  return {
    aggiunti: added,
    rimossi: removed,
    rinominati: common
      .filter((c) => before.get(c.codice)!.nome !== c.nome)
      .map((c) => ({ ...ref(c), nome_prima: before.get(c.codice)!.nome })),
    cambio_provincia: common
      .filter((c) => before.get(c.codice)!.provincia !== c.provincia)
      .map((c) => ({ ...ref(c), provincia_prima: before.get(c.codice)!.provincia })),
  };
}
