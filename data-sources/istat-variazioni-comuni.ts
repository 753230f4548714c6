import { columnIndex, parseTable } from './lib/csv.ts';
import { allSourceFiles, parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { findSheet, readWorkbook, tableBelowHeader } from './lib/xlsx.ts';

export const meta: SourceMeta = {
  id: 'istat-variazioni-comuni',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: 'Variazioni amministrative e territoriali dei comuni dal 1991 (file ufficiale e SITUAS)',
  landingUrl: 'https://situas.istat.it/web/#/territorio',
  vintage: 'dal 1° gennaio 1991 al 10 dicembre 2024 (file ufficiale); al 11 maggio 2026 (SITUAS)',
  referenceDate: '1991-01-01/2026-05-11',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'Fonte: Istat, variazioni amministrative e territoriali dei comuni dal 1991 (SITUAS), CC BY 4.0',
  files: [
    {
      path: 'istat/variazioni-comuni/SITUAS_variazioni_comuni_dal_1991_2026-05-11.xlsx',
      url: 'https://github.com/lorenzo-ruffino/data-viz/raw/f2b4fe00/SITUAS_variazioni_comuni_dal_1991_2026-05-11.xlsx',
    },
    {
      path: 'istat/variazioni-comuni/Variazioni_amministrative_territoriali_dal_01011991.csv',
      url: 'https://github.com/MocioF/campi-moduli-italiani/raw/9983f205/assets/data/Variazioni_amministrative_territoriali_dal_01011991.csv',
    },
  ],
  required: true,
  feeds: ['comuni', 'territorio'],
  notes: [
    "Il registro ISTAT di ogni variazione dei comuni dal 1991: per ogni estinzione (ES) il comune in cui il comune cessato è confluito, con la data e il provvedimento. È la fonte dei successori dei comuni cessati; l'inferenza da popolazione, contribuenti e confini resta come controllo indipendente.",
    "Si usa l'esportazione SITUAS (11 maggio 2026: date di tutti gli eventi, anche dopo il 1° gennaio 2025); il file ufficiale (al 10 dicembre 2024, cp1252, un campo su due righe) è confrontato con essa: ogni sua estinzione deve comparire in SITUAS con lo stesso successore, altrimenti la build si ferma.",
    "I codici sono quelli della data dell'evento: un comune che ha cambiato provincia o è stato fuso di nuovo (Quero Vas → Setteville) si segue lungo la catena fino al comune attuale.",
    'Entrambi i file sono copiati senza modifiche da repository pubblici (SITUAS: lorenzo-ruffino/data-viz, commit f2b4fe00; file ufficiale: MocioF/campi-moduli-italiani, commit 9983f205).',
  ],
};

/** One extinction (ES) as ISTAT records it: codes as of the event's date. */
export interface Estinzione {
  codice: string;
  nome: string;
  /** ISO date from which the comune no longer exists (its territory is the successor's). */
  data: string;
  codice_successore: string;
  nome_successore: string;
  provvedimento: string;
  contenuto: string;
}

export interface VariazioniComuni {
  estinzioni: Estinzione[];
  /** Extinctions of the official file compared with SITUAS's (same comune, same successor). */
  confronto_file_ufficiale: { estinzioni_file_ufficiale: number; uguali_in_situas: number };
}

const isoDate = (text: string, context: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new Error(`${context}: data "${text}" non nel formato gg/mm/aaaa`);
  return `${m[3]}-${m[2]}-${m[1]}`;
};

/** The SITUAS sheet `variazioni`: its extinctions. */
export function parseSituas(rows: { header: string[]; rows: unknown[][] }): Estinzione[] {
  const context = 'SITUAS variazioni';
  const col = (name: string) => columnIndex(rows.header, name, context);
  const [tipo, codice, nome, assoc, nomeAssoc, atto, contenuto, data] = [
    'Tipo variazione',
    'Codice Comune',
    'Comune',
    'Codice Comune associato',
    'Comune associato',
    'Provvedimento e Documento',
    'Contenuto del provvedimento',
    'Data evento',
  ].map(col) as number[];
  const text = (row: unknown[], i: number) => String(row[i!] ?? '').trim();
  const out: Estinzione[] = [];
  for (const row of rows.rows) {
    if (!text(row, tipo!).startsWith('ES-')) continue;
    const e: Estinzione = {
      codice: text(row, codice!),
      nome: text(row, nome!),
      data: isoDate(text(row, data!), `${context}, ${text(row, codice!)}`),
      codice_successore: text(row, assoc!),
      nome_successore: text(row, nomeAssoc!),
      provvedimento: text(row, atto!),
      contenuto: text(row, contenuto!),
    };
    if (!/^\d{6}$/.test(e.codice) || !/^\d{6}$/.test(e.codice_successore))
      throw new Error(
        `${context}: estinzione di "${e.nome}" senza codici validi (${e.codice} → ${e.codice_successore})`,
      );
    out.push(e);
  }
  if (out.length === 0) throw new Error(`${context}: nessuna estinzione (ES)`);
  return out;
}

/** The official CSV: (comune, successor) of each extinction. cp1252; one quoted field spans two lines. */
export function parseOfficialExtinctions(text: string): { codice: string; codice_successore: string }[] {
  const context = 'Variazioni_amministrative_territoriali_dal_01011991.csv';
  const table = parseTable(text, ';');
  const [tipo, codice, assoc] = [
    'Tipo variazione',
    'Codice Comune formato alfanumerico',
    'Codice del Comune associato alla variazione o nuovo codice Istat del Comune',
  ].map((n) => columnIndex(table.header, n, context)) as number[];
  return table.rows
    .filter((r) => r[tipo!]!.trim() === 'ES')
    .map((r) => ({ codice: r[codice!]!.trim(), codice_successore: r[assoc!]!.trim() }));
}

/** SITUAS's extinctions, after checking that every one of the official file is among them. */
export function joinVariazioni(
  situas: Estinzione[],
  official: { codice: string; codice_successore: string }[],
): VariazioniComuni {
  const key = (e: { codice: string; codice_successore: string }) => `${e.codice}>${e.codice_successore}`;
  const known = new Set(situas.map(key));
  const missing = official.filter((e) => !known.has(key(e)));
  if (missing.length > 0)
    throw new Error(
      `estinzioni del file ufficiale ISTAT assenti in SITUAS o con un altro successore: ${missing.map(key).join(', ')}`,
    );
  return {
    estinzioni: situas,
    confronto_file_ufficiale: { estinzioni_file_ufficiale: official.length, uguali_in_situas: official.length },
  };
}

export async function load(dataDir: string): Promise<VariazioniComuni> {
  const [situas, official] = await allSourceFiles([
    parseSourceFile(dataDir, meta, meta.files[0]!, async (bytes) => {
      const sheet = findSheet(await readWorkbook(bytes), 'variazioni', 'SITUAS');
      return parseSituas(tableBelowHeader(sheet, 'Tipo variazione'));
    }),
    parseSourceFile(dataDir, meta, meta.files[1]!, (bytes) => parseOfficialExtinctions(decodeText(bytes, 'latin1'))),
  ]);
  return joinVariazioni(situas as Estinzione[], official as { codice: string; codice_successore: string }[]);
}
