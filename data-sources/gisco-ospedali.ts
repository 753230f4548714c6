import { columnIndex, parseTable } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { parseDecimalPoint } from './lib/values.ts';

const LANDING = 'https://ec.europa.eu/eurostat/web/gisco/geodata/geographic-accessibility';

export const meta: SourceMeta = {
  id: 'gisco-ospedali',
  publisher: 'Eurostat – GISCO (accessibilità) e Commissione europea – JRC (popolazione GHS-POP)',
  dataset: "Tempo di guida verso l'ospedale più vicino, per provincia (NUTS3 2021)",
  landingUrl: LANDING,
  vintage: 'accessibilità ai servizi sanitari 2023 (rete stradale TomTom 2023), popolazione GHS-POP R2023A epoca 2020',
  referenceDate: '2023',
  licence: {
    name: 'Eurostat copyright notice (riuso con attribuzione); GHS-POP CC BY 4.0',
    url: 'https://ec.europa.eu/eurostat/web/main/help/copyright-notice',
  },
  attribution: 'Eurostat/GISCO, Accessibility to healthcare services 2023; JRC, GHS-POP R2023A',
  files: [
    {
      path: 'gisco/ospedali/italia_province_fasce_5min_wide.csv',
      // A derived table (zonal statistics by NUTS3), not a file Eurostat publishes: the GISCO page of the input raster is given.
      url: LANDING,
    },
  ],
  required: false,
  feeds: ['servizi'],
  notes: [
    'Tabella derivata (non pubblicata da Eurostat): il raster GISCO del tempo minimo di guida verso il servizio sanitario più vicino (100 m, 2023) e la griglia di popolazione JRC GHS-POP 2020 sono aggregati a 1 km e sommati per provincia NUTS3 2021. Metadati del raster: https://gisco-services.ec.europa.eu/pub/accessibility/services/metadata.pdf',
    'media_min e mediana_min sono ponderate per la popolazione della griglia; pop_totale è la popolazione della griglia JRC (stima 2020), non la popolazione residente ISTAT.',
    'Le fasce di 5 minuti sono arrotondate singolarmente: la loro somma può differire di qualche unità da pop_totale.',
    'Dato provinciale: vale per tutti i comuni della provincia, non è un dato del comune. Codici id = NUTS3 2021 (107 province, Sud Sardegna compresa: ITG2H).',
  ],
};

export interface FasciaTempo {
  da_min: number;
  /** null for the open-ended last band ("60+ min"). */
  a_min: number | null;
  popolazione: number | null;
}

export interface OspedaliProvincia {
  nome: string;
  media_min: number | null;
  mediana_min: number | null;
  pop_totale: number | null;
  fasce: FasciaTempo[];
}

const BAND = /^(\d+)\s*-\s*(\d+)\s*min$/i;
const OPEN_BAND = /^(\d+)\s*\+\s*min$/i;

/** italia_province_fasce_5min_wide.csv → per NUTS3 2021 code. */
export function parseOspedaliProvince(text: string): Map<string, OspedaliProvincia> {
  const table = parseTable(text, ',');
  const ctx = 'italia_province_fasce_5min_wide.csv';
  const [iId, iNome, iMedia, iMediana, iPop] = ['id', 'nome', 'media_min', 'mediana_min', 'pop_totale'].map((c) =>
    columnIndex(table.header, c, ctx),
  ) as number[];
  const bands: { index: number; da_min: number; a_min: number | null }[] = [];
  table.header.forEach((h, index) => {
    const closed = BAND.exec(h);
    if (closed) bands.push({ index, da_min: Number(closed[1]), a_min: Number(closed[2]) });
    const open = OPEN_BAND.exec(h);
    if (open) bands.push({ index, da_min: Number(open[1]), a_min: null });
  });
  if (bands.length === 0)
    throw new Error(
      `${ctx}: nessuna colonna di fascia di tempo ("0-5 min" …); l'intestazione è: ${table.header.join(' | ')}`,
    );
  bands.sort((a, b) => a.da_min - b.da_min);
  const out = new Map<string, OspedaliProvincia>();
  for (const row of table.rows) {
    const id = row[iId!]!.trim().toUpperCase();
    if (!/^IT[A-Z0-9]{3}$/.test(id)) throw new Error(`${ctx}: "${id}" non è un codice NUTS3 italiano`);
    if (out.has(id)) throw new Error(`${ctx}: id ${id} presente due volte`);
    const value = (i: number, what: string) => parseDecimalPoint(row[i], `${ctx} ${what} di ${id}`);
    out.set(id, {
      // The names use the typographic apostrophe (L’Aquila); the registry's names, not these, are served.
      nome: row[iNome!]!.trim(),
      media_min: value(iMedia!, 'media_min'),
      mediana_min: value(iMediana!, 'mediana_min'),
      pop_totale: value(iPop!, 'pop_totale'),
      fasce: bands.map((b) => ({
        da_min: b.da_min,
        a_min: b.a_min,
        popolazione: value(b.index, `fascia ${b.da_min}`),
      })),
    });
  }
  return out;
}

export async function load(dataDir: string): Promise<Map<string, OspedaliProvincia>> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) => parseOspedaliProvince(decodeText(bytes, 'utf-8')));
}
