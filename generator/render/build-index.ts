import type {
  FullIndexData,
  IncomeRankings,
  IndexData,
  RankingColumn,
  RankingKey,
  RuntimeIndex,
  QualityColumns,
  TerritoryIndex,
} from '../../api/runtime-index.ts';
import { formatInteger } from '../../api/numbers.ts';
import { FEW_TAXPAYERS_THRESHOLD } from '../quality-index/index.ts';
import { buildSearchIndex } from '../../api/search.ts';
import { foldText, slugify } from '../../lib/text.ts';
import { provenance } from '../../data-sources/lib/source.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { nationalYears } from '../derive/national-averages.ts';
import { DEFAULT_MAX_DISTANCE_KM } from '../join/attribute-air.ts';

/** Accepted spellings of a region filter: the full official name and each language's part of a bilingual one. */
export function regionKeys(nome: string): string[] {
  return [...new Set([nome, ...nome.split('/')].map(foldText))];
}

function column(
  dataset: Dataset,
  spec: Omit<RankingColumn, 'valori'>,
  value: (c: ComuneData) => number | null,
): RankingColumn {
  return { ...spec, valori: dataset.comuni.map(value) };
}

/** Comuni with fewer taxpayers than this get the pochi_contribuenti flag in the income rankings (as in the quality index). */
const fewTaxpayers = (dataset: Dataset, valori: (number | null)[]): NonNullable<RankingColumn['avvisi']> => [
  {
    codice: 'pochi_contribuenti',
    descrizione: `Meno di ${FEW_TAXPAYERS_THRESHOLD} contribuenti nell'anno: la media dipende da poche dichiarazioni (un reddito di 1 milione di euro la sposta di almeno ${formatInteger(1_000_000 / FEW_TAXPAYERS_THRESHOLD)} euro).`,
    posizioni: dataset.comuni.flatMap((_, i) => (valori[i] != null && valori[i]! < FEW_TAXPAYERS_THRESHOLD ? [i] : [])),
  },
];

/** The income ranking columns of one tax year (the default one in `classifiche`, the others by year). */
export function incomeColumns(dataset: Dataset, year: number): IncomeRankings {
  const inc = (c: ComuneData) => c.redditi.find((r) => r.anno === year);
  // One source per tax year (the full MEF file, or the summary for a summary-only year).
  const sample = dataset.comuni.map(inc).find((r) => r !== undefined);
  const fonti = sample ? [sample.fonte] : [];
  const contribuenti = dataset.comuni.map((c) => inc(c)?.contribuenti ?? null);
  const avvisi = fewTaxpayers(dataset, contribuenti);
  return {
    reddito: column(
      dataset,
      {
        indicatore: 'reddito',
        descrizione: 'Reddito complessivo medio per contribuente',
        unita: 'euro',
        anno: year,
        motivo_esclusi:
          'reddito complessivo non noto (prima del 2023 il MEF non pubblica il totale e almeno uno scaglione del comune è oscurato): per confronti su tutti i comuni usare la classifica reddito_imponibile',
        metodo:
          "Derivato: ammontare del reddito complessivo / contribuenti con reddito complessivo (MEF), arrotondato all'euro.",
        fonti,
        avvisi,
      },
      (c) => inc(c)?.reddito_medio_euro ?? null,
    ),
    reddito_imponibile: column(
      dataset,
      {
        indicatore: 'reddito_imponibile',
        descrizione: 'Reddito imponibile medio per contribuente',
        unita: 'euro',
        anno: year,
        motivo_esclusi: "reddito imponibile oscurato o comune senza dati MEF per l'anno",
        metodo:
          "Derivato: ammontare del reddito imponibile / contribuenti con reddito imponibile (MEF), arrotondato all'euro; noto per ogni comune e anno (/api/metodologia#redditi).",
        fonti,
        avvisi,
      },
      (c) => inc(c)?.reddito_imponibile_medio_euro ?? null,
    ),
    contribuenti: {
      indicatore: 'contribuenti',
      descrizione: 'Numero di contribuenti IRPEF',
      unita: 'contribuenti',
      anno: year,
      motivo_esclusi: 'valore oscurato o non disponibile',
      metodo: null,
      fonti,
      avvisi,
      valori: contribuenti,
    },
  };
}

/** Income rankings of every tax year but the default one, by year: the edge index writes a module of each. */
export function incomeRankingsByYear(dataset: Dataset): Record<string, IncomeRankings> {
  const other = dataset.anni.redditi.filter((y) => y !== dataset.predefiniti.redditi);
  return Object.fromEntries(other.map((y) => [String(y), incomeColumns(dataset, y)]));
}

/** What the build's own answers (lists, OpenAPI examples, ceased codes' problems) are computed from: all in memory. */
export const inMemoryIndexData = (
  index: RuntimeIndex,
  byYear: Record<string, IncomeRankings>,
): IndexData & FullIndexData => ({
  index,
  laterParts: async () => ({ classifiche: index.classifiche, qualita: index.qualita }),
  incomeRankings: async (anno) => (Object.hasOwn(byYear, anno) ? byYear[anno]! : null),
});

/** The ranking columns: one value per comune (same order as the index), null where there is none. */
export function rankingColumns(dataset: Dataset): Record<RankingKey, RankingColumn> {
  const { demografia: demoYear, redditi: incomeYear, aria: airYear } = dataset.predefiniti;
  const demo = (c: ComuneData) => c.demografia.find((d) => d.anno === demoYear);
  // The source the year's official population comes from (one per year, see join-demographics.ts).
  const popFonte = dataset.comuni.map((c) => demo(c)?.fonti.popolazione_totale).find((f) => f != null)!;
  const airMethod = `Media delle stazioni nel comune, altrimenti stazione valida più vicina entro ${DEFAULT_MAX_DISTANCE_KM} km (vedi /api/metodologia#ambiente).`;
  const air = (
    key: 'pm10' | 'pm25' | 'no2' | 'o3',
    spec: { descrizione: string; unita: string; metodo: string },
    value: (c: ComuneData) => number | null,
  ): RankingColumn => {
    const measured = dataset.comuni.some((c) => value(c) !== null);
    const sample = dataset.comuni.find((c) => value(c) === null)?.ambiente.aria[key].motivo_mancante;
    return column(
      dataset,
      {
        indicatore: key,
        descrizione: spec.descrizione,
        unita: spec.unita,
        anno: airYear,
        motivo_esclusi: measured
          ? `nessuna stazione con copertura valida nel comune né entro ${DEFAULT_MAX_DISTANCE_KM} km`
          : (sample ?? 'nessun dato'),
        metodo: measured ? spec.metodo : null,
        fonti: measured ? [provenance(SOURCES.aria.meta, airYear)] : [],
      },
      value,
    );
  };
  const annualMean = (key: 'pm10' | 'pm25' | 'no2', label: string) =>
    air(
      key,
      { descrizione: `Media annua di ${label} (µg/m³)`, unita: 'µg/m³', metodo: airMethod },
      (c) => c.ambiente.aria[key].valore_ug_m3,
    );
  const soilMeta = SOURCES.dipe.meta;
  return {
    popolazione: column(
      dataset,
      {
        indicatore: 'popolazione',
        descrizione: `Popolazione residente ufficiale ISTAT al ${popFonte.data_riferimento}`,
        unita: 'abitanti',
        anno: demoYear,
        motivo_esclusi: 'popolazione non disponibile',
        metodo: null,
        fonti: [popFonte],
      },
      (c) => demo(c)?.popolazione_totale ?? null,
    ),
    densita: column(
      dataset,
      {
        indicatore: 'densita',
        descrizione: `Densità di popolazione (popolazione ufficiale ISTAT al ${popFonte.data_riferimento})`,
        unita: 'abitanti per km²',
        anno: demoYear,
        motivo_esclusi: 'popolazione o superficie non disponibile',
        metodo: 'Derivato: popolazione / superficie ufficiale ISTAT (km², 1° gennaio 2025), arrotondato a 0,1.',
        fonti: [popFonte, provenance(SOURCES.classificazioni.meta, 2025, '2025-01-01')],
      },
      (c) => demo(c)?.densita_ab_km2 ?? null,
    ),
    ...incomeColumns(dataset, incomeYear),
    pm10: annualMean('pm10', 'PM10'),
    pm25: annualMean('pm25', 'PM2.5'),
    no2: annualMean('no2', 'NO2'),
    o3: air(
      'o3',
      {
        descrizione:
          "Ozono: giorni in cui la media massima giornaliera su 8 ore ha superato 120 µg/m³ (obiettivo a lungo termine per la salute); la media annua dell'ozono è nella scheda del comune",
        unita: 'giorni',
        metodo: `${airMethod} Con più stazioni nel comune, media dei loro giorni di superamento (a 0,1).`,
      },
      (c) => c.ambiente.aria.o3.giorni_mm8_over_120,
    ),
    suolo: column(
      dataset,
      {
        indicatore: 'suolo',
        descrizione: 'Suolo consumato in percentuale della superficie comunale',
        unita: '% della superficie comunale',
        anno: dataset.predefiniti.suolo,
        motivo_esclusi: 'comune non presente nel file comunale ISPRA',
        metodo: 'Dato ISPRA per comune (a 0,01).',
        fonti: [provenance(SOURCES.suoloComuni.meta, dataset.predefiniti.suolo)],
      },
      (c) => c.ambiente.suolo.comune?.suolo_consumato_percentuale ?? null,
    ),
    suolo_pro_capite: column(
      dataset,
      {
        indicatore: 'suolo_pro_capite',
        descrizione: 'Suolo consumato pro capite (indicatore più vecchio)',
        unita: 'm² per abitante',
        anno: 2015,
        motivo_esclusi: "comune non presente nell'Urban Index (confini 2011–2015)",
        metodo:
          "Dato ISPRA 2015 per comune, pubblicato nell'Urban Index (DIPE); il dato corrente è la percentuale 2024 (indicatore=percentuale).",
        fonti: [provenance(soilMeta, 2015)],
      },
      (c) => c.ambiente.suolo.pro_capite_2015?.suolo_consumato_m2_per_abitante ?? null,
    ),
  };
}

export function buildRuntimeIndex(
  dataset: Dataset,
  qualita: QualityColumns,
  versione: string,
  territorio: TerritoryIndex,
): RuntimeIndex {
  const provinceAt = new Map(dataset.province.map((p, i) => [p.sigla, i]));
  const regionAt = new Map(dataset.regioni.map((r, i) => [r.codice, i]));
  const demoYear = dataset.predefiniti.demografia;
  const popolazione = dataset.comuni.map(
    (c) => c.demografia.find((d) => d.anno === demoYear)?.popolazione_totale ?? null,
  );
  return {
    versione_dati: versione,
    fonti: dataset.fonti.map((s) => s.meta.id),
    anni: { demografia: dataset.anni.demografia, redditi: dataset.anni.redditi, nazionale: nationalYears(dataset) },
    anni_predefiniti: { ...dataset.predefiniti },
    regioni: dataset.regioni.map((r) => ({
      codice: r.codice,
      nome: r.nome,
      slug: slugify(r.nome.split('/')[0]!),
      chiavi: regionKeys(r.nome),
    })),
    province: dataset.province.map((p) => {
      const sample = dataset.comuni.find((c) => c.anagrafica.provincia.sigla === p.sigla);
      return {
        sigla: p.sigla,
        nome: p.nome,
        codice: sample?.anagrafica.provincia.codice ?? '',
        regione: regionAt.get(p.codice_regione)!,
      };
    }),
    comuni: {
      codice: dataset.comuni.map((c) => c.anagrafica.codice_istat),
      nome: dataset.comuni.map((c) => c.anagrafica.nome),
      provincia: dataset.comuni.map((c) => provinceAt.get(c.anagrafica.provincia.sigla)!),
      popolazione,
    },
    classifiche: rankingColumns(dataset),
    qualita,
    search: buildSearchIndex(
      dataset.comuni.map((c, i) => ({
        codice_istat: c.anagrafica.codice_istat,
        nome: c.anagrafica.nome,
        nome_altra_lingua: c.anagrafica.nome_altra_lingua,
        nomi_storici: territorio.nomi_storici[c.anagrafica.codice_istat] ?? [],
        popolazione: popolazione[i] ?? null,
      })),
    ),
    territorio,
  };
}
