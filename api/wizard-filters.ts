/**
 * The wizard's filters on ISTAT's classification of comuni (extensions: zona, litoraneo,
 * urbanizzazione). The one integration point with the data is `QualityColumns.classificazione`
 * (api/runtime-index.ts), which the build fills from the registry's classification fields; until
 * a build has it, asking for one of these filters is a 400 that says so, never an unfiltered answer.
 */
import { ProblemError, invalidParams } from './problem.ts';
import type { ClassificationColumns } from './runtime-index.ts';

export const ZONE = ['montagna', 'collina', 'pianura'] as const;
export const LITORANEO = ['true', 'false'] as const;
export const URBANIZZAZIONE = ['citta', 'piccole_citta', 'rurale'] as const;

export interface ClassificationFilter {
  zona?: (typeof ZONE)[number];
  litoraneo?: (typeof LITORANEO)[number];
  urbanizzazione?: (typeof URBANIZZAZIONE)[number];
}

export const CLASSIFICATION_FILTERS_TEXT =
  'Filtri facoltativi dalla classificazione ISTAT dei comuni: zona (zona altimetrica: montagna, collina o pianura; ISTAT distingue collina e montagna interna e litoranea, qui unite), litoraneo (true o false) e urbanizzazione (grado di urbanizzazione DEGURBA: citta, piccole_citta, rurale). Un comune senza il dato richiesto non è proposto.';

/**
 * The predicate of the requested classification filters over index positions, or null when none
 * is requested. Throws a 400 problem when one is requested and the index has no classification.
 */
export function classificationFilter(
  filter: ClassificationFilter,
  columns: ClassificationColumns | undefined,
  instance: string,
): ((i: number) => boolean) | null {
  const asked = (Object.keys(filter) as (keyof ClassificationFilter)[]).filter((k) => filter[k] !== undefined);
  if (asked.length === 0) return null;
  if (!columns)
    throw new ProblemError(
      invalidParams(
        instance,
        asked.map((name) => ({
          name,
          reason:
            "filtro non disponibile in questa versione dei dati: la classificazione ISTAT dei comuni non è ancora nell'indice",
        })),
      ),
    );
  const litoraneo = filter.litoraneo === undefined ? undefined : filter.litoraneo === 'true';
  return (i) =>
    (filter.zona === undefined || columns.zona[i] === filter.zona) &&
    (litoraneo === undefined || columns.litoraneo[i] === litoraneo) &&
    (filter.urbanizzazione === undefined || columns.urbanizzazione[i] === filter.urbanizzazione);
}
