import type { PeriodoComune } from '../../data-sources/anpr-archivio-comuni.ts';
import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import type { GiValidita } from '../../data-sources/gi-db-comuni.ts';
import type { Confine2025 } from '../../data-sources/istat-confini-2025.ts';
import type { CodiceSardegna2026 } from '../../data-sources/istat-codici-sardegna.ts';
import type { IrpefYear } from '../../data-sources/mef-irpef-comunale.ts';
import type { Confine2019 } from '../../data-sources/openpolis-confini-2019.ts';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { Crosswalk, territoryDate } from './crosswalk.ts';
import {
  METHOD_TEXT,
  OUTCOME_TEXT,
  type LinkOutcome,
  type SuccessorLink,
  type UnresolvedCessation,
} from './successor-link.ts';
import { mefProfile } from './successor-inputs.ts';
import { deriveSuccessors } from './successors.ts';
import { istatLinks, type Disagreement } from './istat-successors.ts';
import type { Estinzione } from '../../data-sources/istat-variazioni-comuni.ts';
import { laterChanges, type LaterChanges } from './later-changes.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { buildHistory, HISTORY_START, sinceHistoryStart } from './territorial-history.ts';

export interface TerritoryInputs {
  archivio: PeriodoComune[];
  validita: GiValidita[];
  comuni: Anagrafica[];
  irpef: IrpefYear[];
  population: PopulationPoint[];
  confini2019: Confine2019[];
  confini2025: Confine2025[];
  sardegna2026: CodiceSardegna2026[];
  /** ISTAT's record of extinctions since 1991 (successor, date, act). */
  estinzioni: Estinzione[];
  /** The registry's basis date: extinctions after it are changes to come, not ceased comuni. */
  basis: string;
}

export interface Territory {
  crosswalk: Crosswalk;
  links: SuccessorLink[];
  unresolved: UnresolvedCessation[];
  /** Current (2025) code → 1 January 2026 Sardinian code. */
  codici2026: Map<string, CodiceSardegna2026>;
  /** ISTAT's extinctions after the basis: what becomes of comuni served, and the codes instituted for them. */
  successive: LaterChanges;
  report: TerritoryReport;
}

export interface TerritoryReport {
  periodo: string;
  codici_istat_mappati: number;
  codici_catastali_mappati: number;
  comuni_cessati: number;
  collegamenti_per_metodo: Record<string, number>;
  /** Links by outcome of their checks, and by method and outcome: the figures of the closing note. */
  collegamenti_per_esito: Record<LinkOutcome, number>;
  collegamenti_per_metodo_ed_esito: Record<string, Partial<Record<LinkOutcome, number>>>;
  metodi: Record<string, string>;
  esiti: Record<LinkOutcome, string>;
  collegamenti: (SuccessorLink & { nome_predecessore: string; nome_successore: string })[];
  /** Links whose figures disagree (`non_verificato`): none, when every link is checked. */
  non_verificati: number;
  non_accertati_per_categoria: Partial<Record<UnresolvedCessation['categoria'], number>>;
  non_accertati: UnresolvedCessation[];
  codici_2026: number;
  /** ISTAT's successors against the independent inference: every comune where the two differ. */
  registro_istat: {
    collegamenti: number;
    concordanti: number;
    discordanze: Disagreement[];
    /** Extinctions of comuni re-established later under the same cadastral code: comuni of today, not ceased. */
    ricostituiti: ReturnType<typeof istatLinks>['reestablished'];
  };
}

/**
 * A disagreement the build does not accept: the inference moved the comune's data into another comune of today
 * than ISTAT names. A missing inference (same-day fusions the figures cannot tell apart), a step of a chain named
 * differently, or another date for the same comune are listed in the report, not errors.
 */
const outOfTolerance = (d: Disagreement) => d.successore_dedotto !== null && !d.stesso_comune_attuale;

/**
 * The territorial crosswalk step: merges the code histories, derives and checks the
 * successor of every comune ceased since 1991, and maps the 2026 Sardinian codes.
 */
export function buildTerritory(input: TerritoryInputs): Territory {
  const history = buildHistory(input.archivio, input.validita);
  for (const c of input.comuni) {
    const periods = history.get(c.codice_catastale);
    if (!periods?.some((p) => p.codice_istat === c.codice_istat && p.fine === null)) {
      throw new Error(
        `storia territoriale: il comune ${c.codice_istat} (${c.codice_catastale}) non ha un periodo aperto con il suo codice negli archivi`,
      );
    }
  }
  const taxpayers = new Map<string, Map<number, number>>();
  const profiles = new Map<string, Map<number, number[]>>();
  for (const y of input.irpef)
    for (const r of y.comuni) {
      if (r.contribuenti === null) continue;
      const years = taxpayers.get(r.codice_catastale) ?? new Map<number, number>();
      years.set(y.anno, r.contribuenti);
      taxpayers.set(r.codice_catastale, years);
      const byYear = profiles.get(r.codice_catastale) ?? new Map<number, number[]>();
      byYear.set(y.anno, mefProfile(r));
      profiles.set(r.codice_catastale, byYear);
    }
  const inferred = deriveSuccessors({
    history,
    current: new Set(input.comuni.map((c) => c.codice_catastale)),
    taxpayers,
    profiles,
    population: input.population.map((p) => ({
      data_territorio: territoryDate(p.data_riferimento),
      riferimento: p.data_riferimento,
      valori: p.valori,
    })),
    confini2019: input.confini2019,
    confini2025: input.confini2025,
    belfioreOf2025: new Map(input.comuni.map((c) => [c.codice_istat, c.codice_catastale])),
  });
  // The inference, as its own crosswalk, only to follow its links to today's comune for the comparison.
  const inferredWalk = new Crosswalk(history, input.comuni, inferred.links, inferred.unresolved);
  const istat = istatLinks(history, input.estinzioni, input.basis, inferred.links, inferred.unresolved, (b) =>
    inferredWalk.currentOf(b),
  );
  const beyond = istat.disagreements.filter(outOfTolerance);
  if (istat.errors.length > 0 || beyond.length > 0)
    throw new Error(
      `registro ISTAT dei comuni cessati (${sourceFiles('variazioni')}) contro gli archivi storici (${sourceFiles('archivio')}):\n  ${[
        ...istat.errors,
        ...beyond.map(
          (d) =>
            `${d.nome} (${d.codice_catastale}): ISTAT ${d.successore_istat} dal ${d.data_istat}, inferenza ${d.successore_dedotto} dal ${d.data_dedotta}: comuni attuali diversi`,
        ),
      ].join('\n  ')}`,
    );
  // ISTAT's record decides every comune it names; the inference stands alone only where ISTAT has nothing (none since 1991).
  const named = new Set(istat.links.map((l) => l.predecessore));
  const links = [...istat.links, ...inferred.links.filter((l) => !named.has(l.predecessore))];
  const unresolved = inferred.unresolved.filter((u) => !named.has(u.codice_catastale));
  const crosswalk = new Crosswalk(history, input.comuni, links, unresolved);
  const byCode = new Map(input.comuni.map((c) => [c.codice_istat, c]));
  const codici2026 = new Map<string, CodiceSardegna2026>();
  for (const s of input.sardegna2026) {
    if (!byCode.has(s.codice_precedente))
      throw new Error(
        `sardegna-2026.csv: il codice precedente ${s.codice_precedente} (${s.nome}) non è un comune attuale`,
      );
    codici2026.set(s.codice_precedente, s);
  }
  const name = (belfiore: string) => crosswalk.nameAt(belfiore, '9999-12-31');
  const perMethod: Record<string, number> = {};
  const perOutcome = Object.fromEntries(Object.keys(OUTCOME_TEXT).map((k) => [k, 0])) as Record<LinkOutcome, number>;
  const perMethodOutcome: TerritoryReport['collegamenti_per_metodo_ed_esito'] = {};
  for (const l of links) {
    perMethod[l.metodo] = (perMethod[l.metodo] ?? 0) + 1;
    perOutcome[l.esito]++;
    const byOutcome = (perMethodOutcome[l.metodo] ??= {});
    byOutcome[l.esito] = (byOutcome[l.esito] ?? 0) + 1;
  }
  const perCategory: TerritoryReport['non_accertati_per_categoria'] = {};
  for (const u of unresolved) perCategory[u.categoria] = (perCategory[u.categoria] ?? 0) + 1;
  const mappedCodes = new Set<string>();
  for (const [belfiore, periods] of history) {
    if (!crosswalk.currentOf(belfiore)) continue;
    for (const p of periods) if (sinceHistoryStart(p)) mappedCodes.add(p.codice_istat);
  }
  const mappedBelfiori = [...history.keys()].filter(
    (b) => crosswalk.currentOf(b) && history.get(b)!.some(sinceHistoryStart),
  );
  return {
    crosswalk,
    links,
    unresolved,
    codici2026,
    successive: laterChanges(input.estinzioni, input.basis, new Set(byCode.keys())),
    report: {
      periodo: `dal ${HISTORY_START}`,
      codici_istat_mappati: mappedCodes.size,
      codici_catastali_mappati: mappedBelfiori.length,
      comuni_cessati: links.length + unresolved.length,
      collegamenti_per_metodo: perMethod,
      collegamenti_per_esito: perOutcome,
      collegamenti_per_metodo_ed_esito: perMethodOutcome,
      metodi: METHOD_TEXT,
      esiti: OUTCOME_TEXT,
      collegamenti: links.map((l) => ({
        ...l,
        nome_predecessore: name(l.predecessore),
        nome_successore: name(l.successore),
      })),
      non_verificati: perOutcome.non_verificato,
      non_accertati_per_categoria: perCategory,
      non_accertati: unresolved,
      codici_2026: codici2026.size,
      registro_istat: {
        collegamenti: istat.links.length,
        concordanti:
          istat.links.length - istat.disagreements.filter((d) => d.successore_dedotto !== d.successore_istat).length,
        discordanze: istat.disagreements,
        ricostituiti: istat.reestablished,
      },
    },
  };
}

/** A source's files and id, as the build's messages name them, so a disagreement says where to look in both. */
function sourceFiles(id: 'variazioni' | 'archivio'): string {
  const { meta } = SOURCES[id];
  return `${meta.files.map((f) => f.path).join(', ')} (${meta.id})`;
}
