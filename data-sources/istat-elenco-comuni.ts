import { parseTable, columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const FILE = 'istat/elenco-comuni-2023/Elenco-comuni-italiani.csv';

export const meta: SourceMeta = {
  id: 'istat-elenco-comuni',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: 'Elenco comuni italiani (codici statistici delle unità amministrative territoriali)',
  landingUrl: 'https://www.istat.it/classificazione/codici-dei-comuni-delle-province-e-delle-regioni/',
  vintage: 'edizione 2023 (7.901 comuni)',
  referenceDate: '2023',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'ISTAT, "Elenco comuni italiani", licenza CC BY 4.0',
  files: [{ path: FILE, url: 'https://www.istat.it/storage/codici-unita-amministrative/Elenco-comuni-italiani.csv' }],
  required: true,
  feeds: ['comuni'],
  notes: [
    "Edizione 2023: l'insieme dei comuni in vigore fino al 31/12/2023 (7.901). Rispetto ai 7.896 del 1° gennaio 2025 mancano 4 comuni istituiti il 1° gennaio 2024 (013256, 024128, 025075, 028108) e restano 9 codici soppressi in quella data: per i nuovi comuni NUTS e ripartizione vanno presi dalla provincia.",
    "L'URL ufficiale è un permalink che serve sempre l'edizione più recente: scaricandolo oggi si ottiene un'edizione successiva, non quella del 2023.",
    'Codifica Windows-1252 (Latin-1 con Š/Ž in 0x8A/0x8E, es. "Števerjan", "Devin Nabrežina"), separatore ";", righe CRLF con a-capo LF dentro le celle d\'intestazione tra virgolette, spazi intorno ad alcune celle (" 001 ").',
    'Codici legacy (110, 107 e 103 province) riportati come interi senza zeri iniziali: normalizzati a 6 cifre.',
    'NUTS forniti in due versioni: 2010 e 2021.',
  ],
};

export interface IstatElencoComune {
  codice_istat: string;
  /** Denominazione in italiano. */
  nome: string;
  nome_altra_lingua: string | null;
  codice_regione: string;
  nome_regione: string;
  /** Code of the supra-municipal unit (UTS) valid for statistics, e.g. "201" for the metropolitan city of Torino. */
  codice_uts: string;
  nome_uts: string;
  /** Historical province code (first three digits of the comune code). */
  codice_provincia_storico: string;
  sigla: string;
  ripartizione: { codice: number; nome: string };
  capoluogo: boolean;
  codice_catastale: string;
  /** Codes the comune had in the 110/107/103-province layouts, 6 digits; null when the publisher gives none. */
  codici_legacy: { province_110: string | null; province_107: string | null; province_103: string | null };
  nuts_2010: Nuts;
  nuts_2021: Nuts;
}

export interface Nuts {
  nuts1: string | null;
  nuts2: string | null;
  nuts3: string | null;
}

/** A row that is not a comune (blank or zero code, totals), kept for the build report. */
export interface SkippedRow {
  /** 1-based position among the data rows below the header. */
  riga: number;
  codice: string;
  nome: string;
}

export interface IstatElencoComuniParse {
  comuni: IstatElencoComune[];
  skipped: SkippedRow[];
}

const CONTEXT = 'Elenco-comuni-italiani.csv';

// Header names as parseTable normalizes them (inner line breaks folded, trimmed). Footnote
// markers vary between editions, so the columns that carry one are listed with and without it.
const COLUMNS = {
  regione: 'Codice Regione',
  uts: "Codice dell'Unità territoriale sovracomunale (valida a fini statistici)",
  provincia: ['Codice Provincia (Storico)(1)', 'Codice Provincia (Storico) (1)', 'Codice Provincia (Storico)'],
  codice: 'Codice Comune formato alfanumerico',
  nome: 'Denominazione in italiano',
  altra: 'Denominazione altra lingua',
  ripartizioneCodice: 'Codice Ripartizione Geografica',
  ripartizione: 'Ripartizione geografica',
  nomeRegione: 'Denominazione Regione',
  nomeUts: "Denominazione dell'Unità territoriale sovracomunale (valida a fini statistici)",
  capoluogo: 'Flag Comune capoluogo di provincia/città metropolitana/libero consorzio',
  sigla: 'Sigla automobilistica',
  legacy110: 'Codice Comune numerico con 110 province (dal 2010 al 2016)',
  legacy107: 'Codice Comune numerico con 107 province (dal 2006 al 2009)',
  legacy103: 'Codice Comune numerico con 103 province (dal 1995 al 2005)',
  catastale: 'Codice Catastale del comune',
  nuts1_2010: 'Codice NUTS1 2010',
  nuts2_2010: ['Codice NUTS2 2010 (3)', 'Codice NUTS2 2010'],
  nuts3_2010: 'Codice NUTS3 2010',
  nuts1_2021: 'Codice NUTS1 2021',
  nuts2_2021: ['Codice NUTS2 2021 (3)', 'Codice NUTS2 2021'],
  nuts3_2021: 'Codice NUTS3 2021',
} satisfies Record<string, string | string[]>;

/** Parses the file and reports the rows that are not comuni. */
export function parseElencoComuniReport(text: string): IstatElencoComuniParse {
  const table = parseTable(text, ';');
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [key, columnIndex(table.header, names, CONTEXT)]),
  ) as Record<keyof typeof COLUMNS, number>;
  const comuni: IstatElencoComune[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  table.rows.forEach((row, i) => {
    const cell = (key: keyof typeof COLUMNS) => row[index[key]]!.trim();
    const codice = toCodiceIstat(cell('codice'));
    if (!codice) {
      skipped.push({ riga: i + 1, codice: cell('codice'), nome: cell('nome') });
      return;
    }
    if (seen.has(codice)) throw new Error(`${CONTEXT}: il codice comune ${codice} compare due volte`);
    seen.add(codice);
    const ctx = `${CONTEXT}, comune ${codice}`;
    comuni.push({
      codice_istat: codice,
      nome: required(cell('nome'), 'Denominazione in italiano', ctx),
      nome_altra_lingua: cell('altra') || null,
      codice_regione: digits(cell('regione'), 2, 'Codice Regione', ctx),
      nome_regione: required(cell('nomeRegione'), 'Denominazione Regione', ctx),
      codice_uts: digits(cell('uts'), 3, 'codice UTS', ctx),
      nome_uts: required(cell('nomeUts'), 'denominazione UTS', ctx),
      codice_provincia_storico: digits(cell('provincia'), 3, 'Codice Provincia (Storico)', ctx),
      sigla: required(cell('sigla'), 'Sigla automobilistica', ctx),
      ripartizione: {
        codice: Number(digits(cell('ripartizioneCodice'), 1, 'Codice Ripartizione Geografica', ctx)),
        nome: required(cell('ripartizione'), 'Ripartizione geografica', ctx),
      },
      capoluogo: flag(cell('capoluogo'), ctx),
      codice_catastale: catastale(cell('catastale'), ctx),
      codici_legacy: {
        province_110: legacy(cell('legacy110'), ctx),
        province_107: legacy(cell('legacy107'), ctx),
        province_103: legacy(cell('legacy103'), ctx),
      },
      nuts_2010: {
        nuts1: cell('nuts1_2010') || null,
        nuts2: cell('nuts2_2010') || null,
        nuts3: cell('nuts3_2010') || null,
      },
      nuts_2021: {
        nuts1: cell('nuts1_2021') || null,
        nuts2: cell('nuts2_2021') || null,
        nuts3: cell('nuts3_2021') || null,
      },
    });
  });
  return { comuni, skipped };
}

export function parseElencoComuni(text: string): IstatElencoComune[] {
  return parseElencoComuniReport(text).comuni;
}

function required(value: string, column: string, ctx: string): string {
  if (value === '') throw new Error(`${ctx}: "${column}" vuoto`);
  return value;
}

/** A numeric code that must be present; padded to its width ("1" → "01"). */
function digits(value: string, width: number, column: string, ctx: string): string {
  if (!new RegExp(`^\\d{1,${width}}$`).test(value))
    throw new Error(`${ctx}: "${column}" vale "${value}", attese al massimo ${width} cifre`);
  return value.padStart(width, '0');
}

function flag(value: string, ctx: string): boolean {
  if (value === '1') return true;
  if (value === '0') return false;
  throw new Error(`${ctx}: il flag capoluogo vale "${value}", atteso 0 o 1`);
}

function catastale(value: string, ctx: string): string {
  const code = value.toUpperCase();
  if (!/^[A-Z]\d{3}$/.test(code))
    throw new Error(`${ctx}: il codice catastale "${value}" non è una lettera seguita da tre cifre`);
  return code;
}

/** Legacy numeric codes lose their leading zeros ("1001"); blank or 0 means none. */
function legacy(value: string, ctx: string): string | null {
  if (value === '' || /^0+$/.test(value)) return null;
  const code = toCodiceIstat(value);
  if (!code) throw new Error(`${ctx}: il codice storico "${value}" non è un codice comune`);
  return code;
}

export async function load(dataDir: string): Promise<IstatElencoComuniParse> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parseElencoComuniReport(decodeText(bytes, 'latin1')),
  );
}
