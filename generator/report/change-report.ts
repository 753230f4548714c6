import { formatInteger, round } from '../../api/numbers.ts';
import { foldText } from '../../lib/text.ts';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import type { CoverageReport } from './coverage.ts';
import type { ComuneData, Dataset } from '../join/dataset.ts';
import { POLLUTANTS } from '../join/join-environment.ts';

/**
 * What changed between two builds. Every build writes a compact snapshot of what it served
 * (public/report/snapshot.json); the next build compares its own snapshot with the one it is
 * about to replace and writes public/report/changes.json: comuni added or removed (dated
 * from the registry's validity periods), key figures that moved beyond a stated threshold,
 * fields whose coverage changed, years and source vintages added or removed.
 */

export const SNAPSHOT_PATH = '/report/snapshot.json';
export const CHANGES_PATH = '/report/changes.json';
const SNAPSHOT_FORMAT = 1;

type Domain = 'demografia' | 'redditi' | 'aria' | 'suolo';

export type Threshold = { tipo: 'relativa'; valore: number } | { tipo: 'assoluta'; valore: number; unita: string };

interface IndicatorSpec {
  id: string;
  descrizione: string;
  /** Whose default year the value belongs to; null when it has no year (the quality score). */
  dominio: Domain | null;
  soglia: Threshold;
  /** A count whose national total is meaningful (population, taxpayers). */
  additivo: boolean;
  value: (c: ComuneData, year: number, score: number | null) => number | null;
}

/** The figures compared comune by comune, each in its domain's default year, with the threshold that makes a change worth a look. */
export const INDICATORS: readonly IndicatorSpec[] = [
  {
    id: 'popolazione',
    descrizione: 'Popolazione residente',
    dominio: 'demografia',
    soglia: { tipo: 'relativa', valore: 0.05 },
    additivo: true,
    value: (c, y) => c.demografia.find((d) => d.anno === y)?.popolazione_totale ?? null,
  },
  {
    id: 'contribuenti',
    descrizione: 'Contribuenti IRPEF',
    dominio: 'redditi',
    soglia: { tipo: 'relativa', valore: 0.1 },
    additivo: true,
    value: (c, y) => c.redditi.find((r) => r.anno === y)?.contribuenti ?? null,
  },
  {
    id: 'reddito_medio_euro',
    descrizione: 'Reddito medio (€)',
    dominio: 'redditi',
    soglia: { tipo: 'relativa', valore: 0.1 },
    additivo: false,
    value: (c, y) => c.redditi.find((r) => r.anno === y)?.reddito_medio_euro ?? null,
  },
  ...(['pm10', 'no2'] as const).map((p): IndicatorSpec => ({
    id: `${p}_ug_m3`,
    descrizione: `${p.toUpperCase()} media annua (µg/m³)`,
    dominio: 'aria',
    soglia: { tipo: 'relativa', valore: 0.25 },
    additivo: false,
    value: (c) => c.ambiente.aria[p].valore_ug_m3,
  })),
  {
    id: 'punteggio_qualita_vita',
    descrizione: 'Punteggio di qualità della vita (0–100)',
    dominio: null,
    soglia: { tipo: 'assoluta', valore: 5, unita: 'punti' },
    additivo: false,
    value: (_c, _y, score) => score,
  },
];

/** A compact record of what a build served: small enough to keep beside the output and diff. */
export interface Snapshot {
  formato: typeof SNAPSHOT_FORMAT;
  versione_dati: string;
  anni_predefiniti: Record<Domain, number>;
  anni: Record<Domain, number[]>;
  fonti: { id: string; annata: string; disponibile: boolean }[];
  copertura: { dominio: string; campo: string; anno: number | null; comuni_con_valore: number }[];
  /** Indicator id → the year its values refer to. */
  indicatori: Record<string, number | null>;
  /** Columns, one entry per comune in codice order (columnar to keep the file small). */
  comuni: { codice: string[]; nome: string[]; provincia: string[]; valori: Record<string, (number | null)[]> };
}

export interface SnapshotInput {
  dataset: Dataset;
  versione: string;
  coverage: CoverageReport;
  /** Quality-of-life score by codice_istat (null: not scored). */
  scores: ReadonlyMap<string, number | null>;
}

function airYears(dataset: Dataset): number[] {
  const years = new Set<number>();
  for (const c of dataset.comuni)
    for (const p of POLLUTANTS) for (const s of c.ambiente.aria[p].serie_storica) years.add(s.anno);
  if (dataset.anni.aria !== null) years.add(dataset.anni.aria);
  return [...years].sort((a, b) => a - b);
}

export function buildSnapshot({ dataset, versione, coverage, scores }: SnapshotInput): Snapshot {
  const comuni = [...dataset.comuni].sort((a, b) => a.anagrafica.codice_istat.localeCompare(b.anagrafica.codice_istat));
  const yearOf = (spec: IndicatorSpec) => (spec.dominio === null ? null : dataset.predefiniti[spec.dominio]);
  return {
    formato: SNAPSHOT_FORMAT,
    versione_dati: versione,
    anni_predefiniti: { ...dataset.predefiniti },
    anni: {
      demografia: [...dataset.anni.demografia],
      redditi: [...dataset.anni.redditi],
      aria: airYears(dataset),
      suolo: [dataset.anni.suolo],
    },
    fonti: dataset.fonti.map((s) => ({ id: s.meta.id, annata: s.meta.vintage, disponibile: s.mancante === null })),
    copertura: coverage.campi.map((f) => ({
      dominio: f.dominio,
      campo: f.campo,
      anno: f.anno,
      comuni_con_valore: f.comuni_con_valore,
    })),
    indicatori: Object.fromEntries(INDICATORS.map((spec) => [spec.id, yearOf(spec)])),
    comuni: {
      codice: comuni.map((c) => c.anagrafica.codice_istat),
      nome: comuni.map((c) => c.anagrafica.nome),
      provincia: comuni.map((c) => c.anagrafica.provincia.sigla),
      valori: Object.fromEntries(
        INDICATORS.map((spec) => {
          const year = yearOf(spec) ?? 0;
          return [spec.id, comuni.map((c) => spec.value(c, year, scores.get(c.anagrafica.codice_istat) ?? null))];
        }),
      ),
    },
  };
}

export type PreviousSnapshot = { snapshot: Snapshot } | { snapshot: null; motivo: string };

/** Reads a previous snapshot (null: no file); anything unreadable or of another format is no snapshot, with the reason. */
export function parseSnapshot(text: string | null): PreviousSnapshot {
  if (text === null)
    return { snapshot: null, motivo: 'Nessuna build precedente con un report/snapshot.json nella cartella di output.' };
  let value: Partial<Snapshot>;
  try {
    value = JSON.parse(text) as Partial<Snapshot>;
  } catch {
    return { snapshot: null, motivo: 'Lo snapshot della build precedente non è JSON valido.' };
  }
  if (value?.formato !== SNAPSHOT_FORMAT)
    return {
      snapshot: null,
      motivo: `Lo snapshot della build precedente ha un altro formato (${String(value?.formato)}, atteso ${SNAPSHOT_FORMAT}).`,
    };
  const n = value.comuni?.codice?.length;
  const columns = [value.comuni?.nome, value.comuni?.provincia, ...Object.values(value.comuni?.valori ?? {})];
  if (n === undefined || columns.some((c) => !Array.isArray(c) || c.length !== n))
    return { snapshot: null, motivo: 'Lo snapshot della build precedente è incompleto.' };
  return { snapshot: value as Snapshot };
}

// ---- The report ----

export interface ComuneRef {
  codice: string;
  nome: string;
  provincia: string;
}

export interface RemovedComune extends ComuneRef {
  /** Last day of validity in the current registry; null when the registry does not date it. */
  soppresso_il: string | null;
  /** The current registry still lists the code as active (then the removal is a data problem, not ISTAT's). */
  ancora_attivo: boolean;
  /** Codes added on the day after, in the same province (a merger) or with the same name (a new code for the same comune). */
  successori: string[];
}

export interface AddedComune extends ComuneRef {
  istituito_il: string | null;
  predecessori: string[];
}

export interface IndicatorChange {
  id: string;
  descrizione: string;
  anno_prima: number | null;
  anno_ora: number | null;
  soglia: Threshold;
  /** Comuni present in both builds with a value in both. */
  confrontati: number;
  oltre_soglia: number;
  in_aumento: number;
  in_calo: number;
  /** Value gained (null before) or lost (null now) by a comune present in both builds. */
  comparsi: number;
  scomparsi: number;
  /** National totals, for additive counts only (population, taxpayers). */
  totale_prima: number | null;
  totale_ora: number | null;
  /** The largest changes beyond the threshold, relative (or absolute for an absolute threshold) first. */
  principali: (ComuneRef & { prima: number; ora: number; variazione: number; variazione_percentuale: number | null })[];
}

export interface CoverageChange {
  dominio: string;
  campo: string;
  anno_prima: number | null;
  anno_ora: number | null;
  /** null when the field is absent from that build. */
  comuni_prima: number | null;
  comuni_ora: number | null;
}

export interface ChangeReport {
  formato: 1;
  versione_dati: { prima: string | null; ora: string };
  /** Why nothing is compared (first build, unreadable snapshot); null when compared. */
  senza_confronto: string | null;
  anni_predefiniti: { dominio: string; prima: number; ora: number }[];
  anni: { dominio: string; aggiunti: number[]; rimossi: number[] }[];
  fonti: {
    id: string;
    annata_prima: string | null;
    annata_ora: string | null;
    disponibile_prima: boolean | null;
    disponibile_ora: boolean | null;
  }[];
  comuni: {
    prima: number | null;
    ora: number;
    aggiunti: AddedComune[];
    rimossi: RemovedComune[];
    rinominati: (ComuneRef & { nome_prima: string })[];
    cambio_provincia: (ComuneRef & { provincia_prima: string })[];
  };
  indicatori: IndicatorChange[];
  copertura: CoverageChange[];
}

export interface CompareOptions {
  /** The current registry's validity periods (gi_comuni_validita), to date and link code changes. */
  validita: readonly GiValidita[];
  /** How many of the largest changes each indicator lists (default 20). */
  top?: number;
}

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function rows(s: Snapshot): Map<string, ComuneRef & { i: number }> {
  return new Map(
    s.comuni.codice.map((codice, i) => [
      codice,
      { codice, nome: s.comuni.nome[i]!, provincia: s.comuni.provincia[i]!, i },
    ]),
  );
}

/** Comuni added and removed, dated from the registry: a suppressed code's last period, a new code's current one. */
function registryChanges(
  before: Map<string, ComuneRef>,
  after: Map<string, ComuneRef>,
  validita: readonly GiValidita[],
) {
  const periods = new Map<string, GiValidita[]>();
  for (const v of validita) periods.set(v.codice_istat, [...(periods.get(v.codice_istat) ?? []), v]);
  const ref = ({ codice, nome, provincia }: ComuneRef): ComuneRef => ({ codice, nome, provincia });
  const only = (a: Map<string, ComuneRef>, b: Map<string, ComuneRef>) =>
    [...a.values()].filter((c) => !b.has(c.codice)).sort((x, y) => x.codice.localeCompare(y.codice));
  const added = only(after, before).map((c) => {
    const active = periods.get(c.codice)?.find((p) => p.attivo);
    return { ...ref(c), istituito_il: active?.inizio ?? null, predecessori: [] as string[] };
  });
  const removed = only(before, after).map((c): RemovedComune => {
    const own = periods.get(c.codice) ?? [];
    const ended = own.filter((p) => !p.attivo && p.fine !== null).sort((a, b) => b.fine!.localeCompare(a.fine!))[0];
    const stillActive = own.some((p) => p.attivo);
    const end = stillActive ? null : (ended?.fine ?? null);
    // A successor starts the day after, in the same province (a merger) or with the same name (a
    // comune re-coded, e.g. when its province changes).
    const successori =
      end === null
        ? []
        : added
            .filter(
              (a) =>
                a.istituito_il === nextDay(end) &&
                (a.provincia === c.provincia || foldText(a.nome) === foldText(c.nome)),
            )
            .map((a) => a.codice);
    return { ...ref(c), soppresso_il: end, ancora_attivo: stillActive, successori };
  });
  for (const r of removed)
    for (const code of r.successori) added.find((a) => a.codice === code)!.predecessori.push(r.codice);
  const common = [...after.values()].filter((c) => before.has(c.codice));
  return {
    aggiunti: added,
    rimossi: removed,
    rinominati: common
      .filter((c) => before.get(c.codice)!.nome !== c.nome)
      .map((c) => ({ ...ref(c), nome_prima: before.get(c.codice)!.nome })),
    cambio_provincia: common
      .filter((c) => before.get(c.codice)!.provincia !== c.provincia)
      .map((c) => ({ ...ref(c), provincia_prima: before.get(c.codice)!.provincia })),
  };
}

function indicatorChange(
  spec: IndicatorSpec,
  prev: Snapshot,
  curr: Snapshot,
  before: Map<string, ComuneRef & { i: number }>,
  top: number,
): IndicatorChange {
  const old = prev.comuni.valori[spec.id];
  const now = curr.comuni.valori[spec.id]!;
  const change: IndicatorChange = {
    id: spec.id,
    descrizione: spec.descrizione,
    anno_prima: prev.indicatori[spec.id] ?? null,
    anno_ora: curr.indicatori[spec.id] ?? null,
    soglia: spec.soglia,
    confrontati: 0,
    oltre_soglia: 0,
    in_aumento: 0,
    in_calo: 0,
    comparsi: 0,
    scomparsi: 0,
    totale_prima: null,
    totale_ora: null,
    principali: [],
  };
  const sum = (values: readonly (number | null)[]) => values.reduce((t: number, v) => t + (v ?? 0), 0);
  if (spec.additivo) {
    change.totale_prima = old ? sum(old) : null;
    change.totale_ora = sum(now);
  }
  if (!old) return change;
  const moved: (IndicatorChange['principali'][number] & { rank: number })[] = [];
  curr.comuni.codice.forEach((codice, i) => {
    const b = before.get(codice);
    if (!b) return;
    const [x, y] = [old[b.i] ?? null, now[i] ?? null];
    if (x === null || y === null) {
      if (x === null && y !== null) change.comparsi++;
      if (x !== null && y === null) change.scomparsi++;
      return;
    }
    change.confrontati++;
    const diff = y - x;
    const relative = x === 0 ? (diff === 0 ? 0 : Infinity) : Math.abs(diff / x);
    const size = spec.soglia.tipo === 'relativa' ? relative : Math.abs(diff);
    if (size <= spec.soglia.valore) return;
    change.oltre_soglia++;
    if (diff > 0) change.in_aumento++;
    else change.in_calo++;
    const pct = x === 0 ? null : round((diff / Math.abs(x)) * 100, 1);
    moved.push({
      codice,
      nome: curr.comuni.nome[i]!,
      provincia: curr.comuni.provincia[i]!,
      prima: x,
      ora: y,
      variazione: round(diff, 2),
      variazione_percentuale: pct,
      rank: size,
    });
  });
  moved.sort((a, b) => b.rank - a.rank || a.codice.localeCompare(b.codice));
  change.principali = moved.slice(0, top).map(({ rank: _rank, ...m }) => m);
  return change;
}

/** Coverage rows are matched by field; by field and year where a field has one row per year (population, income). */
function coverageChanges(prev: Snapshot['copertura'], curr: Snapshot['copertura']): CoverageChange[] {
  const count = (list: Snapshot['copertura']) => {
    const n = new Map<string, number>();
    for (const f of list) n.set(`${f.dominio}\0${f.campo}`, (n.get(`${f.dominio}\0${f.campo}`) ?? 0) + 1);
    return n;
  };
  const [np, nc] = [count(prev), count(curr)];
  const key = (f: Snapshot['copertura'][number]) => {
    const field = `${f.dominio}\0${f.campo}`;
    return np.get(field) === 1 && nc.get(field) === 1 ? field : `${field}\0${f.anno}`;
  };
  const before = new Map(prev.map((f) => [key(f), f]));
  const after = new Map(curr.map((f) => [key(f), f]));
  const out: CoverageChange[] = [];
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const [b, a] = [before.get(k), after.get(k)];
    if (b && a && b.anno === a.anno && b.comuni_con_valore === a.comuni_con_valore) continue;
    const f = (a ?? b)!;
    out.push({
      dominio: f.dominio,
      campo: f.campo,
      anno_prima: b?.anno ?? null,
      anno_ora: a?.anno ?? null,
      comuni_prima: b?.comuni_con_valore ?? null,
      comuni_ora: a?.comuni_con_valore ?? null,
    });
  }
  return out;
}

export function compareSnapshots(previous: PreviousSnapshot, curr: Snapshot, options: CompareOptions): ChangeReport {
  const prev = previous.snapshot;
  const report: ChangeReport = {
    formato: 1,
    versione_dati: { prima: prev?.versione_dati ?? null, ora: curr.versione_dati },
    senza_confronto: previous.snapshot === null ? previous.motivo : null,
    anni_predefiniti: [],
    anni: [],
    fonti: [],
    comuni: {
      prima: prev?.comuni.codice.length ?? null,
      ora: curr.comuni.codice.length,
      aggiunti: [],
      rimossi: [],
      rinominati: [],
      cambio_provincia: [],
    },
    indicatori: [],
    copertura: [],
  };
  if (!prev) return report;
  const domains = [...new Set([...Object.keys(prev.anni), ...Object.keys(curr.anni)])] as Domain[];
  for (const d of domains) {
    const [p, c] = [prev.anni_predefiniti[d], curr.anni_predefiniti[d]];
    if (p !== undefined && c !== undefined && p !== c) report.anni_predefiniti.push({ dominio: d, prima: p, ora: c });
    const [yp, yc] = [prev.anni[d] ?? [], curr.anni[d] ?? []];
    const aggiunti = yc.filter((y) => !yp.includes(y));
    const rimossi = yp.filter((y) => !yc.includes(y));
    if (aggiunti.length || rimossi.length) report.anni.push({ dominio: d, aggiunti, rimossi });
  }
  const sources = new Map(prev.fonti.map((s) => [s.id, s]));
  const seen = new Set<string>();
  for (const s of curr.fonti) {
    seen.add(s.id);
    const p = sources.get(s.id);
    if (p && p.annata === s.annata && p.disponibile === s.disponibile) continue;
    report.fonti.push({
      id: s.id,
      annata_prima: p?.annata ?? null,
      annata_ora: s.annata,
      disponibile_prima: p?.disponibile ?? null,
      disponibile_ora: s.disponibile,
    });
  }
  for (const p of prev.fonti)
    if (!seen.has(p.id))
      report.fonti.push({
        id: p.id,
        annata_prima: p.annata,
        annata_ora: null,
        disponibile_prima: p.disponibile,
        disponibile_ora: null,
      });
  const before = rows(prev);
  report.comuni = {
    prima: prev.comuni.codice.length,
    ora: curr.comuni.codice.length,
    ...registryChanges(before, rows(curr), options.validita),
  };
  report.indicatori = INDICATORS.map((spec) => indicatorChange(spec, prev, curr, before, options.top ?? 20));
  report.copertura = coverageChanges(prev.copertura, curr.copertura);
  return report;
}

// ---- The table printed at the end of the build ----

const number = (n: number) => (Number.isInteger(n) ? formatInteger(n) : n.toFixed(1).replace('.', ','));
const year = (y: number | null) => (y === null ? '—' : String(y));
const threshold = (t: Threshold) =>
  t.tipo === 'relativa' ? `±${round(t.valore * 100, 1)}%` : `±${t.valore} ${t.unita}`;

function table(head: string[], body: string[][], numeric: (i: number) => boolean): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)];
}

function listed<T>(items: readonly T[], max: number, render: (item: T) => string): string[] {
  return [
    ...items.slice(0, max).map(render),
    ...(items.length > max ? [`… e altri ${items.length - max} (vedi ${CHANGES_PATH})`] : []),
  ];
}

/** A short summary for the console; the full detail is in changes.json. */
export function changeTable(report: ChangeReport, maxRows = 8): string {
  if (report.senza_confronto)
    return `Cambiamenti rispetto alla build precedente: nessun confronto. ${report.senza_confronto}`;
  const out = [
    `Cambiamenti rispetto alla build precedente (dati ${report.versione_dati.prima} → ${report.versione_dati.ora}; dettagli in ${CHANGES_PATH}):`,
  ];
  const indent = (lines: string[]) => lines.map((l) => `  ${l}`);
  if (report.anni_predefiniti.length)
    out.push(
      `  anni predefiniti: ${report.anni_predefiniti.map((a) => `${a.dominio} ${a.prima} → ${a.ora}`).join('; ')}`,
    );
  if (report.anni.length)
    out.push(
      `  anni disponibili: ${report.anni.map((a) => `${a.dominio} ${[...a.aggiunti.map((y) => `+${y}`), ...a.rimossi.map((y) => `−${y}`)].join(' ')}`).join('; ')}`,
    );
  for (const f of report.fonti)
    out.push(
      `  fonte ${f.id}: ${f.annata_prima === null ? 'nuova' : `"${f.annata_prima}"`} → ${f.annata_ora === null ? 'rimossa' : `"${f.annata_ora}"`}${f.disponibile_ora === false ? ' (mancante)' : ''}`,
    );
  const c = report.comuni;
  out.push(
    `  comuni: ${number(c.prima ?? 0)} → ${number(c.ora)}; aggiunti ${c.aggiunti.length}, soppressi ${c.rimossi.length}, rinominati ${c.rinominati.length}, cambio di provincia ${c.cambio_provincia.length}`,
  );
  const name = (r: ComuneRef) => `${r.codice} ${r.nome} (${r.provincia})`;
  out.push(
    ...indent(
      listed(
        c.rimossi,
        maxRows,
        (r) =>
          `  − ${name(r)} ${r.ancora_attivo ? 'ancora attivo nel registro: controllare le fonti' : r.soppresso_il ? `soppresso il ${r.soppresso_il}` : 'assente dal registro'}${r.successori.length ? ` → ${r.successori.join(', ')}` : ''}`,
      ),
    ),
    ...indent(
      listed(
        c.aggiunti,
        maxRows,
        (a) =>
          `  + ${name(a)}${a.istituito_il ? ` istituito il ${a.istituito_il}` : ''}${a.predecessori.length ? ` ← ${a.predecessori.join(', ')}` : ''}`,
      ),
    ),
    ...indent(listed(c.rinominati, maxRows, (r) => `  ~ ${r.codice} ${r.nome_prima} → ${r.nome}`)),
    ...indent(
      listed(c.cambio_provincia, maxRows, (r) => `  ~ ${r.codice} ${r.nome}: ${r.provincia_prima} → ${r.provincia}`),
    ),
  );
  const body = report.indicatori.map((i) => [
    i.id,
    i.anno_prima === i.anno_ora ? year(i.anno_ora) : `${year(i.anno_prima)} → ${year(i.anno_ora)}`,
    threshold(i.soglia),
    number(i.confrontati),
    number(i.oltre_soglia),
    number(i.in_aumento),
    number(i.in_calo),
    number(i.comparsi),
    number(i.scomparsi),
  ]);
  out.push(
    '',
    ...indent(
      table(
        [
          'indicatore',
          'anno',
          'soglia',
          'confrontati',
          'oltre soglia',
          'in aumento',
          'in calo',
          'comparsi',
          'scomparsi',
        ],
        body,
        (k) => k >= 3,
      ),
    ),
  );
  const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${number(Math.abs(x))}`;
  // The change in the threshold's terms: percent for a relative one, units for an absolute one.
  const delta = (i: IndicatorChange, m: IndicatorChange['principali'][number]) =>
    i.soglia.tipo === 'assoluta'
      ? ` (${signed(m.variazione)} ${i.soglia.unita})`
      : m.variazione_percentuale === null
        ? ''
        : ` (${signed(m.variazione_percentuale)}%)`;
  const top = report.indicatori.flatMap((i) =>
    i.principali.slice(0, 3).map((m) => `    ${i.id}: ${name(m)} ${number(m.prima)} → ${number(m.ora)}${delta(i, m)}`),
  );
  if (top.length) out.push('  variazioni maggiori:', ...top);
  const cov = report.copertura.map((f) => [
    f.dominio,
    f.campo,
    f.anno_prima === f.anno_ora ? year(f.anno_ora) : `${year(f.anno_prima)} → ${year(f.anno_ora)}`,
    f.comuni_prima === null ? '—' : number(f.comuni_prima),
    f.comuni_ora === null ? '—' : number(f.comuni_ora),
  ]);
  out.push(
    '',
    cov.length
      ? indent(table(['dominio', 'copertura cambiata', 'anno', 'prima', 'ora'], cov, (k) => k >= 3)).join('\n')
      : '  copertura dei campi: invariata',
  );
  return out.join('\n');
}
