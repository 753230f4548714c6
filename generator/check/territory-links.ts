import { SOURCES } from '../../data-sources/index.ts';
import type { RekeyReport } from '../join/crosswalk.ts';
import type { TerritoryReport } from '../join/territory.ts';

type Rekeyed = RekeyReport & { anno?: number };

const ARCHIVE = `${SOURCES.archivio.meta.files.map((f) => f.path).join(', ')} (${SOURCES.archivio.meta.id})`;
/** The crosswalk's reason for a row whose code no archive knows (crosswalk.ts). */
const UNKNOWN_CODE = 'Codice assente dagli archivi storici dei comuni.';

/**
 * The successor links and the re-keying of every source, as a gate: a link whose figures disagree
 * (`non_verificato`), or a source row whose code no archive knows, means an archive that lost or
 * altered a comune (a ceased comune's row deleted once built with exit 0, its comune-years gone).
 */
export function checkTerritoryLinks(
  report: Pick<TerritoryReport, 'collegamenti'>,
  rekeyed: Record<string, Rekeyed | readonly Rekeyed[] | null>,
): string[] {
  const failures: string[] = [];
  for (const l of report.collegamenti)
    if (l.esito === 'non_verificato')
      failures.push(
        `${ARCHIVE}: il collegamento ${l.predecessore} ${l.nome_predecessore} → ${l.successore} ${l.nome_successore} (${l.metodo}) non è verificato dai dati: ${l.motivo_esito ?? 'le cifre prima e dopo non tornano'}`,
      );
  // One line per lost code, with every series and year that has a row under it.
  const lost = new Map<string, { belfiore: string | null; where: string[] }>();
  for (const [serie, reports] of Object.entries(rekeyed))
    for (const r of [reports ?? []].flat())
      for (const row of r.non_collegati)
        if (row.motivo === UNKNOWN_CODE) {
          const entry = lost.get(row.codice_istat) ?? { belfiore: null, where: [] };
          entry.belfiore ??= row.codice_catastale;
          entry.where.push(`${serie} ${r.anno ?? r.data_territorio}`);
          lost.set(row.codice_istat, entry);
        }
  for (const [codice, { belfiore, where }] of lost)
    failures.push(
      `${ARCHIVE}: il codice ${codice}${belfiore ? ` (${belfiore})` : ''} non è in nessun archivio storico dei comuni, ma ha righe nelle fonti (${where.join(', ')}): riga del comune persa dall'archivio?`,
    );
  return failures;
}
