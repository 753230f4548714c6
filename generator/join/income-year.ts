import type { RedditiAnno } from '../../api/schemas/redditi.ts';
import type { TerritorioDato } from '../../api/schemas/territorio.ts';
import type { SourceMeta } from '../../data-sources/lib/source.ts';

/** The figures of a tax year that rankings, maps, checks and the index read, kept for every year. */
export type IncomeHeadline = Pick<
  RedditiAnno,
  | 'anno'
  | 'contribuenti'
  | 'reddito_medio_euro'
  | 'reddito_imponibile_medio_euro'
  | 'reddito_mediano_stimato_euro'
  | 'fonte'
>;

/**
 * What makes a tax year's figures from one of its rows, one for all the rows of the year.
 * Methods, not function-typed fields, so that a year of MEF rows and a year of the summary
 * both fit in one `IncomeYear[]` series.
 */
/**
 * How a year's source is made (join-income.ts incomeSource): plain data, so that a year can be sent to another
 * thread as its row and this, and made again there (IncomeYear.parts).
 */
export interface IncomeRecipe {
  kind: 'mef' | 'sintesi';
  meta: SourceMeta;
  anno: number;
}

export interface YearSource<Row> {
  readonly recipe: IncomeRecipe;
  /** A row again from its structured clone, which has the row's own fields and no class behind them. */
  revive(clone: Row): Row;
  /** The same figures as `build` gives, without the rest of the year. */
  headline(row: Row): IncomeHeadline;
  /** The row's brackets alone, as `build` writes them: null where the year has none. */
  brackets(row: Row): RedditiAnno['scaglioni'];
  /** Taxpayers with reddito complessivo as the source publishes them; null where it does not (the total derived from brackets, or suppressed). */
  publishedTaxpayers(row: Row): number | null;
  build(row: Row): RedditiAnno;
}

/**
 * One comune's income in one tax year, as the joined dataset keeps it: the headline figures,
 * and the row the whole year is built from again when something needs the rest (pairs, the
 * 8 brackets, income types, reasons).
 *
 * Why not the whole year: kept, the ~200,000 years of the real mirror held 308 MB of heap and
 * took 1.6 s to build, against 0.45 s when each year is garbage as soon as it is written
 * (measured apart from the build); the MEF rows they are built from are numbers, 71 MB for
 * all 24 years. A record, the bulk table and the checks each build the years they read.
 */
export class IncomeYear<Row = unknown> implements IncomeHeadline {
  readonly anno: number;
  readonly #row: Row;
  readonly #source: YearSource<Row>;
  readonly #territorio: TerritorioDato | undefined;
  /**
   * Made on first read: the records' thread revives ~190,000 years only to build each whole (full()), and the
   * headline (mean, estimated median) was 0.5–0.6 s of its CPU.
   */
  #headline: IncomeHeadline | null = null;

  /** `territorio` is set where the source keyed the row otherwise than today. */
  constructor(row: Row, source: YearSource<Row>, territorio?: TerritorioDato) {
    this.#row = row;
    this.#source = source;
    this.#territorio = territorio;
    this.anno = source.recipe.anno;
  }

  get contribuenti(): number | null {
    return this.#head().contribuenti;
  }
  get reddito_medio_euro(): number | null {
    return this.#head().reddito_medio_euro;
  }
  get reddito_imponibile_medio_euro(): number | null {
    return this.#head().reddito_imponibile_medio_euro;
  }
  get reddito_mediano_stimato_euro(): number | null {
    return this.#head().reddito_mediano_stimato_euro;
  }
  get fonte(): RedditiAnno['fonte'] {
    return this.#head().fonte;
  }

  #head(): IncomeHeadline {
    return (this.#headline ??= this.#source.headline(this.#row));
  }

  /** The year's 8 brackets as /api/redditi serves them (null for a summary-only year), without the rest of the year. */
  brackets(): RedditiAnno['scaglioni'] {
    return this.#source.brackets(this.#row);
  }

  /** `reddito_complessivo.frequenza` of the full year where it is the source's own figure, null where it is derived or missing. */
  publishedTaxpayers(): number | null {
    return this.#source.publishedTaxpayers(this.#row);
  }

  /** The year as plain data (a structured clone drops a class's methods and private fields): see IncomeYearParts. */
  parts(): IncomeYearParts<Row> {
    return { row: this.#row, recipe: this.#source.recipe, territorio: this.#territorio };
  }

  /** The year as /api/redditi serves it, built anew at each call: read it once per use. */
  full(): RedditiAnno {
    const year = this.#source.build(this.#row);
    // Set after the fact rather than spread into a copy: the schema's key order, one object less.
    if (this.#territorio) year.territorio = this.#territorio;
    return year;
  }
}

/** A year as plain data: `source = incomeSource(recipe)`, then `new IncomeYear(source.revive(row), source, territorio)`. */
export interface IncomeYearParts<Row = unknown> {
  row: Row;
  recipe: IncomeRecipe;
  territorio: TerritorioDato | undefined;
}
