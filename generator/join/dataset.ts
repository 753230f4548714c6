import type { SourceMeta } from '../../data-sources/lib/source.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import type { Servizi, Sicurezza } from '../../api/schemas/servizi.ts';
import type { EnvironmentBlock } from './join-environment.ts';
import type { Territory } from './territory.ts';
import type { IncomeAggregates } from '../derive/income-aggregates.ts';
import type { IncomeYear } from './income-year.ts';
import type { NationalPopulation } from './join-demographics.ts';

/** Everything known about one current comune, joined from all sources, keyed by codice_istat. */
export interface ComuneData {
  anagrafica: Anagrafica;
  demografia: DemografiaAnno[];
  /** Headline figures kept, the full year built on demand (income-year.ts). */
  redditi: IncomeYear[];
  ambiente: EnvironmentBlock;
  servizi: Servizi;
  sicurezza: Sicurezza;
}

export interface RegionInfo {
  codice: string;
  nome: string;
  tipologia: string;
  ripartizione: string;
  /** Sum of its comuni's areas, km² (null if one lacks it). */
  superficie_km2: number | null;
}

export interface ProvinceInfo {
  sigla: string;
  nome: string;
  codice_uts: string;
  tipologia: string;
  codice_regione: string;
  /** Sum of its comuni's areas, km² (null if one lacks it). */
  superficie_km2: number | null;
}

export interface SourceStatus {
  meta: SourceMeta;
  /** null when loaded; otherwise why the optional source is missing. */
  mancante: string | null;
}

/** The joined dataset: the single input of every output step. */
export interface Dataset {
  comuni: ComuneData[];
  regioni: RegionInfo[];
  province: ProvinceInfo[];
  fonti: SourceStatus[];
  /** Codes over time, ceased comuni and their successors (generator/join/territory.ts). */
  territorio: Territory;
  anni: {
    demografia: number[];
    /** Years of the official ISTAT population (the others have only the ANPR register count). */
    demografia_ufficiale: number[];
    redditi: number[];
    aria: number | null;
    suolo: number;
  };
  predefiniti: { demografia: number; redditi: number; aria: number; suolo: number };
  /** Income of Italy and of each region per tax year, over every MEF comune row of the year (codes of that year). */
  redditiAggregati: IncomeAggregates;
  /** ISTAT's population of Italy per year: the sum of the official file's comune rows of that date. */
  popolazioneNazionale: Map<number, NationalPopulation>;
  /** The registry's CAPs by ISTAT code, codes of comuni no longer served included (gi_cap.csv). */
  capPerCodice: Map<string, string[]>;
  /** Diagnostics for the build report: codes not attached, rows skipped, mappings. */
  report: Record<string, unknown>;
}
