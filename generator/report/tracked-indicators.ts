/** The indicators the snapshot records comune by comune and the change report compares. */
import type { ComuneData } from '../join/dataset.ts';

/** The domains whose default year a figure belongs to. */
export type Domain = 'demografia' | 'redditi' | 'aria' | 'suolo';

export type Threshold =
  | { tipo: 'relativa'; valore: number }
  | { tipo: 'assoluta'; valore: number; unita: string }
  /** A move by this factor or more, up or down (×10, ÷10): for counts too small for a relative threshold. */
  | { tipo: 'fattore'; valore: number };

export interface IndicatorSpec {
  id: string;
  descrizione: string;
  /** Whose default year the value belongs to; null when it has no year (the quality score). */
  dominio: Domain | null;
  soglia: Threshold;
  /** A count whose national total is meaningful (population, taxpayers). */
  additivo: boolean;
  value: (c: ComuneData, year: number, score: number | null) => number | null;
}

/** The figures compared comune by comune, each in its domain's default year, with the threshold that makes a change worth a look. */
export const INDICATORS: readonly IndicatorSpec[] = [
  {
    id: 'popolazione',
    descrizione: 'Popolazione residente',
    dominio: 'demografia',
    soglia: { tipo: 'relativa', valore: 0.05 },
    additivo: true,
    value: (c, y) => c.demografia.find((d) => d.anno === y)?.popolazione_totale ?? null,
  },
  {
    id: 'contribuenti',
    descrizione: 'Contribuenti IRPEF',
    dominio: 'redditi',
    soglia: { tipo: 'relativa', valore: 0.1 },
    additivo: true,
    value: (c, y) => c.redditi.find((r) => r.anno === y)?.contribuenti ?? null,
  },
  {
    id: 'reddito_medio_euro',
    descrizione: 'Reddito medio (€)',
    dominio: 'redditi',
    soglia: { tipo: 'relativa', valore: 0.1 },
    additivo: false,
    value: (c, y) => c.redditi.find((r) => r.anno === y)?.reddito_medio_euro ?? null,
  },
  {
    // ISTAT's balance: both sexes swapped in a file keep every total, not the count of males.
    id: 'maschi',
    descrizione: 'Residenti maschi',
    dominio: 'demografia',
    soglia: { tipo: 'relativa', valore: 0.05 },
    additivo: true,
    value: (c, y) => c.demografia.find((d) => d.anno === y)?.maschi ?? null,
  },
  {
    // A handful a year in small comuni (4 → 8 is genuine): only an order of magnitude is worth a look.
    id: 'nati',
    descrizione: "Nati vivi nell'anno",
    dominio: 'demografia',
    soglia: { tipo: 'fattore', valore: 10 },
    additivo: true,
    value: (c, y) => c.demografia.find((d) => d.anno === y)?.nati ?? null,
  },
  ...(['pm10', 'pm25', 'no2', 'o3'] as const).map((p): IndicatorSpec => ({
    id: `${p}_ug_m3`,
    descrizione: `${p.toUpperCase()} media annua (µg/m³)`,
    dominio: 'aria',
    soglia: { tipo: 'relativa', valore: 0.25 },
    additivo: false,
    value: (c) => c.ambiente.aria[p].valore_ug_m3,
  })),
  {
    id: 'punteggio_qualita_vita',
    descrizione: 'Punteggio di qualità della vita (0–100)',
    dominio: null,
    soglia: { tipo: 'assoluta', valore: 5, unita: 'punti' },
    additivo: false,
    value: (_c, _y, score) => score,
  },
];
