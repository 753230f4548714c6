import type { Provenance } from '../../data-sources/lib/source.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { populationTrend } from '../join/join-demographics.ts';
import type { IndicatorValue, QualityInput } from '../quality-index/index.ts';
import { round } from '../../api/numbers.ts';

const value = (
  valore: number | null | undefined,
  anno: number | null,
  fonte: Provenance | null,
  motivo?: string,
): IndicatorValue =>
  valore == null
    ? { valore: null, anno, fonte, motivo_mancante: motivo ?? 'Valore non disponibile nella fonte.' }
    : { valore, anno, fonte };

/**
 * Reads the index's indicators out of the joined dataset, each with its year and
 * source. Ratios are computed here from published figures and say so in the
 * methodology; nothing missing is filled in.
 */
export function qualityInputs(dataset: Dataset): QualityInput[] {
  const incomeYear = dataset.predefiniti.redditi;
  const demoYear = dataset.predefiniti.demografia;
  // Residents at the start of the tax year: the demographic year whose reference date is closest before it.
  // Official ISTAT population only: the years with just an ANPR register count are skipped.
  const residentsYear = [...dataset.anni.demografia_ufficiale].filter((y) => y <= incomeYear).pop() ?? null;
  return dataset.comuni.map((c) => {
    const r = c.redditi.find((x) => x.anno === incomeYear)?.full();
    const pop = c.demografia.find((d) => d.anno === demoYear)?.popolazione_totale ?? null;
    const residents =
      residentsYear === null ? null : (c.demografia.find((d) => d.anno === residentsYear)?.popolazione_totale ?? null);
    const incomeSource = r?.fonte ?? null;
    const low = r?.scaglioni ? [r.scaglioni[0]?.frequenza ?? null, r.scaglioni[1]?.frequenza ?? null] : [null, null];
    const lowShare =
      low[0] !== null && low[1] !== null && r?.reddito_complessivo.frequenza
        ? round(((low[0]! + low[1]!) / r.reddito_complessivo.frequenza) * 100, 2)
        : null;
    const urban = (campo: string) => c.servizi.urban_index.find((u) => u.campo === campo);
    const urbanValue = (campo: string) => {
      const u = urban(campo);
      return value(u?.valore, u?.anno ?? null, c.servizi.urban_index_fonte, c.servizi.valori_mancanti.urban_index);
    };
    return {
      codice_istat: c.anagrafica.codice_istat,
      regione: c.anagrafica.regione.codice,
      provincia: c.anagrafica.provincia.sigla,
      popolazione: pop,
      contribuenti: r?.contribuenti ?? null,
      indicatori: {
        reddito_medio_euro: value(
          r?.reddito_medio_euro,
          incomeYear,
          incomeSource,
          r?.valori_mancanti.reddito_medio_euro,
        ),
        quota_contribuenti_sotto_10000: value(
          lowShare,
          incomeYear,
          incomeSource,
          'Scaglioni fino a 10.000 euro oscurati per riservatezza.',
        ),
        contribuenti_per_abitante: value(
          r?.contribuenti != null && residents ? round(r.contribuenti / residents, 4) : null,
          incomeYear,
          incomeSource,
          `Contribuenti ${incomeYear} o residenti ${residentsYear ?? ''} non disponibili.`,
        ),
        pm25_ug_m3: air(c, 'pm25'),
        pm10_ug_m3: air(c, 'pm10'),
        no2_ug_m3: air(c, 'no2'),
        o3_giorni_mm8_over_120: ozoneDays(c),
        suolo_consumato_m2_per_abitante: value(
          c.ambiente.suolo.pro_capite_2015?.suolo_consumato_m2_per_abitante,
          c.ambiente.suolo.pro_capite_2015?.anno ?? 2015,
          c.ambiente.suolo.pro_capite_2015?.fonte ?? null,
          c.ambiente.suolo.valori_mancanti.pro_capite_2015,
        ),
        suolo_consumato_percentuale: value(
          c.ambiente.suolo.comune?.suolo_consumato_percentuale,
          c.ambiente.suolo.comune?.anno ?? dataset.predefiniti.suolo,
          c.ambiente.suolo.comune?.fonte ?? null,
          c.ambiente.suolo.valori_mancanti.comune,
        ),
        scuole_per_1000_abitanti: value(
          c.servizi.scuole?.totale.per_1000_abitanti,
          2025,
          c.servizi.scuole?.fonte ?? null,
          c.servizi.valori_mancanti.scuole ?? 'Popolazione non disponibile.',
        ),
        famiglie_ftth_percentuale: value(
          c.servizi.fibra_ftth?.quota_famiglie_percentuale,
          c.servizi.fibra_ftth?.anno ?? null,
          c.servizi.fibra_ftth?.fonte ?? null,
          c.servizi.valori_mancanti.fibra_ftth,
        ),
        tempo_polo_servizi_minuti: value(
          c.servizi.aree_interne?.tempo_polo_minuti,
          2020,
          c.servizi.aree_interne?.fonte ?? null,
          c.servizi.valori_mancanti.aree_interne,
        ),
        farmacie_per_1000_abitanti: urbanValue('farmacie_per_1000_abitanti'),
        posti_letto_ospedalieri_per_1000_abitanti: urbanValue('posti_letto_ospedalieri_per_1000_abitanti'),
        popolazione_esclusa_banda_larga_pct: urbanValue('popolazione_esclusa_banda_larga_pct'),
        tempo_ospedale_provincia_minuti: value(
          c.servizi.ospedale?.tempo_medio_minuti,
          c.servizi.ospedale?.anno ?? null,
          c.servizi.ospedale?.fonte ?? null,
          c.servizi.valori_mancanti.ospedale,
        ),
        ...demographicIndicators(c, demoYear),
        delitti_per_1000_abitanti_provincia: value(
          c.sicurezza.delitti_per_1000_abitanti,
          c.sicurezza.anno,
          c.sicurezza.fonte,
          c.sicurezza.motivo_mancante ?? undefined,
        ),
      },
    };
  });
}

function air(c: ComuneData, p: 'pm10' | 'pm25' | 'no2'): IndicatorValue {
  const a = c.ambiente.aria[p];
  return value(a.valore_ug_m3, a.anno, a.fonte, a.motivo_mancante ?? undefined);
}

function ozoneDays(c: ComuneData): IndicatorValue {
  const a = c.ambiente.aria.o3;
  return value(
    a.giorni_mm8_over_120,
    a.anno,
    a.fonte,
    a.motivo_mancante ?? 'Nessuna stazione riporta i giorni di superamento.',
  );
}

/**
 * The demographic dimension: per-1,000 rates of the default year's ISTAT balance and the
 * long-run change of the official ISTAT population (never the ANPR register counts).
 */
function demographicIndicators(c: ComuneData, demoYear: number): Record<string, IndicatorValue> {
  const d = c.demografia.find((e) => e.anno === demoYear);
  const t = d?.tassi_per_1000 ?? null;
  const why = d?.valori_mancanti.tassi_per_1000;
  const trend = populationTrend(c.demografia);
  const first = c.demografia.find((e) => e.anno === trend?.da_anno);
  return {
    tasso_natalita_per_1000: value(t?.natalita, demoYear, d?.fonti.bilancio ?? null, why),
    tasso_mortalita_per_1000: value(t?.mortalita, demoYear, d?.fonti.bilancio ?? null, why),
    tasso_migratorio_per_1000: value(t?.migratorio, demoYear, d?.fonti.bilancio ?? null, why),
    variazione_popolazione_lungo_periodo_pct: value(
      trend?.percentuale,
      trend?.a_anno ?? null,
      first?.fonti.popolazione_totale ?? null,
      'Serie ufficiale ISTAT del comune con un solo anno definitivo.',
    ),
  };
}
