/** The demografia table: official population, balance and registry counts, one row per comune and year. */
import type { DemografiaAnno } from '../../../api/schemas/demografia.ts';
import type { Dataset } from '../../join/dataset.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { ANNO, CODICE, type Row } from './columns.ts';

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

export function demografiaTable(dataset: Dataset): Table {
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
