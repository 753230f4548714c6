import { describe, expect, it } from 'vitest';
import type { MetodologiaQualita, QualitaVita } from '../../../api/schemas/qualita.ts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

/**
 * Recomputes every published score from what the API publishes and nothing else: each
 * comune's raw indicator values (/api/qualita-vita/{codice}) and the method with its
 * parameters (/api/metodologia). Written from the methodology's text, not from the
 * generator's code, so a divergence between the two fails here.
 */

/** The rounding the methodology states: 12 significant digits, then 1 (or 4) decimals, half up. */
const published = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  const r = Math.round(Number(x.toPrecision(12)) * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

type Method = MetodologiaQualita;
type Indicator = Method['indicatori'][number];

function normalise(x: number, ind: Indicator): number | null {
  const { valore_basso: L, valore_alto: H } = ind.normalizzazione;
  if (L === null || H === null || !(H > L)) return null;
  const c = Math.min(Math.max(x, L), H);
  return published(ind.direzione === 'maggiore_migliore' ? (100 * (c - L)) / (H - L) : (100 * (H - c)) / (H - L), 1);
}

function recompute(record: QualitaVita, method: Method) {
  const cap = method.indicatori_provinciali!.quota_massima_nella_dimensione;
  const dims = method.dimensioni.map((d) => {
    const defs = d.indicatori.map((id) => method.indicatori.find((i) => i.id === id)!);
    const values = defs.map((def) => record.dimensioni[d.id].indicatori.find((i) => i.id === def.id)!.valore);
    const raw = defs.map((def, j) => (values[j] === null ? null : normalise(values[j]!, def)));
    // A stand-in counts only where the indicator it replaces has a normalised value; where it does not count it shows none.
    const n = defs.map((def, j) =>
      def.sostituto_di && raw[defs.findIndex((x) => x.id === def.sostituto_di)] != null ? null : raw[j]!,
    );
    const measured = n.map((x) => x !== null);
    const hasLocalDefs = defs.some((def) => def.livello === 'comune');
    const hasLocal = defs.some((def, j) => measured[j] && def.livello === 'comune');
    if (hasLocalDefs && !hasLocal) measured.fill(false);
    // The missing-data rule: in a dimension with a measured value, an indicator without a value
    // takes its published estimate, unless it is a stand-in or one of its stand-ins is measured.
    const estimate = defs.map((def, j) =>
      measured.some(Boolean) && values[j] === null && !defs.some((x, m) => measured[m] && x.sostituto_di === def.id)
        ? def.stima
        : null,
    );
    const shown = [...n]; // the record shows a normalised value even where it does not count
    defs.forEach((_, j) => (n[j] = measured[j] ? n[j]! : estimate[j]!));
    const used = n.map((x) => x !== null);
    let w = defs.map((def, j) => (used[j] ? def.peso_relativo : 0));
    const local = w.reduce((a, x, j) => a + (defs[j]!.livello === 'comune' ? x : 0), 0);
    const provincial = w.reduce((a, x, j) => a + (defs[j]!.livello === 'provincia' ? x : 0), 0);
    const allowed = (cap / (1 - cap)) * local;
    if (local > 0 && provincial > allowed)
      w = w.map((x, j) => (defs[j]!.livello === 'provincia' ? x * (allowed / provincial) : x));
    const sum = w.reduce((a, b) => a + b, 0);
    const weights = w.map((x) => (sum === 0 ? 0 : published(x / sum, 4)));
    let num = 0;
    let den = 0;
    defs.forEach((_, j) => {
      if (!used[j] || !(weights[j]! > 0)) return;
      num += weights[j]! * n[j]!;
      den += weights[j]!;
    });
    // A dimension scored from province-level values alone shows them, with weight 0.
    return {
      id: d.id,
      peso: d.peso,
      n: defs.map((def, j) => [def.id, shown[j] ?? null, estimate[j], weights[j]] as const),
      score: den > 0 ? published(num / den, 1) : null,
    };
  });
  let num = 0;
  let den = 0;
  for (const d of dims) {
    if (d.score === null) continue;
    num += d.peso * d.score;
    den += d.peso;
  }
  return { dims, total: den > 0 ? published(num / den, 1) : null };
}

describe.skipIf(!hasRealBuild)(
  `quality-of-life index recomputed from the published inputs and method${REAL_DATA}`,
  () => {
    it('matches every normalised value, weight, dimension score, total and national rank of all comuni exactly', async () => {
      const method = (await readBuilt<{ sezioni: Record<string, Method> }>('/api/metodologia.json')).sezioni[
        'qualita-vita'
      ]!;
      const codes = (await readdir(join(TEST_BUILD.outDir, 'api/qualita-vita')))
        .filter((f) => /^\d{6}\.json$/.test(f))
        .map((f) => f.slice(0, 6));
      expect(codes.length).toBe(7896);
      const mismatches: string[] = [];
      // Each comune-level indicator's estimate is the published quantile of its measured normalised values.
      const measuredValues = new Map(
        method.indicatori.filter((i) => i.livello === 'comune' && i.stima !== null).map((i) => [i.id, [] as number[]]),
      );
      const totals: { code: string; total: number | null; rank: number | null }[] = [];
      for (const code of codes) {
        const record = await readBuilt<QualitaVita>(`/api/qualita-vita/${code}.json`);
        const mine = recompute(record, method);
        if (mine.total !== record.punteggio) mismatches.push(`${code} totale ${mine.total} ≠ ${record.punteggio}`);
        for (const d of mine.dims) {
          const served = record.dimensioni[d.id];
          if (d.score !== served.punteggio) mismatches.push(`${code} ${d.id} ${d.score} ≠ ${served.punteggio}`);
          for (const [id, n, e, w] of d.n) {
            const s = served.indicatori.find((i) => i.id === id)!;
            if (n !== s.normalizzato || e !== s.stima || w !== s.peso_nella_dimensione)
              mismatches.push(`${code} ${id} ${n}/${e}/${w} ≠ ${s.normalizzato}/${s.stima}/${s.peso_nella_dimensione}`);
          }
          for (const [id, n] of d.n) if (n !== null) measuredValues.get(id)?.push(n);
        }
        totals.push({ code, total: mine.total, rank: record.posizione_nazionale.posizione });
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
      const q = method.confronto_dati_mancanti!.quantile_stima;
      for (const [id, values] of measuredValues) {
        const sorted = values.sort((a, b) => a - b);
        const h = (sorted.length - 1) * q;
        const lo = Math.floor(h);
        const x = sorted[lo]! + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!);
        expect([id, published(x, 1)]).toEqual([id, method.indicatori.find((i) => i.id === id)!.stima]);
      }
      // Rank: score descending, codice_istat ascending.
      const ranked = totals
        .filter((t) => t.total !== null)
        .sort((a, b) => b.total! - a.total! || (a.code < b.code ? -1 : 1));
      expect(ranked.every((t, k) => t.rank === k + 1)).toBe(true);
    }, 300_000);
  },
);
