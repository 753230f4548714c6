import { foldText } from '../../lib/text.ts';
import { columnIndex } from '../lib/csv.ts';

// The columns of a MEF IRPEF year's file (../mef-irpef-comunale.ts reads the rows): which header
// holds each measure's frequency and amount, whatever the year's wording.

/**
 * Headers are "<measure> - Frequenza" / "<measure> - Ammontare[ in euro]"; the measure's
 * wording drifts between years (accents or apostrophes, "(comprensivo dei valori nulli)"
 * vs "(compresi nulli)", double and non-breaking spaces). Measures are therefore matched
 * on a canonical form (foldText: accents stripped, lower case, every run of non-alphanumerics one space).
 */
const NULLI = '(?: (?:comprensivo dei valori|compresi(?: valori)?) nulli)?';
const measure = (body: string) => new RegExp(`^${body}${NULLI}$`);

export type PairKey =
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

export const PAIRS: Record<PairKey, RegExp> = {
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
export const BRACKETS: { da: number | null; a: number | null; pattern: RegExp }[] = [
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
