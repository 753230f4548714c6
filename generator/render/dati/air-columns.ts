/** The air-quality columns the ambiente and aria tables share, and which pollutants get them. */
import type { Dataset } from '../../join/dataset.ts';
import { POLLUTANTS, type Pollutant } from '../../join/join-environment.ts';
import type { Column } from '../dati-table.ts';

const METODO_ARIA = ['stazioni_nel_comune', 'stazione_piu_vicina'];
export const POLLUTANT_NAMES: Record<Pollutant, string> = { pm10: 'PM10', pm25: 'PM2.5', no2: 'NO2', o3: 'ozono (O3)' };

/**
 * The pollutants some comune has a value for. The others (none while the ISPRA files are
 * in the mirror) get no columns; the description says why, in the API's own words.
 */
export function pollutants(dataset: Dataset): { measured: Pollutant[]; note: string } {
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

export function airColumns<R>(
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
