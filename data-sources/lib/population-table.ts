import { addValue, parseFloatWrittenCount, type PopulationPoint } from '../anpr-popolazione.ts';
import { columnIndex, parseTable } from './csv.ts';
import { parseSourceFile } from './files.ts';
import type { SourceMeta } from './source.ts';
import { decodeText } from './text.ts';
import { toCodiceIstat } from './values.ts';

/**
 * The layout of one table of ISTAT resident population at 1 January, one row per comune (and
 * year): all readPopulationTable needs to know about a file. The ISTAT exports and their
 * re-publications differ only in column names, how codes are written and which rows are totals.
 */
export interface PopulationTable {
  /** Names the file in error messages. */
  context: string;
  /** The years held, each read into its own point at 1 January. */
  years: readonly number[];
  columns: {
    code: string;
    /** Total residents. */
    total: string;
    /** The comune's name (diagnostics only); without it the code stands for the name. */
    name?: string;
    /** The reference date of the row ("2023-01-01"), in a file of several years. */
    period?: string;
    /** Residents by sex, where the file has them. */
    maschi?: string;
    femmine?: string;
  };
  /**
   * 'as-written': six digits exactly, any other shape is a territory above the comune (SDMX REF_AREA);
   * 'zeros-dropped': an integer to pad to six digits (1001 = 001001).
   */
  codes: 'as-written' | 'zeros-dropped';
  /** Only the rows whose cells equal these are read: the totals of a file that also has breakdowns. */
  totals?: Record<string, string>;
  /** The split by sex is the publisher's own, so one that does not make the total is a fault, not a gap. */
  sexAddsUp?: boolean;
}

/**
 * Reads a population table into one point per year. A comune whose figures are blank is reported
 * and left out; so is a code with 0 residents (an export's code of a merged comune, not an empty one).
 */
export function readPopulationTable(text: string, layout: PopulationTable): PopulationPoint[] {
  const { context, columns } = layout;
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const col = (name: string) => columnIndex(table.header, name, context);
  const optional = (name: string | undefined) => (name === undefined ? null : col(name));
  const codeCol = col(columns.code);
  const totalCol = col(columns.total);
  const [nameCol, periodCol, mCol, fCol] = [columns.name, columns.period, columns.maschi, columns.femmine].map(
    optional,
  );
  const totals = Object.entries(layout.totals ?? {}).map(([name, value]) => [col(name), value] as const);
  const bySex = mCol != null && fCol != null;
  const points = new Map<string, PopulationPoint>(
    layout.years.map((anno) => {
      const point: PopulationPoint = {
        anno,
        data_riferimento: `${anno}-01-01`,
        valori: new Map(),
        nomi: new Map(),
        scartati: [],
      };
      if (bySex) point.sesso = { maschi: new Map(), femmine: new Map() };
      return [point.data_riferimento, point];
    }),
  );
  const [single] = points.values();
  for (const row of table.rows) {
    const cell = (i: number) => row[i]!.trim();
    if (totals.some(([i, value]) => cell(i) !== value)) continue;
    const raw = cell(codeCol);
    const point = periodCol == null ? single! : points.get(cell(periodCol));
    if (!point)
      throw new Error(`${context}: la riga di ${raw} ha data "${cell(periodCol!)}", attesi gli anni ${layout.years}`);
    const code = layout.codes === 'as-written' ? (/^\d{6}$/.test(raw) ? raw : null) : toCodiceIstat(raw);
    if (!code) {
      point.scartati.push({ codice: raw, motivo: raw === 'IT' ? 'totale nazionale' : 'codice non comunale' });
      continue;
    }
    const count = (i: number | null | undefined) =>
      i == null ? null : parseFloatWrittenCount(row[i], `${context}, ${table.header[i]} di ${code}`);
    const [total, m, f] = [count(totalCol), count(mCol), count(fCol)];
    if (layout.sexAddsUp && total !== null && (m === null || f === null || m + f !== total))
      throw new Error(`${context}: a ${code} maschi (${m}) + femmine (${f}) non fanno il totale (${total})`);
    if (total === null || (bySex && (m === null || f === null))) {
      point.scartati.push({ codice: code, motivo: 'celle vuote' });
      continue;
    }
    if (total === 0) {
      point.scartati.push({ codice: code, motivo: '0 residenti: codice di un comune cessato' });
      continue;
    }
    addValue(point, code, nameCol == null ? code : cell(nameCol), total, `${context} ${point.anno}`);
    if (bySex) {
      point.sesso!.maschi.set(code, m!);
      point.sesso!.femmine.set(code, f!);
    }
  }
  for (const point of points.values())
    if (point.valori.size === 0) throw new Error(`${context}: nessun comune al ${point.data_riferimento}`);
  return [...points.values()];
}

/** Reads a source's one file as a population table. */
export function loadPopulationTable(dataDir: string, meta: SourceMeta, layout: PopulationTable) {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    readPopulationTable(decodeText(bytes, 'utf-8'), layout),
  );
}
