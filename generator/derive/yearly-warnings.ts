import type { AvvisoAnno } from '../../api/schemas/common.ts';
import { round } from '../../api/numbers.ts';
import { SERIES_CHECKS, type SeriesCheck } from '../check/plausibility.ts';
import type { Dataset } from '../join/dataset.ts';
import { definitionBreakYears } from './income-aggregates.ts';

const percent = (share: number) => `${round(share * 100, 1).toLocaleString('it-IT')}%`;

/** The warnings of one comune-year of a yearly record (undefined: none). */
export type YearlyWarnings = (codice: string, anno: number) => AvvisoAnno[] | undefined;

/**
 * The `avvisi` of each comune-year of a section, from the build's own knowledge rather than a list kept
 * beside it: the anomalies the plausibility gate accepts as genuine (its exceptions, with their reason) and,
 * for incomes, the tax years whose taxable base counts a different population (found in the national
 * aggregates, the same test that writes the national series' `avvisi`). Cheap: a few dozen entries.
 */
export function yearlyWarnings(
  dataset: Pick<Dataset, 'redditiAggregati'>,
  sezione: 'demografia' | 'redditi',
  checks: readonly SeriesCheck[] = SERIES_CHECKS,
): YearlyWarnings {
  const byYear = new Map<number, AvvisoAnno[]>();
  const byComuneYear = new Map<string, AvvisoAnno[]>();
  const push = <K>(map: Map<K, AvvisoAnno[]>, key: K, a: AvvisoAnno) => {
    const list = map.get(key);
    if (!list) map.set(key, [a]);
    else if (!list.some((b) => b.descrizione === a.descrizione)) list.push(a);
  };
  for (const check of checks) {
    if (check.sezione !== sezione) continue;
    for (const e of check.exceptions ?? [])
      for (const anno of e.anni)
        push(byComuneYear, `${e.codice}/${anno}`, { codice: 'anomalia_nota', descrizione: e.motivo });
  }
  if (sezione === 'redditi') {
    const { mediana, anni } = definitionBreakYears(dataset.redditiAggregati, 'reddito_imponibile_medio_euro');
    for (const { anno, quota } of anni)
      push(byYear, anno, {
        codice: 'imponibile_no_tax_area',
        descrizione: `Nel ${anno} la "no tax area" si sottraeva dall'imponibile: in Italia aveva un reddito imponibile il ${percent(quota)} dei contribuenti (${percent(mediana)} negli altri anni), quindi reddito_imponibile_medio_euro non è confrontabile con gli altri anni.`,
      });
  }
  return (codice, anno) => {
    const list = [...(byYear.get(anno) ?? []), ...(byComuneYear.get(`${codice}/${anno}`) ?? [])];
    return list.length ? list : undefined;
  };
}
