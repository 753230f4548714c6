import type { Inquinante, StationYear } from '../../data-sources/ispra-aria.ts';

/**
 * Attributes ISPRA station statistics to comuni. Monitoring stations sit in a few
 * hundred comuni; each comune gets, per pollutant and year, either the mean of its own
 * stations or the nearest station within a stated distance — never an interpolation —
 * and always the list of stations used, so the API can say where a figure comes from.
 */

export type MetodoAria = 'stazioni_nel_comune' | 'stazione_piu_vicina';

export interface StazioneUsata {
  codice: string;
  nome: string;
  tipo_stazione: string | null;
  tipo_zona: string | null;
  /** Distance from the comune's coordinates, km to 0.1; null for stations in the comune. */
  distanza_km: number | null;
  /** The station's annual mean, µg/m³. */
  media: number;
  /** Ozone only: the station's days with the maximum daily 8-hour mean above 120 µg/m³. */
  giorni_mm8_over_120?: number | null;
}

export interface AirValue {
  anno: number;
  /** µg/m³, rounded to 0.1. */
  valore: number;
  metodo: MetodoAria;
  stazioni: StazioneUsata[];
  /** Ozone only: days above 120 µg/m³ (8-hour mean), averaged like `valore` over the same stations, to 0.1; null if no station has it. */
  giorni_mm8_over_120?: number | null;
}

export interface ComunePosition {
  codice_istat: string;
  lat: number | null;
  lon: number | null;
}

export interface AttributeAirOptions {
  /** Farthest a station may be from the comune's coordinates to stand in for it. */
  maxDistanceKm: number;
}

export const DEFAULT_MAX_DISTANCE_KM = 10;

export function descrizioneMetodo(metodo: MetodoAria, maxDistanceKm = DEFAULT_MAX_DISTANCE_KM): string {
  return metodo === 'stazioni_nel_comune'
    ? `Media aritmetica delle medie annue delle stazioni di monitoraggio con copertura annuale valida situate nel comune; solo in mancanza di queste si usa la stazione valida più vicina entro ${km(maxDistanceKm)} km.`
    : `Il comune non ha stazioni con copertura annuale valida: si usa la media annua della stazione valida più vicina alle coordinate del comune, se entro ${km(maxDistanceKm)} km in linea d'aria.`;
}

export function motivoNessunaStazione(maxDistanceKm = DEFAULT_MAX_DISTANCE_KM): string {
  return `Nessuna stazione con copertura annuale valida nel comune né entro ${km(maxDistanceKm)} km dalle sue coordinate per questo inquinante e anno.`;
}

/** Method descriptions at the default threshold, for the API to cite. */
export const METODI_ARIA: Readonly<Record<MetodoAria, string>> = {
  stazioni_nel_comune: descrizioneMetodo('stazioni_nel_comune'),
  stazione_piu_vicina: descrizioneMetodo('stazione_piu_vicina'),
};

/** Reason to serve with a null value, at the default threshold. */
export const MOTIVO_NESSUNA_STAZIONE = motivoNessunaStazione();

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;
const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The valid station-years of one pollutant and year. */
interface Group {
  inquinante: Inquinante;
  anno: number;
  byComune: Map<string, StationYear[]>;
  /** Stations with coordinates, sorted by latitude, for the nearest-station search. */
  located: StationYear[];
  lats: Float64Array;
}

/**
 * Returns, for each comune that gets at least one value, its values per pollutant,
 * sorted by year. Comuni, pollutants and years without a value are absent: the caller
 * serves null with `motivoNessunaStazione()`.
 */
export function attributeAir(
  stations: StationYear[],
  comuni: ComunePosition[],
  options: AttributeAirOptions = { maxDistanceKm: DEFAULT_MAX_DISTANCE_KM },
): Map<string, Map<Inquinante, AirValue[]>> {
  const { maxDistanceKm } = options;
  if (!(maxDistanceKm >= 0) || !Number.isFinite(maxDistanceKm))
    throw new Error(`attributeAir: maxDistanceKm non valido: ${maxDistanceKm}`);
  const groups = groupStations(stations);
  // A margin so that the bounding box never cuts off a station the exact distance would keep.
  const dLat = (maxDistanceKm / KM_PER_DEGREE_LAT) * 1.001 + 1e-9;

  const result = new Map<string, Map<Inquinante, AirValue[]>>();
  for (const comune of comuni) {
    const { lat, lon } = comune;
    const hasPosition = lat != null && lon != null && Number.isFinite(lat) && Number.isFinite(lon);
    const dLon = hasPosition ? dLat / Math.max(Math.cos(Math.min(89, Math.abs(lat) + dLat) * RAD), 1e-6) : 0;
    let perPollutant: Map<Inquinante, AirValue[]> | undefined;
    for (const group of groups) {
      const own = group.byComune.get(comune.codice_istat);
      let value: AirValue | null = null;
      if (own) {
        value = {
          anno: group.anno,
          valore: round1(own.reduce((sum, s) => sum + s.media, 0) / own.length),
          metodo: 'stazioni_nel_comune',
          stazioni: own.map((s) => used(s, null)),
          ...ozoneDays(group, own),
        };
      } else if (hasPosition) {
        const nearest = nearestStation(group, lat, lon, dLat, dLon, maxDistanceKm);
        if (nearest) {
          value = {
            anno: group.anno,
            valore: round1(nearest.station.media),
            metodo: 'stazione_piu_vicina',
            stazioni: [used(nearest.station, round1(nearest.distance))],
            ...ozoneDays(group, [nearest.station]),
          };
        }
      }
      if (!value) continue;
      perPollutant ??= new Map();
      const list = perPollutant.get(group.inquinante);
      if (list) list.push(value);
      else perPollutant.set(group.inquinante, [value]);
    }
    if (perPollutant) result.set(comune.codice_istat, perPollutant);
  }
  return result;
}

function groupStations(stations: StationYear[]): Group[] {
  const byKey = new Map<string, Group>();
  for (const s of stations) {
    const key = `${s.inquinante}|${s.anno}`;
    let group = byKey.get(key);
    if (!group) {
      group = { inquinante: s.inquinante, anno: s.anno, byComune: new Map(), located: [], lats: new Float64Array() };
      byKey.set(key, group);
    }
    const own = group.byComune.get(s.codice_istat);
    if (own) own.push(s);
    else group.byComune.set(s.codice_istat, [s]);
    if (s.lat != null && s.lon != null && Number.isFinite(s.lat) && Number.isFinite(s.lon)) group.located.push(s);
  }
  const groups = [...byKey.values()];
  for (const group of groups) {
    for (const own of group.byComune.values()) own.sort((a, b) => compare(a.codice_stazione, b.codice_stazione));
    group.located.sort((a, b) => a.lat! - b.lat! || compare(a.codice_stazione, b.codice_stazione));
    group.lats = Float64Array.from(group.located, (s) => s.lat!);
  }
  return groups.sort((a, b) => compare(a.inquinante, b.inquinante) || a.anno - b.anno);
}

function nearestStation(
  group: Group,
  lat: number,
  lon: number,
  dLat: number,
  dLon: number,
  maxDistanceKm: number,
): { station: StationYear; distance: number } | null {
  const { located, lats } = group;
  let best: StationYear | null = null;
  let bestDistance = Infinity;
  for (let i = lowerBound(lats, lat - dLat); i < lats.length && lats[i]! <= lat + dLat; i++) {
    const s = located[i]!;
    if (Math.abs(s.lon! - lon) > dLon) continue;
    const distance = haversineKm(lat, lon, s.lat!, s.lon!);
    if (distance > maxDistanceKm) continue;
    if (distance < bestDistance || (distance === bestDistance && best && s.codice_stazione < best.codice_stazione)) {
      best = s;
      bestDistance = distance;
    }
  }
  return best ? { station: best, distance: bestDistance } : null;
}

/** First index whose value is >= x. */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function used(s: StationYear, distance: number | null): StazioneUsata {
  const base = {
    codice: s.codice_stazione,
    nome: s.nome_stazione,
    tipo_stazione: s.tipo_stazione,
    tipo_zona: s.tipo_zona,
    distanza_km: distance,
    media: s.media,
  };
  return s.inquinante === 'o3' ? { ...base, giorni_mm8_over_120: s.giorni_mm8_over_120 ?? null } : base;
}

/** Ozone's day count, averaged over the same stations as the mean (those that report it). */
function ozoneDays(group: Group, stations: StationYear[]): Pick<AirValue, 'giorni_mm8_over_120'> {
  if (group.inquinante !== 'o3') return {};
  const days = stations.flatMap((s) => (s.giorni_mm8_over_120 == null ? [] : [s.giorni_mm8_over_120]));
  return { giorni_mm8_over_120: days.length === 0 ? null : round1(days.reduce((a, b) => a + b, 0) / days.length) };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function km(value: number): string {
  return String(value).replace('.', ',');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
