import type { IrpefComune, Pair } from '../../data-sources/mef-irpef-comunale.ts';

/** Sum of additive figures; null when any part is null (a suppressed cell makes the total unknown, never smaller). */
export function sumNullable(values: readonly (number | null)[]): number | null {
  let total = 0;
  for (const v of values) {
    if (v === null) return null;
    total += v;
  }
  return total;
}

function sumPairs(pairs: readonly (Pair | null)[]): Pair | null {
  if (pairs.some((p) => p === null)) return null;
  return {
    frequenza: sumNullable(pairs.map((p) => p!.frequenza)),
    ammontare: sumNullable(pairs.map((p) => p!.ammontare)),
  };
}

/**
 * MEF rows of the comuni that make up today's territory, summed: every count and amount
 * is additive; bracket bounds are not and are kept. Means and medians are recomputed
 * from the sums downstream, never averaged.
 */
export function sumIrpefRows(rows: IrpefComune[]): IrpefComune {
  const first = rows[0]!;
  const pair = (get: (r: IrpefComune) => Pair) => sumPairs(rows.map(get))!;
  const brackets = rows.map((r) => r.scaglioni);
  // Each field named: a parsed row keeps its figures behind getters, which a spread would not copy.
  return {
    codice_istat: first.codice_istat,
    codice_catastale: first.codice_catastale,
    nome: first.nome,
    sigla_provincia: first.sigla_provincia,
    regione: first.regione,
    contribuenti: sumNullable(rows.map((r) => r.contribuenti)),
    reddito_complessivo: sumPairs(rows.map((r) => r.reddito_complessivo)),
    reddito_imponibile: pair((r) => r.reddito_imponibile),
    imposta_netta: pair((r) => r.imposta_netta),
    addizionale_regionale: pair((r) => r.addizionale_regionale),
    addizionale_comunale: pair((r) => r.addizionale_comunale),
    trattamento_spettante: sumPairs(rows.map((r) => r.trattamento_spettante)),
    per_tipo: {
      fabbricati: pair((r) => r.per_tipo.fabbricati),
      lavoro_dipendente: pair((r) => r.per_tipo.lavoro_dipendente),
      pensione: pair((r) => r.per_tipo.pensione),
      lavoro_autonomo: sumPairs(rows.map((r) => r.per_tipo.lavoro_autonomo)),
      imprenditore_ordinaria: pair((r) => r.per_tipo.imprenditore_ordinaria),
      imprenditore_semplificata: pair((r) => r.per_tipo.imprenditore_semplificata),
      partecipazione: pair((r) => r.per_tipo.partecipazione),
    },
    scaglioni: brackets[0]!.map((s, i) => ({
      da: s.da,
      a: s.a,
      frequenza: sumNullable(brackets.map((b) => b[i]!.frequenza)),
      ammontare: sumNullable(brackets.map((b) => b[i]!.ammontare)),
    })),
  };
}
