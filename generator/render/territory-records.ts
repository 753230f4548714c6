import type { ComuneCessato, Predecessore } from '../../api/schemas/territorio.ts';
import type { CessatoRef, TerritoryIndex } from '../../api/runtime-index.ts';
import { jsonLink } from '../../api/static-files.ts';
import { SOURCES } from '../../data-sources/index.ts';
import type { Dataset } from '../join/dataset.ts';
import { METHOD_TEXT, movesData, OUTCOME_TEXT, type SuccessorLink } from '../join/successor-link.ts';
import { sinceHistoryStart, type CodePeriod } from '../join/territorial-history.ts';
import type { Territory } from '../join/territory.ts';
import { getOrSet, pushTo } from '../../lib/maps.ts';

const SOURCE_OF: Record<CodePeriod['fonte'], string> = {
  'anpr-archivio-comuni': SOURCES.archivio.meta.id,
  'gi-db-comuni': SOURCES.gi.meta.id,
};

/** The periods of a territory since the crosswalk's start, as the API lists them. */
function periods(t: Territory, belfiore: string) {
  return (t.crosswalk.history.get(belfiore) ?? []).filter(sinceHistoryStart).map((p) => ({
    codice_istat: p.codice_istat,
    nome: p.nome,
    sigla_provincia: p.sigla_provincia,
    dal: p.inizio,
    al: p.fine,
    fonte: SOURCE_OF[p.fonte],
  }));
}

const linksByCurrent = new WeakMap<Territory, Map<string, SuccessorLink[]>>();

/** The links that move a ceased comune's data into this current comune (indexed in one pass: 232 links × 7,896 comuni otherwise). */
function linksInto(t: Territory, codice: string): SuccessorLink[] {
  const index = getOrSet(linksByCurrent, t, () => {
    const byCurrent = new Map<string, SuccessorLink[]>();
    for (const l of t.links) {
      const current = movesData(l) ? t.crosswalk.currentOf(l.predecessore) : null;
      if (current) pushTo(byCurrent, current, l);
    }
    return byCurrent;
  });
  return index.get(codice) ?? [];
}

/** Codes of a current comune over time, the 2026 Sardinian code last, and the ceased comuni merged into it. */
export function codiciStorici(t: Territory, codice: string, belfiore: string) {
  const list = periods(t, belfiore);
  const s2026 = t.codici2026.get(codice);
  if (s2026) {
    const open = list.find((p) => p.al === null);
    if (open) open.al = '2025-12-31';
    list.push({
      codice_istat: s2026.codice_2026,
      nome: s2026.nome,
      sigla_provincia: s2026.provincia_2026.nome,
      dal: '2026-01-01',
      al: null,
      fonte: SOURCES.sardegna2026.meta.id,
    });
  }
  const predecessori: Predecessore[] = linksInto(t, codice)
    .map((l) => ({
      codice_catastale: l.predecessore,
      nome: t.crosswalk.nameAt(l.predecessore, '9999-12-31'),
      data_evento: l.data_evento,
      evento: l.evento,
      link: `/api/comuni/cessati/${l.predecessore}`,
    }))
    .sort((a, b) => a.data_evento.localeCompare(b.data_evento) || a.nome.localeCompare(b.nome));
  const variazioni_successive = (t.successive.perComune.get(codice) ?? []).map((v) => ({
    ...v,
    link_successore: `/api/comuni/${v.codice_istat_successore}`,
  }));
  return { codici_storici: list, codice_istat_2026: s2026?.codice_2026 ?? null, predecessori, variazioni_successive };
}

/** The record of every comune ceased since the crosswalk's start, with its successor(s) and how each link was found. */
export function cessatiRecords(dataset: Dataset): ComuneCessato[] {
  const t = dataset.territorio;
  const names = new Map(dataset.comuni.map((c) => [c.anagrafica.codice_istat, c.anagrafica.nome]));
  const byBelfiore = new Map(t.links.map((l) => [l.predecessore, l]));
  const unresolved = new Map(t.unresolved.map((u) => [u.codice_catastale, u]));
  const belfiori = [...byBelfiore.keys(), ...unresolved.keys()].sort();
  return belfiori.map((belfiore): ComuneCessato => {
    const history = t.crosswalk.history.get(belfiore)!;
    const last = history[history.length - 1]!;
    const link = byBelfiore.get(belfiore);
    const current = link && movesData(link) ? t.crosswalk.currentOf(belfiore) : null;
    const missing: Record<string, string> = {};
    if (!link) missing.successori = `Successore non accertato: ${unresolved.get(belfiore)!.motivo}`;
    else if (!current)
      missing.successori = `Collegamento ${link.esito.replace('_', ' ')} (${link.motivo_esito ?? OUTCOME_TEXT[link.esito]}): il comune attuale non è indicato e i dati del comune cessato non sono sommati a nessun comune.`;
    return {
      codice_catastale: belfiore,
      nome: last.nome,
      sigla_provincia: last.sigla_provincia,
      data_cessazione: last.fine!,
      codici_storici: periods(t, belfiore),
      successori: link
        ? [
            {
              codice_istat: current,
              nome: current ? names.get(current)! : null,
              successore_diretto: {
                codice_catastale: link.successore,
                nome: t.crosswalk.nameAt(link.successore, link.data_evento),
              },
              data_evento: link.data_evento,
              evento: link.evento,
              metodo: link.metodo,
              descrizione_metodo: METHOD_TEXT[link.metodo],
              verifica: link.verifica,
              verifica_secondo_metodo: link.verifica_secondo_metodo,
              esito: link.esito,
              motivo_esito: link.motivo_esito,
              registro_istat: link.registro_istat ?? null,
              link: current ? `/api/comuni/${current}` : null,
            },
          ]
        : [],
      valori_mancanti: missing,
      fonti: [
        ...(link?.registro_istat ? [`/api/fonti/${SOURCES.variazioni.meta.id}`] : []),
        `/api/fonti/${SOURCES.archivio.meta.id}`,
        `/api/fonti/${SOURCES.gi.meta.id}`,
      ],
      links: {
        self: `/api/comuni/cessati/${belfiore}`,
        json: jsonLink('comuni.cessati.get', { codice_catastale: belfiore }),
        elenco: '/api/comuni/cessati',
      },
    };
  });
}

/** What the handler needs at request time: aliases for 301, ceased codes for 404s, list filters, former names for search. */
export function territoryIndex(dataset: Dataset, cessati: ComuneCessato[]): TerritoryIndex {
  const t = dataset.territorio;
  const alias: Record<string, string> = {};
  const current = new Set(dataset.comuni.map((c) => c.anagrafica.codice_istat));
  for (const c of dataset.comuni) {
    const { codice_istat: codice, codice_catastale } = c.anagrafica;
    for (const p of periods(t, codice_catastale)) if (!current.has(p.codice_istat)) alias[p.codice_istat] = codice;
    const s2026 = t.codici2026.get(codice);
    if (s2026 && !current.has(s2026.codice_2026)) alias[s2026.codice_2026] = codice;
  }
  const codiciCessati: Record<string, string> = {};
  const refs: CessatoRef[] = cessati.map((c) => {
    for (const p of c.codici_storici)
      if (!current.has(p.codice_istat) && !alias[p.codice_istat]) codiciCessati[p.codice_istat] = c.codice_catastale;
    return {
      codice_catastale: c.codice_catastale,
      nome: c.nome,
      sigla_provincia: c.sigla_provincia,
      data_cessazione: c.data_cessazione,
      codici_istat: [...new Set(c.codici_storici.map((p) => p.codice_istat))],
      successori: c.successori
        .filter((s) => s.codice_istat)
        .map((s) => ({ codice_istat: s.codice_istat!, nome: s.nome! })),
    };
  });
  const nomiStorici: Record<string, string[]> = {};
  for (const c of dataset.comuni) {
    const { codice_istat: codice, codice_catastale, nome } = c.anagrafica;
    const former = new Set<string>();
    for (const b of t.crosswalk.territoryOf(codice)) for (const p of periods(t, b)) former.add(displayName(p.nome));
    former.delete(displayName(nome));
    const list = [...former].filter((n) => n.toLowerCase() !== nome.toLowerCase());
    if (list.length && codice_catastale) nomiStorici[codice] = list.sort();
  }
  // A CAP the registry still lists under a code no longer served goes to the comuni of today that took that territory in.
  const successors = new Map(refs.map((r) => [r.codice_catastale, r.successori.map((s) => s.codice_istat)]));
  const capCessati: Record<string, string[]> = {};
  for (const [code, caps] of [...dataset.capPerCodice].sort(([a], [b]) => a.localeCompare(b))) {
    if (current.has(code)) continue;
    const now = alias[code] ? [alias[code]] : (successors.get(codiciCessati[code] ?? '') ?? []);
    if (now.length === 0) continue;
    for (const cap of caps) capCessati[cap] = [...new Set([...(capCessati[cap] ?? []), ...now])].sort();
  }
  return {
    alias,
    codici_cessati: codiciCessati,
    cap_cessati: capCessati,
    cessati: refs,
    istituiti_dopo_base: Object.fromEntries(
      [...t.successive.istituiti].map(([code, { nome, data, predecessori }]) => [code, { nome, data, predecessori }]),
    ),
    catastale: dataset.comuni.map((c) => c.anagrafica.codice_catastale),
    cap: dataset.comuni.map((c) => c.anagrafica.cap),
    nomi_storici: nomiStorici,
  };
}

const LOWER = new Set([
  'di',
  'del',
  'della',
  'dei',
  'delle',
  'degli',
  'dello',
  'da',
  'in',
  'sul',
  'sulla',
  'e',
  'ed',
  'al',
  'alla',
  'con',
  'nel',
  'nella',
  'sopra',
  'sotto',
]);

/** "RIVA VALDOBBIA" → "Riva Valdobbia": the archives write names in capitals; search results show them like today's names. */
export function displayName(upper: string): string {
  return upper
    .toLowerCase()
    .split(' ')
    .map((w, i) =>
      i > 0 && LOWER.has(w)
        ? w
        : w.replace(/(^|[-'’/])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase()),
    )
    .join(' ');
}
