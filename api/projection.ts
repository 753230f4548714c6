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

export function selectYear<T extends { anno: number }, R extends YearlyRecord<T>>(
  record: Omit<R, 'anno' | 'dati'> & Partial<R>,
  anno: number,
  selfPath: string,
): R | null {
  const dati = record.serie_storica.find((entry) => entry.anno === anno);
  if (!dati) return null;
  const { anno: _a, dati: _d, links, ...rest } = record as R;
  // Key order: identity fields, then the selected year, then the series and the rest.
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'serie_storica') Object.assign(out, { anno, dati });
    out[key] = value;
  }
  out.links = { ...links, self: selfPath };
  return out as unknown as R;
}
