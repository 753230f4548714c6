import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import { comuniPolygons } from '../../data-sources/istat-confini-2025.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { AIR_FILES } from '../../data-sources/ispra-aria.ts';
import type { Dataset } from '../join/dataset.ts';
import type { LoadedSources } from '../load/load-sources.ts';
import { checkAirStations } from './air-stations.ts';
import { rekeyFrom2026 } from '../join/codes-2026.ts';
import { AREA_AGREEMENT, checkAreas } from './area-agreement.ts';
import { checkCodeNamePairs, checkSardinianOrder, NAME_EXCEPTIONS } from './sardinian-codes.ts';
import { checkSexRatios, type SexCounts } from './sex-ratio.ts';
import { checkTerritoryLinks } from './territory-links.ts';
import { nameProblem, eachString, textProblem } from './text-fields.ts';

/** A failure, with the file and code whose row the build quotes when the message does not already. */
export interface SourceFailure {
  message: string;
  file?: string;
  codice?: string;
}

/** The registry spine's file, where a comune's name comes from. */
const REGISTRY = SOURCES.gi.meta.files[0]!.path;

/** Residents by sex from every loaded source that publishes them, as SexCounts. */
export function sexCounts(data: LoadedSources): SexCounts[] {
  const out: SexCounts[] = [];
  if (data.bilancio) {
    const file = SOURCES.bilancio.meta.files[0]!.path;
    for (const [measure, data_] of [
      ['popolazione_inizio', `${data.bilancio.anno}-01-01`],
      ['popolazione_fine', `${data.bilancio.anno}-12-31`],
    ] as const) {
      const valori = new Map([...data.bilancio.comuni].map(([c, v]) => [c, v.misure[measure]]));
      out.push({ fonte: SOURCES.bilancio.meta.id, file: `${file} (${measure})`, data: data_, valori });
    }
  }
  // ISTAT's 2022 and 2024 tables by sex: a swap in one of them shows against the other sources.
  for (const [key, point] of [
    ['pop22sesso', data.pop22sesso],
    ['pop2024', data.pop2024],
  ] as const) {
    const sesso = (point as PopulationPoint | null)?.sesso;
    if (!point || !sesso) continue;
    const valori = new Map([...sesso.maschi].map(([c, maschi]) => [c, { maschi, femmine: sesso.femmine.get(c) ?? 0 }]));
    out.push({
      fonte: SOURCES[key].meta.id,
      file: SOURCES[key].meta.files[0]!.path,
      data: point.data_riferimento,
      valori,
    });
  }
  if (data.posas)
    out.push({
      fonte: SOURCES.posas.meta.id,
      file: data.posas.file.path,
      data: data.posas.punto.data_riferimento,
      valori: data.posas.comuni,
    });
  return out;
}

/**
 * Where two sources speak of the same fact: the Sardinian 2026 codes against ISTAT's 2026 classification
 * (code and name), the registry's areas against ISTAT's official ones, and the registry's names against the
 * classification's and the 2025 boundaries'. Each disagreement names both files, the code and the two values.
 */
function crossSource(data: LoadedSources): string[] {
  const failures: string[] = [];
  const file = (key: keyof typeof SOURCES) => SOURCES[key].meta.files[0]!.path;
  const registry = data.gi?.comuni ?? [];
  const registryNames = { file: REGISTRY, nomi: new Map(registry.map((c) => [c.codice_istat, c.nome_completo])) };
  if (data.classificazioni) {
    const nomi = (table: Map<string, { nome: string }>) => new Map([...table].map(([c, v]) => [c, v.nome]));
    if (data.sardegna2026)
      failures.push(
        ...checkCodeNamePairs(
          { file: file('sardegna2026'), nomi: new Map(data.sardegna2026.map((s) => [s.codice_2026, s.nome])) },
          { file: file('classificazioni'), nomi: nomi(data.classificazioni) },
        ),
      );
    const by2025 = rekeyFrom2026(data.classificazioni, data.sardegna2026 ?? []);
    failures.push(
      ...checkAreas(
        { file: REGISTRY, km2: new Map(registry.map((c) => [c.codice_istat, c.superficie_km2])) },
        { file: file('classificazioni'), km2: new Map([...by2025].map(([c, v]) => [c, v.superficie_km2])) },
        AREA_AGREEMENT,
      ),
      ...checkCodeNamePairs(registryNames, { file: file('classificazioni'), nomi: nomi(by2025) }, NAME_EXCEPTIONS),
    );
  }
  if (data.confini2025)
    failures.push(
      ...checkCodeNamePairs(registryNames, {
        file: file('confini2025'),
        nomi: new Map(comuniPolygons(data.confini2025).map((c) => [c.codice_istat, c.nome])),
      }),
    );
  return failures;
}

/**
 * Checks by meaning on the sources as read and on the published text, each failure naming the file
 * and the row or key: residents by sex, station means, the 2026 Sardinian codes, the territorial
 * links, and the names and text fields.
 */
export function checkSources(data: LoadedSources, dataset: Dataset): SourceFailure[] {
  const byCode = new Map(dataset.comuni.map((c) => [c.anagrafica.codice_istat, c.anagrafica]));
  const failures: (string | SourceFailure)[] = [
    ...checkSexRatios(
      sexCounts(data),
      (c) => byCode.get(c)?.regione,
      (c) => byCode.get(c)?.nome ?? '',
    ),
    ...(data.aria ? checkAirStations(data.aria.stazioni, (p) => AIR_FILES.find((f) => f.inquinante === p)!.path) : []),
    ...(data.sardegna2026 ? checkSardinianOrder(data.sardegna2026, SOURCES.sardegna2026.meta.files[0]!.path) : []),
    ...crossSource(data),
  ];
  const territorio = dataset.report.territorio as Parameters<typeof checkTerritoryLinks>[0] & {
    ricodifica_delle_fonti: Parameters<typeof checkTerritoryLinks>[1];
  };
  failures.push(...checkTerritoryLinks(territorio, territorio.ricodifica_delle_fonti));
  for (const c of dataset.comuni) {
    const a = c.anagrafica;
    const names = { nome: a.nome, nome_completo: a.nome_completo, nome_altra_lingua: a.nome_altra_lingua };
    for (const [field, value] of Object.entries(names)) {
      const problem = value === null ? null : nameProblem(value);
      if (problem)
        failures.push({
          message: `comune ${a.codice_istat}, anagrafica.${field}: ${problem}`,
          file: REGISTRY,
          codice: a.codice_istat,
        });
    }
    // The names have their own, stricter check above.
    const { nome: _n, nome_completo: _c, nome_altra_lingua: _a, ...rest } = a;
    const check = (value: string, path: () => string) => {
      const problem = textProblem(value);
      if (problem)
        failures.push({ message: `comune ${a.codice_istat}, ${path()}: ${problem}`, codice: a.codice_istat });
    };
    eachString(rest, 'anagrafica', check);
    eachString(c.ambiente, 'ambiente', check);
  }
  for (const s of data.sardegna2026 ?? []) {
    const problem = nameProblem(s.nome);
    if (problem) failures.push(`${SOURCES.sardegna2026.meta.files[0]!.path}: codice 2026 ${s.codice_2026}: ${problem}`);
  }
  for (const l of territorio.collegamenti)
    for (const [code, name] of [
      [l.predecessore, l.nome_predecessore],
      [l.successore, l.nome_successore],
    ]) {
      const problem = name ? nameProblem(name) : null;
      if (problem) failures.push(`comune ${code} nella storia dei comuni: ${problem}`);
    }
  return failures.map((f) => (typeof f === 'string' ? { message: f } : f));
}
