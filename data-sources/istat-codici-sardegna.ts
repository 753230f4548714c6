import { columnIndex, parseTable } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

export const meta: SourceMeta = {
  id: 'istat-codici-sardegna',
  publisher: 'ISTAT',
  dataset: 'Codici statistici e denominazioni delle unità amministrative della Sardegna in vigore dal 1° gennaio 2026',
  landingUrl: 'https://www.istat.it/classificazione/codici-dei-comuni-delle-province-e-delle-regioni/',
  vintage: '1° gennaio 2026 (377 comuni della Sardegna)',
  referenceDate: '2026-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'ISTAT, codici statistici della Sardegna dal 1° gennaio 2026, CC BY 4.0',
  files: [
    {
      path: 'istat/sardegna-2026/sardegna-2026.csv',
      url: 'https://www.istat.it/wp-content/uploads/2024/09/Codici-statistici-e-denominazioni-delle-unita-amministrative-della-Sardegna.zip',
    },
  ],
  // Optional: the official zip holds a Latin-1 CSV that is not this transcription, so data:fetch
  // lists it as a manual step; without it the 2026 codes are simply not aliases of the 2025 ones.
  required: false,
  feeds: ['comuni'],
  notes: [
    'Nuovi codici dei 377 comuni sardi con le nuove province (112–119) e il codice precedente (2025): il territorio non cambia, i codici 2026 sono alias dei codici 2025 che usano tutte le altre fonti.',
    'Copia trascritta (UTF-8, ";", una riga di titolo, intestazioni con a capo) da una ripubblicazione del CSV ufficiale (Latin-1): non identica byte per byte al file ISTAT.',
  ],
};

export interface CodiceSardegna2026 {
  codice_2026: string;
  nome: string;
  codice_precedente: string;
  provincia_2026: { codice: string; nome: string };
}

export function parseSardegna2026(text: string): CodiceSardegna2026[] {
  const context = 'sardegna-2026.csv';
  const table = parseTable(text.replace(/^\uFEFF/, ''), ';', { skipLines: 1 });
  const col = (name: string) => columnIndex(table.header, name, context);
  const [codice, nome, precedente, provCodice, provNome] = [
    'Codice Comune',
    'Denominazione Comune',
    'Codice Comune precedente',
    'Codice Provincia/ Città metropolitana',
    'Denominazione Provincia/ Città metropolitana',
  ].map(col) as number[];
  const out = table.rows.map((row) => {
    const cell = (i: number) => row[i]!.trim();
    const entry = {
      codice_2026: cell(codice!),
      nome: cell(nome!),
      codice_precedente: cell(precedente!),
      provincia_2026: { codice: cell(provCodice!), nome: cell(provNome!) },
    };
    if (!/^\d{6}$/.test(entry.codice_2026) || !/^\d{6}$/.test(entry.codice_precedente))
      throw new Error(`${context}: codici non validi nella riga "${row.join(';')}"`);
    return entry;
  });
  if (new Set(out.map((e) => e.codice_2026)).size !== out.length)
    throw new Error(`${context}: un codice 2026 compare due volte`);
  return out;
}

export async function load(dataDir: string): Promise<CodiceSardegna2026[]> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseSardegna2026(decodeText(bytes, 'utf-8')));
}
