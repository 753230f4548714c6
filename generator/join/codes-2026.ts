import type { CodiceSardegna2026 } from '../../data-sources/istat-codici-sardegna.ts';

/**
 * Re-keys a table published with the codes of 1 January 2026 onto the 2025 codes every
 * other source uses. Only Sardinia's 377 comuni changed code that day (new provinces
 * 112-119, same territory: istat/sardegna-2026); every other code is the same.
 */
export function rekeyFrom2026<T>(table: Map<string, T>, sardegna: readonly CodiceSardegna2026[]): Map<string, T> {
  const previous = new Map(sardegna.map((s) => [s.codice_2026, s.codice_precedente]));
  const out = new Map<string, T>();
  for (const [codice, value] of table) {
    const codice2025 = previous.get(codice) ?? codice;
    if (out.has(codice2025))
      throw new Error(`codici 2026: ${codice} e un altro codice portano entrambi a ${codice2025}`);
    out.set(codice2025, value);
  }
  return out;
}
