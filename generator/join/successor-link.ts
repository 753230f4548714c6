/** How a successor link was established (the archives have no successor column). */
export type LinkMethod = 'istituzione_stesso_giorno' | 'istituzione_e_bilancio' | 'confini_2019_2025' | 'bilancio';

export const METHOD_TEXT: Record<LinkMethod, string> = {
  istituzione_stesso_giorno:
    'Fusione: unico comune istituito il giorno dopo la cessazione nella stessa provincia (archivi ANPR e Garda Informatica), con popolazione (o contribuenti) pari alla somma dei cessati (scarto massimo 3%, o 5% se nessuna ripartizione regge al 3%).',
  istituzione_e_bilancio:
    "Fusione: più comuni istituiti (o cresciuti) il giorno dopo nella stessa provincia; ciascun comune cessato è attribuito all'unica ripartizione in cui la popolazione (o, prima del 2018, i contribuenti IRPEF MEF) dei cessati somma a quella di ogni nuovo comune, o alla crescita di ogni comune esistente (scarto massimo 3%, o 5% se nessuna ripartizione regge al 3%), e in cui reggono anche i contribuenti con redditi da lavoro dipendente, da pensione e con imposta netta (scarto massimo 10%).",
  confini_2019_2025:
    "Incorporazione: almeno l'80% dei punti interni del poligono 2019 del comune cessato (Openpolis) cade nel poligono 2025 del successore (ISTAT).",
  bilancio:
    "Incorporazione: il comune della stessa provincia la cui popolazione (o, prima del 2018, i contribuenti IRPEF MEF) cresce di quanto aveva il cessato, nell'unica ripartizione possibile (scarto massimo 3%, o 5% se nessuna ripartizione regge al 3%; gli altri conteggi MEF entro il 10%).",
};

export interface Verification {
  misura: 'popolazione' | 'contribuenti';
  /** Reference (date or tax year) of the last figure before the event and of the first after. */
  prima: string;
  dopo: string;
  /** Sum over the predecessors (and the successor, if it existed) before; the successor's figure after. */
  somma_prima: number;
  valore_dopo: number;
  scarto_percentuale: number;
  verificato: boolean;
}

export interface SuccessorLink {
  /** Cadastral code of the ceased comune. */
  predecessore: string;
  /** Cadastral code of the comune that took its territory (which may itself have ceased later). */
  successore: string;
  /** First day on which the successor includes the territory. */
  data_evento: string;
  evento: 'fusione' | 'incorporazione';
  metodo: LinkMethod;
  verifica: Verification | null;
}

export interface UnresolvedCessation {
  codice_catastale: string;
  nome: string;
  data_cessazione: string;
  motivo: string;
}
