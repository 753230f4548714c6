import { tableRows } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { ParsedCache, SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { isMissing, toCodiceIstat } from './lib/values.ts';
import {
  BRACKETS,
  PAIRS,
  resolveIrpefColumns,
  type IrpefColumns,
  type PairColumns,
  type PairKey,
} from './mappings/mef-irpef-columns.ts';

/**
 * Tax years in the mirror, one official CSV each. To add a tax year, append it here:
 * the file path, download URL and zip member all follow from the year.
 */
export const TAX_YEARS: readonly number[] = [
  2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017, 2018,
  2019, 2020, 2021, 2022, 2023,
];

const DIR = 'mef/irpef-comunale';
const BASE_URL = 'https://www1.finanze.gov.it/finanze/analisi_stat/public/v_4_0_0/contenuti';

/** The declared file of one tax year, named as MEF names it. */
export function irpefFile(year: number): SourceFile {
  const name = `Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_${year}`;
  return { path: `${DIR}/${name}.csv`, url: `${BASE_URL}/${name}.zip`, zipMember: `${name}.csv`, year };
}

export const meta: SourceMeta = {
  id: 'mef-irpef-comunale',
  publisher: 'MEF – Dipartimento delle Finanze',
  dataset: 'Redditi e principali variabili IRPEF su base comunale',
  landingUrl: 'https://www1.finanze.gov.it/finanze/analisi_stat/public/index.php?opendata=yes',
  vintage: `anni d'imposta ${TAX_YEARS[0]}–${TAX_YEARS[TAX_YEARS.length - 1]}`,
  referenceDate: `${TAX_YEARS[0]}/${TAX_YEARS[TAX_YEARS.length - 1]}`,
  licence: { name: 'CC BY 3.0 IT', url: 'https://creativecommons.org/licenses/by/3.0/it/' },
  attribution: 'MEF – Dipartimento delle Finanze',
  files: TAX_YEARS.map(irpefFile),
  required: true,
  feeds: ['redditi'],
  notes: [
    "Un file CSV per anno d'imposta; i comuni sono quelli del domicilio fiscale dell'anno (codici ISTAT dell'epoca, anche di comuni poi soppressi o ricodificati).",
    'URL: lo schema .../v_4_0_0/contenuti/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_<anno>.zip è confermato dal MEF per il 2024 (checksum nel mirror) e usato per il 2020 e per il 2007–2023 da script pubblici di terzi; per gli anni 2000–2006 non è stato verificato un download diretto: la pagina del catalogo open data del MEF resta il riferimento. Il nome del membro CSV nello zip è assunto uguale al nome del file.',
    'Separatore ";", CRLF; file 2000–2005 e 2009–2011 in Latin-1 (spazi non separabili nelle intestazioni), gli altri ASCII con accenti resi come apostrofi.',
    'Celle vuote = valori oscurati per riservatezza: frequenze inferiori a 4 e, a complemento, altre celle perché non si possano ricavare per differenza (nel 2023 le celle di scaglione oscurate di un comune arrivano a sommare centinaia di contribuenti). Sono null, mai 0, e non vanno stimate.',
    'Riga finale non comunale (codice 0, "COMUNE ASSENTE", "Non indicato", "Mancante/errata") dal 2008 in poi: esclusa e conteggiata; i file 2000–2007 non la contengono.',
    'Codici ISTAT del 2000–2007 scritti come interi senza zeri iniziali (28001): riportati a 6 cifre.',
    'Il totale "Reddito complessivo" (frequenza e ammontare) esiste solo dal 2023; per gli anni precedenti è null e va derivato dagli scaglioni, dichiarandolo.',
    'Scaglioni di reddito complessivo: ≤0, 0–10.000, 10.000–15.000, 15.000–26.000, 26.000–55.000, 55.000–75.000, 75.000–120.000, oltre 120.000 euro. Nel 2014 il primo scaglione è intestato "minore di zero euro".',
    'Reddito da lavoro autonomo: null per il 2000–2005, quando il MEF lo pubblica diviso per sezioni del quadro E (sez. E-IA, E-IB, E-II) senza un totale.',
    'Dal 2008 lavoro autonomo, impresa e partecipazione sono "comprensivi dei valori nulli" e il lavoro dipendente include gli assimilati: le serie per tipo di reddito hanno una discontinuità di definizione nel 2008.',
    'Il bonus IRPEF è pubblicato dal 2015 come "Bonus spettante" e dal 2021 come "Trattamento spettante": un solo campo trattamento_spettante, null prima del 2015.',
    'Il MEF non pubblica la mediana: quella servita è una stima per interpolazione negli scaglioni.',
  ],
};

export interface Pair {
  frequenza: number | null;
  /** Euro. */
  ammontare: number | null;
}

export interface Scaglione {
  /** Lower bound in euro; null for the open bracket "≤ 0". */
  da: number | null;
  /** Upper bound in euro; null for the open bracket "oltre 120.000". */
  a: number | null;
  frequenza: number | null;
  ammontare: number | null;
}

export interface IrpefComune {
  codice_istat: string;
  /** Belfiore code of the row (every year has it): stable through re-codings, the key of the territorial crosswalk. */
  codice_catastale: string;
  nome: string;
  sigla_provincia: string;
  /** Region name as the year's file writes it (regional aggregates read it; codes of past years have no current comune). */
  regione: string;
  contribuenti: number | null;
  /** Only where the year's file has the total columns (2023 on); null otherwise. */
  reddito_complessivo: Pair | null;
  reddito_imponibile: Pair;
  imposta_netta: Pair;
  addizionale_regionale: Pair;
  addizionale_comunale: Pair;
  /**
   * IRPEF bonus paid through the return: "Bonus spettante" (2015–2020) and, under its new
   * name, "Trattamento spettante" (2021 on, the trattamento integrativo that replaced it).
   * Null for years before 2015, whose files have no such column.
   */
  trattamento_spettante: Pair | null;
  per_tipo: {
    fabbricati: Pair;
    lavoro_dipendente: Pair;
    pensione: Pair;
    lavoro_autonomo: Pair | null;
    imprenditore_ordinaria: Pair;
    imprenditore_semplificata: Pair;
    partecipazione: Pair;
  };
  /** The 8 brackets of reddito complessivo, in order. */
  scaglioni: Scaglione[];
}

export interface IrpefYear {
  anno: number;
  comuni: IrpefComune[];
  scartati: { codice: string; nome: string; motivo: string }[];
}

const INTEGER = /^-?\d+$/;

/**
 * A count or an amount in whole euro; blank (suppressed) is NaN in a year's figures (null when
 * read), never 0. Called for ~10 million cells: digits are tested first (no "missing"
 * placeholder is all digits), and the error's context is assembled only when there is an error.
 */
function integerCell(cell: string | undefined, context: string, codice: string, header: string): number {
  const text = cell === undefined ? '' : cell.trim();
  if (INTEGER.test(text)) return Number(text);
  if (isMissing(cell)) return NaN;
  throw new Error(`${context}, ${codice} ${header}: "${text}" non è un intero`);
}

const PAIR_KEYS = Object.keys(PAIRS) as PairKey[];
/** Where each figure of a row sits among its ROW_WIDTH slots: contribuenti, each pair, each bracket. */
const PAIR_SLOT = Object.fromEntries(PAIR_KEYS.map((k, i) => [k, 1 + 2 * i])) as Record<PairKey, number>;
const BRACKET_SLOT = 1 + 2 * PAIR_KEYS.length;
const ROW_WIDTH = BRACKET_SLOT + 2 * BRACKETS.length;

/** One year's figures: ROW_WIDTH slots a row, NaN where suppressed, and the pairs the year's file has. */
interface YearFigures {
  values: Float64Array;
  present: ReadonlySet<PairKey>;
}

const orNull = (v: number) => (Number.isNaN(v) ? null : v);

/** Zeros in shared memory: a year's figures (see parseIrpefYear). */
const sharedFloats = (length: number) =>
  new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));

function inSharedMemory(values: Float64Array): Float64Array {
  const shared = sharedFloats(values.length);
  shared.set(values);
  return shared;
}

/**
 * A comune's row of a year's file. Its figures sit in the year's Float64Array and its pairs and
 * brackets are made when read: as ~22 small objects a row, the ~190,000 rows of the 24 years
 * were ~300 MB of heap, all of it copied by the young-generation collector while the sources
 * were read and the largest part of the build's peak memory.
 */
class IrpefRow implements IrpefComune {
  constructor(
    readonly codice_istat: string,
    readonly codice_catastale: string,
    readonly nome: string,
    readonly sigla_provincia: string,
    readonly regione: string,
    private readonly figures: YearFigures,
    private readonly at: number,
  ) {}

  static revive(c: IrpefRow): IrpefRow {
    // v8.serialize (the source cache) keeps a SharedArrayBuffer's bytes but not its sharing: back into shared
    // memory, once for the year, whose rows all hold this one `figures`.
    const { figures } = c;
    if (!(figures.values.buffer instanceof SharedArrayBuffer)) figures.values = inSharedMemory(figures.values);
    return new IrpefRow(c.codice_istat, c.codice_catastale, c.nome, c.sigla_provincia, c.regione, c.figures, c.at);
  }

  private pair(key: PairKey): Pair | null {
    if (!this.figures.present.has(key)) return null;
    const slot = this.at + PAIR_SLOT[key];
    return { frequenza: orNull(this.figures.values[slot]!), ammontare: orNull(this.figures.values[slot + 1]!) };
  }

  get contribuenti() {
    return orNull(this.figures.values[this.at]!);
  }
  get reddito_complessivo() {
    return this.pair('reddito_complessivo');
  }
  get reddito_imponibile() {
    return this.pair('reddito_imponibile')!;
  }
  get imposta_netta() {
    return this.pair('imposta_netta')!;
  }
  get addizionale_regionale() {
    return this.pair('addizionale_regionale')!;
  }
  get addizionale_comunale() {
    return this.pair('addizionale_comunale')!;
  }
  get trattamento_spettante() {
    return this.pair('trattamento_spettante');
  }
  get per_tipo() {
    return {
      fabbricati: this.pair('fabbricati')!,
      lavoro_dipendente: this.pair('lavoro_dipendente')!,
      pensione: this.pair('pensione')!,
      lavoro_autonomo: this.pair('lavoro_autonomo'),
      imprenditore_ordinaria: this.pair('imprenditore_ordinaria')!,
      imprenditore_semplificata: this.pair('imprenditore_semplificata')!,
      partecipazione: this.pair('partecipazione')!,
    };
  }
  get scaglioni(): Scaglione[] {
    const { values } = this.figures;
    return BRACKETS.map(({ da, a }, i) => {
      const slot = this.at + BRACKET_SLOT + 2 * i;
      return { da, a, frequenza: orNull(values[slot]!), ammontare: orNull(values[slot + 1]!) };
    });
  }
}

/**
 * A row again from its structured clone (own fields, without the class's getters): what another thread receives
 * (the build's records thread), or the build's source cache gives back. Its year's figures are one Float64Array
 * all its rows share, which a clone keeps shared. A row that is a plain object (rows summed for a merged comune,
 * generator/join/sum-rows.ts) is its own clone.
 */
export const reviveIrpefRow = (clone: IrpefComune): IrpefComune =>
  'figures' in clone ? IrpefRow.revive(clone as unknown as IrpefRow) : clone;

/** The build's source cache gives rows back as clones (docs/source-cache.md): each made an IrpefRow again. */
export const parsedCache: ParsedCache = {
  revive: (clone) => {
    for (const year of clone as IrpefYear[]) year.comuni = year.comuni.map(reviveIrpefRow);
    return clone;
  },
};

/** Parses one year's CSV (decoded text) into comuni, skipping and counting non-comune rows. */
export function parseIrpefYear(text: string, anno: number): IrpefYear {
  const context = `MEF IRPEF ${anno}`;
  // A row at a time: its ~50 cells are garbage once its figures are read.
  const table = tableRows(text, ';');
  const cols = resolveIrpefColumns(table.header, context);
  const present = new Set(PAIR_KEYS.filter((k) => cols.pairs[k] !== null));
  // Shared memory: a row sent to another thread (the build's records thread) takes its year's figures along
  // without a copy, instead of one copy of the year (~2.5 MB) in every message that holds one of its rows.
  const figures: YearFigures = { values: sharedFloats(lineCount(text) * ROW_WIDTH), present };
  const comuni: IrpefComune[] = [];
  const scartati: IrpefYear['scartati'] = [];
  const seen = new Set<string>();
  for (const { cells: row } of table.rows) {
    const rawCode = cellAt(row, cols.codice);
    const rowYear = cellAt(row, cols.anno);
    if (rowYear !== String(anno))
      throw new Error(
        `${context}: la riga "${rawCode} ${cellAt(row, cols.nome)}" ha Anno di imposta "${rowYear}", atteso ${anno}`,
      );
    const codice = toCodiceIstat(rawCode);
    if (!codice) {
      const label =
        [cellAt(row, cols.nome), cellAt(row, cols.regione)].find((v) => v !== '' && v !== '0') ??
        cellAt(row, cols.nome);
      scartati.push({
        codice: rawCode,
        nome: label,
        motivo: `codice ISTAT ${rawCode === '' ? 'vuoto' : `"${rawCode}"`}: contribuenti senza comune attribuito (riga "${label}" del MEF)`,
      });
      continue;
    }
    if (seen.has(codice)) throw new Error(`${context}: il codice ISTAT ${codice} compare due volte`);
    seen.add(codice);
    const at = comuni.length * ROW_WIDTH;
    readFigures(row, cols, figures.values, at, context, codice);
    comuni.push(
      new IrpefRow(
        codice,
        cellAt(row, cols.catastale),
        cellAt(row, cols.nome),
        cellAt(row, cols.sigla),
        cellAt(row, cols.regione),
        figures,
        at,
      ),
    );
  }
  return { anno, comuni, scartati };
}

/** Lines of the text: at least its rows, so that a year's figures fit in one array allocated before the rows are read. */
function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A cell of a row, trimmed; '' past the row's end. */
function cellAt(row: string[], i: number): string {
  return (row[i] ?? '').trim();
}

/** Writes a row's figures into `values` from slot `at` on; a pair the year lacks stays NaN and is read as null. */
function readFigures(
  row: string[],
  cols: IrpefColumns,
  values: Float64Array,
  at: number,
  context: string,
  codice: string,
): void {
  values[at] = integerCell(row[cols.contribuenti], context, codice, 'Numero contribuenti');
  // Plain calls, no closure per row (tsx's keepNames gives each closure a defineProperty call).
  for (const key of PAIR_KEYS) readPair(row, cols.pairs[key], values, at + PAIR_SLOT[key], context, codice);
  for (let i = 0; i < cols.scaglioni.length; i++)
    readPair(row, cols.scaglioni[i]!, values, at + BRACKET_SLOT + 2 * i, context, codice);
}

function readPair(
  row: string[],
  c: PairColumns | null,
  values: Float64Array,
  slot: number,
  context: string,
  codice: string,
): void {
  values[slot] = c ? integerCell(row[c.frequenza], context, codice, c.headers[0]) : NaN;
  values[slot + 1] = c ? integerCell(row[c.ammontare], context, codice, c.headers[1]) : NaN;
}

export async function load(dataDir: string): Promise<IrpefYear[]> {
  return allSourceFiles(
    meta.files.map(async (file) => {
      // 'auto': Latin-1 for some years before 2015, ASCII (valid UTF-8) after.
      return parseSourceFile(dataDir, meta, file, (bytes) => parseIrpefYear(decodeText(bytes, 'auto'), file.year!));
    }),
  );
}
