import { addValue, parsePopulationCount, type PopulationPoint } from './anpr-popolazione.ts';
import { parseTable, columnIndex, optionalColumnIndex } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

const LANDING = 'http://dati.istat.it/Index.aspx?DataSetCode=DCIS_POPRES1';
const YEAR = 2020;

export const meta: SourceMeta = {
  id: 'istat-popolazione-2020',
  publisher: 'ISTAT – Istituto nazionale di statistica',
  dataset: 'Popolazione residente al 1° gennaio (DCIS_POPRES1), comuni, 2020',
  landingUrl: LANDING,
  vintage: '1° gennaio 2020 (serie precedente la revisione censuaria)',
  referenceDate: '2020-01-01',
  licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  attribution: 'ISTAT, Popolazione residente al 1° gennaio 2020 (dati.istat.it, DCIS_POPRES1), CC BY 4.0',
  files: [{ path: 'istat/popolazione-2020/Popolazione_comuni_01_01_2020.csv', url: LANDING, year: YEAR }],
  // Optional: it has no direct download, and its 2020 counts equal the 2018–2021 file's for every
  // shared code, so a build from the publishers' downloads alone still has 2020.
  required: false,
  feeds: ['demografia'],
  notes: [
    'Facoltativa: senza questo file il 2020 viene dal file 2018–2021 (valori identici per tutti i codici comuni ai due file).',
    "Export CSV generato dall'interfaccia di interrogazione di dati.istat.it (DCIS_POPRES1): non esiste un URL diretto del file; l'URL indicato è la pagina del dataset, da cui si ripete l'export (comuni, totale sessi, totale età, totale stati civili, 2020).",
    'Popolazione al 1° gennaio 2020 come pubblicata prima della revisione post-censimento 2021: non confrontabile alla pari con le serie ricostruite.',
    'UTF-8 con BOM, separatore ",", campi tra virgolette. Chiave ITTER107, valore "Value"; si usano solo le righe SEXISTAT1=9, ETA1=TOTAL, STATCIV2=99.',
    'Contiene 7.917 codici territoriali, inclusi comuni poi fusi, più la riga Italia ("IT", scartata): non sommare il file alla cieca.',
    'Licenza ISTAT: Creative Commons Attribuzione 3.0 o successive (https://www.istat.it/en/legal-notice).',
  ],
};

/** Parses the DCIS_POPRES1 export: the total (both sexes, all ages, all marital statuses) per comune. */
export function parsePopolazioneIstat2020(text: string): PopulationPoint {
  const context = 'ISTAT DCIS_POPRES1 2020';
  // csv-parse would keep a BOM glued to the first quoted header cell.
  const table = parseTable(text.replace(/^\uFEFF/, ''), ',');
  const col = (name: string) => columnIndex(table.header, name, context);
  const [territorio, nomeCol, sesso, eta, statoCivile, time, value] = [
    'ITTER107',
    'Territorio',
    'SEXISTAT1',
    'ETA1',
    'STATCIV2',
    'TIME',
    'Value',
  ].map(col) as [number, number, number, number, number, number, number];
  const tipoDato = optionalColumnIndex(table.header, 'TIPO_DATO15');
  const point: PopulationPoint = {
    anno: YEAR,
    data_riferimento: `${YEAR}-01-01`,
    valori: new Map(),
    nomi: new Map(),
    scartati: [],
  };
  for (const row of table.rows) {
    const cell = (i: number) => row[i]!.trim();
    if (cell(sesso) !== '9' || cell(eta) !== 'TOTAL' || cell(statoCivile) !== '99') continue;
    if (tipoDato !== null && cell(tipoDato) !== 'JAN') continue;
    const code = cell(territorio);
    if (cell(time) !== String(YEAR))
      throw new Error(`${context}: la riga di ${code} si riferisce a TIME "${cell(time)}", atteso ${YEAR}`);
    const nome = cell(nomeCol);
    if (code === 'IT') point.totale_italia = parsePopulationCount(row[value], `${context}, Value di IT`) ?? undefined;
    if (!/^\d{6}$/.test(code) || Number(code) === 0) {
      point.scartati.push({
        codice: code,
        motivo: code === 'IT' ? `totale nazionale (${nome})` : `codice territoriale non comunale (${nome})`,
      });
      continue;
    }
    const residents = parsePopulationCount(row[value], `${context}, Value di ${code}`);
    if (residents === null) {
      point.scartati.push({ codice: code, motivo: 'Value mancante' });
      continue;
    }
    addValue(point, code, nome, residents, context);
  }
  if (point.valori.size === 0)
    throw new Error(`${context}: nessuna riga di comune con SEXISTAT1=9, ETA1=TOTAL, STATCIV2=99`);
  return point;
}

export async function load(dataDir: string): Promise<PopulationPoint> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parsePopolazioneIstat2020(decodeText(bytes, 'utf-8')),
  );
}
