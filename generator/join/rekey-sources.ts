import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import type { IrpefComune, IrpefYear } from '../../data-sources/mef-irpef-comunale.ts';
import type { TerritorioDato } from '../../api/schemas/territorio.ts';
import { rekeyRows, territoryDate, type Crosswalk, type RekeyedValue, type RekeyReport } from './crosswalk.ts';
import { sumIrpefRows, sumNullable } from './sum-rows.ts';

/**
 * What a yearly figure says about the rows it comes from; undefined when the source used
 * today's code for today's territory. A value with an `avviso` (its territory may lack a
 * comune absorbed later) is never called the same territory.
 */
export function territorioDato(codice: string, r: RekeyedValue<unknown> | undefined): TerritorioDato | undefined {
  const sameCode = r?.parti[0]!.codice_istat === codice;
  if (!r || (!r.ricostruito && sameCode && !r.avviso)) return undefined;
  const list = r.parti.map((p) => `${p.nome} (${p.codice_istat})`).join(' + ');
  const nota = r.ricostruito
    ? `Ricostruito a confini attuali: ${list}.`
    : sameCode
      ? null
      : `${r.avviso ? 'Riportato' : 'Stesso territorio, riportato'} dalla fonte con il codice di allora: ${list}.`;
  return {
    ricostruito_a_confini_attuali: r.ricostruito,
    nota: [nota, r.avviso].filter(Boolean).join(' '),
    parti: r.parti,
  };
}

/** The `territorio` field of a yearly figure, present only when the source keyed it otherwise than today. */
export function territoryOf(lookup: TerritoryLookup | undefined, anno: number, codice: string) {
  const t = lookup?.(anno, codice);
  return t ? { territorio: t } : {};
}

/** Figures per (year, current code) keyed the way the joins look them up. */
export type TerritoryLookup = (anno: number, codice: string) => TerritorioDato | undefined;

function lookup(byYear: Map<number, Map<string, RekeyedValue<unknown>>>): TerritoryLookup {
  return (anno, codice) => territorioDato(codice, byYear.get(anno)?.get(codice));
}

/** Population counts (additive, by sex where the point has it) onto today's comuni: one point per year, as the demographics join reads them. */
export function rekeyPopulation(cw: Crosswalk, points: PopulationPoint[]) {
  const byYear = new Map<number, Map<string, RekeyedValue<unknown>>>();
  const reports: (RekeyReport & { anno: number; fonte_data: string })[] = [];
  const out = points.map((point) => {
    const rows = [...point.valori].map(([codice_istat, totale]) => ({
      codice_istat,
      value: {
        totale,
        maschi: point.sesso?.maschi.get(codice_istat) ?? null,
        femmine: point.sesso?.femmine.get(codice_istat) ?? null,
      },
    }));
    const { valori, report } = rekeyRows(cw, rows, territoryDate(point.data_riferimento), (v) => ({
      totale: sumNullable(v.map((x) => x.totale))!,
      // A part without the split leaves the sum without it (never a split of fewer parts than the total).
      maschi: sumNullable(v.map((x) => x.maschi)),
      femmine: sumNullable(v.map((x) => x.femmine)),
    }));
    byYear.set(point.anno, valori);
    reports.push({ anno: point.anno, fonte_data: point.data_riferimento, ...report });
    const nomi = new Map(
      [...valori.keys()].map((c) => [
        c,
        point.nomi.get(c) ??
          valori
            .get(c)!
            .parti.map((p) => p.nome)
            .join(' + '),
      ]),
    );
    const withSex = [...valori].filter(([, r]) => r.value.maschi !== null && r.value.femmine !== null);
    return {
      ...point,
      valori: new Map([...valori].map(([c, r]) => [c, r.value.totale])),
      nomi,
      ...(point.sesso && {
        sesso: {
          maschi: new Map(withSex.map(([c, r]) => [c, r.value.maschi!])),
          femmine: new Map(withSex.map(([c, r]) => [c, r.value.femmine!])),
        },
      }),
    };
  });
  return { points: out, territorio: lookup(byYear), reports };
}

/**
 * MEF years onto today's comuni, through the cadastral code on every row. Tax year Y
 * lists comuni as of 1 January Y+1 (checked on mergers: a comune merged on 1 January
 * Y+1 is already gone from year Y's file), so that is its territorial date.
 */
export function rekeyIrpef(cw: Crosswalk, years: IrpefYear[]) {
  const byYear = new Map<number, Map<string, RekeyedValue<IrpefComune>>>();
  const reports: (RekeyReport & { anno: number })[] = [];
  for (const y of years) {
    const rows = y.comuni.map((c) => ({
      codice_istat: c.codice_istat,
      codice_catastale: c.codice_catastale,
      value: c,
    }));
    const { valori, report } = rekeyRows(cw, rows, `${y.anno + 1}-01-01`, sumIrpefRows);
    byYear.set(y.anno, valori);
    reports.push({ anno: y.anno, ...report });
  }
  /**
   * One year's rows keyed by today's code (a row keeps the code its file gave it); `notCurrent` are
   * the rows that reached no current comune (reported by the join).
   */
  const attach = (y: IrpefYear) => {
    const attached = new Map<string, IrpefComune>();
    const used = new Set<string>();
    for (const [codice, r] of byYear.get(y.anno)!) {
      attached.set(codice, r.value);
      for (const p of r.parti) used.add(p.codice_catastale);
    }
    return { attached, notCurrent: y.comuni.filter((c) => !used.has(c.codice_catastale)) };
  };
  return { attach, territorio: lookup(byYear as Map<number, Map<string, RekeyedValue<unknown>>>), reports };
}

/** A non-additive per-comune table (indicators, classes) onto today's comuni: kept only where the territory is the same. */
export function rekeyTable<V>(cw: Crosswalk, table: Map<string, V>, date: string) {
  const { valori, report } = rekeyRows(
    cw,
    [...table].map(([codice_istat, value]) => ({ codice_istat, value })),
    date,
    null,
  );
  return { table: new Map([...valori].map(([c, r]) => [c, r.value])), report };
}
