import type { Static } from '@sinclair/typebox';
import type { Copertura } from '../../api/schemas/meta.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { round } from '../../api/numbers.ts';
import { ANNI as ANNI_CLASSIFICAZIONI } from '../../data-sources/istat-classificazioni-comuni.ts';

export type CoverageReport = Static<typeof Copertura>;

interface FieldSpec {
  campo: string;
  dominio: string;
  anno: number | null;
  fonte: string | null;
  has: (c: ComuneData) => boolean;
  nota?: string;
}

/**
 * A comune's entry of a series for a year, looked up in a map built in one pass: the fields
 * below ask for it ~100 times per year of each series, and a find() over every comune's
 * series each time took about a second of the build.
 */
function byYear<T extends { anno: number }>(comuni: readonly ComuneData[], series: (c: ComuneData) => readonly T[]) {
  const index = new Map<number, Map<ComuneData, T>>();
  for (const c of comuni)
    for (const entry of series(c)) {
      let year = index.get(entry.anno);
      if (!year) index.set(entry.anno, (year = new Map()));
      // The first entry of a year, as find() would return.
      if (!year.has(c)) year.set(c, entry);
    }
  return (y: number) => {
    const year = index.get(y);
    return (c: ComuneData): T | undefined => year?.get(c);
  };
}

function fields(dataset: Dataset, qualityScore: (c: ComuneData) => boolean): FieldSpec[] {
  const { predefiniti: def } = dataset;
  const demo = byYear(dataset.comuni, (c) => c.demografia);
  const inc = byYear(dataset.comuni, (c) => c.redditi);
  const sourceOf = (get: (c: ComuneData) => string | null | undefined) => {
    for (const c of dataset.comuni) {
      const source = get(c);
      if (source) return source;
    }
    return null;
  };
  const out: FieldSpec[] = [
    {
      campo: 'nome_altra_lingua',
      dominio: 'anagrafica',
      anno: 2025,
      fonte: 'gi-db-comuni',
      has: (c) => c.anagrafica.nome_altra_lingua !== null,
      nota: 'Solo i comuni con denominazione bilingue.',
    },
    {
      campo: 'coordinate',
      dominio: 'anagrafica',
      anno: 2025,
      fonte: 'gi-db-comuni',
      has: (c) => c.anagrafica.coordinate !== null,
    },
    {
      campo: 'superficie_km2',
      dominio: 'anagrafica',
      anno: 2025,
      fonte: 'istat-classificazioni-comuni',
      has: (c) => c.anagrafica.superficie_km2 !== null,
      nota: 'Superficie ufficiale ISTAT al 1° gennaio 2025; dove la tabella ISTAT manca, quella del registro (report di build, registro.superfici_dal_registro).',
    },
    ...(['zona_altimetrica', 'altitudine_centro_m', 'litoraneo', 'isolano', 'grado_urbanizzazione'] as const).map(
      (campo) => ({
        campo,
        dominio: 'anagrafica',
        anno: ANNI_CLASSIFICAZIONI[campo],
        fonte: 'istat-classificazioni-comuni',
        has: (c: ComuneData) => (c.anagrafica.classificazione?.[campo] ?? null) !== null,
      }),
    ),
    { campo: 'cap', dominio: 'anagrafica', anno: 2025, fonte: 'gi-db-comuni', has: (c) => c.anagrafica.cap.length > 0 },
    {
      campo: 'nuts (da elenco ISTAT)',
      dominio: 'anagrafica',
      anno: 2023,
      fonte: 'istat-elenco-comuni',
      has: (c) => c.anagrafica.nuts.nuts3_2010 !== null,
      nota: 'Gli altri comuni (istituiti dopo il 2023) hanno i NUTS della provincia.',
    },
    {
      campo: 'contatti.pec',
      dominio: 'anagrafica',
      anno: null,
      fonte: 'comuni-ita',
      has: (c) => !!c.anagrafica.contatti?.pec,
    },
    {
      campo: 'contatti.telefono',
      dominio: 'anagrafica',
      anno: null,
      fonte: 'comuni-ita',
      has: (c) => !!c.anagrafica.contatti?.telefono,
    },
  ];
  for (const y of dataset.anni.demografia) {
    const d = demo(y);
    const fonte = (get: (e: NonNullable<ReturnType<typeof d>>) => string | undefined) =>
      sourceOf((c) => {
        const e = d(c);
        return e ? get(e) : null;
      });
    const popolazione = fonte((e) => e.fonti.popolazione_totale?.fonte);
    // The official population is listed every year, so a gap shows; the other fields only where a source has them.
    out.push({
      campo: 'popolazione_totale',
      dominio: 'demografia',
      anno: y,
      fonte: popolazione,
      has: (c) => d(c)?.popolazione_totale != null,
      ...(popolazione === null ? { nota: "Lacuna: nessun dato ISTAT per l'anno (non riempita con ANPR)." } : {}),
    });
    const optional: FieldSpec[] = [
      {
        campo: 'maschi, femmine',
        dominio: 'demografia',
        anno: y,
        fonte: fonte((e) => e.fonti.sesso?.fonte),
        has: (c) => d(c)?.maschi != null && d(c)?.femmine != null,
      },
      {
        campo: 'nati, morti, saldi, tassi_per_1000',
        dominio: 'demografia',
        anno: y,
        fonte: fonte((e) => e.fonti.bilancio?.fonte),
        has: (c) => d(c)?.nati != null && d(c)?.morti != null,
      },
      {
        campo: 'anagrafe (conteggio ANPR)',
        dominio: 'demografia',
        anno: y,
        fonte: fonte((e) => e.fonti.anagrafe?.fonte),
        has: (c) => d(c)?.anagrafe != null,
        nota: 'Registro, non popolazione ufficiale.',
      },
    ];
    out.push(...optional.filter((f) => f.fonte !== null));
  }
  out.push({
    campo: 'densita_ab_km2',
    dominio: 'demografia',
    anno: def.demografia,
    fonte: 'derivato',
    has: (c) => demo(def.demografia)(c)?.densita_ab_km2 != null,
  });
  for (const y of dataset.anni.redditi) {
    const get = inc(y);
    const fonte = sourceOf((c) => get(c)?.fonte.fonte);
    out.push(
      { campo: 'contribuenti', dominio: 'redditi', anno: y, fonte, has: (c) => get(c)?.contribuenti != null },
      {
        campo: 'reddito_medio_euro',
        dominio: 'redditi',
        anno: y,
        fonte,
        has: (c) => get(c)?.reddito_medio_euro != null,
      },
      {
        campo: 'reddito_imponibile_medio_euro',
        dominio: 'redditi',
        anno: y,
        fonte,
        has: (c) => get(c)?.reddito_imponibile_medio_euro != null,
      },
      {
        campo: 'reddito_mediano_stimato_euro',
        dominio: 'redditi',
        anno: y,
        fonte,
        has: (c) => get(c)?.reddito_mediano_stimato_euro != null,
      },
      {
        campo: 'scaglioni (tutti pubblicati)',
        dominio: 'redditi',
        anno: y,
        fonte,
        has: (c) =>
          !!get(c)
            ?.brackets()
            ?.every((s) => s.frequenza !== null),
      },
    );
  }
  for (const p of ['pm10', 'no2', 'pm25', 'o3'] as const) {
    out.push({
      campo: `${p} (stazioni nel comune)`,
      dominio: 'ambiente',
      anno: def.aria,
      fonte: 'ispra-aria',
      has: (c) => c.ambiente.aria[p].metodo === 'stazioni_nel_comune',
    });
    out.push({
      campo: `${p} (stazione entro 10 km)`,
      dominio: 'ambiente',
      anno: def.aria,
      fonte: 'ispra-aria',
      has: (c) => c.ambiente.aria[p].metodo === 'stazione_piu_vicina',
    });
  }
  out.push(
    {
      campo: 'suolo_consumato_percentuale (provincia)',
      dominio: 'ambiente',
      anno: def.suolo,
      fonte: 'ispra-suolo',
      has: (c) => c.ambiente.suolo.provincia !== null,
      nota: 'Dato provinciale.',
    },
    {
      campo: 'suolo_consumato_percentuale (comune)',
      dominio: 'ambiente',
      anno: def.suolo,
      fonte: 'ispra-consumo-suolo-comuni',
      has: (c) => c.ambiente.suolo.comune !== null,
    },
    {
      campo: 'suolo_consumato_m2_per_abitante (2015)',
      dominio: 'ambiente',
      anno: 2015,
      fonte: 'dipe-urban-index',
      has: (c) => c.ambiente.suolo.pro_capite_2015 !== null,
    },
    {
      campo: 'aree_interne.classe_2020',
      dominio: 'servizi',
      anno: 2020,
      fonte: 'istat-aree-interne',
      has: (c) => c.servizi.aree_interne?.classe_2020 != null,
    },
    {
      campo: 'aree_interne.tempo_polo_minuti',
      dominio: 'servizi',
      anno: 2020,
      fonte: 'istat-aree-interne',
      has: (c) => c.servizi.aree_interne?.tempo_polo_minuti != null,
    },
  );
  const firstUrban = dataset.comuni[0]?.servizi.urban_index ?? [];
  firstUrban.forEach((u, i) =>
    out.push({
      campo: u.campo,
      dominio: 'servizi',
      anno: u.anno,
      fonte: 'dipe-urban-index',
      has: (c) => c.servizi.urban_index[i]?.valore != null,
    }),
  );
  out.push(
    {
      campo: 'ospedale.tempo_medio_minuti',
      dominio: 'servizi',
      anno: 2023,
      fonte: 'gisco-ospedali',
      has: (c) => c.servizi.ospedale?.tempo_medio_minuti != null,
      nota: 'Dato provinciale.',
    },
    {
      campo: 'scuole.totale',
      dominio: 'servizi',
      anno: 2025,
      fonte: 'mim-scuole-statali',
      has: (c) => c.servizi.scuole !== null,
      nota: "Valle d'Aosta e Trentino-Alto Adige non sono nell'anagrafe statale.",
    },
    {
      campo: 'fibra_ftth.quota_famiglie_percentuale',
      dominio: 'servizi',
      anno: dataset.comuni.find((c) => c.servizi.fibra_ftth)?.servizi.fibra_ftth?.anno ?? null,
      fonte: 'agcom-copertura-ftth',
      has: (c) => c.servizi.fibra_ftth !== null,
      nota: 'AGCOM, 2026 (primo semestre): la data di riferimento non è scritta nel file.',
    },
    {
      campo: 'delitti_per_1000_abitanti',
      dominio: 'sicurezza',
      anno: dataset.comuni.find((c) => c.sicurezza.anno)?.sicurezza.anno ?? null,
      fonte: 'istat-delitti',
      has: (c) => c.sicurezza.delitti_per_1000_abitanti !== null,
      nota: 'Dato provinciale.',
    },
    { campo: 'punteggio', dominio: 'qualita_vita', anno: null, fonte: 'derivato', has: qualityScore },
  );
  return out;
}

/** For each field: how many current comuni have a value, from which source and year. */
export function coverageReport(dataset: Dataset, qualityScore: (c: ComuneData) => boolean): CoverageReport {
  const n = dataset.comuni.length;
  return {
    comuni: n,
    campi: fields(dataset, qualityScore).map((f) => {
      const count = dataset.comuni.reduce((t, c) => t + (f.has(c) ? 1 : 0), 0);
      return {
        campo: f.campo,
        dominio: f.dominio,
        anno: f.anno,
        fonte: f.fonte,
        comuni_con_valore: count,
        percentuale: round((count / n) * 100, 1),
        nota: f.nota ?? null,
      };
    }),
  };
}

/** The coverage table printed at the end of every build. */
export function coverageTable(report: CoverageReport): string {
  const rows = report.campi.map((f) => [
    f.dominio,
    f.campo,
    f.anno === null ? '—' : String(f.anno),
    f.fonte ?? '—',
    String(f.comuni_con_valore),
    `${f.percentuale.toFixed(1)}%`,
  ]);
  const head = ['dominio', 'campo', 'anno', 'fonte', 'comuni', '%'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
