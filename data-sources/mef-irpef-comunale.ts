import { foldText } from '../lib/text.ts';
import { columnIndex, parseTable, type Table } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceFile, SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { isMissing, toCodiceIstat } from './lib/values.ts';

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

/**
 * Headers are "<measure> - Frequenza" / "<measure> - Ammontare[ in euro]"; the measure's
 * wording drifts between years (accents or apostrophes, "(comprensivo dei valori nulli)"
 * vs "(compresi nulli)", double and non-breaking spaces). Measures are therefore matched
 * on a canonical form (foldText: accents stripped, lower case, every run of non-alphanumerics one space).
 */
const NULLI = '(?: (?:comprensivo dei valori|compresi(?: valori)?) nulli)?';
const measure = (body: string) => new RegExp(`^${body}${NULLI}$`);

type PairKey =
  | 'reddito_complessivo'
  | 'reddito_imponibile'
  | 'imposta_netta'
  | 'addizionale_regionale'
  | 'addizionale_comunale'
  | 'trattamento_spettante'
  | 'fabbricati'
  | 'lavoro_dipendente'
  | 'pensione'
  | 'lavoro_autonomo'
  | 'imprenditore_ordinaria'
  | 'imprenditore_semplificata'
  | 'partecipazione';

const PAIRS: Record<PairKey, RegExp> = {
  reddito_complessivo: /^reddito complessivo$/,
  reddito_imponibile: /^reddito imponibile$/,
  imposta_netta: /^imposta netta$/,
  addizionale_regionale: /^addizionale regionale dovuta$/,
  addizionale_comunale: /^addizionale comunale dovuta$/,
  // Renamed in 2021: "Bonus spettante" → "Trattamento spettante".
  trattamento_spettante: /^(?:bonus|trattamento) spettante$/,
  fabbricati: /^reddito da fabbricati$/,
  // Not "Reddito da lavoro dipendente e pensione" (2000–2001), a separate combined measure.
  lavoro_dipendente: /^reddito da lavoro dipendente(?: e assimilati)?$/,
  pensione: /^reddito da pensione$/,
  lavoro_autonomo: measure('reddito da lavoro autonomo'),
  imprenditore_ordinaria: measure('reddito (?:di )?spettanza (?:dell )?imprenditore (?:in contabilita )?ordinaria'),
  imprenditore_semplificata: measure(
    'reddito (?:di )?spettanza (?:dell )?imprenditore (?:in contabilita )?semplificata',
  ),
  partecipazione: measure('reddito da partecipazione'),
};

/** The 8 brackets, in order, with the wording(s) MEF used for each. */
const BRACKETS: { da: number | null; a: number | null; pattern: RegExp }[] = [
  // "minore o uguale a zero euro"; the 2014 file says "minore di zero euro".
  { da: null, a: 0, pattern: /^reddito complessivo minore (?:o uguale a|di) zero euro$/ },
  { da: 0, a: 10000, pattern: /^reddito complessivo da 0 a 10000 euro$/ },
  { da: 10000, a: 15000, pattern: /^reddito complessivo da 10000 a 15000 euro$/ },
  { da: 15000, a: 26000, pattern: /^reddito complessivo da 15000 a 26000 euro$/ },
  { da: 26000, a: 55000, pattern: /^reddito complessivo da 26000 a 55000 euro$/ },
  { da: 55000, a: 75000, pattern: /^reddito complessivo da 55000 a 75000 euro$/ },
  { da: 75000, a: 120000, pattern: /^reddito complessivo da 75000 a 120000 euro$/ },
  { da: 120000, a: null, pattern: /^reddito complessivo oltre 120000 euro$/ },
];

interface SplitHeader {
  index: number;
  header: string;
  measure: string;
  kind: 'frequenza' | 'ammontare';
}

function splitHeader(header: string, index: number): SplitHeader | null {
  const m = /^(.*\S)\s+-\s+(frequenza|ammontare(?: in euro)?)$/i.exec(header);
  if (!m) return null;
  return {
    index,
    header,
    measure: foldText(m[1]!),
    kind: m[2]!.toLowerCase().startsWith('freq') ? 'frequenza' : 'ammontare',
  };
}

/** Where a (frequenza, ammontare) pair sits, with the header text each was found under. */
export interface PairColumns {
  frequenza: number;
  ammontare: number;
  headers: [string, string];
}

export interface IrpefColumns {
  anno: number;
  codice: number;
  catastale: number;
  nome: number;
  sigla: number;
  regione: number;
  contribuenti: number;
  pairs: Record<PairKey, PairColumns | null>;
  scaglioni: PairColumns[];
}

/**
 * Finds every column the parser needs in one year's header. Throws, naming the header,
 * when a required measure is missing or matches more than one column.
 */
export function resolveIrpefColumns(header: string[], context: string): IrpefColumns {
  const split = header.map(splitHeader).filter((s): s is SplitHeader => s !== null);
  const find = (pattern: RegExp, label: string): PairColumns | null => {
    const hits = split.filter((s) => pattern.test(s.measure));
    const freq = hits.filter((s) => s.kind === 'frequenza');
    const amount = hits.filter((s) => s.kind === 'ammontare');
    if (freq.length === 0 && amount.length === 0) return null;
    if (freq.length !== 1 || amount.length !== 1) {
      throw new Error(
        `${context}: la misura "${label}" dovrebbe avere una colonna Frequenza e una Ammontare, trovate ${hits.map((h) => `"${h.header}"`).join(', ')}`,
      );
    }
    return { frequenza: freq[0]!.index, ammontare: amount[0]!.index, headers: [freq[0]!.header, amount[0]!.header] };
  };
  const required = (pattern: RegExp, label: string): PairColumns => {
    const found = find(pattern, label);
    if (!found) throw new Error(`${context}: nessuna colonna per "${label}"; l'intestazione è: ${header.join(' | ')}`);
    return found;
  };
  const pairs = {} as Record<PairKey, PairColumns | null>;
  for (const [key, pattern] of Object.entries(PAIRS) as [PairKey, RegExp][]) {
    if (key === 'reddito_complessivo' || key === 'trattamento_spettante') {
      // Only the 2023 file (and later ones) carries the total pair; the bonus starts in 2015.
      pairs[key] = find(pattern, key);
    } else if (key === 'lavoro_autonomo') {
      // 2000–2005 publish lavoro autonomo only split by section of quadro E (sez. E-IA,
      // E-IB and, to 2003, E-II), with no total. Summing the sections would count twice a
      // taxpayer with income in more than one section, and a suppressed section would make
      // the sum unknowable: so these years get null rather than a made-up total.
      const found = find(pattern, key);
      if (!found && !split.some((s) => /^reddito da lavoro autonomo sez /.test(s.measure))) {
        throw new Error(
          `${context}: nessuna colonna per "lavoro_autonomo" (né il totale né la suddivisione sez. E-I*); l'intestazione è: ${header.join(' | ')}`,
        );
      }
      pairs[key] = found;
    } else {
      pairs[key] = required(pattern, key);
    }
  }
  return {
    anno: columnIndex(header, 'Anno di imposta', context),
    // "Codice Istat" in the 2008–2011 files.
    codice: columnIndex(header, ['Codice Istat Comune', 'Codice Istat'], context),
    catastale: columnIndex(header, 'Codice catastale', context),
    nome: columnIndex(header, 'Denominazione Comune', context),
    sigla: columnIndex(header, 'Sigla Provincia', context),
    regione: columnIndex(header, 'Regione', context),
    contribuenti: columnIndex(header, 'Numero contribuenti', context),
    pairs,
    scaglioni: BRACKETS.map((b) => required(b.pattern, `scaglione ${b.da ?? '≤'}–${b.a ?? 'oltre'}`)),
  };
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

/** Parses one year's CSV (decoded text) into comuni, skipping and counting non-comune rows. */
export function parseIrpefYear(text: string, anno: number): IrpefYear {
  const context = `MEF IRPEF ${anno}`;
  const table: Table = parseTable(text, ';');
  const cols = resolveIrpefColumns(table.header, context);
  const present = new Set(PAIR_KEYS.filter((k) => cols.pairs[k] !== null));
  const figures: YearFigures = { values: new Float64Array(table.rows.length * ROW_WIDTH), present };
  const comuni: IrpefComune[] = [];
  const scartati: IrpefYear['scartati'] = [];
  const seen = new Set<string>();
  for (const row of table.rows) {
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
