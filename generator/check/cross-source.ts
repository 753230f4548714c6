import type { PopulationSource } from '../join/join-demographics.ts';

/**
 * Agreement between two publishers of the same figure. Data-driven: a new pair of sources
 * (e.g. ISTAT's bilancio demografico against ANPR on the same date) adds an entry here.
 * Each point of a `b` source is compared with the `a` point closest in date, when at most
 * maxMonthsApart away; the tolerance widens with the distance, since people move meanwhile.
 */
export interface CrossSourceCheck {
  label: string;
  a: string[];
  b: string[];
  maxMonthsApart: number;
  /** Relative difference allowed for one comune: base + perYear × years apart, for comuni with at least minMagnitude. */
  comune: { base: number; perYear: number; minMagnitude: number };
  /** Relative difference allowed on the sum over the comuni both have. */
  national: { base: number; perYear: number };
}

export const CROSS_SOURCE_CHECKS: CrossSourceCheck[] = [
  {
    // ISTAT counts residents from the census-corrected register, ANPR the register itself: close, never identical.
    // Measured: ANPR 12/2022 against ISTAT 01/01/2023 (1 month), largest gap +11.3% (065109 Rofrano, 1,278 → 1,422), national +1.2%
    // (the register's surplus over the census-corrected count, not time); ANPR 01/2025 against ISTAT 01/01/2024 (12 months),
    // largest +24.2% (001224 Ronco Canavese, 310 → 385).
    label: 'popolazione ISTAT contro ANPR',
    a: [
      'istat-popolazione-2020',
      'istat-popolazione-2018-2021',
      'istat-popolazione-2022-2023',
      'istat-popolazione-2024',
      'istat-bilancio-demografico',
    ],
    b: ['anpr-popolazione'],
    maxMonthsApart: 24,
    comune: { base: 0.15, perYear: 0.1, minMagnitude: 200 },
    national: { base: 0.015, perYear: 0.01 },
  },
];

/** Months since year 0 of an ISO date or month ("2021-01-01", "2022-12"). */
function months(date: string): number {
  const [y, m] = date.split('-').map(Number);
  return y! * 12 + (m ?? 1) - 1;
}

const count = (n: number) => n.toLocaleString('it-IT', { useGrouping: 'always' } as Intl.NumberFormatOptions);
const pct = (x: number) => `${(x * 100).toLocaleString('it-IT', { maximumFractionDigits: 1 })}%`;

export function checkCrossSources(
  sources: readonly PopulationSource[],
  checks: readonly CrossSourceCheck[] = CROSS_SOURCE_CHECKS,
): string[] {
  const failures: string[] = [];
  for (const check of checks) {
    const side = (ids: string[]) =>
      sources
        .filter((s) => ids.includes(s.meta.id))
        .flatMap((s) => s.points.map((point) => ({ id: s.meta.id, point })));
    const as = side(check.a);
    for (const b of side(check.b)) {
      const closest = as
        .map((a) => ({ ...a, gap: Math.abs(months(a.point.data_riferimento) - months(b.point.data_riferimento)) }))
        .filter((a) => a.gap <= check.maxMonthsApart)
        .sort((x, y) => x.gap - y.gap)[0];
      if (!closest) continue;
      const years = closest.gap / 12;
      const where = `${check.label}: ${b.id} ${b.point.data_riferimento} contro ${closest.id} ${closest.point.data_riferimento}`;
      const allowed = check.comune.base + check.comune.perYear * years;
      let sumA = 0;
      let sumB = 0;
      for (const [codice, vb] of b.point.valori) {
        const va = closest.point.valori.get(codice);
        if (va === undefined) continue;
        sumA += va;
        sumB += vb;
        if (Math.max(va, vb) < check.comune.minMagnitude) continue;
        const diff = Math.abs(vb - va) / va;
        if (!(diff <= allowed)) {
          failures.push(
            `${where}, comune ${codice} ${b.point.nomi.get(codice) ?? ''}: ${count(vb)} contro ${count(va)} (${pct(diff)}), oltre la tolleranza di ${pct(allowed)}`,
          );
        }
      }
      const nationalAllowed = check.national.base + check.national.perYear * years;
      const nationalDiff = sumA === 0 ? 0 : Math.abs(sumB - sumA) / sumA;
      if (nationalDiff > nationalAllowed) {
        failures.push(
          `${where}, totale dei comuni in entrambe: ${count(sumB)} contro ${count(sumA)} (${pct(nationalDiff)}), oltre la tolleranza di ${pct(nationalAllowed)}`,
        );
      }
    }
  }
  return failures;
}
