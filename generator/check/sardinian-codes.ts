import type { CodiceSardegna2026 } from '../../data-sources/istat-codici-sardegna.ts';

/**
 * ISTAT numbers the comuni of a new province in the alphabetical order of their names. In the 2026
 * Sardinian table every province follows it except two comuni added at the end, listed here; a swap
 * of two codes within a province breaks the order, a swap across provinces the province column.
 */
export const ORDER_EXCEPTIONS: Record<string, string> = {
  '116023': 'Seui, ultimo codice della provincia 116 dopo Villagrande Strisaili',
  '119024': 'Teulada, ultimo codice della provincia 119 dopo Villaperuccio',
};

/** Alphabetical as ISTAT sorts: accents ignored, the apostrophe after the letters (Santadi before Sant'Anna Arresi). */
const sortKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, '~');

export function checkSardinianOrder(rows: readonly CodiceSardegna2026[], file: string): string[] {
  const failures: string[] = [];
  const byProvince = new Map<string, CodiceSardegna2026[]>();
  const provinceColumn = new Map<string, Set<string>>();
  for (const r of rows) {
    const p = r.codice_2026.slice(0, 3);
    byProvince.set(p, [...(byProvince.get(p) ?? []), r]);
    provinceColumn.set(p, (provinceColumn.get(p) ?? new Set()).add(r.provincia_2026.codice));
  }
  for (const [p, list] of byProvince) {
    if ((provinceColumn.get(p)?.size ?? 0) > 1) {
      const odd = list.filter((r) => r.provincia_2026.codice !== list[0]!.provincia_2026.codice);
      for (const r of odd)
        failures.push(
          `${file}: codice 2026 ${r.codice_2026} «${r.nome}» (precedente ${r.codice_precedente}) nella provincia ${r.provincia_2026.codice} ${r.provincia_2026.nome}, mentre gli altri codici ${p} sono della provincia ${list[0]!.provincia_2026.codice}: codici scambiati?`,
        );
    }
    const ordered = list
      .filter((r) => !ORDER_EXCEPTIONS[r.codice_2026])
      .sort((a, b) => a.codice_2026.localeCompare(b.codice_2026));
    for (let i = 1; i < ordered.length; i++) {
      const [a, b] = [ordered[i - 1]!, ordered[i]!];
      if (sortKey(b.nome) < sortKey(a.nome))
        failures.push(
          `${file}: codice 2026 ${b.codice_2026} «${b.nome}» (precedente ${b.codice_precedente}) dopo ${a.codice_2026} «${a.nome}» (precedente ${a.codice_precedente}): ISTAT numera i comuni di una provincia nuova in ordine alfabetico, codici scambiati?`,
        );
    }
  }
  return failures;
}

/**
 * Comuni renamed between the registry (2025) and ISTAT's 2026 classification: the only two name
 * disagreements on the real files beyond spelling (case, accents, apostrophes, spaces, the bilingual slash).
 */
export const NAME_EXCEPTIONS: Record<string, string> = {
  '006113': 'Murisengo, «Murisengo Monferrato» nella classificazione ISTAT 2026 (cambio di denominazione)',
  '083100': 'Tripi, «Tripi - Abakainon» nella classificazione ISTAT 2026 (cambio di denominazione)',
};

/**
 * Code and name must pair the same way in two sources (the 2026 table against ISTAT's 2026 classification
 * of comuni; the registry against the classification and the boundaries): names that differ only in
 * spelling (case, accents, apostrophes, spaces, the bilingual slash) agree; each other disagreement names
 * both files, the code and the two names.
 */
export function checkCodeNamePairs(
  a: { file: string; nomi: ReadonlyMap<string, string> },
  b: { file: string; nomi: ReadonlyMap<string, string> },
  exceptions: Record<string, string> = {},
): string[] {
  const same = (x: string, y: string) => sortKey(x).replace(/[^\p{L}]/gu, '') === sortKey(y).replace(/[^\p{L}]/gu, '');
  const failures: string[] = [];
  for (const [codice, nome] of a.nomi) {
    const other = b.nomi.get(codice);
    if (other !== undefined && !exceptions[codice] && !same(nome, other))
      failures.push(`codice ${codice}: «${nome}» in ${a.file}, «${other}» in ${b.file}`);
  }
  return failures;
}
