import { columnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { toCodiceIstat } from './lib/values.ts';
import { findSheet, readLegacyWorkbook, tableBelowHeader, type Cell } from './lib/xlsx.ts';

export const meta: SourceMeta = {
  id: 'agcom-copertura-ftth',
  publisher: 'AGCOM – Autorità per le Garanzie nelle Comunicazioni',
  dataset: 'Broadband Map: copertura della rete fissa per comune, famiglie raggiunte in fibra fino a casa (FTTH)',
  landingUrl: 'https://maps.agcom.it/',
  // The file carries no reference date: created 2026-06-04, families equal to those of the
  // report of 30 June 2026 and FTTH slightly below it, so most likely the 31 March 2026 data.
  vintage: 'AGCOM, 2026 (primo semestre; la data di riferimento non è scritta nel file)',
  referenceDate: '2026',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'AGCOM, Broadband Map – copertura FTTH per comune, 2026 (primo semestre), licenza CC BY 4.0',
  files: [
    {
      path: 'agcom/copertura-ftth/AGCOM_Fibra.xls',
      // Kept by a public repository (albertofrison/BiellaMap); AGCOM offers the data through the
      // Broadband Map, with no stable direct link to this file.
      url: 'https://maps.agcom.it/',
    },
  ],
  required: false,
  feeds: ['servizi', 'qualita-vita'],
  notes: [
    'File Excel 97-2003 (.xls, BIFF8) conservato da un repository pubblico (albertofrison/BiellaMap): un foglio "Comuni", 7.896 righe.',
    'La data di riferimento non è nel file (creato il 4 giugno 2026; famiglie uguali e FTTH di poco inferiore al rapporto del 30 giugno 2026, quindi con ogni probabilità i dati del 31 marzo 2026): citato come "AGCOM, 2026 (primo semestre)".',
    'Codici ISTAT del 1° gennaio 2026 come numeri (zeri iniziali persi): i 377 comuni della Sardegna si collegano ai codici 2025 con la tabella ISTAT dei codici sardi 2026.',
    'Famiglie residenti e famiglie raggiunte FTTH sono stime di AGCOM ("calcolato", con decimali); la quota servita è la colonna "Copertura FTTH DESI" (= famiglie raggiunte / famiglie residenti, verificato riga per riga).',
    'Una cella "Famiglie raggiunte FTTH" vuota ha sempre quota pubblicata 0 (377 comuni): letta come 0 famiglie raggiunte.',
  ],
};

export interface CoperturaFtth {
  famiglie_residenti: number;
  famiglie_raggiunte_ftth: number;
  /** Share 0–1 as published ("Copertura FTTH DESI"). */
  quota: number;
}

function number(cell: Cell | undefined, context: string): number {
  if (typeof cell !== 'number' || !Number.isFinite(cell) || cell < 0)
    throw new Error(`${context}: "${String(cell)}" non è un numero non negativo`);
  return cell;
}

/** Sheet "Comuni": one header row, one row per comune, keyed by the 2026 code. */
export function parseCoperturaFtth(rows: Cell[][]): Map<string, CoperturaFtth> {
  const context = 'AGCOM copertura FTTH, foglio Comuni';
  const { header, rows: body } = tableBelowHeader({ name: context, rows }, 'pro_com');
  const iCode = columnIndex(header, 'pro_com', context);
  const iFamilies = columnIndex(header, 'Famiglie Residenti (calcolato)', context);
  const iReached = columnIndex(header, 'Famiglie raggiunte FTTH (calcolato)', context);
  const iShare = columnIndex(header, 'Copertura FTTH DESI', context);
  const out = new Map<string, CoperturaFtth>();
  for (const row of body) {
    const raw = row[iCode];
    const codice = typeof raw === 'number' && Number.isInteger(raw) ? toCodiceIstat(raw) : null;
    if (!codice) throw new Error(`${context}: codice comune non valido "${String(raw)}"`);
    if (out.has(codice)) throw new Error(`${context}: il codice ${codice} compare due volte`);
    const at = `${context} ${codice}`;
    const famiglie_residenti = number(row[iFamilies], `${at} famiglie residenti`);
    const quota = number(row[iShare], `${at} copertura FTTH`);
    if (quota > 1) throw new Error(`${at}: copertura FTTH ${quota} fuori da 0–1`);
    const reachedCell = row[iReached];
    if (reachedCell == null && quota !== 0)
      throw new Error(`${at}: famiglie raggiunte FTTH vuote ma copertura ${quota}`);
    const famiglie_raggiunte_ftth = reachedCell == null ? 0 : number(reachedCell, `${at} famiglie raggiunte FTTH`);
    if (famiglie_residenti === 0 || Math.abs(famiglie_raggiunte_ftth / famiglie_residenti - quota) > 1e-9)
      throw new Error(`${at}: copertura ${quota} diversa da famiglie raggiunte / residenti`);
    out.set(codice, { famiglie_residenti, famiglie_raggiunte_ftth, quota });
  }
  return out;
}

export async function load(dataDir: string): Promise<Map<string, CoperturaFtth>> {
  const file = meta.files[0]!;
  return parseSourceFile(dataDir, meta, file, async (bytes) =>
    parseCoperturaFtth(findSheet(await readLegacyWorkbook(bytes), 'Comuni', file.path).rows),
  );
}
