import { describe, expect, it } from 'vitest';
import { aggregateYear, type IncomeAggregates } from '../../generator/derive/income-aggregates.ts';
import { yearlyWarnings } from '../../generator/derive/yearly-warnings.ts';
import type { SeriesCheck } from '../../generator/check/plausibility.ts';

/** Italy's taxpayers with a taxable income: ~97%, but ~70% in 2003–2006 (the "no tax area" years). */
function aggregates(): IncomeAggregates {
  const into: IncomeAggregates = { nazionale: new Map(), regioni: new Map() };
  for (let anno = 2000; anno <= 2010; anno++) {
    const withBase = anno >= 2003 && anno <= 2006 ? 700 : 970;
    aggregateYear(
      anno,
      'mef',
      [
        {
          regione: '01',
          contribuenti: 1000,
          reddito_imponibile: { frequenza: withBase, ammontare: withBase * 20_000 },
          reddito_complessivo: null,
        },
      ],
      into,
    );
  }
  return into;
}

const checks = [
  {
    id: 'contribuenti',
    sezione: 'redditi',
    label: 'contribuenti',
    points: () => [],
    range: { min: 0, max: 1 },
    exceptions: [{ codice: '001316', anni: [2012, 2015], motivo: 'Mappano non esisteva ancora' }],
  },
  {
    id: 'popolazione',
    sezione: 'demografia',
    label: 'popolazione',
    points: () => [],
    range: { min: 0, max: 1 },
    exceptions: [{ codice: '058091', anni: [2020], motivo: 'revisione censuaria' }],
  },
] satisfies SeriesCheck[];

describe("warnings on a comune-year's figures", () => {
  it("marks every comune's 2003–2006 incomes, found from the national share of taxpayers with a taxable base", () => {
    const avvisi = yearlyWarnings({ redditiAggregati: aggregates() }, 'redditi', checks);
    const marked = [2000, 2002, 2003, 2004, 2005, 2006, 2007].filter((anno) => avvisi('058091', anno));
    expect(marked).toEqual([2003, 2004, 2005, 2006]);
    expect(avvisi('058091', 2004)).toEqual([
      {
        codice: 'imponibile_no_tax_area',
        descrizione: expect.stringContaining('aveva un reddito imponibile il 70% dei contribuenti (97% negli'),
      },
    ]);
  });

  it("puts a known anomaly in its comune-year, with the gate's reason, and only in its own section", () => {
    const redditi = yearlyWarnings({ redditiAggregati: aggregates() }, 'redditi', checks);
    expect(redditi('001316', 2015)).toEqual([{ codice: 'anomalia_nota', descrizione: 'Mappano non esisteva ancora' }]);
    expect(redditi('001316', 2016)).toBeUndefined();
    expect(redditi('058091', 2020)).toBeUndefined();
    const demografia = yearlyWarnings({ redditiAggregati: aggregates() }, 'demografia', checks);
    expect(demografia('058091', 2020)).toEqual([{ codice: 'anomalia_nota', descrizione: 'revisione censuaria' }]);
    // Population years carry no taxable-base note.
    expect(demografia('001316', 2004)).toBeUndefined();
  });
});
