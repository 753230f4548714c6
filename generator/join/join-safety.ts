import type { IstatDelitti } from '../../data-sources/istat-delitti.ts';
import { provenance, type SourceMeta } from '../../data-sources/lib/source.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import type { Sicurezza } from '../../api/schemas/servizi.ts';

/**
 * Safety per comune: crimes reported per 1,000 inhabitants of its province (ISTAT),
 * through the reviewed mapping of the file's territories to today's provinces. A
 * province the mapping cannot match gets null with the mapping's reason.
 */
export function joinSafety(
  comuni: Anagrafica[],
  delitti: IstatDelitti | null,
  meta: SourceMeta,
): Map<string, Sicurezza> {
  const noData = new Map((delitti?.delitti.senzaDato ?? []).map((s) => [s.sigla, s.motivo]));
  const out = new Map<string, Sicurezza>();
  for (const c of comuni) {
    const sigla = c.provincia.sigla;
    const series = delitti?.delitti.perSigla.get(sigla) ?? [];
    const last = [...series].reverse().find((s) => s.tasso_per_1000 !== null);
    out.set(c.codice_istat, {
      livello: 'provincia',
      sigla_provincia: sigla,
      anno: last?.anno ?? null,
      delitti_per_1000_abitanti: last?.tasso_per_1000 ?? null,
      serie_storica: series.map((s) => ({
        anno: s.anno,
        delitti: s.delitti,
        popolazione: s.popolazione,
        delitti_per_1000_abitanti: s.tasso_per_1000,
      })),
      fonte: last ? provenance(meta, last.anno) : null,
      motivo_mancante: last
        ? null
        : !delitti
          ? 'Fonte ISTAT sui delitti non disponibile in questa build.'
          : (noData.get(sigla) ?? `Nessun dato per la provincia ${sigla} nella fonte.`),
    });
  }
  return out;
}
