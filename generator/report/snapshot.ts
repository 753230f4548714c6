/**
 * The compact snapshot of what a build served (public/report/snapshot.json), which the next
 * build compares with its own: built from the dataset, or read back from the previous output.
 */
import type { CoverageReport } from './coverage.ts';
import type { Dataset } from '../join/dataset.ts';
import { POLLUTANTS } from '../join/join-environment.ts';
import { INDICATORS, type Domain, type IndicatorSpec } from './tracked-indicators.ts';

export const SNAPSHOT_PATH = '/report/snapshot.json';
const SNAPSHOT_FORMAT = 1;

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
