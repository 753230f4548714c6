import { columnIndex, parseTable } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import { decodeText } from './lib/text.ts';
import type { SourceMeta } from './lib/source.ts';
import { isMissing, parseDecimalComma, toCodiceIstat } from './lib/values.ts';

const DIR = 'dipe/urban-index';
const LANDING = 'https://www.urbanindex.it';

export const meta: SourceMeta = {
  id: 'dipe-urban-index',
  publisher:
    'Presidenza del Consiglio dei Ministri – Dipartimento per la programmazione e il coordinamento della politica economica (DIPE)',
  dataset: 'Urban Index – Indicatori per le politiche urbane',
  landingUrl: LANDING,
  vintage: '8.092 comuni su confini 2011-2015, 99 indicatori con anni di riferimento diversi (2010-2015)',
  referenceDate: '2011/2015',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.it' },
  attribution: 'Presidenza del Consiglio dei Ministri – DIPE, "Urban Index"',
  files: [
    // The site publishes the database for download but no stable direct link to these CSVs could be confirmed.
    { path: `${DIR}/DB_DIPE.csv`, url: LANDING },
    { path: `${DIR}/DB_DIPE_TRACCIATO.csv`, url: LANDING },
  ],
  required: false,
  feeds: ['servizi', 'ambiente'],
  notes: [
    'Ogni indicatore ha il proprio anno di riferimento (DB_DIPE_TRACCIATO.csv), tra il 2010 e il 2015: sono dati storici, non correnti.',
    'Confini comunali 2011-2015 (8.092 comuni): i comuni nati da fusioni successive non hanno valori; i valori dei comuni poi soppressi non sono riportati ai nuovi comuni.',
    'f4 (posti letto ospedalieri) e f6 (farmacie): il tracciato dichiara "num ogni 10.000 ab", ma i valori sono per 1.000 abitanti (somma nazionale di valore × popolazione: circa 216.000 posti letto e 16.900 farmacie, coerenti con i totali italiani; per 10.000 sarebbero un decimo). L\'API li espone quindi come "per 1.000 abitanti".',
    "f4 conta i posti letto degli ospedali situati nel comune: vale 0 nella grande maggioranza dei comuni (senza ospedale), non misura l'accesso dei residenti.",
    'Celle "#N/D", "NULL", "na", "#DIV/0!" (anche senza "!") sono valori mancanti (null), mai 0.',
    'La colonna c7 del database non è documentata nel tracciato (98 indicatori documentati su 99 colonne).',
    'File in Latin-1/Windows-1252 (il tracciato contiene apostrofi tipografici e il simbolo €).',
    'URL dei file: nessun link diretto stabile confermato; il campo url indica il sito Urban Index. Licenza: nessuna licenza esplicita trovata; dato pubblico aperto per default (art. 52 c. 2 CAD, CC BY 4.0 secondo le linee guida AgID).',
  ],
};

export interface IndicatoreTracciato {
  titolo: string;
  ambito: string | null;
  descrizione: string | null;
  unita: string | null;
  /** As written in the tracciato: "2011", "2011-2015", "2010 - 2011 - 2012". */
  anno: string | null;
  fonte: string | null;
}

export type Direzione = 'maggiore_migliore' | 'minore_migliore';

export interface IndicatoreUsato {
  /** Column name in DB_DIPE.csv. */
  codice: string;
  /** Field name the API serves. */
  campo: string;
  titolo: string;
  /** Unit of the values as they really are. */
  unita: string;
  /** Unit the tracciato declares: checked on load, so a corrected tracciato is noticed. */
  unita_tracciato: string;
  direzione: Direzione;
  /** Reference year, from the tracciato (checked on load). */
  anno: string;
  nota: string | null;
}

/** The Urban Index indicators the API serves, checked against DB_DIPE_TRACCIATO.csv. */
export const INDICATORI_USATI: readonly IndicatoreUsato[] = [
  {
    codice: 'f1',
    campo: 'popolazione_esclusa_banda_larga_pct',
    titolo: 'Digital divide da rete fissa e mobile',
    unita: '% della popolazione',
    unita_tracciato: '%',
    direzione: 'minore_migliore',
    anno: '2013',
    nota: 'Percentuale di popolazione esclusa dalla banda larga da rete fissa e mobile (fonte primaria MISE, via Agenzia per la Coesione Territoriale).',
  },
  {
    codice: 'f4',
    campo: 'posti_letto_ospedalieri_per_1000_abitanti',
    titolo: 'Posti letto ospedalieri ordinari',
    unita: 'posti letto ogni 1.000 abitanti',
    unita_tracciato: 'num ogni 10.000 ab',
    direzione: 'maggiore_migliore',
    anno: '2011',
    nota: 'Il tracciato indica "ogni 10.000 abitanti" ma i valori sono per 1.000 abitanti. Conta i posti letto degli ospedali nel comune: 0 dove non c\'è un ospedale.',
  },
  {
    codice: 'f6',
    campo: 'farmacie_per_1000_abitanti',
    titolo: 'Farmacie ordinarie',
    unita: 'farmacie ogni 1.000 abitanti',
    unita_tracciato: 'num ogni 10.000 ab',
    direzione: 'maggiore_migliore',
    anno: '2011',
    nota: 'Il tracciato indica "ogni 10.000 abitanti" ma i valori sono per 1.000 abitanti.',
  },
  {
    codice: 'n1',
    campo: 'suolo_consumato_pro_capite_m2',
    titolo: 'Suolo consumato pro capite',
    unita: 'm² per abitante',
    unita_tracciato: 'mq/ab',
    direzione: 'minore_migliore',
    anno: '2015',
    nota: 'Fonte ISPRA.',
  },
];

export function parseTracciato(text: string): Map<string, IndicatoreTracciato> {
  const table = parseTable(text, ';');
  const ctx = 'DB_DIPE_TRACCIATO.csv';
  const [nome, titolo, ambito, descrizione, unita, anno, fonte] = [
    'nome',
    'titolo',
    'ambito',
    'descrizione',
    'unita_di_misura',
    'anno',
    'fonte',
  ].map((c) => columnIndex(table.header, c, ctx)) as number[];
  const blank = (s: string | undefined) => {
    const v = (s ?? '').replace(/\s+/g, ' ').trim();
    return v === '' ? null : v;
  };
  const out = new Map<string, IndicatoreTracciato>();
  for (const row of table.rows) {
    const key = blank(row[nome!]);
    if (!key) continue;
    out.set(key, {
      titolo: blank(row[titolo!]) ?? key,
      ambito: blank(row[ambito!]),
      descrizione: blank(row[descrizione!]),
      unita: blank(row[unita!]),
      anno: blank(row[anno!]),
      fonte: blank(row[fonte!]),
    });
  }
  return out;
}

export interface UrbanIndexParsed {
  valori: Map<string, Record<string, number | null>>;
  /** Rows whose PRO_COM is not a comune code. */
  skipped: { row: number; reason: string }[];
}

/**
 * DB_DIPE.csv: ";", decimal comma, PRO_COM as an integer without leading zeros,
 * placeholders (NULL, #N/D, na, #DIV/0!) for missing values. Returns the requested
 * indicators per comune (6-digit code).
 */
export function parseUrbanIndex(
  text: string,
  indicators: readonly string[],
): Map<string, Record<string, number | null>> {
  return parseUrbanIndexWithReport(text, indicators).valori;
}

export function parseUrbanIndexWithReport(text: string, indicators: readonly string[]): UrbanIndexParsed {
  const table = parseTable(text, ';');
  const ctx = 'DB_DIPE.csv';
  const iCode = columnIndex(table.header, 'PRO_COM', ctx);
  const columns = indicators.map((name) => [name, columnIndex(table.header, name, ctx)] as const);
  const valori = new Map<string, Record<string, number | null>>();
  const skipped: UrbanIndexParsed['skipped'] = [];
  table.rows.forEach((row, i) => {
    const codice = toCodiceIstat(row[iCode]);
    if (!codice) {
      skipped.push({ row: i + 2, reason: `PRO_COM non valido "${row[iCode]}"` });
      return;
    }
    if (valori.has(codice)) throw new Error(`${ctx}: PRO_COM ${codice} compare due volte`);
    const record: Record<string, number | null> = {};
    for (const [name, index] of columns) {
      const cell = row[index] ?? '';
      record[name] = isMissing(cell) ? null : parseDecimalComma(cell, `${ctx} ${name} di ${codice}`);
    }
    valori.set(codice, record);
  });
  return { valori, skipped };
}

/** Differences between INDICATORI_USATI and the tracciato (year, declared unit): empty when they agree. */
export function checkIndicatori(
  tracciato: Map<string, IndicatoreTracciato>,
  usati: readonly IndicatoreUsato[] = INDICATORI_USATI,
): string[] {
  const problems: string[] = [];
  for (const u of usati) {
    const t = tracciato.get(u.codice);
    if (!t) {
      problems.push(`${u.codice}: non documentato nel tracciato`);
      continue;
    }
    if (t.anno !== u.anno) problems.push(`${u.codice}: anno "${t.anno}" nel tracciato, atteso "${u.anno}"`);
    if (t.unita !== u.unita_tracciato)
      problems.push(`${u.codice}: unità "${t.unita}" nel tracciato, attesa "${u.unita_tracciato}"`);
  }
  return problems;
}

export interface UrbanIndex {
  tracciato: Map<string, IndicatoreTracciato>;
  /** Per comune, keyed by the API field name (INDICATORI_USATI.campo). */
  valori: Map<string, Record<string, number | null>>;
  skipped: { row: number; reason: string }[];
}

export async function load(dataDir: string): Promise<UrbanIndex> {
  const [dbFile, tracciatoFile] = meta.files as [(typeof meta.files)[0], (typeof meta.files)[0]];
  const tracciato = await parseSourceFile(dataDir, meta, tracciatoFile, (bytes) => {
    const parsedTracciato = parseTracciato(decodeText(bytes, 'latin1'));
    const problems = checkIndicatori(parsedTracciato);
    if (problems.length > 0)
      throw new Error(`il tracciato non corrisponde più a INDICATORI_USATI:\n  ${problems.join('\n  ')}`);
    return parsedTracciato;
  });
  const parsed = await parseSourceFile(dataDir, meta, dbFile, (bytes) =>
    parseUrbanIndexWithReport(
      decodeText(bytes, 'latin1'),
      INDICATORI_USATI.map((u) => u.codice),
    ),
  );
  const valori = new Map<string, Record<string, number | null>>();
  for (const [codice, record] of parsed.valori) {
    valori.set(codice, Object.fromEntries(INDICATORI_USATI.map((u) => [u.campo, record[u.codice] ?? null])));
  }
  return { tracciato, valori, skipped: parsed.skipped };
}
