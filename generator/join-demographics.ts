import type { PopulationPoint } from '../data-sources/anpr-popolazione.ts';
import type { PosasLoad } from '../data-sources/istat-posas.ts';
import { provenance, type SourceMeta } from '../data-sources/lib/source.ts';
import type { Anagrafica } from '../api/schemas/comune.ts';
import type { DemografiaAnno } from '../api/schemas/demografia.ts';
import { ratio } from '../api/numbers.ts';
import type { TerritoryLookup } from './rekey-sources.ts';

export interface PopulationSource {
  meta: SourceMeta;
  points: PopulationPoint[];
}

export interface DemographicsReport {
  /** Per year: the source used and the codes it has that are not current comuni (never attached to another comune). */
  anni: { anno: number; fonte: string; data_riferimento: string; comuni_con_valore: number; codici_non_attuali: { codice: string; nome: string }[] }[];
  anno_predefinito: number;
}

/** The `territorio` field of a yearly figure, present only when the source keyed it otherwise than today. */
export function territoryOf(lookup: TerritoryLookup | undefined, anno: number, codice: string) {
  const t = lookup?.(anno, codice);
  return t ? { territorio: t } : {};
}

export const REASON_BIRTHS_DEATHS = 'Nessuna fonte: il bilancio demografico ISTAT (nati, morti) non è tra le fonti; non stimato.';

function sexReason(anno: number, posas: PosasLoad | null): string {
  if (posas && anno === posas.punto.anno) {
    return posas.copertura === 'campione'
      ? `ISTAT POSAS ${anno} è tra le fonti solo per ${posas.comuni.size} comuni campione (manca il file nazionale).`
      : `Il comune non compare in ISTAT POSAS ${anno}.`;
  }
  return `Nessuna fonte per sesso per il ${anno} (ISTAT POSAS solo ${posas?.punto.anno ?? 2025}).`;
}

/**
 * Builds the yearly demographic series of every comune. For each year one source is
 * used, the first in `sources` order that has the year (official ISTAT counts before
 * ANPR register counts when both exist). Only codes of current comuni are attached:
 * counts of merged or suppressed comuni are reported, never summed into a successor.
 * A comune's series lists only the years in which it has a population figure.
 */
export function joinDemographics(comuni: Anagrafica[], sources: PopulationSource[], posas: PosasLoad | null, posasMeta: SourceMeta, territorio?: TerritoryLookup) {
  const byYear = new Map<number, { meta: SourceMeta; point: PopulationPoint }>();
  for (const s of sources) for (const point of s.points) if (!byYear.has(point.anno)) byYear.set(point.anno, { meta: s.meta, point });
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const current = new Set(comuni.map((c) => c.codice_istat));
  // The default year is the newest one whose source covers every current comune.
  const complete = years.filter((y) => comuni.every((c) => byYear.get(y)!.point.valori.has(c.codice_istat)));
  const defaultYear = complete[complete.length - 1];
  if (defaultYear === undefined) throw new Error('no population source covers all current comuni');
  const report: DemographicsReport = {
    anno_predefinito: defaultYear,
    anni: years.map((anno) => {
      const { meta, point } = byYear.get(anno)!;
      return {
        anno,
        fonte: meta.id,
        data_riferimento: point.data_riferimento,
        comuni_con_valore: [...point.valori.keys()].filter((c) => current.has(c)).length,
        codici_non_attuali: [...point.valori.keys()].filter((c) => !current.has(c)).sort().map((codice) => ({ codice, nome: point.nomi.get(codice) ?? '' })),
      };
    }),
  };
  const series = new Map<string, DemografiaAnno[]>();
  for (const c of comuni) {
    const entries: DemografiaAnno[] = [];
    for (const anno of years) {
      const { meta, point } = byYear.get(anno)!;
      const total = point.valori.get(c.codice_istat);
      if (total === undefined) continue;
      const sex = posas && anno === posas.punto.anno ? posas.comuni.get(c.codice_istat) : undefined;
      const missing: Record<string, string> = {};
      if (!sex) missing.maschi = missing.femmine = sexReason(anno, posas);
      missing.nati = missing.morti = REASON_BIRTHS_DEATHS;
      const density = ratio(total, c.superficie_km2, 1);
      if (density === null) missing.densita_ab_km2 = `Superficie del comune non disponibile: ${c.valori_mancanti.superficie_km2 ?? 'assente nella fonte.'}`;
      entries.push({
        anno,
        data_riferimento: point.data_riferimento,
        popolazione_totale: total,
        maschi: sex?.maschi ?? null,
        femmine: sex?.femmine ?? null,
        nati: null,
        morti: null,
        densita_ab_km2: density,
        fonti: {
          popolazione_totale: provenance(meta, anno, point.data_riferimento),
          sesso: sex ? provenance(posasMeta, anno, posas!.punto.data_riferimento) : null,
        },
        valori_mancanti: missing,
        ...territoryOf(territorio, anno, c.codice_istat),
      });
    }
    series.set(c.codice_istat, entries);
  }
  return { series, years, defaultYear, report };
}
