import { columnIndex, parseTable } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

export const meta: SourceMeta = {
  id: 'anpr-archivio-comuni',
  publisher: "Ministero dell'Interno – ANPR",
  dataset: 'Archivio storico dei comuni',
  landingUrl: 'https://www.anagrafenazionale.interno.it/area-tecnica/archivi-e-tabelle/',
  vintage: 'aggiornato al 16 maggio 2023',
  referenceDate: '2023-05-16',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: "Ministero dell'Interno – ANPR, Archivio storico dei comuni, CC BY 4.0",
  files: [
    {
      path: 'anpr/archivio-comuni/ANPR_archivio_comuni.csv',
      url: 'https://www.anagrafenazionale.interno.it/wp-content/uploads/ANPR_archivio_comuni.csv',
    },
  ],
  required: true,
  feeds: ['comuni'],
  notes: [
    'Una riga per periodo di validità di un comune dal 1861: date di istituzione e cessazione, codice ISTAT del periodo (cambia con la provincia), codice catastale (Belfiore, stabile), denominazioni.',
    "I dati si fermano al 16 maggio 2023: le variazioni successive vengono dall'archivio di validità di Garda Informatica (gi_comuni_validita.csv).",
    'Nessuna colonna indica il comune successore di un comune cessato: il collegamento è derivato nella fase di unione (generator/join/successors.ts), con il metodo dichiarato e verificato.',
    'UTF-8 con BOM, separatore ",", denominazioni in maiuscolo; 9999-12-31 = periodo ancora aperto.',
    '28 periodi di comuni cessati prima del 1975 hanno codice catastale "ND": esclusi (non collegabili).',
  ],
};

/** One validity period of a comune: code, name and province between two dates (inclusive). */
export interface PeriodoComune {
  codice_istat: string;
  codice_catastale: string;
  nome: string;
  nome_altra_lingua: string | null;
  sigla_provincia: string;
  inizio: string;
  /** null while the period is open. */
  fine: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseArchivioComuni(text: string): PeriodoComune[] {
  const context = 'ANPR_archivio_comuni.csv';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const col = (name: string) => columnIndex(table.header, name, context);
  const [inizio, fine, codice, catastale, nome, altra, sigla] = [
    'DATAISTITUZIONE',
    'DATACESSAZIONE',
    'CODISTAT',
    'CODCATASTALE',
    'DENOMINAZIONE_IT',
    'ALTRADENOMINAZIONE',
    'SIGLAPROVINCIA',
  ].map(col) as number[];
  return table.rows.flatMap((row) => {
    const cell = (i: number) => row[i]!.trim();
    // 28 periods of comuni ceased before 1975 have "ND" (no cadastral code): they cannot be keyed and are left out.
    if (cell(catastale!) === 'ND') return [];
    const start = cell(inizio!);
    const end = cell(fine!);
    if (!ISO_DATE.test(start) || !ISO_DATE.test(end))
      throw new Error(`${context}: date non valide "${start}"/"${end}" per ${cell(catastale!)}`);
    if (!/^\d{6}$/.test(cell(codice!)) || !/^[A-Z]\d{3}$/.test(cell(catastale!)))
      throw new Error(`${context}: codici non validi "${cell(codice!)}"/"${cell(catastale!)}"`);
    return [
      {
        codice_istat: cell(codice!),
        codice_catastale: cell(catastale!),
        nome: cell(nome!),
        nome_altra_lingua: cell(altra!) || null,
        sigla_provincia: cell(sigla!),
        inizio: start,
        fine: end === '9999-12-31' ? null : end,
      },
    ];
  });
}

export async function load(dataDir: string): Promise<PeriodoComune[]> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseArchivioComuni(decodeText(bytes, 'utf-8')));
}
