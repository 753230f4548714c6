import type { IndicatoreUsato, UrbanIndex } from '../../data-sources/dipe-urban-index.ts';
import type { AirSource, WhoGuideline } from '../../data-sources/ispra-aria.ts';
import type { ConsumoSuoloProvincia } from '../../data-sources/ispra-suolo.ts';
import type { ConsumoSuoloComune } from '../../data-sources/ispra-consumo-suolo-comuni.ts';
import { provenance, type Provenance, type SourceMeta } from '../../data-sources/lib/source.ts';
import type { Ambiente, Inquinante, Ozono } from '../../api/schemas/ambiente.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { attributeAir, METODI_ARIA, MOTIVO_NESSUNA_STAZIONE, type AirValue } from './attribute-air.ts';

export type Pollutant = 'pm10' | 'pm25' | 'no2' | 'o3';
export const POLLUTANTS: readonly Pollutant[] = ['pm10', 'pm25', 'no2', 'o3'];

export type EnvironmentBlock = Pick<Ambiente, 'aria' | 'suolo'>;

export interface EnvironmentInputs {
  air: Pick<AirSource, 'stazioni' | 'oms'> | null;
  airMeta: SourceMeta;
  airMissing: string | null;
  soil: ConsumoSuoloProvincia[] | null;
  soilMeta: SourceMeta;
  soilComuni: Map<string, ConsumoSuoloComune> | null;
  soilComuniMeta: SourceMeta;
  soilComuniMissing: string | null;
  urban: UrbanIndex | null;
  urbanMeta: SourceMeta;
  soilPerCapita: IndicatoreUsato;
}

function unavailable(anno: number, motivo: string): Inquinante {
  return {
    anno,
    valore_ug_m3: null,
    metodo: null,
    descrizione_metodo: null,
    stazioni: [],
    motivo_mancante: motivo,
    riferimento_oms_2021: null,
    serie_storica: [],
    fonte: null,
  };
}

function whoContext(who: WhoGuideline | undefined): Inquinante['riferimento_oms_2021'] {
  return who ? { valore_ug_m3: who.valore_ug_m3, periodo: who.periodo, testo_legenda: who.testo } : null;
}

function pollutantBlock(
  values: AirValue[],
  anno: number,
  fonte: Provenance,
  who: WhoGuideline | undefined,
): Inquinante {
  const current = values.find((v) => v.anno === anno);
  return {
    anno,
    valore_ug_m3: current?.valore ?? null,
    metodo: current?.metodo ?? null,
    descrizione_metodo: current ? METODI_ARIA[current.metodo] : null,
    stazioni: current?.stazioni ?? [],
    motivo_mancante: current ? null : MOTIVO_NESSUNA_STAZIONE,
    riferimento_oms_2021: whoContext(who),
    serie_storica: values.map((v) => ({
      anno: v.anno,
      valore_ug_m3: v.valore,
      metodo: v.metodo,
      numero_stazioni: v.stazioni.length,
      ...(v.giorni_mm8_over_120 === undefined ? {} : { giorni_mm8_over_120: v.giorni_mm8_over_120 }),
    })),
    fonte,
  };
}

/** Ozone's block: the annual mean's, plus the days above the long-term objective of the same stations. */
function ozoneBlock(block: Inquinante, values: AirValue[]): Ozono {
  // Placed next to the annual mean, so a reader sees both figures together.
  const { anno, valore_ug_m3, ...rest } = block;
  return {
    anno,
    valore_ug_m3,
    giorni_mm8_over_120: values.find((v) => v.anno === anno)?.giorni_mm8_over_120 ?? null,
    ...rest,
  };
}

const SINCE_2006_METHOD =
  'Derivato: somma degli incrementi netti ISPRA di tutti i periodi dal 2006 al 2024 (incrementi_netti), arrotondata a 0,01 ha.';

/** The comune's 2024 land block: stock, last year's net change and the net change since 2006 (summed over ISPRA's periods). */
function soilComune(
  local: ConsumoSuoloComune,
  anno: number,
  fonte: Provenance,
): NonNullable<Ambiente['suolo']['comune']> {
  const periods = local.incrementi_netti;
  const first = periods[0]!.periodo.slice(0, 4);
  const last = periods.at(-1)!;
  const total = periods.reduce((t, p) => t + p.ettari, 0);
  return {
    livello: 'comune',
    anno,
    suolo_consumato_ettari: local.ettari,
    suolo_consumato_percentuale: local.percentuale,
    variazione_netta_ultimo_anno: last,
    variazione_netta_dal_2006: {
      periodo: `${first}-${last.periodo.slice(5)}`,
      ettari: Math.round(total * 100) / 100,
      metodo: SINCE_2006_METHOD,
    },
    incrementi_netti: periods,
    fonte,
  };
}

/**
 * Air quality per comune (ISPRA stations, attributed by attributeAir) and land
 * consumption: the comune's 2024 figure (ISPRA), the province's 2024 figure matched on
 * the NUTS3 2021 code as context, and the older per-capita figure (ISPRA 2015 via the Urban Index).
 */
export function joinEnvironment(comuni: Anagrafica[], inputs: EnvironmentInputs) {
  const stations = inputs.air?.stazioni ?? [];
  const airYear = stations.reduce((max, s) => Math.max(max, s.anno), 0) || null;
  const attributed = attributeAir(
    stations,
    comuni.map((c) => ({
      codice_istat: c.codice_istat,
      lat: c.coordinate?.lat ?? null,
      lon: c.coordinate?.lon ?? null,
    })),
  );
  const soilByNuts = new Map((inputs.soil ?? []).map((p) => [p.nuts3, p]));
  const soilYear = Number(inputs.soilMeta.referenceDate.slice(0, 4));
  const perCapita = inputs.soilPerCapita;
  const blocks = new Map<string, EnvironmentBlock>();
  for (const c of comuni) {
    const air = attributed.get(c.codice_istat);
    const aria = Object.fromEntries(
      POLLUTANTS.map((p): [Pollutant, Inquinante | Ozono] => {
        const block =
          airYear === null || !inputs.air
            ? unavailable(
                airYear ?? 0,
                `Fonte ISPRA della qualità dell'aria non disponibile in questa build: ${inputs.airMissing ?? 'nessuna stazione valida.'}`,
              )
            : pollutantBlock(air?.get(p) ?? [], airYear, provenance(inputs.airMeta, airYear), inputs.air.oms[p]);
        return [p, p === 'o3' ? ozoneBlock(block, air?.get(p) ?? []) : block];
      }),
    ) as Ambiente['aria'];
    const missing: Record<string, string> = {};
    const province = soilByNuts.get(c.nuts.nuts3);
    if (!province)
      missing.provincia = inputs.soil
        ? `Nessun dato provinciale ISPRA per il codice NUTS3 ${c.nuts.nuts3}.`
        : 'Fonte ISPRA sul consumo di suolo non disponibile in questa build.';
    const m2 = inputs.urban?.valori.get(c.codice_istat)?.[perCapita.campo] ?? null;
    const local = inputs.soilComuni?.get(c.codice_istat) ?? null;
    if (!local)
      missing.comune = inputs.soilComuni
        ? 'Il comune non compare nel file comunale ISPRA 2024.'
        : `Fonte ISPRA sul consumo di suolo per comune non disponibile in questa build: ${inputs.soilComuniMissing ?? ''}`.trim();
    if (m2 === null) {
      missing.pro_capite_2015 = !inputs.urban
        ? 'Fonte Urban Index non disponibile in questa build.'
        : inputs.urban.valori.has(c.codice_istat)
          ? 'Valore mancante nella fonte.'
          : "Il comune non esiste con questo codice nei confini 2011–2015 dell'Urban Index (istituito o ricodificato dopo): nessun valore, nemmeno stimato dai comuni d'origine.";
    }
    blocks.set(c.codice_istat, {
      aria,
      suolo: {
        provincia: province
          ? {
              livello: 'provincia',
              anno: soilYear,
              sigla: c.provincia.sigla,
              nome: c.provincia.nome,
              suolo_consumato_ettari: province.ettari,
              suolo_consumato_percentuale: province.percentuale,
              fonte: provenance(inputs.soilMeta, soilYear),
            }
          : null,
        comune: local && soilComune(local, soilYear, provenance(inputs.soilComuniMeta, soilYear)),
        pro_capite_2015:
          m2 !== null
            ? {
                livello: 'comune',
                anno: Number(perCapita.anno),
                suolo_consumato_m2_per_abitante: m2,
                nota: `Indicatore più vecchio (ISPRA ${perCapita.anno}, tramite Urban Index), tenuto per confronto: il dato corrente è suolo.comune (${soilYear}).`,
                fonte: provenance(inputs.urbanMeta, Number(perCapita.anno)),
              }
            : null,
        valori_mancanti: missing,
      },
    });
  }
  return { blocks, airYear, soilYear };
}
