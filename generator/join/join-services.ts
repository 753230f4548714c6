import { INDICATORI_USATI, type UrbanIndex } from '../../data-sources/dipe-urban-index.ts';
import type { OspedaliProvincia } from '../../data-sources/gisco-ospedali.ts';
import type { AreeInterne } from '../../data-sources/istat-aree-interne.ts';
import { provenance, type SourceMeta } from '../../data-sources/lib/source.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import type { Servizi } from '../../api/schemas/servizi.ts';
import { round } from '../../api/numbers.ts';
import type { CoperturaFtth } from '../../data-sources/agcom-copertura-ftth.ts';
import { LIVELLI, type LivelloScolastico, type ScuoleStatali } from '../../data-sources/mim-scuole-statali.ts';

export interface ServicesInputs {
  areeInterne: AreeInterne | null;
  areeInterneMeta: SourceMeta;
  urban: UrbanIndex | null;
  urbanMeta: SourceMeta;
  hospitals: Map<string, OspedaliProvincia> | null;
  hospitalsMeta: SourceMeta;
  schools: ScuoleStatali | null;
  schoolsMeta: SourceMeta;
  /** AGCOM's FTTH coverage, already on the 2025 codes (the file has the 2026 ones). */
  ftth: Map<string, CoperturaFtth> | null;
  ftthMeta: SourceMeta;
  /** Official population of the default demographic year, by code: the denominator of per-1,000 figures. */
  population: (codice: string) => { anno: number; valore: number } | null;
}

const SCHOOL_YEAR = '2025/26';
const SCHOOLS_METHOD =
  "Scuole statali dell'anagrafe ministeriale contate per livello nel comune (per codice catastale), esclusi istituzioni capofila, centri per adulti, convitti, scuole in carcere e in ospedale; per 1.000 abitanti: numero / popolazione ufficiale ISTAT × 1.000, a 0,001.";

const FTTH_METHOD =
  'Famiglie raggiunte dalla fibra fino a casa (FTTH) / famiglie residenti, come pubblicate da AGCOM per comune (stime "calcolato"); quota in %, a 0,01; famiglie a 0,1. Una cella vuota di famiglie raggiunte con quota pubblicata 0 è letta come 0.';

/** The file does not state its reference date: AGCOM's data of the first half of 2026 (see the source's notes). */
function ftthBlock(
  f: CoperturaFtth,
  fonte: NonNullable<Servizi['fibra_ftth']>['fonte'],
): NonNullable<Servizi['fibra_ftth']> {
  return {
    livello: 'comune',
    anno: fonte.anno_riferimento!,
    famiglie_residenti: round(f.famiglie_residenti, 1),
    famiglie_raggiunte: round(f.famiglie_raggiunte_ftth, 1),
    quota_famiglie_percentuale: round(f.quota * 100, 2),
    metodo: FTTH_METHOD,
    fonte,
  };
}

type SchoolCounts = Record<LivelloScolastico, number>;

function schoolsBlock(
  counts: SchoolCounts,
  population: { anno: number; valore: number } | null,
  fonte: NonNullable<Servizi['scuole']>['fonte'],
): NonNullable<Servizi['scuole']> {
  const level = (numero: number) => ({
    numero,
    per_1000_abitanti: population && population.valore > 0 ? round((numero / population.valore) * 1000, 3) : null,
  });
  const totale = LIVELLI.reduce((t, l) => t + counts[l], 0);
  return {
    livello: 'comune',
    anno_scolastico: SCHOOL_YEAR,
    infanzia: level(counts.infanzia),
    primaria: level(counts.primaria),
    secondaria_primo_grado: level(counts.secondaria_primo_grado),
    secondaria_secondo_grado: level(counts.secondaria_secondo_grado),
    totale: level(totale),
    popolazione: population,
    metodo: SCHOOLS_METHOD,
    fonte,
  };
}

/**
 * Regions the state-school register covers: those with at least one of their comuni in it.
 * Valle d'Aosta and Trentino-Alto Adige run their own schools and are absent; a comune of
 * a covered region without a school in the register has 0, a comune of the others null.
 */
function coveredRegions(comuni: Anagrafica[], schools: ScuoleStatali): Set<string> {
  return new Set(comuni.filter((c) => schools.perComune.has(c.codice_catastale)).map((c) => c.regione.codice));
}

/** The Urban Index service indicators (consumed soil per capita belongs to the environment block). */
export const SERVICE_INDICATORS = INDICATORI_USATI.filter((u) => u.codice !== 'n1');

const NOT_IN_URBAN_INDEX =
  "Il comune non esiste con questo codice nei confini 2011–2015 dell'Urban Index (istituito o ricodificato dopo): nessun valore, nemmeno stimato dai comuni d'origine.";

/**
 * Services per comune: the Aree Interne class and travel time to the nearest service
 * pole (ISTAT/NUVAP 2020, on 2020 codes), Urban Index indicators (pharmacies, hospital
 * beds, broadband; older vintages, each with its year), and the provincial drive time
 * to the nearest hospital (matched on the NUTS3 2021 code, said to be provincial).
 */
export function joinServices(comuni: Anagrafica[], inputs: ServicesInputs): Map<string, Servizi> {
  const out = new Map<string, Servizi>();
  const aiYear = 2020;
  const hospitalYear = Number(inputs.hospitalsMeta.referenceDate.slice(0, 4));
  const covered = inputs.schools ? coveredRegions(comuni, inputs.schools) : new Set<string>();
  const schoolsSource = provenance(inputs.schoolsMeta, 2025, inputs.schoolsMeta.referenceDate);
  const ftthSource = provenance(inputs.ftthMeta, Number(inputs.ftthMeta.referenceDate), '2026 (primo semestre)');
  const none: SchoolCounts = { infanzia: 0, primaria: 0, secondaria_primo_grado: 0, secondaria_secondo_grado: 0 };
  for (const c of comuni) {
    const missing: Record<string, string> = {};
    const ai = inputs.areeInterne?.mappa2020.get(c.codice_istat);
    const classi = inputs.areeInterne?.classi.get(c.codice_istat);
    if (!ai && !classi) {
      missing.aree_interne = inputs.areeInterne
        ? 'Il comune non compare nella classificazione Aree Interne (geografia al 30 settembre 2020): istituito o ricodificato dopo.'
        : 'Fonte Aree Interne non disponibile in questa build.';
    }
    const urbanValues = inputs.urban?.valori.get(c.codice_istat);
    if (!urbanValues)
      missing.urban_index = inputs.urban ? NOT_IN_URBAN_INDEX : 'Fonte Urban Index non disponibile in questa build.';
    const hospital = inputs.hospitals?.get(c.nuts.nuts3);
    if (!hospital)
      missing.ospedale = inputs.hospitals
        ? `Nessun dato per la provincia NUTS3 ${c.nuts.nuts3}.`
        : 'Fonte GISCO sugli ospedali non disponibile in questa build.';
    const regionCovered = covered.has(c.regione.codice);
    if (!regionCovered)
      missing.scuole = inputs.schools
        ? `L'anagrafe delle scuole statali del ministero non comprende la regione ${c.regione.nome}, che gestisce le proprie scuole (file separato delle province e regioni autonome, non nel mirror): nessun valore, non zero.`
        : 'Fonte MIM Anagrafe scuole statali non disponibile in questa build.';
    const ftth = inputs.ftth?.get(c.codice_istat);
    if (!ftth)
      missing.fibra_ftth = inputs.ftth
        ? 'Il comune non compare nel file AGCOM della copertura FTTH.'
        : 'Fonte AGCOM sulla copertura FTTH non disponibile in questa build.';
    out.set(c.codice_istat, {
      aree_interne:
        ai || classi
          ? {
              classe_2020: ai?.classe ?? null,
              descrizione_2020: ai?.descrizione ?? null,
              tempo_polo_minuti: ai?.tempo_minuti ?? null,
              polo_destinazione: ai?.polo_destinazione ?? null,
              classe_2021_2027: classi?.classe_2021_2027 ?? null,
              descrizione_2021_2027: classi?.descrizione_2021_2027 ?? null,
              fonte: provenance(inputs.areeInterneMeta, aiYear),
            }
          : null,
      urban_index: SERVICE_INDICATORS.map((u) => ({
        campo: u.campo,
        titolo: u.titolo,
        valore: urbanValues?.[u.campo] ?? null,
        unita: u.unita,
        anno: Number(u.anno),
        direzione: u.direzione,
        nota: u.nota,
      })),
      urban_index_fonte: urbanValues ? provenance(inputs.urbanMeta, null, '2011/2015') : null,
      ospedale: hospital
        ? {
            livello: 'provincia',
            anno: hospitalYear,
            tempo_medio_minuti: hospital.media_min,
            tempo_mediano_minuti: hospital.mediana_min,
            fonte: provenance(inputs.hospitalsMeta, hospitalYear),
          }
        : null,
      scuole: regionCovered
        ? schoolsBlock(
            inputs.schools!.perComune.get(c.codice_catastale) ?? none,
            inputs.population(c.codice_istat),
            schoolsSource,
          )
        : null,
      fibra_ftth: ftth ? ftthBlock(ftth, ftthSource) : null,
      valori_mancanti: missing,
    });
  }
  return out;
}
