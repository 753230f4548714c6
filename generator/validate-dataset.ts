import type { Dataset } from './dataset.ts';
import { schemaErrors } from './validators.ts';

/** Comuni in the registry spine (gi-db-comuni 2025-01-01); update together with a new spine vintage. */
export const EXPECTED_COMUNI = 7_896;

const ITALY = { latMin: 35.2, latMax: 47.1, lonMin: 6.6, lonMax: 18.6 };
const NATIONAL_POPULATION = { min: 55_000_000, max: 62_000_000 };
const NATIONAL_TAXPAYERS = { min: 38_000_000, max: 45_000_000 };

/**
 * Invariants of the joined dataset. Each failure names the comune, year and figure,
 * and all failures are reported together; the build stops before writing anything.
 */
export function validateDataset(dataset: Dataset): string[] {
  const problems: string[] = [];
  const fail = (message: string) => problems.length < 200 && problems.push(message);
  const codes = dataset.comuni.map((c) => c.anagrafica.codice_istat);
  if (codes.length !== EXPECTED_COMUNI) fail(`expected ${EXPECTED_COMUNI} comuni, found ${codes.length}`);
  if (new Set(codes).size !== codes.length) fail('duplicate codice_istat in the registry');
  const provinces = new Set(dataset.province.map((p) => p.sigla));
  const regions = new Set(dataset.regioni.map((r) => r.codice));
  const used = { provinces: new Set<string>(), regions: new Set<string>() };
  for (const c of dataset.comuni) {
    const a = c.anagrafica;
    const at = `comune ${a.codice_istat} (${a.nome})`;
    if (!/^\d{6}$/.test(a.codice_istat)) fail(`${at}: code is not 6 digits`);
    if (!provinces.has(a.provincia.sigla)) fail(`${at}: province ${a.provincia.sigla} does not resolve`);
    if (!regions.has(a.regione.codice)) fail(`${at}: region ${a.regione.codice} does not resolve`);
    used.provinces.add(a.provincia.sigla);
    used.regions.add(a.regione.codice);
    if (a.coordinate) {
      const { lat, lon } = a.coordinate;
      if (lat < ITALY.latMin || lat > ITALY.latMax || lon < ITALY.lonMin || lon > ITALY.lonMax) fail(`${at}: coordinates ${lat},${lon} are outside Italy`);
    }
    if (a.superficie_km2 !== null && a.superficie_km2 <= 0) fail(`${at}: area ${a.superficie_km2} km² is not positive`);
    if (!c.demografia.some((d) => d.anno === dataset.predefiniti.demografia)) fail(`${at}: no population for the default year ${dataset.predefiniti.demografia}`);
    if (!c.redditi.some((r) => r.anno === dataset.predefiniti.redditi)) fail(`${at}: no income for the default tax year ${dataset.predefiniti.redditi}`);
    for (const d of c.demografia) {
      for (const [k, v] of Object.entries({ popolazione_totale: d.popolazione_totale, maschi: d.maschi, femmine: d.femmine })) if (v !== null && v < 0) fail(`${at} ${d.anno}: negative ${k}`);
    }
    for (const r of c.redditi) {
      if (r.contribuenti !== null && r.contribuenti < 0) fail(`${at} ${r.anno}: negative taxpayers`);
      for (const s of r.scaglioni ?? []) {
        if (s.frequenza !== null && s.frequenza < 0) fail(`${at} ${r.anno}: negative bracket count (${s.da_euro}–${s.a_euro})`);
        if (s.frequenza !== null && r.contribuenti !== null && s.frequenza > r.contribuenti) fail(`${at} ${r.anno}: bracket ${s.da_euro}–${s.a_euro} has ${s.frequenza} taxpayers, more than the ${r.contribuenti} of the comune`);
      }
      const bracketSum = (r.scaglioni ?? []).reduce((t, s) => t + (s.frequenza ?? 0), 0);
      const declared = r.reddito_complessivo.derivato_da_scaglioni ? null : r.reddito_complessivo.frequenza;
      if (declared !== null && bracketSum > declared) fail(`${at} ${r.anno}: brackets add up to ${bracketSum}, more than the ${declared} with reddito complessivo`);
    }
    for (const [name, block] of [['Servizi', c.servizi], ['Sicurezza', c.sicurezza]] as const) {
      const errors = schemaErrors(name, block);
      if (errors) fail(`${at}: ${name} block does not match its schema: ${errors}`);
    }
  }
  for (const p of provinces) if (!used.provinces.has(p)) fail(`province ${p} has no comuni`);
  for (const r of regions) if (!used.regions.has(r)) fail(`region ${r} has no comuni`);
  const population = dataset.comuni.reduce((t, c) => t + (c.demografia.find((d) => d.anno === dataset.predefiniti.demografia)?.popolazione_totale ?? 0), 0);
  if (population < NATIONAL_POPULATION.min || population > NATIONAL_POPULATION.max) fail(`national population ${population} is outside ${NATIONAL_POPULATION.min}–${NATIONAL_POPULATION.max}`);
  const taxpayers = dataset.comuni.reduce((t, c) => t + (c.redditi.find((r) => r.anno === dataset.predefiniti.redditi)?.contribuenti ?? 0), 0);
  if (taxpayers < NATIONAL_TAXPAYERS.min || taxpayers > NATIONAL_TAXPAYERS.max) fail(`national taxpayers ${taxpayers} are outside ${NATIONAL_TAXPAYERS.min}–${NATIONAL_TAXPAYERS.max}`);
  return problems;
}
