import { parseSourceFile } from './lib/files.ts';
import type { SourceMeta } from './lib/source.ts';
import { decodeText } from './lib/text.ts';
import { toCodiceIstat } from './lib/values.ts';

const DIR = 'comuni-ita/2026-01-26';
const RAW = 'https://raw.githubusercontent.com/Samurai016/Comuni-ITA/master/data';

export const meta: SourceMeta = {
  id: 'comuni-ita',
  publisher: 'Comuni-ITA (Nicolò Rebaioli, da elenchi ISTAT e Wikidata)',
  dataset: 'Comuni-ITA: comuni, province e regioni italiane',
  landingUrl: 'https://github.com/Samurai016/Comuni-ITA',
  vintage: 'snapshot 2026-01-26 (7.896 comuni)',
  referenceDate: '2026-01-26',
  licence: { name: 'MIT', url: 'https://opensource.org/license/mit/' },
  attribution:
    'Comuni-ITA (github.com/Samurai016/Comuni-ITA), © Nicolò Rebaioli, licenza MIT; dati da ISTAT e Wikidata',
  // Only comuni.json is parsed; province.json and regioni.json are mirrored with it for completeness.
  files: ['comuni.json', 'province.json', 'regioni.json'].map((name) => ({
    path: `${DIR}/${name}`,
    url: `${RAW}/${name}`,
  })),
  required: false,
  feeds: ['comuni'],
  notes: [
    'Fonte facoltativa: alimenta solo i contatti del comune (prefisso telefonico, email, PEC, telefono, fax) e il CAP principale. Se manca, quei campi restano null.',
    "Elenco ISTAT arricchito da Wikidata e da correzioni manuali dell'autore: i contatti non sono un registro ufficiale e possono essere datati.",
    'Il campo "popolazione" NON è usato: mescola annate diverse e non è una fonte demografica (la popolazione viene da ANPR/ISTAT).',
    'Un solo CAP per comune ("CAP principale"); per i comuni con più CAP l\'elenco completo viene da gi-db-comuni.',
    'Stringhe vuote trattate come dato mancante (null). Valori malformati (CAP non di 5 cifre, prefisso non del tipo 0 + 1–3 cifre, email/PEC senza dominio) sono serviti come null ed elencati nel report di build; telefono e fax sono testo libero e non vengono controllati.',
    'Il mirror corrisponde ai file data/*.json del repository al commit 02784f3ca0003bfdab1df08a94baeaa0682d473a; gli URL puntano al ramo master, che può essere più recente.',
  ],
};

export interface ComuneContatti {
  codice_istat: string;
  prefisso: string | null;
  email: string | null;
  pec: string | null;
  telefono: string | null;
  fax: string | null;
  cap_principale: string | null;
}

const CONTEXT = 'comuni-ita comuni.json';

/** A value present in the file but malformed, served as null and listed in the build report. */
export interface InvalidValue {
  codice_istat: string;
  campo: keyof Omit<ComuneContatti, 'codice_istat'>;
  valore: string;
}

export interface ComuniItaParse {
  contatti: ComuneContatti[];
  invalid: InvalidValue[];
}

// Shape checks only, to catch values that cannot be what they claim (a 4-digit CAP, an address
// without a domain). Telephone and fax are free text ("+39 0571 1234 - 1235") and are not checked.
const FORMATS: Partial<Record<InvalidValue['campo'], RegExp>> = {
  cap_principale: /^\d{5}$/,
  // Italian area codes: a 0 followed by one to three digits.
  prefisso: /^0\d{1,3}$/,
  email: /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i,
  pec: /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i,
};

/**
 * Reads the contact fields of Comuni-ITA's comuni.json (already JSON-parsed). The file must be
 * an array of objects each with a `codice`; anything else stops with a message saying so.
 * Blank strings become null; malformed values become null and are reported in `invalid`.
 * `popolazione` is deliberately not read (mixed vintages).
 */
export function parseComuniItaReport(json: unknown): ComuniItaParse {
  if (!Array.isArray(json)) throw new Error(`${CONTEXT}: atteso un array di comuni, trovato ${describe(json)}`);
  const seen = new Set<string>();
  const invalid: InvalidValue[] = [];
  const contatti = json.map((item: unknown, i): ComuneContatti => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new Error(`${CONTEXT}: l'elemento ${i} è ${describe(item)}, atteso un oggetto con "codice"`);
    }
    const record = item as Record<string, unknown>;
    if (!('codice' in record))
      throw new Error(`${CONTEXT}: l'elemento ${i} non ha "codice" (chiavi: ${Object.keys(record).join(', ')})`);
    const raw = record.codice;
    const codice = typeof raw === 'string' || typeof raw === 'number' ? toCodiceIstat(raw) : null;
    if (!codice) throw new Error(`${CONTEXT}: l'elemento ${i} ha un codice non valido ${JSON.stringify(raw)}`);
    if (seen.has(codice)) throw new Error(`${CONTEXT}: il codice ${codice} compare due volte`);
    seen.add(codice);
    const value = (campo: InvalidValue['campo'], field: string): string | null => {
      const text = optionalString(record[field], `${CONTEXT}: ${codice}.${field}`);
      const format = FORMATS[campo];
      if (text !== null && format && !format.test(text)) {
        invalid.push({ codice_istat: codice, campo, valore: text });
        return null;
      }
      return text;
    };
    return {
      codice_istat: codice,
      prefisso: value('prefisso', 'prefisso'),
      email: value('email', 'email'),
      pec: value('pec', 'pec'),
      telefono: value('telefono', 'telefono'),
      fax: value('fax', 'fax'),
      cap_principale: value('cap_principale', 'cap'),
    };
  });
  return { contatti, invalid };
}

export function parseComuniIta(json: unknown): ComuneContatti[] {
  return parseComuniItaReport(json).contatti;
}

/**
 * Trimmed string, or null for null/absent/blank. A number is refused rather than converted:
 * a CAP or a prefix written as a number has already lost its leading zero.
 */
function optionalString(value: unknown, context: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error(`${context}: attesa una stringa o null, trovato ${describe(value)}`);
  const text = value.trim();
  return text === '' ? null : text;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'un array';
  return typeof value === 'object' ? 'un oggetto' : `un valore di tipo ${typeof value}`;
}

export async function load(dataDir: string): Promise<ComuniItaParse> {
  return parseSourceFile(dataDir, meta, meta.files[0]!, (bytes) =>
    parseComuniItaReport(JSON.parse(decodeText(bytes, 'utf-8'))),
  );
}
