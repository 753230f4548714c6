import type { ComuneContatti } from '../../data-sources/comuni-ita.ts';
import type { GiDbComuni } from '../../data-sources/gi-db-comuni.ts';
import {
  ANNI,
  GRADI_URBANIZZAZIONE,
  ZONE_ALTIMETRICHE,
  type ClassificazioneComune,
} from '../../data-sources/istat-classificazioni-comuni.ts';
import type { IstatElencoComune } from '../../data-sources/istat-elenco-comuni.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';

const CONTACT_FIELDS = ['prefisso', 'email', 'pec', 'telefono', 'fax'] as const satisfies readonly (keyof NonNullable<
  Anagrafica['contatti']
>)[];

export interface RegistryReport {
  /** Codes of the ISTAT 2023 list that are not current comuni (suppressed or merged since). */
  codici_soppressi: { codice_istat: string; nome: string; fonte: string }[];
  /** Current comuni missing from the 2023 list, whose NUTS codes come from their province. */
  nuts_dalla_provincia: string[];
  /** Impossible values found in the registry file and discarded. */
  anomalie: { codice_istat: string; campo: string; valore: string; motivo: string }[];
  /**
   * ISTAT's official area against the registry's (the cross-check): every comune where they
   * differ by more than AREA_TOLERANCE of ISTAT's area, or where the registry value was discarded.
   */
  superfici_confronto: {
    codice_istat: string;
    superficie_istat_km2: number;
    superficie_registro_km2: number | null;
    differenza_km2: number | null;
  }[];
  /** Comuni ISTAT's table lacks, whose area is the registry's (empty when the table covers all). */
  superfici_dal_registro: string[];
}

/** ISTAT's classification of comuni keyed by the 2025 code, and that source's id. */
export interface ClassificationInput {
  table: Map<string, ClassificazioneComune>;
  fonte: string;
}

/**
 * The registry's areas are an older computation than ISTAT's of 1 January 2025: on the
 * 2025 files 7,678 comuni differ by more than 0.01 km² and 3,617 by more than 1 %, so only
 * differences above 5 % (347 comuni) are listed as worth a look.
 */
export const AREA_TOLERANCE = 0.05;

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
  classification: ClassificationInput | null,
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
    superfici_confronto: [],
    superfici_dal_registro: [],
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
      const istatRow = classification?.table.get(c.codice_istat) ?? null;
      const area = officialArea(c, istatRow, report, missing, classification !== null);
      const classified = istatRow && classificazione(istatRow);
      for (const [field, value] of Object.entries(classified ?? {}))
        if (value === null)
          missing[`classificazione.${field}`] = 'Valore assente nella tabella ISTAT delle classificazioni.';
      if (!istatRow)
        missing.classificazione = classification
          ? 'Il comune non compare nella tabella ISTAT delle classificazioni statistiche dei comuni.'
          : 'Fonte ISTAT Classificazioni statistiche dei comuni non disponibile in questa build.';
      if (!k)
        missing.contatti = contatti
          ? 'Il comune non compare in Comuni-ITA.'
          : 'Fonte Comuni-ITA non disponibile in questa build.';
      for (const field of CONTACT_FIELDS)
        if (k && k[field] === null) missing[`contatti.${field}`] = 'Non presente in Comuni-ITA (Wikidata).';
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
        classificazione: classified,
        contatti: k ? { prefisso: k.prefisso, email: k.email, pec: k.pec, telefono: k.telefono, fax: k.fax } : null,
        valori_mancanti: missing,
      };
    });
  return { comuni, report };
}

/**
 * ISTAT's official area (1 January 2025); the registry's is the cross-check, and the
 * fallback only for a comune ISTAT's table lacks. Every difference goes to the report.
 */
function officialArea(
  c: GiDbComuni['comuni'][number],
  istat: ClassificazioneComune | null,
  report: RegistryReport,
  missing: Record<string, string>,
  tableLoaded: boolean,
): number | null {
  const official = istat?.superficie_km2 ?? null;
  if (official === null) {
    if (c.superficie_km2 !== null) report.superfici_dal_registro.push(c.codice_istat);
    else
      missing.superficie_km2 = `${missing.superficie_km2 ?? 'Superficie assente nel registro.'} ${tableLoaded ? 'La tabella ISTAT delle classificazioni non ha la superficie del comune.' : 'Fonte ISTAT Classificazioni statistiche dei comuni non disponibile in questa build.'}`;
    return c.superficie_km2;
  }
  // The registry's discarded value stays in report.anomalie; the served area is ISTAT's.
  delete missing.superficie_km2;
  const difference = c.superficie_km2 === null ? null : Math.round((official - c.superficie_km2) * 1e4) / 1e4;
  if (difference === null || Math.abs(difference) > AREA_TOLERANCE * official)
    report.superfici_confronto.push({
      codice_istat: c.codice_istat,
      superficie_istat_km2: official,
      superficie_registro_km2: c.superficie_km2,
      differenza_km2: difference,
    });
  return official;
}

/** The classification block of the registry record, with the Legenda's labels. */
function classificazione(row: ClassificazioneComune): NonNullable<Anagrafica['classificazione']> {
  return {
    zona_altimetrica: row.zona_altimetrica && {
      codice: row.zona_altimetrica,
      descrizione: ZONE_ALTIMETRICHE[row.zona_altimetrica],
    },
    altitudine_centro_m: row.altitudine_centro_m,
    litoraneo: row.litoraneo,
    isolano: row.isolano,
    grado_urbanizzazione: row.grado_urbanizzazione && {
      codice: row.grado_urbanizzazione,
      descrizione: GRADI_URBANIZZAZIONE[row.grado_urbanizzazione],
    },
    anni_riferimento: {
      zona_altimetrica: ANNI.zona_altimetrica,
      altitudine_centro_m: ANNI.altitudine_centro_m,
      litoraneo: ANNI.litoraneo,
      isolano: ANNI.isolano,
      grado_urbanizzazione: ANNI.grado_urbanizzazione,
    },
  };
}
