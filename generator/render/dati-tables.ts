import { raccordoTable } from './dati-raccordo.ts';
import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import type { RedditiAnno } from '../../api/schemas/redditi.ts';
import type { Inquinante } from '../../api/schemas/ambiente.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { POLLUTANTS, type Pollutant } from '../join/join-environment.ts';
import { SERVICE_INDICATORS } from '../join/join-services.ts';
import {
  QUALITY_DIMENSIONS,
  type ComuneQuality,
  type IndicatorScore,
  type QualityResult,
} from '../quality-index/index.ts';
import { defineTable, type Column, type Table } from './dati-table.ts';

/**
 * The bulk dataset (public/dati/): one table per domain, keyed by codice_istat, long
 * tables with one row per year. Values are exactly those the API serves; what the API
 * has as null is an empty cell.
 */

type Row<T> = { c: ComuneData; y: T };

const CODICE: Column<{ c: ComuneData }> = {
  name: 'codice_istat',
  type: 'string',
  description: 'Codice ISTAT del comune, 6 cifre con gli zeri iniziali (leggerlo come testo).',
  constraints: { required: true, pattern: '^[0-9]{6}$' },
  value: (r) => r.c.anagrafica.codice_istat,
};

const ANNO = (description: string): Column<{ y: { anno: number } }> => ({
  name: 'anno',
  type: 'year',
  description,
  constraints: { required: true },
  value: (r) => r.y.anno,
});

const METODO_ARIA = ['stazioni_nel_comune', 'stazione_piu_vicina'];
const CLASSI_AREE_INTERNE = ['A', 'B', 'C', 'D', 'E', 'F'];
const POLLUTANT_NAMES: Record<Pollutant, string> = { pm10: 'PM10', pm25: 'PM2.5', no2: 'NO2', o3: 'ozono (O3)' };

const INCOME_TYPES: Record<string, string> = {
  fabbricati: 'Reddito da fabbricati',
  lavoro_dipendente: 'Reddito da lavoro dipendente e assimilati',
  pensione: 'Reddito da pensione',
  lavoro_autonomo: 'Reddito da lavoro autonomo',
  imprenditore_ordinaria: "Reddito di spettanza dell'imprenditore in contabilità ordinaria",
  imprenditore_semplificata: "Reddito di spettanza dell'imprenditore in contabilità semplificata",
  partecipazione: 'Reddito da partecipazione',
};

function comuniTable(dataset: Dataset): Table {
  const a = (r: { c: ComuneData }) => r.c.anagrafica;
  const text = (
    name: string,
    description: string,
    value: (r: { c: ComuneData }) => string | null,
    required = false,
  ): Column<{ c: ComuneData }> => ({
    name,
    type: 'string',
    description,
    ...(required ? { constraints: { required: true } } : {}),
    value,
  });
  return defineTable({
    name: 'comuni',
    title: 'Anagrafica dei comuni',
    description: `I ${dataset.comuni.length} comuni attuali: denominazioni, provincia, regione, codici NUTS, CAP, coordinate, superficie, contatti del municipio. Una riga per comune.`,
    fonti: ['gi-db-comuni', 'istat-elenco-comuni', 'comuni-ita'],
    primaryKey: ['codice_istat'],
    foreignKeys: [],
    columns: [
      { ...CODICE, constraints: { ...CODICE.constraints, unique: true } },
      text('nome', 'Denominazione ufficiale in italiano.', (r) => a(r).nome, true),
      text(
        'nome_completo',
        'Denominazione ufficiale completa, bilingue dove previsto (es. Bolzano/Bozen).',
        (r) => a(r).nome_completo,
        true,
      ),
      text(
        'nome_altra_lingua',
        "Denominazione nell'altra lingua ufficiale; vuoto per i comuni monolingui.",
        (r) => a(r).nome_altra_lingua,
      ),
      {
        ...text('codice_catastale', 'Codice catastale (Belfiore).', (r) => a(r).codice_catastale),
        constraints: { required: true, pattern: '^[A-Z][0-9]{3}$' },
      },
      {
        name: 'capoluogo',
        type: 'boolean',
        description: 'true se capoluogo di provincia, città metropolitana o libero consorzio.',
        constraints: { required: true },
        value: (r) => a(r).capoluogo,
      },
      text('sigla_provincia', 'Sigla automobilistica della provincia.', (r) => a(r).provincia.sigla, true),
      text('provincia', 'Denominazione della provincia o città metropolitana.', (r) => a(r).provincia.nome, true),
      text(
        'codice_provincia',
        'Codice storico della provincia (prime 3 cifre del codice ISTAT).',
        (r) => a(r).provincia.codice,
        true,
      ),
      text('codice_uts', "Codice ISTAT dell'unità territoriale sovracomunale.", (r) => a(r).provincia.codice_uts, true),
      text(
        'tipologia_provincia',
        "Tipologia dell'unità sovracomunale (provincia, città metropolitana, libero consorzio…).",
        (r) => a(r).provincia.tipologia,
        true,
      ),
      text('codice_regione', 'Codice ISTAT della regione (2 cifre).', (r) => a(r).regione.codice, true),
      text('regione', 'Denominazione della regione.', (r) => a(r).regione.nome, true),
      text(
        'ripartizione',
        'Ripartizione geografica (Nord-ovest, Nord-est, Centro, Sud, Isole).',
        (r) => a(r).ripartizione,
        true,
      ),
      text('nuts1', 'Codice NUTS 1 (versione 2021).', (r) => a(r).nuts.nuts1, true),
      text('nuts2', 'Codice NUTS 2 (versione 2021).', (r) => a(r).nuts.nuts2, true),
      text(
        'nuts3',
        'Codice NUTS 3 (versione 2021); per i comuni istituiti dopo il 2023, quello della provincia.',
        (r) => a(r).nuts.nuts3,
        true,
      ),
      text(
        'nuts3_2010',
        "Codice NUTS 3 nella versione 2010; vuoto per i comuni istituiti dopo l'elenco ISTAT 2023.",
        (r) => a(r).nuts.nuts3_2010,
      ),
      {
        ...text('cap', 'Tutti i CAP del comune, separati da uno spazio.', (r) => a(r).cap.join(' ') || null),
        constraints: { pattern: '^[0-9]{5}( [0-9]{5})*$' },
      },
      {
        name: 'lat',
        type: 'number',
        unit: 'gradi decimali',
        description: 'Latitudine del comune (fonte Garda Informatica); vuoto se manca.',
        constraints: { minimum: 35, maximum: 48 },
        value: (r) => a(r).coordinate?.lat ?? null,
      },
      {
        name: 'lon',
        type: 'number',
        unit: 'gradi decimali',
        description: 'Longitudine del comune (fonte Garda Informatica); vuoto se manca.',
        constraints: { minimum: 6, maximum: 19 },
        value: (r) => a(r).coordinate?.lon ?? null,
      },
      {
        name: 'superficie_km2',
        type: 'number',
        unit: 'km²',
        description:
          'Superficie (Garda Informatica da ISTAT, 2025); dove quel file pubblica un valore non valido (tre comuni con superficie negativa) superficie ISTAT Aree Interne al 1° gennaio 2019 (elenco in report/build-report.json, registro.superfici_sostituite); vuoto se manca anche quella.',
        constraints: { minimum: 0 },
        value: (r) => a(r).superficie_km2,
      },
      text('prefisso', 'Prefisso telefonico (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.prefisso ?? null),
      text('email', 'Email del municipio (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.email ?? null),
      text(
        'pec',
        'Posta elettronica certificata del municipio (Comuni-ITA, da Wikidata).',
        (r) => a(r).contatti?.pec ?? null,
      ),
      text('telefono', 'Telefono del municipio (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.telefono ?? null),
    ],
    rows: dataset.comuni.map((c) => ({ c })),
  });
}

/** Per-sex measures of the ISTAT balance, as they are named in the API's `bilancio` block. */
const BALANCE_MEASURES: Record<
  Exclude<keyof NonNullable<DemografiaAnno['bilancio']>, 'periodo' | 'provvisorio'>,
  string
> = {
  nati: "Nati vivi nell'anno",
  morti: "Morti nell'anno",
  saldo_naturale: 'Saldo naturale (nati − morti)',
  iscritti_da_altro_comune: 'Iscritti per trasferimento da altro comune',
  cancellati_per_altro_comune: 'Cancellati per trasferimento in altro comune',
  saldo_migratorio_interno: 'Saldo migratorio interno',
  iscritti_dall_estero: "Iscritti dall'estero",
  cancellati_per_l_estero: "Cancellati per l'estero",
  saldo_migratorio_estero: "Saldo migratorio con l'estero",
  variazioni_territoriali: 'Unità in più o in meno per variazioni territoriali',
};

function demografiaTable(dataset: Dataset): Table {
  const rows: Row<DemografiaAnno>[] = dataset.comuni.flatMap((c) => c.demografia.map((y) => ({ c, y })));
  const count = (
    name: string,
    description: string,
    value: (y: DemografiaAnno) => number | null,
    signed = false,
  ): Column<Row<DemografiaAnno>> => ({
    name,
    type: 'integer',
    unit: 'persone',
    description,
    ...(signed ? {} : { constraints: { minimum: 0 } }),
    value: (r) => value(r.y),
  });
  const rate = (
    name: keyof NonNullable<DemografiaAnno['tassi_per_1000']>,
    what: string,
  ): Column<Row<DemografiaAnno>> => ({
    name: `tasso_${name}_per_1000`,
    type: 'number',
    unit: 'per 1.000 abitanti',
    description: `DERIVATO: ${what} / popolazione media dell'anno × 1.000 (2 decimali); vuoto negli anni senza bilancio.`,
    value: (r) => (r.y.tassi_per_1000?.[name] as number | undefined) ?? null,
  });
  const source = (
    name: string,
    description: string,
    value: (y: DemografiaAnno) => string | null | undefined,
  ): Column<Row<DemografiaAnno>> => ({
    name,
    type: 'string',
    description,
    value: (r) => value(r.y) ?? null,
  });
  const balanceYears = [...new Set(rows.filter((r) => r.y.bilancio).map((r) => r.y.anno))];
  const balanceColumns = Object.entries(BALANCE_MEASURES).flatMap(([measure, label]) => {
    const get = (y: DemografiaAnno, sex: 'totale' | 'maschi' | 'femmine') =>
      y.bilancio?.[measure as keyof typeof BALANCE_MEASURES][sex] ?? null;
    const signed = measure.startsWith('saldo') || measure === 'variazioni_territoriali';
    return [
      count(
        measure,
        `${label}, totale (bilancio demografico ISTAT); vuoto negli anni senza bilancio (c'è solo il ${balanceYears.join(', ')}).`,
        (y) => get(y, 'totale'),
        signed,
      ),
      count(`${measure}_maschi`, `${label}, maschi.`, (y) => get(y, 'maschi'), signed),
      count(`${measure}_femmine`, `${label}, femmine.`, (y) => get(y, 'femmine'), signed),
    ];
  });
  return defineTable({
    name: 'demografia',
    title: 'Popolazione residente ufficiale, bilancio demografico e conteggi anagrafici per anno',
    description:
      `Una riga per comune e anno (${dataset.anni.demografia.join(', ')}). Due serie distinte, mai mescolate: la popolazione ufficiale ISTAT (popolazione_totale, maschi, femmine; anni ${dataset.anni.demografia_ufficiale.join(', ')}; ` +
      `gli altri anni sono vuoti, non riempiti con l'anagrafe) e il conteggio del registro ANPR (popolazione_anagrafe, con il suo mese in mese_anagrafe). ` +
      `Ogni valore dice la sua fonte (colonne fonte_*): la fonte della popolazione ufficiale cambia tra il 2021 e il 2025 (da ISTAT popolazione al 1° gennaio a ISTAT bilancio demografico, rivisto con il censimento permanente). ` +
      `Anno predefinito dell'API: ${dataset.predefiniti.demografia}.`,
    fonti: [
      ...new Set(rows.flatMap((r) => Object.values(r.y.fonti).map((f) => f?.fonte)).filter((f): f is string => !!f)),
    ].sort(),
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO(
        "Anno: popolazione ufficiale al 1° gennaio (per l'anno dopo l'ultimo bilancio, al 31 dicembre precedente), movimenti del bilancio durante l'anno.",
      ),
      {
        name: 'data_riferimento',
        type: 'string',
        description: 'Data (AAAA-MM-GG) della popolazione ufficiale ISTAT; vuoto se ISTAT non ha il dato.',
        constraints: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        value: (r) => r.y.data_riferimento,
      },
      {
        name: 'provvisorio',
        type: 'boolean',
        description: 'true se la popolazione ufficiale è provvisoria (ISTAT "p"); vuoto se manca.',
        value: (r) => r.y.provvisorio,
      },
      count(
        'popolazione_totale',
        'Popolazione residente ufficiale ISTAT; vuoto se ISTAT non ha il dato (mai un conteggio ANPR).',
        (y) => y.popolazione_totale,
      ),
      count(
        'maschi',
        'Residenti maschi, ISTAT (bilancio demografico); vuoto negli anni in cui la fonte ISTAT ha solo il totale.',
        (y) => y.maschi,
      ),
      count(
        'femmine',
        'Residenti femmine, ISTAT (bilancio demografico); vuoto negli anni in cui la fonte ISTAT ha solo il totale.',
        (y) => y.femmine,
      ),
      {
        name: 'densita_ab_km2',
        type: 'number',
        unit: 'abitanti per km²',
        description:
          'DERIVATO: popolazione_totale / superficie_km2 (superficie della colonna superficie_km2), arrotondato a 0,1; vuoto se manca uno dei due.',
        constraints: { minimum: 0 },
        value: (r) => r.y.densita_ab_km2,
      },
      ...balanceColumns,
      {
        name: 'bilancio_provvisorio',
        type: 'boolean',
        description: 'true se il bilancio dell\'anno è provvisorio (ISTAT "p"); vuoto negli anni senza bilancio.',
        value: (r) => r.y.bilancio?.provvisorio ?? null,
      },
      rate('natalita', 'nati'),
      rate('mortalita', 'morti'),
      rate('crescita_naturale', 'saldo naturale'),
      rate('migratorio', "saldo migratorio interno + con l'estero"),
      count(
        'popolazione_anagrafe',
        "CONTEGGIO ANAGRAFICO ANPR (registro, non popolazione ufficiale) nel mese mese_anagrafe; vuoto se l'anno non ha un file ANPR.",
        (y) => y.anagrafe?.residenti ?? null,
      ),
      {
        name: 'mese_anagrafe',
        type: 'string',
        description: 'Mese del conteggio ANPR (AAAA-MM): dicembre 2022 è 2022-12.',
        constraints: { pattern: '^[0-9]{4}-[0-9]{2}$' },
        value: (r) => r.y.anagrafe?.mese_riferimento ?? null,
      },
      source(
        'fonte_popolazione',
        'Identificativo della fonte della popolazione ufficiale (metadati in /api/fonti/{fonte}).',
        (y) => y.fonti.popolazione_totale?.fonte,
      ),
      source(
        'fonte_sesso',
        'Identificativo della fonte di maschi e femmine; vuoto se non disponibili.',
        (y) => y.fonti.sesso?.fonte,
      ),
      source(
        'fonte_bilancio',
        'Identificativo della fonte del bilancio demografico e dei tassi; vuoto negli anni senza bilancio.',
        (y) => y.fonti.bilancio?.fonte,
      ),
      source(
        'fonte_anagrafe',
        'Identificativo della fonte del conteggio anagrafico (ANPR).',
        (y) => y.fonti.anagrafe?.fonte,
      ),
    ],
    rows,
  });
}

/** Column-name part of a bracket: "fino_a_0", "0_10000", …, "oltre_120000". */
function bracketKey(s: { da_euro: number | null; a_euro: number | null }): string {
  if (s.da_euro === null) return `fino_a_${s.a_euro}`;
  if (s.a_euro === null) return `oltre_${s.da_euro}`;
  return `${s.da_euro}_${s.a_euro}`;
}

function bracketLabel(s: { da_euro: number | null; a_euro: number | null }): string {
  if (s.da_euro === null) return `reddito complessivo minore o uguale a ${s.a_euro} euro`;
  if (s.a_euro === null) return `reddito complessivo oltre ${s.da_euro} euro`;
  return `reddito complessivo da ${s.da_euro} a ${s.a_euro} euro`;
}

function redditiTable(dataset: Dataset): Table {
  const rows: Row<RedditiAnno>[] = dataset.comuni.flatMap((c) => c.redditi.map((y) => ({ c, y })));
  // The brackets and income types are the MEF's, the same in every year that has them.
  const brackets = rows.find((r) => r.y.scaglioni)?.y.scaglioni ?? [];
  const bracketKeys = brackets.map(bracketKey).join();
  const types = Object.keys(rows.find((r) => r.y.per_tipo)?.y.per_tipo ?? {});
  for (const r of rows) {
    if (r.y.scaglioni && r.y.scaglioni.map(bracketKey).join() !== bracketKeys)
      throw new Error(
        `redditi ${r.c.anagrafica.codice_istat} ${r.y.anno}: scaglioni diversi da quelli degli altri anni`,
      );
    const unknown = Object.keys(r.y.per_tipo ?? {}).filter((t) => !types.includes(t) || !INCOME_TYPES[t]);
    if (unknown.length > 0) throw new Error(`redditi: tipi di reddito senza descrizione: ${unknown.join(', ')}`);
  }
  type Pair = { frequenza: number | null; ammontare_euro: number | null };
  const pair = (
    name: string,
    what: string,
    get: (y: RedditiAnno) => Pair | null | undefined,
  ): Column<Row<RedditiAnno>>[] => [
    {
      name: `${name}_contribuenti`,
      type: 'integer',
      unit: 'contribuenti',
      description: `${what}: numero di contribuenti (frequenza MEF); vuoto se oscurato per riservatezza o non pubblicato per l'anno.`,
      constraints: { minimum: 0 },
      value: (r) => get(r.y)?.frequenza ?? null,
    },
    {
      name: `${name}_euro`,
      type: 'number',
      unit: 'euro',
      description: `${what}: ammontare in euro; vuoto se oscurato per riservatezza o non pubblicato per l'anno.`,
      value: (r) => get(r.y)?.ammontare_euro ?? null,
    },
  ];
  const years = dataset.anni.redditi;
  return defineTable({
    name: 'redditi',
    title: "Redditi IRPEF per anno d'imposta",
    description:
      `Una riga per comune e anno d'imposta (${years[0]}–${years[years.length - 1]}), dalle dichiarazioni IRPEF pubblicate dal MEF. Anno predefinito dell'API: ${dataset.predefiniti.redditi}. ` +
      "Gli 8 scaglioni di reddito complessivo e i redditi per tipo sono colonne; l'anno servito solo come sintesi (senza scaglioni) ha quelle celle vuote. Celle vuote = valori oscurati dal MEF per riservatezza o non pubblicati: mai 0.",
    fonti: [...new Set(rows.map((r) => r.y.fonte.fonte))].sort(),
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO("Anno d'imposta (redditi dell'anno, dichiarati l'anno successivo)."),
      {
        name: 'fonte',
        type: 'string',
        description: 'Identificativo della fonte della riga (metadati in /api/fonti/{fonte}).',
        constraints: { required: true },
        value: (r) => r.y.fonte.fonte,
      },
      {
        name: 'contribuenti',
        type: 'integer',
        unit: 'contribuenti',
        description: 'Numero di contribuenti IRPEF; vuoto se oscurato.',
        constraints: { minimum: 0 },
        value: (r) => r.y.contribuenti,
      },
      ...pair('reddito_complessivo', 'Reddito complessivo', (y) => y.reddito_complessivo),
      {
        name: 'reddito_complessivo_derivato_da_scaglioni',
        type: 'boolean',
        description:
          "true se il MEF non pubblica il totale per l'anno (prima del 2023) e il reddito complessivo è la somma degli 8 scaglioni (vuoto se uno è oscurato).",
        constraints: { required: true },
        value: (r) => r.y.reddito_complessivo.derivato_da_scaglioni,
      },
      {
        name: 'reddito_medio_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          "DERIVATO: reddito complessivo / contribuenti con reddito complessivo, arrotondato all'euro; vuoto dove il totale non è noto (prima del 2023, se uno scaglione è oscurato). Per confronti fra anni: reddito_imponibile_medio_euro.",
        value: (r) => r.y.reddito_medio_euro,
      },
      {
        name: 'reddito_medio_minimo_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'DERIVATO: limite inferiore certo del reddito complessivo medio dove il totale non è noto e sono oscurati solo scaglioni chiusi (nessuna stima puntuale; metodo in /api/metodologia#redditi); vuoto altrimenti.',
        value: (r) => r.y.reddito_medio_limiti_euro?.minimo ?? null,
      },
      {
        name: 'reddito_medio_massimo_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'DERIVATO: limite superiore certo del reddito complessivo medio, negli stessi casi di reddito_medio_minimo_euro.',
        value: (r) => r.y.reddito_medio_limiti_euro?.massimo ?? null,
      },
      {
        name: 'reddito_imponibile_medio_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          "DERIVATO: reddito imponibile / contribuenti con reddito imponibile, arrotondato all'euro. Pubblicato dal MEF senza oscuramenti per ogni comune e anno: la serie confrontabile fra anni (nel 2003–2006 l'imponibile escludeva la no tax area: vedi /api/metodologia#redditi).",
        value: (r) => r.y.reddito_imponibile_medio_euro,
      },
      {
        name: 'reddito_mediano_stimato_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'STIMA: mediana interpolata linearmente nello scaglione che la contiene (il MEF non pubblica la mediana); vuoto quando scaglioni oscurati o uno scaglione aperto la rendono incerta. Metodo in /api/metodologia#redditi.',
        value: (r) => r.y.reddito_mediano_stimato_euro,
      },
      ...pair('reddito_imponibile', 'Reddito imponibile', (y) => y.reddito_imponibile),
      ...pair('imposta_netta', 'Imposta netta', (y) => y.imposta_netta),
      ...pair('addizionale_regionale', 'Addizionale regionale', (y) => y.addizionale_regionale),
      ...pair('addizionale_comunale', 'Addizionale comunale', (y) => y.addizionale_comunale),
      ...types.flatMap((t) => pair(`reddito_${t}`, INCOME_TYPES[t]!, (y) => y.per_tipo?.[t])),
      ...brackets.flatMap((s, i) =>
        pair(`scaglione_${bracketKey(s)}`, `Scaglione di ${bracketLabel(s)}`, (y) => y.scaglioni?.[i]),
      ),
    ],
    rows,
  });
}

/**
 * The pollutants some comune has a value for. The others (none while the ISPRA files are
 * in the mirror) get no columns; the description says why, in the API's own words.
 */
function pollutants(dataset: Dataset): { measured: Pollutant[]; note: string } {
  const measured = POLLUTANTS.filter((p) => dataset.comuni.some((c) => c.ambiente.aria[p].serie_storica.length > 0));
  const missing = POLLUTANTS.filter((p) => !measured.includes(p));
  const reasons = missing.map(
    (p) =>
      `${POLLUTANT_NAMES[p]}: ${dataset.comuni.find((c) => c.ambiente.aria[p].motivo_mancante)?.ambiente.aria[p].motivo_mancante ?? 'nessun valore.'}`,
  );
  return {
    measured,
    note:
      missing.length > 0
        ? `Nessuna colonna per ${missing.map((p) => POLLUTANT_NAMES[p]).join(' e ')} (null nell'API). ${reasons.join(' ')}`
        : '',
  };
}

function airColumns<R>(
  p: Pollutant,
  get: (
    r: R,
  ) => { valore_ug_m3: number | null; metodo: string | null; giorni_mm8_over_120?: number | null } | undefined,
): Column<R>[] {
  const ozoneDays: Column<R>[] =
    p === 'o3'
      ? [
          {
            name: 'o3_giorni_mm8_over_120',
            type: 'number',
            unit: 'giorni',
            description:
              'Ozono: giorni in cui la media mobile massima giornaliera su 8 ore ha superato 120 µg/m³ (obiettivo a lungo termine per la salute, ISPRA giorni_mm8_over_120); media delle stesse stazioni della media annua, a 0,1. È il valore della classifica indicatore=o3. Vuoto se nessuna stazione.',
            constraints: { minimum: 0 },
            value: (r) => get(r)?.giorni_mm8_over_120 ?? null,
          },
        ]
      : [];
  return [
    {
      name: `${p}_ug_m3`,
      type: 'number',
      unit: 'µg/m³',
      description: `Media annua di ${POLLUTANT_NAMES[p]} delle stazioni ISPRA nel comune o, in mancanza, della stazione valida più vicina entro 10 km; vuoto se nessuna stazione.`,
      constraints: { minimum: 0 },
      value: (r) => get(r)?.valore_ug_m3 ?? null,
    },
    {
      name: `${p}_metodo`,
      type: 'string',
      description: `Attribuzione del valore di ${POLLUTANT_NAMES[p]}: stazioni_nel_comune o stazione_piu_vicina.`,
      constraints: { enum: METODO_ARIA },
      value: (r) => get(r)?.metodo ?? null,
    },
    ...ozoneDays,
  ];
}

function ambienteTable(dataset: Dataset): Table {
  const rows = dataset.comuni.map((c) => ({ c }));
  const stations = (p: Pollutant): Column<{ c: ComuneData }>[] => [
    {
      name: `${p}_stazioni`,
      type: 'string',
      description: `Codici delle stazioni ISPRA usate per ${POLLUTANT_NAMES[p]}, separati da uno spazio.`,
      value: (r) => r.c.ambiente.aria[p].stazioni.map((s) => s.codice).join(' ') || null,
    },
    {
      name: `${p}_distanza_km`,
      type: 'number',
      unit: 'km',
      description: `Distanza dalla stazione più vicina usata per ${POLLUTANT_NAMES[p]} (solo con metodo stazione_piu_vicina).`,
      constraints: { minimum: 0 },
      value: (r) => {
        const d = r.c.ambiente.aria[p].stazioni.map((s) => s.distanza_km).filter((x): x is number => x !== null);
        return d.length > 0 ? Math.min(...d) : null;
      },
    },
  ];
  const prov = (r: { c: ComuneData }) => r.c.ambiente.suolo.provincia;
  const { measured, note } = pollutants(dataset);
  return defineTable({
    name: 'ambiente',
    title: "Qualità dell'aria e consumo di suolo",
    description:
      `Una riga per comune: qualità dell'aria dell'anno ${dataset.predefiniti.aria} (la serie completa è in aria.csv), consumo di suolo della provincia (${dataset.predefiniti.suolo}) e suolo consumato pro capite del comune (ISPRA 2015 tramite Urban Index, l'unico dato comunale). ${note}`.trim(),
    fonti: ['ispra-aria', 'ispra-suolo', 'dipe-urban-index'],
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      {
        name: 'anno_aria',
        type: 'year',
        description: "Anno dei valori di qualità dell'aria.",
        value: () => dataset.anni.aria,
      },
      ...measured.flatMap((p) => [...airColumns<{ c: ComuneData }>(p, (r) => r.c.ambiente.aria[p]), ...stations(p)]),
      {
        name: 'suolo_anno_provincia',
        type: 'year',
        description: 'Anno del consumo di suolo provinciale.',
        value: (r) => prov(r)?.anno ?? null,
      },
      {
        name: 'suolo_consumato_ettari_provincia',
        type: 'number',
        unit: 'ettari',
        description:
          'DATO PROVINCIALE: suolo consumato nella provincia del comune (ISPRA/SNPA), uguale per tutti i comuni della provincia.',
        constraints: { minimum: 0 },
        value: (r) => prov(r)?.suolo_consumato_ettari ?? null,
      },
      {
        name: 'suolo_consumato_percentuale_provincia',
        type: 'number',
        unit: '% della superficie provinciale',
        description: 'DATO PROVINCIALE: suolo consumato in percentuale della superficie della provincia.',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => prov(r)?.suolo_consumato_percentuale ?? null,
      },
      {
        name: 'suolo_consumato_m2_per_abitante',
        type: 'number',
        unit: 'm² per abitante',
        description:
          'Suolo consumato per abitante nel comune, ISPRA 2015 (via Urban Index DIPE); vuoto per i comuni istituiti o ricodificati dopo il 2015.',
        constraints: { minimum: 0 },
        value: (r) => r.c.ambiente.suolo.comune?.suolo_consumato_m2_per_abitante ?? null,
      },
    ],
    rows,
  });
}

function ariaTable(dataset: Dataset): Table {
  type AirYear = { anno: number; values: Partial<Record<Pollutant, Inquinante['serie_storica'][number]>> };
  const rows: Row<AirYear>[] = dataset.comuni.flatMap((c) => {
    const years = [...new Set(POLLUTANTS.flatMap((p) => c.ambiente.aria[p].serie_storica.map((s) => s.anno)))].sort(
      (a, b) => a - b,
    );
    return years.map((anno) => ({
      c,
      y: {
        anno,
        values: Object.fromEntries(
          POLLUTANTS.map((p) => [p, c.ambiente.aria[p].serie_storica.find((s) => s.anno === anno)]),
        ),
      },
    }));
  });
  const { measured, note } = pollutants(dataset);
  return defineTable({
    name: 'aria',
    title: "Qualità dell'aria per anno",
    description:
      `Una riga per comune e anno in cui almeno un inquinante ha un valore: medie annue attribuite con la stessa regola dell'API (stazioni nel comune, altrimenti la stazione valida più vicina entro 10 km). ${note}`.trim(),
    fonti: ['ispra-aria'],
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO('Anno delle medie annue.'),
      ...measured.flatMap((p) => [
        ...airColumns<Row<AirYear>>(p, (r) => r.y.values[p]),
        {
          name: `${p}_numero_stazioni`,
          type: 'integer' as const,
          unit: 'stazioni',
          description: `Numero di stazioni usate per ${POLLUTANT_NAMES[p]}.`,
          constraints: { minimum: 1 },
          value: (r: Row<AirYear>) => r.y.values[p]?.numero_stazioni ?? null,
        },
      ]),
    ],
    rows,
  });
}

function serviziTable(dataset: Dataset): Table {
  const ai = (r: { c: ComuneData }) => r.c.servizi.aree_interne;
  const h = (r: { c: ComuneData }) => r.c.servizi.ospedale;
  const classe = (
    name: string,
    description: string,
    value: (r: { c: ComuneData }) => string | null,
  ): Column<{ c: ComuneData }> => ({
    name,
    type: 'string',
    description,
    constraints: { enum: CLASSI_AREE_INTERNE },
    value,
  });
  const hospitalYear = dataset.comuni.find((c) => c.servizi.ospedale)?.servizi.ospedale?.anno;
  return defineTable({
    name: 'servizi',
    title: 'Servizi',
    description: `Una riga per comune: classificazione Aree Interne (ISTAT/NUVAP 2020), indicatori di servizio dell'Urban Index (DIPE, anni diversi per indicatore) e tempo di guida verso l'ospedale più vicino (dato provinciale, Eurostat GISCO${hospitalYear ? ` ${hospitalYear}` : ''}).`,
    fonti: ['istat-aree-interne', 'dipe-urban-index', 'gisco-ospedali'],
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      classe(
        'aree_interne_classe_2020',
        'Classe della Mappa Aree Interne 2020: A polo, B polo intercomunale, C cintura, D intermedio, E periferico, F ultraperiferico; vuoto per i comuni istituiti dopo il 30 settembre 2020.',
        (r) => ai(r)?.classe_2020 ?? null,
      ),
      {
        name: 'aree_interne_descrizione_2020',
        type: 'string',
        description: 'Descrizione della classe 2020.',
        value: (r) => ai(r)?.descrizione_2020 ?? null,
      },
      {
        name: 'tempo_polo_minuti',
        type: 'number',
        unit: 'minuti',
        description:
          'Tempo medio di percorrenza stradale verso il polo di servizi più vicino (0 per i poli), Aree Interne 2020.',
        constraints: { minimum: 0 },
        value: (r) => ai(r)?.tempo_polo_minuti ?? null,
      },
      {
        name: 'polo_destinazione',
        type: 'string',
        description: 'Polo di servizi di riferimento (Aree Interne 2020).',
        value: (r) => ai(r)?.polo_destinazione ?? null,
      },
      classe(
        'aree_interne_classe_2021_2027',
        'Classe Aree Interne del ciclo di programmazione 2021–2027.',
        (r) => ai(r)?.classe_2021_2027 ?? null,
      ),
      {
        name: 'aree_interne_descrizione_2021_2027',
        type: 'string',
        description: 'Descrizione della classe 2021–2027.',
        value: (r) => ai(r)?.descrizione_2021_2027 ?? null,
      },
      ...SERVICE_INDICATORS.map((u, i): Column<{ c: ComuneData }> => ({
        name: u.campo,
        type: 'number',
        unit: u.unita,
        description: `${u.titolo}, anno ${u.anno} (Urban Index DIPE). ${u.nota} Vuoto per i comuni che non esistono con questo codice nei confini 2011–2015.`,
        constraints: { minimum: 0 },
        value: (r) => r.c.servizi.urban_index[i]?.valore ?? null,
      })),
      {
        name: 'ospedale_tempo_medio_minuti_provincia',
        type: 'number',
        unit: 'minuti',
        description:
          "DATO PROVINCIALE: tempo medio di guida verso l'ospedale più vicino, media della provincia ponderata per popolazione (Eurostat GISCO).",
        constraints: { minimum: 0 },
        value: (r) => h(r)?.tempo_medio_minuti ?? null,
      },
      {
        name: 'ospedale_tempo_mediano_minuti_provincia',
        type: 'number',
        unit: 'minuti',
        description:
          "DATO PROVINCIALE: tempo mediano di guida verso l'ospedale più vicino per la popolazione della provincia (Eurostat GISCO).",
        constraints: { minimum: 0 },
        value: (r) => h(r)?.tempo_mediano_minuti ?? null,
      },
    ],
    rows: dataset.comuni.map((c) => ({ c })),
  });
}

function sicurezzaTable(dataset: Dataset): Table {
  type SafetyYear = ComuneData['sicurezza']['serie_storica'][number];
  const rows: Row<SafetyYear>[] = dataset.comuni.flatMap((c) => c.sicurezza.serie_storica.map((y) => ({ c, y })));
  const missing = [
    ...new Set(
      dataset.comuni.filter((c) => c.sicurezza.serie_storica.length === 0).map((c) => c.sicurezza.sigla_provincia),
    ),
  ];
  return defineTable({
    name: 'sicurezza',
    title: 'Delitti denunciati per anno (dato provinciale)',
    description:
      "DATO PROVINCIALE: una riga per comune e anno con i delitti denunciati dalle forze di polizia all'autorità giudiziaria nella provincia del comune (ISTAT), uguali per tutti i comuni della provincia." +
      (missing.length > 0
        ? ` Nessuna riga per i comuni delle province senza corrispondenza certa nel file ISTAT (${missing.join(', ')}).`
        : ''),
    fonti: ['istat-delitti'],
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO('Anno dei delitti denunciati.'),
      {
        name: 'sigla_provincia',
        type: 'string',
        description: 'Provincia a cui si riferiscono i valori.',
        constraints: { required: true },
        value: (r) => r.c.sicurezza.sigla_provincia,
      },
      {
        name: 'delitti_provincia',
        type: 'integer',
        unit: 'delitti',
        description: 'Delitti denunciati nella provincia.',
        constraints: { minimum: 0 },
        value: (r) => r.y.delitti,
      },
      {
        name: 'popolazione_provincia',
        type: 'integer',
        unit: 'persone',
        description: 'Popolazione della provincia usata per il tasso (ISTAT).',
        constraints: { minimum: 0 },
        value: (r) => r.y.popolazione,
      },
      {
        name: 'delitti_per_1000_abitanti',
        type: 'number',
        unit: 'delitti ogni 1.000 abitanti',
        description: 'DERIVATO: delitti_provincia / popolazione_provincia × 1.000.',
        constraints: { minimum: 0 },
        value: (r) => r.y.delitti_per_1000_abitanti,
      },
    ],
    rows,
  });
}

function qualitaTable(dataset: Dataset, quality: QualityResult): Table {
  const byCode = new Map(quality.comuni.map((q) => [q.codice_istat, q]));
  type QRow = { c: ComuneData; q: ComuneQuality; indicatori: Map<string, IndicatorScore> };
  const rows: QRow[] = dataset.comuni.map((c) => {
    const q = byCode.get(c.anagrafica.codice_istat);
    if (!q) throw new Error(`qualita-vita: nessun punteggio per ${c.anagrafica.codice_istat}`);
    return {
      c,
      q,
      indicatori: new Map(
        Object.values(q.dimensioni)
          .flatMap((d) => d.indicatori)
          .map((i) => [i.id, i]),
      ),
    };
  });
  const score = 'punti (0–100, 100 = migliore)';
  const indicator = (id: string) => (r: QRow) => r.indicatori.get(id);
  const years = new Map(quality.metodologia.indicatori.map((i) => [i.id, i.anni]));
  return defineTable({
    name: 'qualita-vita',
    title: 'Indice di qualità della vita',
    description:
      `Una riga per comune: punteggio composito 0–100 (DERIVATO), posizioni in classifica, punteggi delle cinque dimensioni (pesi: ${QUALITY_DIMENSIONS.map((d) => `${d} ${Math.round(quality.pesi[d] * 100)}%`).join(', ')}) ` +
      'e, per ogni indicatore, il valore grezzo e il valore normalizzato. Metodo completo, estremi di normalizzazione e limiti in /api/metodologia#qualita-vita.',
    fonti: [...new Set(quality.metodologia.indicatori.flatMap((i) => i.fonti))].sort(),
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      {
        name: 'punteggio',
        type: 'number',
        unit: score,
        description:
          'Indice composito, media ponderata dei punteggi delle dimensioni con dati (pesi riproporzionati), 1 decimale; vuoto solo se nessuna dimensione ha dati.',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => r.q.punteggio,
      },
      {
        name: 'posizione_nazionale',
        type: 'integer',
        unit: 'posizione (1 = migliore)',
        description: 'Posizione nella classifica nazionale (punteggio decrescente, a parità codice ISTAT crescente).',
        constraints: { minimum: 1 },
        value: (r) => r.q.posizione_nazionale,
      },
      {
        name: 'posizione_regionale',
        type: 'integer',
        unit: 'posizione (1 = migliore)',
        description: 'Posizione nella classifica della regione.',
        constraints: { minimum: 1 },
        value: (r) => r.q.posizione_regionale,
      },
      {
        name: 'avvisi',
        type: 'string',
        description:
          "Codici delle avvertenze sull'affidabilità, separati da uno spazio (pochi_contribuenti, dimensioni_senza_dati).",
        value: (r: QRow) => r.q.avvisi.map((a) => a.codice).join(' ') || null,
      },
      ...QUALITY_DIMENSIONS.flatMap((d): Column<QRow>[] => [
        {
          name: `punteggio_${d}`,
          type: 'number',
          unit: score,
          description: `Punteggio della dimensione ${d} (peso nominale ${Math.round(quality.pesi[d] * 100)}%); vuoto se la dimensione non ha indicatori per il comune.`,
          constraints: { minimum: 0, maximum: 100 },
          value: (r) => r.q.dimensioni[d].punteggio,
        },
        {
          name: `peso_effettivo_${d}`,
          type: 'number',
          unit: 'quota (0–1)',
          description: `Peso della dimensione ${d} nel punteggio del comune, dopo il riproporzionamento (0 se la dimensione non ha dati).`,
          constraints: { minimum: 0, maximum: 1 },
          value: (r) => r.q.dimensioni[d].peso_effettivo,
        },
      ]),
      ...quality.definizioni.flatMap((def): Column<QRow>[] => [
        {
          name: def.id,
          type: 'number',
          unit: def.unita,
          description: `${def.nome} (dimensione ${def.dimensione}, livello ${def.livello}, anni ${(years.get(def.id) ?? []).join(', ') || '—'}): ${def.descrizione} Vuoto se il comune non ha il valore.`,
          value: (r) => indicator(def.id)(r)?.valore ?? null,
        },
        {
          name: `${def.id}_normalizzato`,
          type: 'number',
          unit: score,
          description: `${def.nome} normalizzato 0–100 (${def.direzione === 'maggiore_migliore' ? 'valori alti = punteggio alto' : 'valori bassi = punteggio alto'}).`,
          constraints: { minimum: 0, maximum: 100 },
          value: (r) => indicator(def.id)(r)?.normalizzato ?? null,
        },
      ]),
    ],
    rows,
  });
}

/** The tables of public/dati/, in the order of datapackage.json. */
export function datiTables(dataset: Dataset, quality: QualityResult): Table[] {
  return [
    comuniTable(dataset),
    demografiaTable(dataset),
    redditiTable(dataset),
    ambienteTable(dataset),
    ariaTable(dataset),
    serviziTable(dataset),
    sicurezzaTable(dataset),
    qualitaTable(dataset, quality),
    raccordoTable(dataset),
  ];
}
