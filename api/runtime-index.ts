import type { Static } from '@sinclair/typebox';
import type { Provenance } from './schemas/common.ts';
import type { SearchIndex } from './search.ts';

/**
 * The compact, JSON-serialisable index the generator writes for the edge function:
 * everything the dynamic answers and the list/ranking files are computed from.
 * Per-comune arrays are columnar (same position = same comune, ordered by codice).
 */
export interface RuntimeIndex {
  versione_dati: string;
  /** Ids of the sources described under /api/fonti. */
  fonti: string[];
  anni: {
    demografia: number[];
    redditi: number[];
    nazionale: number[];
  };
  anni_predefiniti: {
    demografia: number;
    redditi: number;
    aria: number;
    suolo: number;
  };
  regioni: { codice: string; nome: string; slug: string; chiavi: string[] }[];
  province: { sigla: string; nome: string; codice: string; regione: number }[];
  comuni: {
    codice: string[];
    nome: string[];
    provincia: number[];
    /** Population of the default demographic year (null where no source has it). */
    popolazione: (number | null)[];
  };
  classifiche: Record<RankingKey, RankingColumn>;
  qualita: QualityColumns;
  search: SearchIndex;
  territorio: TerritoryIndex;
}

/** The income ranking columns of one tax year. */
export type IncomeRankings = Record<IncomeRankingKey, RankingColumn>;

/**
 * The income rankings of a tax year other than the default one (`anno` on /api/redditi/classifica,
 * the comparable series of /api/confronta), or null for a year without them. They are about
 * three quarters of the index's data and few requests need them, so they are not in the index:
 * the edge index module imports each year's module on first use, the build passes its own.
 */
export type IncomeRankingsLoader = (anno: number) => Promise<IncomeRankings | null>;

/**
 * The parts of the index only rankings, lists, the wizard and the comparison read (~0.8 MB of
 * the 1.58 MB): the edge index module imports them on the first request that needs them, so
 * the cold start of a search or a record does not pay for them.
 */
export type LaterIndexKey = 'classifiche' | 'qualita';
/** The index every cold start loads. */
export type StartupIndex = Omit<RuntimeIndex, LaterIndexKey>;

/** Everything the answers are computed from: the startup index, its later parts and the other tax years' income rankings. */
export interface IndexData {
  index: StartupIndex;
  laterParts: () => Promise<Pick<RuntimeIndex, LaterIndexKey>>;
  incomeRankings: IncomeRankingsLoader;
}

/** What the answers that read the whole index are computed from (the build has it all in memory). */
export interface FullIndexData {
  index: RuntimeIndex;
  incomeRankings: IncomeRankingsLoader;
}

/** A comune ceased since 1991, as the ceased list shows it. */
export interface CessatoRef {
  codice_catastale: string;
  nome: string;
  sigla_provincia: string;
  data_cessazione: string;
  codici_istat: string[];
  successori: { codice_istat: string; nome: string }[];
}

export interface TerritoryIndex {
  /** Former ISTAT code of the same territory, or its 1 January 2026 Sardinian code → current code (answered with 301). */
  alias: Record<string, string>;
  /** ISTAT code of a ceased comune → its cadastral code (answered with a 404 naming the successor). */
  codici_cessati: Record<string, string>;
  /** Sorted by cadastral code. */
  cessati: CessatoRef[];
  /** ISTAT code instituted after the registry's basis (not served) → its name, date and the comuni served it was made of. */
  istituiti_dopo_base: Record<
    string,
    { nome: string; data: string; predecessori: { codice_istat: string; nome: string }[] }
  >;
  /** CAP of a comune no longer served (absorbed before the basis; gi_cap.csv still lists it) → the current codes that took it in. */
  cap_cessati: Record<string, string[]>;
  /** Per comune (index order): cadastral code and CAPs, the list filters. */
  catastale: string[];
  cap: string[][];
  /** Current code → former names of its territory (renamed, or merged comuni), for search. */
  nomi_storici: Record<string, string[]>;
}

export type RankingKey =
  'popolazione' | 'densita' | IncomeRankingKey | 'pm10' | 'pm25' | 'no2' | 'o3' | 'suolo' | 'suolo_pro_capite';
export type IncomeRankingKey = 'reddito' | 'reddito_imponibile' | 'contribuenti';

export interface RankingColumn {
  indicatore: string;
  descrizione: string;
  unita: string;
  anno: number | null;
  /** Why comuni without a value are left out (said in every ranking page). */
  motivo_esclusi: string;
  metodo: string | null;
  fonti: Static<typeof Provenance>[];
  valori: (number | null)[];
  /** Reliability flags of single values (e.g. pochi_contribuenti): positions (in `comuni` order) each applies to. */
  avvisi?: { codice: string; descrizione: string; posizioni: number[] }[];
}

export interface QualityColumns {
  /** Total index 0–100 (null where no dimension has data). */
  punteggio: (number | null)[];
  /** Dimension scores 0–100 in the order of `dimensioni`. */
  /** `misura`: what the dimension is made of, in a few words, for the wizard's explanation. */
  dimensioni: {
    id: QualityDimension;
    nome: string;
    peso: number;
    misura: string;
    punteggi: (number | null)[];
    /** The dimension's indicators: short name and nominal weight (stand-ins included), in definition order. */
    indicatori: { nome: string; peso: number }[];
    /** Per comune, which indicators count: bit j set = indicator j measured; bit 8 + j = estimated (null-free, 0 without a score). */
    stato: number[];
  }[];
  /** Proxy of local cost of living for the wizard budget (average income per taxpayer). */
  reddito_medio: (number | null)[];
  soglie_budget: { basso_max: number; alto_min: number; anno: number; metodo: string };
  metodologia: string;
  /** National median of each dimension score (over the comuni with that score): the wizard's explanations compare with it. */
  mediane_dimensioni: Record<QualityDimension, number | null>;
  /** Reliability flags (e.g. pochi_contribuenti): positions (in `comuni` order) of the comuni each flag applies to. */
  avvisi: { codice: string; descrizione: string; posizioni: number[] }[];
  /** ISTAT's classification of comuni, for the wizard's filters (api/wizard-filters.ts). */
  classificazione: ClassificationColumns;
}

/** One value per comune (index order), null where ISTAT's classification has none. */
export interface ClassificationColumns {
  zona: ('montagna' | 'collina' | 'pianura' | null)[];
  litoraneo: (boolean | null)[];
  urbanizzazione: ('citta' | 'piccole_citta' | 'rurale' | null)[];
}

export type QualityDimension = 'reddito' | 'ambiente' | 'servizi' | 'demografia' | 'sicurezza';
