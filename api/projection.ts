/**
 * Per-comune records with a history (demografia, redditi) are written once, for the
 * default year, with the complete yearly series. The answer for another `anno` is a
 * projection of that record: `dati` becomes that year's entry of `serie_storica`.
 * The generator writes the default file with this same function.
 */
export interface YearlyRecord<T extends { anno: number }> {
  anno: number;
  dati: T;
  serie_storica: T[];
  anni_disponibili: number[];
  links: { self: string } & Record<string, string>;
}

export function selectYear<T extends { anno: number }, R extends YearlyRecord<T>>(record: Omit<R, 'anno' | 'dati'> & Partial<R>, anno: number, selfPath: string): R | null {
  const dati = record.serie_storica.find((entry) => entry.anno === anno);
  if (!dati) return null;
  const { anno: _a, dati: _d, links, ...rest } = record as R;
  return { ...(rest as object), anno, dati, links: { ...links, self: selfPath } } as unknown as R;
}
