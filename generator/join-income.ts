import type { IrpefSintesi2024 } from '../data-sources/mef-irpef-2024-sintesi.ts';
import type { IrpefYear, Pair, Scaglione } from '../data-sources/mef-irpef-comunale.ts';
import { provenance, type SourceMeta } from '../data-sources/lib/source.ts';
import type { RedditiAnno } from '../api/schemas/redditi.ts';
import { estimateMedianFromBrackets } from './estimate-median.ts';
import { ratio } from '../api/numbers.ts';
import { territoryOf } from './join-demographics.ts';
import type { TerritoryLookup } from './rekey-sources.ts';

export interface IncomeReport {
  anno_predefinito: number;
  anni: { anno: number; fonte: string; comuni_con_valore: number; codici_non_attuali: { codice: string; nome: string }[]; righe_non_comunali: number }[];
}

const coppia = (p: Pair | null | undefined) => ({ frequenza: p?.frequenza ?? null, ammontare_euro: p?.ammontare ?? null });

/** Total of the 8 brackets, when none is suppressed (the total MEF publishes only from 2023). */
function totalFromBrackets(scaglioni: Scaglione[]): Pair | null {
  if (scaglioni.some((s) => s.frequenza === null || s.ammontare === null)) return null;
  return { frequenza: scaglioni.reduce((t, s) => t + s.frequenza!, 0), ammontare: scaglioni.reduce((t, s) => t + s.ammontare!, 0) };
}

/** Repeated in every year of every comune: the full text is in /api/metodologia#redditi. */
export const MEDIAN_METHOD_SHORT = 'Stima: interpolazione lineare nello scaglione che contiene la mediana (/api/metodologia#redditi).';

const NO_TOTAL = 'Totale MEF non pubblicato prima del 2023 e non derivabile: almeno uno scaglione è oscurato per riservatezza.';

export function redditiAnno(meta: SourceMeta, anno: number, c: IrpefYear['comuni'][number]): RedditiAnno {
  const missing: Record<string, string> = {};
  const published = c.reddito_complessivo;
  const total = published ?? totalFromBrackets(c.scaglioni);
  if (!total) missing.reddito_complessivo = NO_TOTAL;
  const mean = ratio(total?.ammontare, total?.frequenza, 0);
  if (mean === null) missing.reddito_medio_euro = total ? 'Nessun contribuente con reddito complessivo.' : NO_TOTAL;
  const median = estimateMedianFromBrackets(c.scaglioni, published?.frequenza ?? undefined);
  if (!median) {
    missing.reddito_mediano_stimato_euro = c.scaglioni.some((s) => s.frequenza === null)
      ? 'Non stimabile: scaglioni oscurati rendono incerta la posizione della mediana.'
      : 'Non stimabile: la mediana cade in uno scaglione aperto o non ci sono contribuenti.';
  }
  if (c.contribuenti === null) missing.contribuenti = 'Valore oscurato dal MEF per riservatezza.';
  return {
    anno,
    contribuenti: c.contribuenti,
    reddito_complessivo: { ...coppia(total), derivato_da_scaglioni: !published },
    reddito_medio_euro: mean,
    reddito_mediano_stimato_euro: median?.valore ?? null,
    mediana: median ? { stimata: true, metodo: MEDIAN_METHOD_SHORT, scaglione: median.scaglione } : null,
    reddito_imponibile: coppia(c.reddito_imponibile),
    imposta_netta: coppia(c.imposta_netta),
    addizionale_regionale: coppia(c.addizionale_regionale),
    addizionale_comunale: coppia(c.addizionale_comunale),
    per_tipo: Object.fromEntries(Object.entries(c.per_tipo).map(([k, v]) => [k, v ? coppia(v) : null])),
    scaglioni: c.scaglioni.map((s) => ({ da_euro: s.da, a_euro: s.a, frequenza: s.frequenza, ammontare_euro: s.ammontare })),
    fonte: provenance(meta, anno),
    valori_mancanti: missing,
  };
}

function redditiSintesi(meta: SourceMeta, data: IrpefSintesi2024, c: IrpefSintesi2024['comuni'][number]): RedditiAnno {
  const noBrackets = `Per l'anno d'imposta ${data.anno} è disponibile solo la sintesi (senza scaglioni né redditi per tipo): il file MEF completo non è ancora tra le fonti.`;
  const missing: Record<string, string> = { scaglioni: noBrackets, per_tipo: noBrackets, reddito_mediano_stimato_euro: `Mediana non stimabile: ${noBrackets}` };
  const mean = ratio(c.reddito_complessivo.ammontare, c.reddito_complessivo.frequenza, 0);
  if (mean === null) missing.reddito_medio_euro = 'Reddito complessivo oscurato per riservatezza.';
  if (c.contribuenti === null) missing.contribuenti = 'Valore oscurato dal MEF per riservatezza.';
  return {
    anno: data.anno,
    contribuenti: c.contribuenti,
    reddito_complessivo: { ...coppia(c.reddito_complessivo), derivato_da_scaglioni: false },
    reddito_medio_euro: mean,
    reddito_mediano_stimato_euro: null,
    mediana: null,
    reddito_imponibile: coppia(c.reddito_imponibile),
    imposta_netta: coppia(c.imposta_netta),
    addizionale_regionale: coppia(c.addizionale_regionale),
    addizionale_comunale: coppia(c.addizionale_comunale),
    per_tipo: null,
    scaglioni: null,
    fonte: provenance(meta, data.anno),
    valori_mancanti: missing,
  };
}

/**
 * Builds every comune's income series, one entry per tax year. MEF files use the codes
 * in force in each year: codes of comuni suppressed or re-coded since are reported and
 * never attached to today's comuni. The default year is the newest complete one (with
 * brackets); a newer summary-only year is served through `anno` and the series.
 */
export function joinIncome(codes: string[], years: IrpefYear[], meta: SourceMeta, sintesi: IrpefSintesi2024 | null, sintesiMeta: SourceMeta, territorio?: TerritoryLookup) {
  const current = new Set(codes);
  const series = new Map<string, RedditiAnno[]>(codes.map((c) => [c, []]));
  const report: IncomeReport = { anno_predefinito: Math.max(...years.map((y) => y.anno)), anni: [] };
  const sorted = [...years].sort((a, b) => a.anno - b.anno);
  for (const y of sorted) {
    for (const c of y.comuni) if (current.has(c.codice_istat)) series.get(c.codice_istat)!.push({ ...redditiAnno(meta, y.anno, c), ...territoryOf(territorio, y.anno, c.codice_istat) });
    report.anni.push(yearReport(y.anno, meta.id, y.comuni, current, y.scartati.length));
  }
  if (sintesi && !years.some((y) => y.anno === sintesi.anno)) {
    for (const c of sintesi.comuni) if (current.has(c.codice_istat)) series.get(c.codice_istat)!.push(redditiSintesi(sintesiMeta, sintesi, c));
    report.anni.push(yearReport(sintesi.anno, sintesiMeta.id, sintesi.comuni, current, sintesi.scartati.length));
  }
  const allYears = report.anni.map((a) => a.anno);
  return { series, years: allYears, defaultYear: report.anno_predefinito, report };
}

function yearReport(anno: number, fonte: string, comuni: { codice_istat: string; nome: string }[], current: Set<string>, scartati: number) {
  return {
    anno,
    fonte,
    comuni_con_valore: comuni.filter((c) => current.has(c.codice_istat)).length,
    codici_non_attuali: comuni.filter((c) => !current.has(c.codice_istat)).map((c) => ({ codice: c.codice_istat, nome: c.nome })),
    righe_non_comunali: scartati,
  };
}
