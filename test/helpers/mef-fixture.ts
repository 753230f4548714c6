/**
 * MEF IRPEF files written by hand in the publisher's layouts, for parser and fetcher
 * tests: identity columns, then a "<measure> - Frequenza" / "<measure> - Ammontare…"
 * pair per measure.
 */

export const BRACKETS = [
  'Reddito complessivo minore o uguale a zero euro',
  'Reddito complessivo da 0 a 10000 euro',
  'Reddito complessivo da 10000 a 15000 euro',
  'Reddito complessivo da 15000 a 26000 euro',
  'Reddito complessivo da 26000 a 55000 euro',
  'Reddito complessivo da 55000 a 75000 euro',
  'Reddito complessivo da 75000 a 120000 euro',
  'Reddito complessivo oltre 120000 euro',
];

export interface Layout {
  identity: string[];
  measures: string[];
  amount: string;
  /** Text after the last header cell (phantom columns). */
  tail: string;
}

export const ID_2023 = [
  'Anno di imposta',
  'Codice catastale',
  'Codice Istat Comune',
  'Denominazione Comune',
  'Sigla Provincia',
  'Regione',
  'Codice Istat Regione',
  'Numero contribuenti',
];

/** The 2023 layout, also the expected layout of the next tax years. */
export const L2023: Layout = {
  identity: ID_2023,
  measures: [
    'Reddito da fabbricati',
    'Reddito da lavoro dipendente e assimilati',
    'Reddito da pensione',
    'Reddito da lavoro autonomo (comprensivo dei valori nulli)',
    "Reddito di spettanza dell'imprenditore in contabilita' ordinaria  (comprensivo dei valori nulli)",
    "Reddito di spettanza dell'imprenditore in contabilita' semplificata (comprensivo dei valori nulli)",
    'Reddito da partecipazione  (comprensivo dei valori nulli)',
    'Reddito imponibile',
    'Imposta netta',
    'Trattamento spettante',
    'Reddito imponibile addizionale',
    'Addizionale regionale dovuta',
    'Addizionale comunale dovuta',
    'Reddito complessivo',
    ...BRACKETS,
  ],
  amount: 'Ammontare in euro',
  tail: '; ',
};

export function headerOf(l: Layout): string {
  return [...l.identity, ...l.measures.flatMap((m) => [`${m} - Frequenza`, `${m} - ${l.amount}`])].join(';') + l.tail;
}

/** A data row: identity cells, then [frequenza, ammontare] per measure (default "7" and "7000"). */
export function rowOf(
  l: Layout,
  identity: string[],
  values: Record<string, [string, string]> = {},
  trailing = ';',
): string {
  return [...identity, ...l.measures.flatMap((m) => values[m] ?? ['7', '7000'])].join(';') + trailing;
}

export function mefFile(l: Layout, rows: string[]): string {
  return [headerOf(l), ...rows].join('\r\n') + '\r\n';
}
