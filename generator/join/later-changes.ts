import type { Estinzione } from '../../data-sources/istat-variazioni-comuni.ts';

/** What ISTAT records for a comune served after the registry's basis: it ceases, into another comune. */
export interface LaterChange {
  evento: 'incorporazione' | 'fusione';
  data: string;
  codice_istat_successore: string;
  nome_successore: string;
  provvedimento: string;
}

/** A code instituted after the basis: not served, but its 404 names the comuni it was made of. */
export interface InstitutedLater {
  codice_istat: string;
  nome: string;
  data: string;
  predecessori: { codice_istat: string; nome: string }[];
}

export interface LaterChanges {
  /** Current code → its extinctions after the basis (the newest ISTAT record, SITUAS). */
  perComune: Map<string, LaterChange[]>;
  /** Code instituted after the basis → what it was made of. */
  istituiti: Map<string, InstitutedLater>;
}

/**
 * ISTAT's extinctions dated after the registry's basis, for the comuni served (whose codes are those of
 * the basis). A successor that is itself a comune served absorbed it (incorporazione); one that is not was
 * instituted for it (fusione), and is listed with every comune it was made of.
 */
export function laterChanges(
  estinzioni: readonly Estinzione[],
  basis: string,
  current: ReadonlySet<string>,
): LaterChanges {
  const perComune = new Map<string, LaterChange[]>();
  const istituiti = new Map<string, InstitutedLater>();
  for (const e of [...estinzioni].sort((a, b) => a.data.localeCompare(b.data) || a.codice.localeCompare(b.codice))) {
    if (e.data <= basis || !current.has(e.codice)) continue;
    const born = !current.has(e.codice_successore);
    const change: LaterChange = {
      evento: born ? 'fusione' : 'incorporazione',
      data: e.data,
      codice_istat_successore: e.codice_successore,
      nome_successore: e.nome_successore,
      provvedimento: e.provvedimento,
    };
    perComune.set(e.codice, [...(perComune.get(e.codice) ?? []), change]);
    if (!born) continue;
    const entry = istituiti.get(e.codice_successore) ?? {
      codice_istat: e.codice_successore,
      nome: e.nome_successore,
      data: e.data,
      predecessori: [],
    };
    entry.predecessori.push({ codice_istat: e.codice, nome: e.nome });
    istituiti.set(e.codice_successore, entry);
  }
  return { perComune, istituiti };
}
