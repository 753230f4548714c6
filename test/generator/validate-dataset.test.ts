/**
 * The joined dataset's income invariants on the mini mirror: they read each year's brackets
 * and MEF's published total without building the whole year, and must agree with the year
 * /api/redditi serves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validateDataset } from '../../generator/check/validate-dataset.ts';
import { buildDataset } from '../../generator/join/build-dataset.ts';
import type { Dataset } from '../../generator/join/dataset.ts';
import { IncomeYear } from '../../generator/join/income-year.ts';
import { loadSources } from '../../generator/load/load-sources.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';

let dataset: Dataset;

beforeAll(async () => {
  const { data, status } = await loadSources(MINI_MIRROR.dataDir);
  dataset = buildDataset(data, status);
});

describe('income checks of the joined dataset', () => {
  it('pass on the mini mirror', () => {
    expect(validateDataset(dataset, MINI_MIRROR.scale)).toEqual([]);
  });

  it('read the same brackets and published total as the served year, summary years and suppressed cells included', () => {
    const years = dataset.comuni.flatMap((c) => c.redditi);
    expect(years.some((y) => y.brackets() === null)).toBe(true);
    expect(years.some((y) => y.publishedTaxpayers() === null)).toBe(true);
    expect(years.some((y) => y.publishedTaxpayers() !== null)).toBe(true);
    for (const year of years) {
      const full = year.full();
      expect(year.brackets()).toEqual(full.scaglioni);
      expect(year.publishedTaxpayers()).toBe(
        full.reddito_complessivo.derivato_da_scaglioni ? null : full.reddito_complessivo.frequenza,
      );
    }
  });

  it('name the comune, the year and both counts when the brackets exceed the published total', () => {
    const comune = dataset.comuni.find((c) => c.redditi.some((y) => y.publishedTaxpayers() !== null))!;
    const index = comune.redditi.findIndex((y) => y.publishedTaxpayers() !== null);
    const real = comune.redditi[index]!;
    const brackets = real.brackets()!;
    const declared = brackets.reduce((t, s) => t + (s.frequenza ?? 0), 0) - 1;
    comune.redditi[index] = new IncomeYear(null, {
      recipe: real.parts().recipe,
      revive: (row) => row,
      headline: () => real,
      brackets: () => brackets,
      publishedTaxpayers: () => declared,
      build: () => real.full(),
    });
    try {
      const problems = validateDataset(dataset, MINI_MIRROR.scale);
      expect(problems).toEqual([
        `comune ${comune.anagrafica.codice_istat} (${comune.anagrafica.nome}) ${real.anno}: gli scaglioni sommano ${declared + 1} contribuenti, più dei ${declared} con reddito complessivo`,
      ]);
    } finally {
      comune.redditi[index] = real;
    }
  });
});
