import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import type { Inquinante } from '../../api/schemas/ambiente.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { DIMENSION_NAMES, QUALITY_DIMENSIONS, type QualityResult } from '../quality-index/index.ts';

/**
 * What the map page (/mappa.html) colours the comuni by: one array of values per
 * indicator, aligned with `codici` (the order of the boundaries TopoJSON), each with its
 * unit, source, reference period and how to class it. Values are the ones the API serves
 * (same rounding), null where the API serves null, with the reason.
 */

export const MAP_DATA_PATH = '/mappa/indicatori.json';

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];

/** "2026-01" → "gennaio 2026", "2025-01-01" → "1° gennaio 2025", "2025-12-31" → "31 dicembre 2025"; a bare year stays as it is. */
export function italianDate(date: string): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(date);
  if (!m) return date;
  const day = m[3] === undefined ? '' : m[3] === '01' ? '1° ' : `${Number(m[3])} `;
  return `${day}${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

export interface MapIndicator {
  id: string;
  gruppo: string;
  nome: string;
  unita: string;
  decimali: number;
  /** Which end of the scale is better, or null where neither is (population change). */
  verso: 'maggiore_migliore' | 'minore_migliore' | null;
  /** 'quantili': 7 classes with the same number of comuni; otherwise the stated breaks (ascending). */
  classi: 'quantili' | number[];
  fonte: string;
  periodo: string;
  nota: string;
  /** Why a value is null, when it is (one reason per indicator). */
  motivo_mancante: string;
  valori: (number | null)[];
}

export interface MapData {
  codici: string[];
  indicatori: MapIndicator[];
  /** Indicators the map would show, that no source in this build fills. */
  non_disponibili: { nome: string; motivo: string }[];
}

const round = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** The most frequent string: the period or source most comuni's values have. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/**
 * Change between the newest population count and the earliest count of the SAME source,
 * so a change of source (ISTAT census-corrected vs ANPR register) is never read as people
 * arriving or leaving. Comuni created after the earliest count have no value.
 */
export function populationChange(
  series: readonly DemografiaAnno[],
): { value: number; period: string; provisional: boolean } | null {
  const counted = series.filter((d) => d.popolazione_totale !== null && d.fonti.popolazione_totale !== null);
  const last = counted[counted.length - 1];
  const first = counted.find((d) => d.fonti.popolazione_totale!.fonte === last?.fonti.popolazione_totale!.fonte);
  if (!last || !first || first === last || !first.popolazione_totale) return null;
  return {
    value: ((last.popolazione_totale! - first.popolazione_totale) / first.popolazione_totale) * 100,
    period: `${italianDate(first.data_riferimento ?? String(first.anno))} – ${italianDate(last.data_riferimento ?? String(last.anno))}`,
    provisional: Boolean(last.provvisorio),
  };
}

export function mapData(dataset: Dataset, quality: QualityResult, codes: readonly string[]): MapData {
  const byCode = new Map(dataset.comuni.map((c) => [c.anagrafica.codice_istat, c]));
  const scores = new Map(quality.comuni.map((q) => [q.codice_istat, q]));
  const comuni = codes.map((code) => byCode.get(code)!);
  const publisher = (id: string) => dataset.fonti.find((s) => s.meta.id === id)?.meta.publisher ?? id;
  const indicatori: MapIndicator[] = [];
  const nonDisponibili: MapData['non_disponibili'] = [];
  const qualityYears = [...new Set(quality.metodologia.indicatori.flatMap((i) => i.anni))].sort((a, b) => a - b);
  const qualityPeriod = qualityYears.length
    ? `indicatori ${qualityYears[0]}–${qualityYears[qualityYears.length - 1]}`
    : 'vari anni';

  indicatori.push({
    id: 'qualita',
    gruppo: 'Qualità della vita',
    nome: 'Indice di qualità della vita',
    unita: 'punti (0–100)',
    decimali: 1,
    verso: 'maggiore_migliore',
    classi: 'quantili',
    fonte: 'comuni-api, indice derivato da ISTAT, MEF, ISPRA e altre fonti',
    periodo: qualityPeriod,
    nota: 'Indice composito (DERIVATO): media pesata delle 5 dimensioni normalizzate; metodo in /api/metodologia.',
    motivo_mancante: "Nessuna dimensione dell'indice ha dati per questo comune.",
    valori: codes.map((code) => scores.get(code)?.punteggio ?? null),
  });
  for (const d of QUALITY_DIMENSIONS) {
    indicatori.push({
      id: `qualita-${d}`,
      gruppo: 'Qualità della vita',
      nome: `Dimensione ${DIMENSION_NAMES[d].toLowerCase()} dell'indice`,
      unita: 'punti (0–100)',
      decimali: 1,
      verso: 'maggiore_migliore',
      classi: 'quantili',
      fonte: 'comuni-api, punteggio derivato',
      periodo: qualityPeriod,
      nota: `Punteggio della dimensione (peso nominale ${Math.round(quality.pesi[d] * 100)}%); metodo in /api/metodologia.`,
      motivo_mancante: 'Nessun indicatore della dimensione ha un valore per questo comune.',
      valori: codes.map((code) => round(scores.get(code)?.dimensioni[d].punteggio, 1)),
    });
  }

  const incomeYear = dataset.predefiniti.redditi;
  const income = comuni.map((c) => c.redditi.find((r) => r.anno === incomeYear) ?? null);
  indicatori.push({
    id: 'reddito-medio',
    gruppo: 'Redditi',
    nome: 'Reddito complessivo medio per contribuente',
    unita: 'euro',
    decimali: 0,
    verso: null,
    classi: 'quantili',
    fonte: publisher(mostCommon(income.flatMap((r) => (r ? [r.fonte.fonte] : [])))),
    periodo: `anno d'imposta ${incomeYear}`,
    nota: 'Reddito complessivo IRPEF / contribuenti (DERIVATO), per comune di domicilio fiscale.',
    motivo_mancante:
      "Valore non pubblicato dal MEF per questo comune (celle soppresse per riservatezza o comune assente nell'anno).",
    valori: income.map((r) => r?.reddito_medio_euro ?? null),
  });

  const changes = comuni.map((c: ComuneData) => populationChange(c.demografia));
  const changeSource = mostCommon(
    comuni.flatMap((c) =>
      c.demografia.slice(-1).flatMap((d) => (d.fonti.popolazione_totale ? [d.fonti.popolazione_totale.fonte] : [])),
    ),
  );
  indicatori.push({
    id: 'variazione-popolazione',
    gruppo: 'Demografia',
    nome: 'Variazione della popolazione residente',
    unita: '%',
    decimali: 1,
    verso: null,
    classi: [-10, -5, -2, 0, 2, 5],
    fonte: publisher(changeSource),
    periodo: mostCommon(changes.flatMap((c) => (c ? [c.period] : []))),
    nota: `Popolazione ufficiale ISTAT, fra il primo e l'ultimo dato della stessa fonte, sui confini di oggi: dati di fonti diverse (e il conteggio dell'anagrafe ANPR) non sono confrontati.${changes.filter((c) => c?.provisional).length > changes.length / 2 ? " L'ultimo dato è provvisorio." : ''}`,
    motivo_mancante: 'Il comune non ha due conteggi della stessa fonte (per esempio perché istituito dopo il primo).',
    valori: changes.map((c) => round(c?.value, 1)),
  });

  const pollutants: [keyof Dataset['comuni'][number]['ambiente']['aria'], string][] = [
    ['pm10', 'PM10'],
    ['pm25', 'PM2.5'],
  ];
  for (const [key, label] of pollutants) {
    const values = comuni.map((c) => c.ambiente.aria[key] as Inquinante);
    const measured = values.filter((v) => v.valore_ug_m3 !== null);
    if (measured.length === 0) {
      nonDisponibili.push({
        nome: label,
        motivo:
          mostCommon(values.flatMap((v) => (v.motivo_mancante ? [v.motivo_mancante] : []))) ||
          'Nessun valore nelle fonti di questa build.',
      });
      continue;
    }
    indicatori.push({
      id: key,
      gruppo: 'Ambiente',
      nome: `${label}, media annua`,
      unita: 'µg/m³',
      decimali: 1,
      verso: 'minore_migliore',
      classi: 'quantili',
      fonte: publisher(mostCommon(measured.flatMap((v) => (v.fonte ? [v.fonte.fonte] : [])))),
      periodo: String(mostCommon(measured.map((v) => String(v.anno)))),
      nota: 'Media delle stazioni valide nel comune; altrimenti la stazione valida più vicina entro 10 km (indicata nella scheda).',
      motivo_mancante: 'Nessuna stazione valida nel comune né entro 10 km.',
      valori: values.map((v) => v.valore_ug_m3),
    });
  }
  const soil = comuni.map((c) => c.ambiente.suolo.comune);
  const soilSample = soil.find((v) => v !== null);
  if (soilSample)
    indicatori.push({
      id: 'suolo-consumato',
      gruppo: 'Ambiente',
      nome: 'Suolo consumato',
      unita: '% della superficie comunale',
      decimali: 2,
      verso: 'minore_migliore',
      classi: 'quantili',
      fonte: publisher(soilSample.fonte.fonte),
      periodo: String(soilSample.anno),
      nota: 'Suolo consumato in percentuale della superficie del comune (ISPRA/SNPA).',
      motivo_mancante: 'Il comune non compare nel file comunale ISPRA.',
      valori: soil.map((v) => v?.suolo_consumato_percentuale ?? null),
    });
  const schools = comuni.map((c) => c.servizi.scuole);
  const schoolSample = schools.find((v) => v !== null);
  if (schoolSample)
    indicatori.push({
      id: 'scuole',
      gruppo: 'Servizi',
      nome: 'Scuole statali',
      unita: 'scuole ogni 1.000 abitanti',
      decimali: 2,
      verso: 'maggiore_migliore',
      classi: 'quantili',
      fonte: publisher(schoolSample.fonte.fonte),
      periodo: `anno scolastico ${schoolSample.anno_scolastico}`,
      nota: 'Scuole statali di ogni livello (anagrafe MIM) ogni 1.000 abitanti (DERIVATO); le scuole paritarie non sono comprese.',
      motivo_mancante:
        "Valle d'Aosta e Trentino-Alto Adige non sono nell'anagrafe statale (gestiscono le proprie scuole), o manca la popolazione.",
      valori: schools.map((v) => round(v?.totale.per_1000_abitanti, 2)),
    });
  const fibre = comuni.map((c) => c.servizi.fibra_ftth);
  const fibreSample = fibre.find((v) => v !== null);
  if (fibreSample)
    indicatori.push({
      id: 'fibra_ftth',
      gruppo: 'Servizi',
      nome: 'Famiglie raggiunte dalla fibra (FTTH)',
      unita: '% delle famiglie',
      decimali: 1,
      verso: 'maggiore_migliore',
      classi: 'quantili',
      fonte: publisher(fibreSample.fonte.fonte),
      periodo: `${fibreSample.anno} (primo semestre)`,
      nota: 'Famiglie raggiunte dalla fibra fino a casa / famiglie residenti, come pubblicata da AGCOM.',
      motivo_mancante: 'Il comune non compare nel file AGCOM.',
      valori: fibre.map((v) => round(v?.quota_famiglie_percentuale, 1)),
    });
  return { codici: [...codes], indicatori, non_disponibili: nonDisponibili };
}
