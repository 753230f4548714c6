import type { Dataset } from '../join/dataset.ts';
import { schemaErrors } from '../write/validators.ts';

/** Comuni in the registry spine (gi-db-comuni 2025-01-01); update together with a new spine vintage. */
export const EXPECTED_COMUNI = 7_896;

/**
 * The size a complete build is checked against: the national mirror's by default. A partial
 * mirror (test/fixtures/mini-mirror) declares its own through BuildConfig.scale.
 */
export interface BuildScale {
  /** Comuni in the registry spine. */
  comuni: number;
  /** Bounds of the national sum per year, by series id, in place of plausibility.ts's national ones. */
  totali?: Record<string, { min: number; max: number }>;
}

export const NATIONAL_SCALE: BuildScale = { comuni: EXPECTED_COMUNI };

const ITALY = { latMin: 35.2, latMax: 47.1, lonMin: 6.6, lonMax: 18.6 };

/**
 * Invariants of the joined dataset (national totals and bounds of every year: plausibility.ts). Each failure names the comune, year and figure,
 * and all failures are reported together; the build stops before writing anything.
 */
export function validateDataset(dataset: Dataset, scale: BuildScale = NATIONAL_SCALE): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.length < 200 && problems.push(message);
  const codes = dataset.comuni.map((c) => c.anagrafica.codice_istat);
  if (codes.length !== scale.comuni) fail(`attesi ${scale.comuni} comuni, trovati ${codes.length}`);
  if (new Set(codes).size !== codes.length) fail('codice_istat ripetuto nel registro');
  const provinces = new Set(dataset.province.map((p) => p.sigla));
  const regions = new Set(dataset.regioni.map((r) => r.codice));
  const used = { provinces: new Set<string>(), regions: new Set<string>() };
  for (const c of dataset.comuni) {
    const a = c.anagrafica;
    const at = `comune ${a.codice_istat} (${a.nome})`;
    if (!/^\d{6}$/.test(a.codice_istat)) fail(`${at}: il codice non ha 6 cifre`);
    if (!provinces.has(a.provincia.sigla)) fail(`${at}: provincia ${a.provincia.sigla} sconosciuta`);
    if (!regions.has(a.regione.codice)) fail(`${at}: regione ${a.regione.codice} sconosciuta`);
    used.provinces.add(a.provincia.sigla);
    used.regions.add(a.regione.codice);
    if (a.coordinate) {
      const { lat, lon } = a.coordinate;
      if (lat < ITALY.latMin || lat > ITALY.latMax || lon < ITALY.lonMin || lon > ITALY.lonMax)
        fail(`${at}: coordinate ${lat},${lon} fuori dall'Italia`);
    }
    if (a.superficie_km2 !== null && a.superficie_km2 <= 0)
      fail(`${at}: superficie ${a.superficie_km2} km² non positiva`);
    if (!c.demografia.some((d) => d.anno === dataset.predefiniti.demografia))
      fail(`${at}: nessuna popolazione per l'anno predefinito ${dataset.predefiniti.demografia}`);
    if (!c.redditi.some((r) => r.anno === dataset.predefiniti.redditi))
      fail(`${at}: nessun reddito per l'anno d'imposta predefinito ${dataset.predefiniti.redditi}`);
    for (const d of c.demografia) {
      for (const [k, v] of Object.entries({
        popolazione_totale: d.popolazione_totale,
        maschi: d.maschi,
        femmine: d.femmine,
      }))
        if (v !== null && v < 0) fail(`${at} ${d.anno}: ${k} negativo`);
    }
    // The brackets and the published total alone: building each whole year here was a third
    // pass of ~200,000 full years (the records and the bulk table make the other two).
    for (const year of c.redditi) {
      const { anno, contribuenti } = year;
      if (contribuenti !== null && contribuenti < 0) fail(`${at} ${anno}: contribuenti negativi`);
      const scaglioni = year.brackets() ?? [];
      for (const s of scaglioni) {
        if (s.frequenza !== null && s.frequenza < 0)
          fail(`${at} ${anno}: contribuenti negativi nello scaglione ${s.da_euro}–${s.a_euro}`);
        if (s.frequenza !== null && contribuenti !== null && s.frequenza > contribuenti)
          fail(
            `${at} ${anno}: lo scaglione ${s.da_euro}–${s.a_euro} ha ${s.frequenza} contribuenti, più dei ${contribuenti} del comune`,
          );
      }
      const bracketSum = scaglioni.reduce((t, s) => t + (s.frequenza ?? 0), 0);
      const declared = year.publishedTaxpayers();
      if (declared !== null && bracketSum > declared)
        fail(
          `${at} ${anno}: gli scaglioni sommano ${bracketSum} contribuenti, più dei ${declared} con reddito complessivo`,
        );
    }
    for (const [name, block] of [
      ['Servizi', c.servizi],
      ['Sicurezza', c.sicurezza],
    ] as const) {
      const errors = schemaErrors(name, block);
      if (errors) fail(`${at}: il blocco ${name} non rispetta il suo schema: ${errors}`);
    }
  }
  for (const p of provinces) if (!used.provinces.has(p)) fail(`la provincia ${p} non ha comuni`);
  for (const r of regions) if (!used.regions.has(r)) fail(`la regione ${r} non ha comuni`);
  return problems;
}
