import { describe, expect, it } from 'vitest';
import { csvDifferences, fileDifferences, jsonDifferences } from '../helpers/structural-diff.ts';

describe('structural differences of golden files', () => {
  it('names the JSON paths whose values differ, added or missing, with both values', () => {
    const golden = { anno: 2023, serie: [{ valore: 10 }, { valore: 20 }], 'chiave-strana': 'a' };
    const actual = { anno: 2023, serie: [{ valore: 10 }, { valore: 21 }, { valore: 30 }], nuova: null };
    expect(jsonDifferences(golden, actual)).toEqual([
      { at: '$["chiave-strana"]', golden: '"a"', actual: '(assente)' },
      { at: '$.nuova', golden: '(assente)', actual: 'null' },
      { at: '$.serie[1].valore', golden: '20', actual: '21' },
      { at: '$.serie[2]', golden: '(assente)', actual: '{"valore":30}' },
    ]);
  });

  it('stops at the limit', () => {
    expect(jsonDifferences([1, 2, 3, 4], [5, 6, 7, 8], 2)).toHaveLength(2);
  });

  it('names the CSV cells that differ by row key and column, and the columns and rows on one side only', () => {
    const golden = 'codice_istat,nome,popolazione\n058091,Roma,2747290\n015146,Milano,1366155\n';
    const actual = 'codice_istat,nome,popolazione,anno\n058091,Roma,2747291,2025\n';
    expect(csvDifferences(golden, actual)).toEqual([
      { at: 'intestazione', golden: 'codice_istat,nome,popolazione', actual: 'anno' },
      { at: 'riga 2 (058091) popolazione', golden: '"2747290"', actual: '"2747291"' },
      { at: 'riga 3 (015146)', golden: '015146,Milano,1366155', actual: '(assente)' },
    ]);
  });

  it('has no structure to compare for other kinds of file, and none to report for equal values', () => {
    expect(fileDifferences('index.html', '<p>a</p>', '<p>b</p>')).toBeNull();
    expect(fileDifferences('a.json', '{"a":1,"b":2}', '{"b":2,"a":1}')).toEqual([]);
  });
});
