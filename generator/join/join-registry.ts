import type { ComuneContatti } from '../../data-sources/comuni-ita.ts';
import type { GiDbComuni } from '../../data-sources/gi-db-comuni.ts';
import type { MappaAi2020 } from '../../data-sources/istat-aree-interne.ts';
import type { IstatElencoComune } from '../../data-sources/istat-elenco-comuni.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';

export interface RegistryReport {
  /** Codes of the ISTAT 2023 list that are not current comuni (suppressed or merged since). */
  codici_soppressi: { codice_istat: string; nome: string; fonte: string }[];
  /** Current comuni missing from the 2023 list, whose NUTS codes come from their province. */
  nuts_dalla_provincia: string[];
  /** Impossible values found in the registry file and discarded. */
  anomalie: { codice_istat: string; campo: string; valore: string; motivo: string }[];
  /** Comuni whose registry area is invalid and whose area comes from ISTAT Aree Interne (1 January 2019) instead. */
  superfici_sostituite: {
    codice_istat: string;
    valore_registro: string;
    superficie_km2: number;
    fonte: string;
    data_riferimento: string;
  }[];
}

/** Where a replacement area comes from: the Mappa AI 2020 rows (keyed by their 2020 code) and that source's id. */
export interface AreaFallback {
  mappa2020: Map<string, MappaAi2020>;
  fonte: string;
}

/** Reference date of the Mappa AI 2020 area column ("Superficie territoriale (kmq) al 01/01/2019"). */
export const AREA_FALLBACK_DATE = '2019-01-01';

/**
 * Builds the registry block of every current comune. The 2025 Garda Informatica list
 * (from ISTAT) is the spine: it decides which comuni exist. ISTAT's 2023 list adds NUTS
 * codes; the four comuni created after it take them from their province, which all
 * comuni of a province share (checked, so a wrong inference fails the build).
 */
export function joinRegistry(
  gi: GiDbComuni,
  elenco: IstatElencoComune[],
  contatti: ComuneContatti[] | null,
  areaFallback: AreaFallback | null,
): { comuni: Anagrafica[]; report: RegistryReport } {
  const province = new Map(gi.province.map((p) => [p.sigla, p]));
  const regioni = new Map(gi.regioni.map((r) => [r.codice, r]));
  const elencoByCode = new Map(elenco.map((c) => [c.codice_istat, c]));
  const contattiByCode = new Map((contatti ?? []).map((c) => [c.codice_istat, c]));
  const nutsByProvince = new Map<string, IstatElencoComune['nuts_2021']>();
  for (const c of elenco) {
    const known = nutsByProvince.get(c.sigla);
    if (known && known.nuts3 !== c.nuts_2021.nuts3)
      throw new Error(
        `ISTAT 2023: la provincia ${c.sigla} ha comuni in due aree NUTS3 (${known.nuts3}, ${c.nuts_2021.nuts3})`,
      );
    nutsByProvince.set(c.sigla, c.nuts_2021);
  }
  const spine = new Set(gi.comuni.map((c) => c.codice_istat));
  const report: RegistryReport = {
    codici_soppressi: elenco
      .filter((c) => !spine.has(c.codice_istat))
      .map((c) => ({ codice_istat: c.codice_istat, nome: c.nome, fonte: 'istat-elenco-comuni' })),
    nuts_dalla_provincia: [],
    anomalie: gi.comuni.flatMap((c) => c.anomalie.map((a) => ({ codice_istat: c.codice_istat, ...a }))),
    superfici_sostituite: [],
  };
  const comuni = [...gi.comuni]
    .sort((a, b) => a.codice_istat.localeCompare(b.codice_istat))
    .map((c): Anagrafica => {
      const p = province.get(c.sigla_provincia);
      if (!p) throw new Error(`comune ${c.codice_istat}: provincia sconosciuta ${c.sigla_provincia}`);
      const r = regioni.get(p.codice_regione);
      if (!r) throw new Error(`provincia ${p.sigla}: regione sconosciuta ${p.codice_regione}`);
      const istat = elencoByCode.get(c.codice_istat);
      const nuts = istat?.nuts_2021 ?? nutsByProvince.get(c.sigla_provincia);
      if (!istat) report.nuts_dalla_provincia.push(c.codice_istat);
      if (!nuts?.nuts1 || !nuts.nuts2 || !nuts.nuts3)
        throw new Error(`comune ${c.codice_istat}: nessun codice NUTS 2021`);
      const k = contattiByCode.get(c.codice_istat);
      const missing: Record<string, string> = Object.fromEntries(c.anomalie.map((a) => [a.campo, a.motivo]));
      if (c.lat === null || c.lon === null) missing.coordinate = 'Coordinate non presenti nella fonte.';
      const area = c.superficie_km2 ?? replacementArea(c, areaFallback, report, missing);
      if (!k)
        missing.contatti = contatti
          ? 'Il comune non compare in Comuni-ITA.'
          : 'Fonte Comuni-ITA non disponibile in questa build.';
      return {
        codice_istat: c.codice_istat,
        nome: c.nome,
        nome_completo: c.nome_completo,
        nome_altra_lingua: c.nome_altra_lingua,
        codice_catastale: c.codice_catastale,
        capoluogo: c.capoluogo,
        provincia: {
          sigla: p.sigla,
          nome: p.nome,
          codice: c.codice_istat.slice(0, 3),
          codice_uts: p.codice_uts,
          tipologia: p.tipologia,
        },
        regione: { codice: r.codice, nome: r.nome, tipologia: r.tipologia },
        ripartizione: r.ripartizione,
        nuts: {
          versione: '2021',
          nuts1: nuts.nuts1,
          nuts2: nuts.nuts2,
          nuts3: nuts.nuts3,
          nuts3_2010: istat?.nuts_2010.nuts3 ?? null,
          metodo: istat
            ? 'Elenco comuni ISTAT 2023 (codici NUTS 2021).'
            : `Comune istituito dopo l'elenco ISTAT 2023: codici NUTS 2021 della sua provincia (${p.sigla}), comuni a tutti i comuni della provincia.`,
        },
        cap: c.cap,
        coordinate: c.lat != null && c.lon != null ? { lat: c.lat, lon: c.lon } : null,
        superficie_km2: area,
        contatti: k ? { prefisso: k.prefisso, email: k.email, pec: k.pec, telefono: k.telefono, fax: k.fax } : null,
        valori_mancanti: missing,
      };
    });
  return { comuni, report };
}

/**
 * The area of a comune whose registry value was discarded as invalid, from ISTAT Aree
 * Interne (area on 1 January 2019), recorded in the report; null when that file lacks it.
 * Looked up by the same code in the 2020 file: a comune whose code changed after 2020
 * is not there and keeps null. Applies only to discarded values, never to a registry
 * area that is merely different.
 */
function replacementArea(
  c: GiDbComuni['comuni'][number],
  fallback: AreaFallback | null,
  report: RegistryReport,
  missing: Record<string, string>,
): number | null {
  const anomaly = c.anomalie.find((a) => a.campo === 'superficie_km2');
  if (!anomaly) return null;
  const area = fallback?.mappa2020.get(c.codice_istat)?.superficie_km2_2019 ?? null;
  if (area === null || area <= 0) {
    missing.superficie_km2 = `${anomaly.motivo} ${fallback ? 'Il file ISTAT Aree Interne non ha una superficie valida per il comune.' : 'Fonte ISTAT Aree Interne non disponibile in questa build.'}`;
    return null;
  }
  delete missing.superficie_km2;
  report.superfici_sostituite.push({
    codice_istat: c.codice_istat,
    valore_registro: anomaly.valore,
    superficie_km2: area,
    fonte: fallback!.fonte,
    data_riferimento: AREA_FALLBACK_DATE,
  });
  return area;
}
