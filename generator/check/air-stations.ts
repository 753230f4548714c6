import type { Inquinante, StationYear } from '../../data-sources/ispra-aria.ts';

/**
 * Bounds of a station's annual mean, per pollutant, from ISPRA's real series (2001–2022, valid years only):
 * `max` about twice the largest genuine mean; `maxRatio` the change allowed between two consecutive
 * published years of a station when the larger is at least `minMagnitude` µg/m³, above the largest genuine
 * one; `exceptions` the genuine moves beyond it, as ISPRA publishes them.
 */
export interface StationBounds {
  max: number;
  maxRatio: number;
  minMagnitude: number;
  exceptions?: { stazione: string; anno: number; motivo: string }[];
}

export const STATION_BOUNDS: Record<Inquinante, StationBounds> = {
  // 5–83 µg/m³ (IT1566A Siracusa 2009); largest move ×3.67 (IT1375A Nuraminis 2003 → 2004, 9 → 33).
  pm10: { max: 160, maxRatio: 5, minMagnitude: 10 },
  // 4–41 µg/m³ (IT0466A Milano 2006); largest move ×2.2 (IT0858A Genova 2016 → 2018, 11 → 5).
  pm25: { max: 80, maxRatio: 4, minMagnitude: 10 },
  // 1–103 µg/m³ (IT0861A Firenze 2011); largest moves ×25 (Ottati, 2007 → 2020), ×8 and ×6.75 (Taranto 2011, 2012).
  no2: {
    max: 200,
    maxRatio: 10,
    minMagnitude: 10,
    exceptions: [
      { stazione: 'IT2283A', anno: 2020, motivo: 'Ottati: 50 µg/m³ nel 2007, 2 nel 2020, primo anno valido dopo 13' },
    ],
  },
  // 1–117 µg/m³ (IT0989A Leonessa 2003); largest moves ×69 and ×66 (Priolo Gargallo 2006 at 1 µg/m³, as published), ×6.5 (Canicattì 2007 → 2011).
  o3: {
    max: 220,
    maxRatio: 10,
    minMagnitude: 10,
    exceptions: [
      {
        stazione: 'IT0614A',
        anno: 2006,
        motivo: 'Priolo Gargallo: media 2006 di 1 µg/m³ tra 69 e 66, come la pubblica ISPRA',
      },
      { stazione: 'IT0614A', anno: 2007, motivo: 'Priolo Gargallo: ritorno a 66 µg/m³ dopo il valore 2006 di 1' },
    ],
  },
};

const fmt = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/**
 * Every station's annual mean against its pollutant's bounds, and against the station's previous
 * published year. One message each, naming the file, the station, its comune, the year and the values.
 */
export function checkAirStations(
  stazioni: readonly StationYear[],
  fileOf: (p: Inquinante) => string,
  bounds: Record<Inquinante, StationBounds> = STATION_BOUNDS,
): string[] {
  const failures: string[] = [];
  const series = new Map<string, StationYear[]>();
  for (const s of stazioni) {
    const key = `${s.inquinante}/${s.codice_stazione}`;
    const list = series.get(key) ?? [];
    list.push(s);
    series.set(key, list);
  }
  for (const list of series.values()) {
    list.sort((a, b) => a.anno - b.anno);
    let previous: StationYear | null = null;
    for (const s of list) {
      const b = bounds[s.inquinante];
      const at = `${fileOf(s.inquinante)}: stazione ${s.codice_stazione} ${s.nome_stazione} (comune ${s.codice_istat} ${s.comune}), ${s.anno}: media annua ${s.inquinante.toUpperCase()} ${fmt(s.media)} µg/m³`;
      if (!(s.media >= 0 && s.media <= b.max)) {
        failures.push(`${at} fuori dai limiti 0–${fmt(b.max)} µg/m³`);
        continue;
      }
      const skip = b.exceptions?.some((e) => e.stazione === s.codice_stazione && e.anno === s.anno);
      if (previous && !skip) {
        const [x, y] = [previous.media, s.media];
        const change = Math.max(x, y) / Math.max(Math.min(x, y), 0.5);
        if (Math.max(x, y) >= b.minMagnitude && change > b.maxRatio)
          failures.push(
            `${at} contro ${fmt(x)} nel ${previous.anno} (×${fmt(y / x)}), oltre il limite di variazione ×${fmt(1 / b.maxRatio)}–×${fmt(b.maxRatio)}`,
          );
      }
      previous = s;
    }
  }
  return failures;
}
