import { gunzipSync } from 'fflate';
import { columnIndex, tableRows } from './lib/csv.ts';
import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';

export const meta: SourceMeta = {
  id: 'mim-scuole-statali',
  publisher: 'Ministero dell’Istruzione e del Merito',
  dataset: 'Anagrafe delle scuole statali, anno scolastico 2025/26',
  landingUrl: 'https://dati.istruzione.it/opendata/opendata/catalogo/elements1/?area=Scuole',
  vintage: 'anno scolastico 2025/26 (file del 1° settembre 2025)',
  referenceDate: '2025-09-01',
  licence: { name: 'IODL 2.0', url: 'https://www.dati.gov.it/content/italian-open-data-license-v20' },
  attribution: 'Ministero dell’Istruzione e del Merito, "Anagrafe scuole statali" 2025/26, licenza IODL 2.0',
  files: [
    {
      path: 'mim/scuole-statali-2025-26/SCUANAGRAFESTAT20252620250901.csv.gz',
      // The mirror holds the official CSV compressed with gzip -9 by a public repository's workflow;
      // no stable direct link to the CSV could be confirmed, so the catalogue page is given.
      url: 'https://dati.istruzione.it/opendata/opendata/catalogo/elements1/?area=Scuole',
    },
  ],
  required: false,
  feeds: ['servizi', 'qualita-vita'],
  notes: [
    'Compresso con gzip -9 da un repository pubblico (niccolocardillo/Libri-Scolastici, commit 6ccf05f) che scarica il CSV ufficiale dal catalogo open data del ministero.',
    'Comune per codice catastale (CODICECOMUNESCUOLA), non per codice ISTAT.',
    'Solo scuole statali di 18 regioni: Valle d’Aosta e Trentino-Alto Adige sono nel file separato delle province e regioni autonome, non qui; le scuole paritarie non sono incluse. Per i comuni di quelle due regioni il dato è null, non zero.',
    'Livelli contati (punti di erogazione): infanzia (SCUOLA INFANZIA), primaria (SCUOLA PRIMARIA), secondaria di primo grado (SCUOLA PRIMO GRADO), secondaria di secondo grado (licei, istituti tecnici e professionali, istituti magistrali e d’arte).',
    'Non contati: le righe di istituzione (ISTITUTO COMPRENSIVO, ISTITUTO SUPERIORE: le loro sedi sono righe proprie), i centri per adulti (CENTRO TERRITORIALE, PERCORSO II LIVELLO), i convitti e gli educandati, le scuole in carcere e in ospedale (non aperte ai residenti).',
  ],
};

export type LivelloScolastico = 'infanzia' | 'primaria' | 'secondaria_primo_grado' | 'secondaria_secondo_grado';
export const LIVELLI: readonly LivelloScolastico[] = [
  'infanzia',
  'primaria',
  'secondaria_primo_grado',
  'secondaria_secondo_grado',
];

/** Types that are not a school open to residents, or a row that its own sites repeat. */
const NOT_COUNTED_TYPES = new Set([
  'ISTITUTO COMPRENSIVO',
  'ISTITUTO SUPERIORE',
  'CENTRO TERRITORIALE',
  'CONVITTO ANNESSO',
  'CONVITTO NAZIONALE',
  'EDUCANDATO',
]);
const NOT_COUNTED_KINDS = new Set(['SPEC. PER CARCERARI', 'C/O IST. OSPEDALIERO', 'PERCORSO II LIVELLO']);
const LEVEL_OF_TYPE: Record<string, LivelloScolastico> = {
  'SCUOLA INFANZIA': 'infanzia',
  'SCUOLA PRIMARIA': 'primaria',
  'SCUOLA PRIMO GRADO': 'secondaria_primo_grado',
};

/** Licei, technical and vocational institutes, istituti magistrali and d'arte. */
const UPPER_SECONDARY = /^(LICEO|ISTITUTO|IST |SCUOLA MAGISTRALE)/;

export interface ScuoleStatali {
  /** Schools counted per level, by cadastral code. */
  perComune: Map<string, Record<LivelloScolastico, number>>;
  /** Rows read and rows left out, for the build report. */
  righe: number;
  escluse: number;
}

export function parseScuoleStatali(text: string): ScuoleStatali {
  const context = 'anagrafe scuole statali';
  const { header, rows } = tableRows(text.replace(/^\uFEFF/, ''), ',');
  const [catastale, tipo, caratteristica] = [
    'CODICECOMUNESCUOLA',
    'DESCRIZIONETIPOLOGIAGRADOISTRUZIONESCUOLA',
    'DESCRIZIONECARATTERISTICASCUOLA',
  ].map((name) => columnIndex(header, name, context)) as number[];
  const perComune = new Map<string, Record<LivelloScolastico, number>>();
  let righe = 0;
  let escluse = 0;
  for (const { cells, line } of rows) {
    righe++;
    const code = cells[catastale!]!.trim().toUpperCase();
    if (!/^[A-Z][0-9]{3}$/.test(code))
      throw new Error(`${context}, riga ${line}: codice catastale "${code}" non valido`);
    const type = cells[tipo!]!.trim().toUpperCase();
    if (NOT_COUNTED_TYPES.has(type) || NOT_COUNTED_KINDS.has(cells[caratteristica!]!.trim().toUpperCase())) {
      escluse++;
      continue;
    }
    const level = LEVEL_OF_TYPE[type] ?? (UPPER_SECONDARY.test(type) ? 'secondaria_secondo_grado' : null);
    if (!level) throw new Error(`${context}, riga ${line}: tipologia "${type}" non classificata per livello`);
    let counts = perComune.get(code);
    if (!counts)
      perComune.set(
        code,
        (counts = { infanzia: 0, primaria: 0, secondaria_primo_grado: 0, secondaria_secondo_grado: 0 }),
      );
    counts[level]++;
  }
  return { perComune, righe, escluse };
}

export async function load(dataDir: string): Promise<ScuoleStatali> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parseScuoleStatali(decodeText(gunzipSync(bytes), 'utf-8')),
  );
}
