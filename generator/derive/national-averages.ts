import { canonicalUrl } from '../../api/envelope.ts';
import { routeById } from '../../api/routes.ts';
import { jsonLink } from '../../api/static-files.ts';
import type {
  MediaNazionale,
  MedieNazionali,
  RedditiAggregati,
  RedditiNazionali,
} from '../../api/schemas/nazionale.ts';
import type { DemografiaAnno } from '../../api/schemas/demografia.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import type { NationalPopulation } from '../join/join-demographics.ts';
import { estimateMedianFromBrackets } from './estimate-median.ts';
import { nationalSeries } from './income-aggregates.ts';
import { ratio, round } from '../../api/numbers.ts';

const METHODOLOGY = '/api/metodologia#medie-nazionali';

function indicator(
  valore: number | null,
  anno: number | null,
  unita: string,
  metodo: string,
  comuni: number,
  fonte: string | null,
  motivo: string | null = null,
): MediaNazionale {
  return {
    valore,
    anno,
    unita,
    metodo,
    comuni_considerati: comuni,
    fonte,
    motivo_mancante: valore === null ? (motivo ?? 'Nessun comune con un valore.') : null,
  };
}

function missing(unita: string, anno: number, domain: string, years: number[]): MediaNazionale {
  return indicator(
    null,
    anno,
    unita,
    '—',
    0,
    null,
    `Nessun dato ${domain} per il ${anno}; anni disponibili: ${years.join(', ')}.`,
  );
}

/**
 * National demographic figures of one year: sums over the comuni that have the figure, one
 * source per figure (the official ISTAT series and the ANPR register are summed apart), and
 * density over the area of exactly the comuni in the numerator.
 */
function demographics(comuni: ComuneData[], anno: number, italy: NationalPopulation | undefined) {
  const year = comuni.map((c) => ({ c, d: c.demografia.find((e) => e.anno === anno) }));
  const sum = (value: (d: DemografiaAnno) => number | null, fonte: (d: DemografiaAnno) => string | undefined) => {
    let total = 0;
    let n = 0;
    const fonti = new Set<string>();
    const senza: string[] = [];
    for (const { c, d } of year) {
      const v = d ? value(d) : null;
      if (v === null) {
        senza.push(`${c.anagrafica.nome} (${c.anagrafica.codice_istat})`);
        continue;
      }
      total += v;
      n++;
      fonti.add(fonte(d!) ?? '');
    }
    // One source per national figure: a mixture would be a spliced series.
    if (fonti.size > 1) throw new Error(`nazionale ${anno}: un dato sommato su più fonti (${[...fonti].join(', ')})`);
    return { total, n, fonte: [...fonti][0] ?? null, senza };
  };
  /**
   * A national sum is published only when every current comune has the figure: a sum that
   * left some out would pass for the national total while short of it (those comuni are named instead).
   */
  const total = (x: ReturnType<typeof sum>, unita: string, metodo: string, none: string) =>
    indicator(
      x.n && x.senza.length === 0 ? x.total : null,
      anno,
      unita,
      metodo,
      x.n,
      x.fonte,
      x.n === 0
        ? none
        : `${x.senza.length} comuni attuali senza valore per il ${anno} (${x.senza.slice(0, 20).join(', ')}${x.senza.length > 20 ? ', …' : ''}): la somma degli altri ${x.n} non sarebbe il totale nazionale e non è pubblicata.`,
    );
  const pop = sum(
    (d) => d.popolazione_totale,
    (d) => d.fonti.popolazione_totale?.fonte,
  );
  let popWithArea = 0;
  let area = 0;
  let nArea = 0;
  for (const { c, d } of year) {
    if (d?.popolazione_totale == null || c.anagrafica.superficie_km2 === null) continue;
    popWithArea += d.popolazione_totale;
    area += c.anagrafica.superficie_km2;
    nArea++;
  }
  const balance = (pick: (b: NonNullable<DemografiaAnno['bilancio']>) => number) =>
    sum(
      (d) => (d.bilancio ? pick(d.bilancio) : null),
      (d) => d.fonti.bilancio?.fonte,
    );
  const [nati, morti, naturale, migratorio] = [
    balance((b) => b.nati.totale),
    balance((b) => b.morti.totale),
    balance((b) => b.saldo_naturale.totale),
    balance((b) => b.saldo_migratorio_interno.totale + b.saldo_migratorio_estero.totale),
  ];
  // Mean population of the same comuni as the numerators: (1 January + 31 December) / 2.
  const mean = sum(
    (d) => d.tassi_per_1000?.popolazione_media ?? null,
    (d) => d.fonti.bilancio?.fonte,
  );
  const register = sum(
    (d) => d.anagrafe?.residenti ?? null,
    (d) => d.fonti.anagrafe?.fonte,
  );
  const month = year.find(({ d }) => d?.anagrafe)?.d!.anagrafe!.mese_riferimento;
  const noOfficial = `Nessuna popolazione ufficiale ISTAT per il ${anno}; il conteggio anagrafico, se c'è, è in popolazione_anagrafe.`;
  const noBalance = `Nessun bilancio demografico ISTAT per il ${anno}.`;
  const rate = (x: typeof nati, label: string) =>
    indicator(
      x.n && mean.total ? ratio(x.total * 1000, mean.total, 2) : null,
      anno,
      'per 1.000 abitanti',
      `Totale su totale: ${label} / popolazione media degli stessi comuni × 1.000.`,
      x.n,
      x.fonte,
      noBalance,
    );
  return {
    // Italy from the file's own rows (the comuni of that date): a sum over today's comuni would leave out those whose
    // territory of then cannot be rebuilt (Misiliscemi, split from Trapani in 2021), so it is not the one published.
    popolazione_totale: italy
      ? indicator(
          italy.totale,
          anno,
          'abitanti',
          (italy.riga_italia
            ? `Popolazione ufficiale ISTAT dell'Italia al ${italy.data_riferimento}: la riga Italia della fonte (le sue ${italy.comuni} righe comunali elencano anche comuni fusi accanto alle loro parti, e non si sommano), mai conteggi ANPR.`
            : `Popolazione ufficiale ISTAT dell'Italia al ${italy.data_riferimento}: somma di tutte le ${italy.comuni} righe comunali della fonte (i comuni di quella data, anche quelli poi fusi), mai conteggi ANPR.`) +
            (pop.senza.length
              ? ` Nelle schede dei comuni attuali ${pop.senza.length} non hanno un valore per l'anno (${pop.senza.slice(0, 20).join(', ')}${pop.senza.length > 20 ? ', …' : ''}): i loro residenti sono in questo totale, nelle righe dei comuni di allora.`
              : ''),
          italy.comuni,
          italy.fonte,
        )
      : total(
          pop,
          'abitanti',
          "Somma della popolazione ufficiale ISTAT di tutti i comuni attuali per l'anno.",
          noOfficial,
        ),
    popolazione_media_comunale: indicator(
      pop.n ? round(pop.total / pop.n, 0) : null,
      anno,
      'abitanti per comune',
      'Popolazione totale / numero di comuni con un valore.',
      pop.n,
      pop.fonte,
      noOfficial,
    ),
    densita_ab_km2: indicator(
      ratio(popWithArea, area, 1),
      anno,
      'abitanti per km²',
      'Totale su totale: popolazione ufficiale / superficie (2025) degli stessi comuni, cioè dei soli comuni che hanno sia la popolazione sia una superficie valida.',
      nArea,
      pop.fonte,
      noOfficial,
    ),
    popolazione_anagrafe: total(
      register,
      'residenti iscritti in anagrafe',
      `CONTEGGIO ANAGRAFICO (ANPR, mese ${month ?? '—'}), non popolazione ufficiale: somma di tutti i comuni attuali, pubblicata solo se ogni comune ha il valore.`,
      `Nessun conteggio ANPR per il ${anno}.`,
    ),
    nati: total(
      nati,
      'nati vivi',
      'Somma dei nati vivi di tutti i comuni (bilancio demografico ISTAT, provvisorio).',
      noBalance,
    ),
    morti: total(
      morti,
      'morti',
      'Somma dei morti di tutti i comuni (bilancio demografico ISTAT, provvisorio).',
      noBalance,
    ),
    tasso_natalita_per_1000: rate(nati, 'nati'),
    tasso_mortalita_per_1000: rate(morti, 'morti'),
    tasso_crescita_naturale_per_1000: rate(naturale, 'saldo naturale'),
    tasso_migratorio_per_1000: rate(migratorio, "saldo migratorio interno + con l'estero"),
  };
}

/** National income indicators of one tax year, over every MEF comune row of that year, with their coverage. */
function income(dataset: Dataset, anno: number) {
  const agg = dataset.redditiAggregati.nazionale.get(anno)!;
  const imponibile = agg.reddito_imponibile_medio_euro;
  const complessivo = agg.reddito_complessivo_medio_euro;
  const all = {
    comuni_inclusi: agg.comuni,
    quota_comuni: 1,
    contribuenti_inclusi: agg.contribuenti,
    quota_contribuenti: 1,
  };
  const rows =
    "righe comunali MEF dell'anno (i comuni di quell'anno, anche quelli poi fusi o ricodificati; esclusa la riga dei contribuenti senza comune)";
  // The median is interpolated in the national brackets of today's comuni.
  let bracketsSeen = false;
  let withBrackets = 0;
  const brackets: { da: number | null; a: number | null; frequenza: number }[] = [];
  for (const c of dataset.comuni) {
    const scaglioni = c.redditi.find((e) => e.anno === anno)?.brackets();
    scaglioni?.forEach((s, i) => {
      bracketsSeen = true;
      brackets[i] ??= { da: s.da_euro, a: s.a_euro, frequenza: 0 };
      brackets[i]!.frequenza += s.frequenza ?? 0;
    });
    if (scaglioni) withBrackets++;
  }
  const median = bracketsSeen ? estimateMedianFromBrackets(brackets) : null;
  return {
    contribuenti_totali: {
      ...indicator(
        agg.contribuenti,
        anno,
        'contribuenti',
        `Somma dei contribuenti delle ${rows}.`,
        agg.comuni,
        agg.fonte,
      ),
      copertura: all,
    },
    reddito_complessivo_totale_euro: {
      ...indicator(
        complessivo.valore === null ? null : complessivo.ammontare_euro,
        anno,
        'euro',
        `Somma del reddito complessivo dei comuni in cui il totale è noto (pubblicato, o scaglioni tutti pubblicati), fra le ${rows}: vedi copertura.`,
        complessivo.copertura.comuni_inclusi,
        agg.fonte,
        complessivo.motivo_mancante,
      ),
      copertura: complessivo.copertura,
    },
    reddito_medio_euro: {
      ...indicator(
        complessivo.valore,
        anno,
        'euro per contribuente',
        'Totale su totale: reddito complessivo / contribuenti con reddito complessivo, sui comuni in cui il totale è noto. Prima del 2023 copre circa due terzi dei contribuenti (vedi copertura): per confronti fra anni usare reddito_imponibile_medio_euro.',
        complessivo.copertura.comuni_inclusi,
        agg.fonte,
        complessivo.motivo_mancante,
      ),
      copertura: complessivo.copertura,
    },
    reddito_imponibile_medio_euro: {
      ...indicator(
        imponibile.valore,
        anno,
        'euro per contribuente',
        `Totale su totale: reddito imponibile / contribuenti con reddito imponibile, sulle ${rows}. Serie confrontabile fra anni (copertura completa ogni anno).`,
        imponibile.copertura.comuni_inclusi,
        agg.fonte,
        imponibile.motivo_mancante,
      ),
      copertura: imponibile.copertura,
    },
    reddito_mediano_stimato_euro: indicator(
      median?.valore ?? null,
      anno,
      'euro',
      'STIMA: mediana interpolata negli scaglioni nazionali, somma delle frequenze pubblicate di ogni scaglione sui comuni attuali (le celle oscurate per riservatezza non sono contate).',
      withBrackets,
      agg.fonte,
      bracketsSeen ? 'Mediana non stimabile dagli scaglioni.' : `Scaglioni non disponibili per il ${anno}.`,
    ),
  };
}

/** National income series of every year and the regions of one year, on the same definitions. */
function incomeBlock(dataset: Dataset, anno: number): RedditiNazionali {
  const { nazionale, regioni } = dataset.redditiAggregati;
  const names = new Map(dataset.regioni.map((r) => [r.codice, r.nome]));
  return {
    serie_predefinita: 'reddito_imponibile_medio_euro',
    serie: [
      nationalSeries(dataset.redditiAggregati, 'reddito_imponibile_medio_euro', true),
      nationalSeries(dataset.redditiAggregati, 'reddito_complessivo_medio_euro', false),
    ],
    nazionale: nazionale.get(anno) ?? null,
    regioni: [...(regioni.get(anno) ?? new Map<string, RedditiAggregati>())].map(([codice, a]) => ({
      regione: { codice, nome: names.get(codice)! },
      ...a,
    })),
    metodo:
      "Totale su totale sulle righe comunali MEF di ogni anno (i comuni di quell'anno, anche quelli poi fusi o ricodificati, assegnati alla regione indicata dal MEF); la copertura dice quota di comuni e di contribuenti inclusi. /api/metodologia#medie-nazionali",
  };
}

function air(comuni: ComuneData[], anno: number, popYear: number) {
  const out: Record<string, MediaNazionale> = {};
  for (const p of ['pm10', 'no2', 'pm25', 'o3'] as const) {
    let weighted = 0;
    let weights = 0;
    let n = 0;
    let motivo: string | null = null;
    for (const c of comuni) {
      const v = c.ambiente.aria[p];
      motivo ??= v.motivo_mancante;
      const pop = c.demografia.find((e) => e.anno === popYear)?.popolazione_totale ?? null;
      if (v.valore_ug_m3 === null || v.anno !== anno || pop === null) continue;
      weighted += v.valore_ug_m3 * pop;
      weights += pop;
      n++;
    }
    out[`${p}_ug_m3`] = indicator(
      ratio(weighted, weights, 1),
      anno,
      'µg/m³',
      `Media ponderata per la popolazione (${popYear}) dei comuni con un valore misurato o attribuito: esposizione media dei residenti coperti, non media nazionale di tutto il territorio.`,
      n,
      n ? 'ispra-aria' : null,
      motivo,
    );
  }
  return out;
}

function soil(dataset: Dataset, anno: number) {
  const seen = new Map<string, { ettari: number; area: number }>();
  for (const c of dataset.comuni) {
    const p = c.ambiente.suolo.provincia;
    const area = dataset.province.find((x) => x.sigla === c.anagrafica.provincia.sigla)?.superficie_km2 ?? null;
    if (p && p.suolo_consumato_ettari !== null && area !== null)
      seen.set(p.sigla, { ettari: p.suolo_consumato_ettari, area: area * 100 });
  }
  const ha = [...seen.values()].reduce((t, x) => t + x.ettari, 0);
  const area = [...seen.values()].reduce((t, x) => t + x.area, 0);
  return {
    suolo_consumato_percentuale: indicator(
      seen.size ? round((ha / area) * 100, 2) : null,
      anno,
      '% della superficie',
      `Totale su totale: ettari consumati di ${seen.size} province / loro superficie (2025).`,
      dataset.comuni.filter((c) => c.ambiente.suolo.provincia).length,
      seen.size ? 'ispra-suolo' : null,
    ),
  };
}

/**
 * National averages of the compared indicators for one requested year (or, with
 * `anno` undefined, each domain at its default year). Every figure says how it was
 * computed; a domain without data for the year gives null with the available years.
 */
export function nationalAverages(dataset: Dataset, anno: number | undefined): MedieNazionali {
  const { anni, predefiniti } = dataset;
  const demoYear = anno ?? predefiniti.demografia;
  const incomeYear = anno ?? predefiniti.redditi;
  const airYear = anno ?? predefiniti.aria;
  const soilYear = anno ?? predefiniti.suolo;
  const airYears = anni.aria === null ? [] : [anni.aria];
  const demo = anni.demografia.includes(demoYear)
    ? demographics(dataset.comuni, demoYear, dataset.popolazioneNazionale.get(demoYear))
    : Object.fromEntries(
        Object.keys(demographics([], demoYear, undefined)).map((k) => [
          k,
          missing('—', demoYear, 'demografico', anni.demografia),
        ]),
      );
  const inc = anni.redditi.includes(incomeYear)
    ? income(dataset, incomeYear)
    : Object.fromEntries(
        [
          'contribuenti_totali',
          'reddito_complessivo_totale_euro',
          'reddito_medio_euro',
          'reddito_imponibile_medio_euro',
          'reddito_mediano_stimato_euro',
        ].map((k) => [k, missing('—', incomeYear, 'di reddito', anni.redditi)]),
      );
  const aria = airYears.includes(airYear)
    ? air(dataset.comuni, airYear, predefiniti.demografia)
    : Object.fromEntries(
        ['pm10_ug_m3', 'no2_ug_m3', 'pm25_ug_m3', 'o3_ug_m3'].map((k) => [
          k,
          missing('µg/m³', airYear, "sulla qualità dell'aria", airYears),
        ]),
      );
  const suolo =
    soilYear === anni.suolo
      ? soil(dataset, soilYear)
      : { suolo_consumato_percentuale: missing('%', soilYear, 'sul consumo di suolo', [anni.suolo]) };
  return {
    anno_richiesto: anno ?? null,
    indicatori: { ...demo, ...inc, ...aria, ...suolo },
    redditi: incomeBlock(dataset, incomeYear),
    anni_disponibili: { demografia: anni.demografia, redditi: anni.redditi, aria: airYears, suolo: [anni.suolo] },
    metodologia: METHODOLOGY,
    links: {
      self: canonicalUrl(routeById('confronta.national'), { anno }),
      json: jsonLink('confronta.national', { anno }),
    },
  };
}

/** Years with a precomputed national-averages file: every year any domain has. */
export function nationalYears(dataset: Dataset): number[] {
  const { anni } = dataset;
  return [
    ...new Set([...anni.demografia, ...anni.redditi, ...(anni.aria === null ? [] : [anni.aria]), anni.suolo]),
  ].sort((a, b) => a - b);
}
