/**
 * The wizard's filters on ISTAT's classification of comuni (extensions: zona, litoraneo,
 * urbanizzazione): their values, how ISTAT's codes map onto them (here, once, for the build's
 * columns and the OpenAPI descriptions alike) and the predicate over the index.
 */
import type { Anagrafica } from './schemas/comune.ts';
import type { ClassificationColumns } from './runtime-index.ts';

export const ZONE = ['montagna', 'collina', 'pianura'] as const;
export const LITORANEO = ['true', 'false'] as const;
export const URBANIZZAZIONE = ['citta', 'piccole_citta', 'rurale'] as const;

/** ISTAT altitude zone → filter value: interior and coastal mountain, interior and coastal hill, plain. */
export const ZONA_BY_CODE: Readonly<Record<number, (typeof ZONE)[number]>> = {
  1: 'montagna',
  2: 'montagna',
  3: 'collina',
  4: 'collina',
  5: 'pianura',
};
/** DEGURBA degree of urbanisation → filter value. */
export const URBANIZZAZIONE_BY_CODE: Readonly<Record<number, (typeof URBANIZZAZIONE)[number]>> = {
  1: 'citta',
  2: 'piccole_citta',
  3: 'rurale',
};

const SOURCE = 'ISTAT, «Classificazioni statistiche e dimensione dei comuni» al 1° gennaio 2026';

/** "1 e 2 → montagna, 3 e 4 → collina, 5 → pianura": a code mapping as the descriptions print it. */
function mappingText(mapping: Readonly<Record<number, string>>): string {
  const codes = new Map<string, string[]>();
  for (const [code, value] of Object.entries(mapping)) codes.set(value, [...(codes.get(value) ?? []), code]);
  return [...codes].map(([value, c]) => `${c.join(' e ')} → ${value}`).join(', ');
}

export const FILTER_DESCRIPTIONS = {
  zona: `Estensione, facoltativa: zona altimetrica ISTAT del comune (riferimento 2026), codici ${mappingText(ZONA_BY_CODE)} (montagna e collina interne e litoranee insieme). Fonte: ${SOURCE}.`,
  litoraneo: `Estensione, facoltativa: solo comuni litoranei (true: almeno un tratto del confine bagnato dal mare) o non litoranei (false); flag ISTAT, riferimento 2026. Fonte: ${SOURCE}.`,
  urbanizzazione: `Estensione, facoltativa: grado di urbanizzazione DEGURBA 2021 (Eurostat e ISTAT), codici ${mappingText(URBANIZZAZIONE_BY_CODE)} (piccole città e sobborghi). Fonte: ${SOURCE}.`,
} as const;

export interface ClassificationFilter {
  zona?: (typeof ZONE)[number];
  litoraneo?: (typeof LITORANEO)[number];
  urbanizzazione?: (typeof URBANIZZAZIONE)[number];
}

export const CLASSIFICATION_FILTERS_TEXT = `Filtri facoltativi dalla classificazione ISTAT dei comuni al 1° gennaio 2026: zona (zona altimetrica ${mappingText(ZONA_BY_CODE)}), litoraneo (true o false) e urbanizzazione (grado di urbanizzazione DEGURBA 2021: ${mappingText(URBANIZZAZIONE_BY_CODE)}). Un comune senza il dato richiesto non è proposto.`;

/** The index's classification columns, aligned with the given registry classifications (null where ISTAT has none). */
export function classificationColumns(
  classifications: readonly Anagrafica['classificazione'][],
): ClassificationColumns {
  return {
    zona: classifications.map((c) => (c?.zona_altimetrica && ZONA_BY_CODE[c.zona_altimetrica.codice]) ?? null),
    litoraneo: classifications.map((c) => c?.litoraneo ?? null),
    urbanizzazione: classifications.map(
      (c) => (c?.grado_urbanizzazione && URBANIZZAZIONE_BY_CODE[c.grado_urbanizzazione.codice]) ?? null,
    ),
  };
}

/** The predicate of the requested classification filters over index positions, or null when none is requested. */
export function classificationFilter(
  filter: ClassificationFilter,
  columns: ClassificationColumns,
): ((i: number) => boolean) | null {
  if (filter.zona === undefined && filter.litoraneo === undefined && filter.urbanizzazione === undefined) return null;
  const litoraneo = filter.litoraneo === undefined ? undefined : filter.litoraneo === 'true';
  return (i) =>
    (filter.zona === undefined || columns.zona[i] === filter.zona) &&
    (litoraneo === undefined || columns.litoraneo[i] === litoraneo) &&
    (filter.urbanizzazione === undefined || columns.urbanizzazione[i] === filter.urbanizzazione);
}
