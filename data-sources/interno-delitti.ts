import { foldText } from '../lib/text.ts';
import { columnIndex, parseTable } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { parseDecimalPoint } from './lib/values.ts';

const LANDING =
  'http://ucs.interno.gov.it/ucs/contenuti/Numero_dei_delitti_denunciati_all_autorita_giudiziaria_dalle_forze_di_polizia_int_00062-7730889.htm';

export const meta: SourceMeta = {
  id: 'interno-delitti',
  publisher: "Ministero dell'Interno – Ufficio centrale di statistica",
  dataset: "Numero dei delitti denunciati all'autorità giudiziaria dalle forze di polizia (INT00062), per provincia",
  landingUrl: LANDING,
  vintage: 'anni 2017-2020, 34 categorie di delitto',
  referenceDate: '2017/2020',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.it' },
  attribution: "Ministero dell'Interno, delitti denunciati dalle forze di polizia (elaborazione onData)",
  files: [
    {
      path: 'interno/delitti-forze-polizia/numero-delitti-per-provincia.csv',
      // The Ministry publishes one spreadsheet per year; this single CSV is onData's compilation of them
      // (github.com/ondata/abusi-infanzia, dati/delitti-forze-polizia/output/), so the landing page is given.
      url: LANDING,
    },
  ],
  required: false,
  // Parsed and checked by every build, but no endpoint serves it yet: safety uses ISTAT's series.
  feeds: [],
  notes: [
    "Non ancora servita dall'API: il file è letto e controllato a ogni build; la dimensione sicurezza usa la serie ISTAT dei delitti denunciati (istat-delitti).",
    "File compilato da onData (repository ondata/abusi-infanzia) dai fogli annuali del Ministero dell'Interno; i dati 2020 furono ottenuti dall'associazione via PEC.",
    'Nella compilazione le righe con valore 0 e le righe di totale sono state eliminate: una voce assente per una provincia e un anno non è riportata (è verosimilmente zero, ma il file non lo dice) e il totale dei delitti non è disponibile (null).',
    'Le voci "NN.0" sono le 34 categorie; le voci "NN.a", "NN.b"… sono sottoinsiemi della categoria e non vanno sommate ad essa.',
    'Sud Sardegna (SU) non è presente nel file.',
    'I dati provinciali possono non sommare al dato regionale: i delitti non localizzabili in una provincia sono attribuiti al livello superiore (nota del Ministero).',
    'Dato provinciale: vale per tutti i comuni della provincia, non è un dato del comune.',
  ],
};

export interface InternoVoce {
  /** "15.0" for a category, "15.d" for one of its sub-types. */
  codice: string | null;
  categoria: string;
  reato: string;
  livello: 'categoria' | 'sottocategoria';
  delitti: number | null;
}

export interface InternoDelittiAnno {
  anno: number;
  /** The 34 categories (rows "NN.0"), keyed by a snake_case form of the category name. */
  categorie: Record<string, number | null>;
  /** All rows of that year, categories and sub-types. */
  voci: InternoVoce[];
  /** Only when the file has a TOTALE row; the current compilation has none. */
  totale: number | null;
}

export interface InternoProvincia {
  sigla: string;
  nome: string;
  nuts3_2021: string | null;
  anni: InternoDelittiAnno[];
}

export interface InternoDelitti {
  perSigla: Map<string, InternoProvincia>;
  skipped: { row: number; reason: string }[];
}

/** "VIOLAZIONE ALLA PROPRIETA' INTELLETTUALE" → "violazione_alla_proprieta_intellettuale". */
export function categoriaKey(name: string): string {
  return foldText(name).replace(/ /g, '_');
}

const TOTAL = /^totale\b/i;

export function parseInternoDelitti(text: string): InternoDelitti {
  const table = parseTable(text, ',');
  const ctx = 'numero-delitti-per-provincia.csv';
  const col = (name: string) => columnIndex(table.header, name, ctx);
  const [iCat, iReato, iAnno, iTot, iSigla, iNome] = [
    'categoria',
    'Reato',
    'ANNO',
    'Totale',
    'Sigla automobilistica',
    'Denominazione Provincia',
  ].map(col) as number[];
  const iNuts = table.header.findIndex((h) => /^Codice NUTS3/i.test(h));
  const perSigla = new Map<string, InternoProvincia>();
  const skipped: InternoDelitti['skipped'] = [];
  const years = new Map<string, Map<number, InternoDelittiAnno>>();
  table.rows.forEach((row, i) => {
    const sigla = row[iSigla!]!.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(sigla)) {
      skipped.push({ row: i + 2, reason: `sigla provincia non valida "${row[iSigla!]}"` });
      return;
    }
    const anno = Number(row[iAnno!]!.trim());
    if (!Number.isInteger(anno)) throw new Error(`${ctx}: ANNO non valido "${row[iAnno!]}" alla riga ${i + 2}`);
    const reatoCell = row[iReato!]!.replace(/\s+/g, ' ').trim();
    const categoria = row[iCat!]!.replace(/\s+/g, ' ').trim();
    const match = /^(\d{1,2}\.[0-9a-z])\s+(.+)$/i.exec(reatoCell);
    const codice = match ? match[1]!.toLowerCase() : null;
    const reato = match ? match[2]! : reatoCell;
    const delitti = parseDecimalPoint(row[iTot!], `${ctx} Totale at row ${i + 2}`);
    if (!perSigla.has(sigla)) {
      perSigla.set(sigla, {
        sigla,
        nome: row[iNome!]!.trim(),
        nuts3_2021: iNuts >= 0 ? row[iNuts]!.trim() || null : null,
        anni: [],
      });
      years.set(sigla, new Map());
    }
    const byYear = years.get(sigla)!;
    let entry = byYear.get(anno);
    if (!entry) {
      entry = { anno, categorie: {}, voci: [], totale: null };
      byYear.set(anno, entry);
    }
    if (TOTAL.test(categoria) || TOTAL.test(reato)) {
      entry.totale = delitti;
      return;
    }
    const livello = codice == null || codice.endsWith('.0') ? 'categoria' : 'sottocategoria';
    entry.voci.push({ codice, categoria, reato, livello, delitti });
    if (livello === 'categoria') {
      const key = categoriaKey(categoria || reato);
      if (key in entry.categorie) throw new Error(`${ctx}: categoria ${key} presente due volte per ${sigla} ${anno}`);
      entry.categorie[key] = delitti;
    }
  });
  for (const [sigla, byYear] of years) perSigla.get(sigla)!.anni = [...byYear.values()].sort((a, b) => a.anno - b.anno);
  return { perSigla, skipped };
}

export async function load(dataDir: string): Promise<InternoDelitti> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseInternoDelitti(decodeText(bytes, 'utf-8')));
}
