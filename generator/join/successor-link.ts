/** How a successor link was established: ISTAT's record, or (its independent cross-check) inference from the archives and figures. */
export type LinkMethod =
  'registro_istat' | 'istituzione_stesso_giorno' | 'istituzione_e_bilancio' | 'confini_2019_2025' | 'bilancio';

export const METHOD_TEXT: Record<LinkMethod, string> = {
  registro_istat:
    "Registro ISTAT delle variazioni amministrative dal 1991 (SITUAS, confrontato con il file ufficiale): l'estinzione (ES) nomina il comune in cui il cessato è confluito, con la data e il provvedimento. L'inferenza da popolazione, contribuenti e confini resta come controllo indipendente (esito e verifica).",
  istituzione_stesso_giorno:
    'Fusione: unico comune istituito il giorno dopo la cessazione nella stessa provincia (archivi ANPR e Garda Informatica), con popolazione (o contribuenti) pari alla somma dei cessati (scarto massimo 3%, o 5% se nessuna ripartizione regge al 3%).',
  istituzione_e_bilancio:
    "Fusione: più comuni istituiti (o cresciuti) il giorno dopo nella stessa provincia; ciascun comune cessato è attribuito all'unica ripartizione in cui la popolazione (o, prima del 2018, i contribuenti IRPEF MEF) dei cessati somma a quella di ogni nuovo comune, o alla crescita di ogni comune esistente (scarto massimo 3%, o 5% se nessuna ripartizione regge al 3%), e in cui reggono anche i contribuenti con redditi da lavoro dipendente, da pensione e con imposta netta (scarto massimo 10%).",
  confini_2019_2025:
    "Incorporazione (o fusione in più comuni nuovi che il bilancio non distingue): almeno l'80% dei punti interni del poligono 2019 del comune cessato (Openpolis) cade nel poligono 2025 del successore (ISTAT).",
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
  /** The same check on the MEF tax years one further out on each side, where the first could not run or failed. */
  verifica_secondo_metodo: Verification | null;
  esito: LinkOutcome;
  /** Why the link is not simply `verificato`: the figures, or the missing data. */
  motivo_esito: string | null;
  /** ISTAT's record of the extinction (date, codes of that day, legal act); absent on a link only inferred. */
  registro_istat?: RegistroIstat;
}

/**
 * Outcome of a link's checks. Only the first two move data; `non_verificabile` has no
 * figure before the event (comuni ceased before 2000), `non_verificato` has figures that
 * do not agree.
 */
export type LinkOutcome =
  'verificato' | 'verificato_secondo_metodo' | 'non_verificabile' | 'non_verificato' | 'non_dedotto';

export const OUTCOME_TEXT: Record<LinkOutcome, string> = {
  verificato:
    "Popolazione (o contribuenti MEF) dei comuni d'origine prima dell'evento e del successore dopo concordano entro il 5%.",
  verificato_secondo_metodo:
    "Il primo controllo non può essere fatto o supera il 5%; i contribuenti MEF dell'anno d'imposta precedente l'ultimo dei comuni d'origine e del secondo anno del successore concordano entro il 5%.",
  non_verificabile:
    'Nessun dato prima del 2000 (i contribuenti MEF partono dall’anno d’imposta 2000, la popolazione ISTAT dal 2018): il collegamento viene dagli archivi ma non si può controllare; non sposta dati.',
  non_verificato:
    'Le cifre prima e dopo l’evento non concordano con nessun controllo: un collegamento solo dedotto non sposta dati.',
  non_dedotto:
    "L'inferenza dai dati non individua questo successore (fusioni dello stesso giorno che le cifre non distinguono, o un altro candidato): vale il registro ISTAT.",
};

/** ISTAT's record, or an inferred link its figures check, moves a ceased comune's figures into its successor. */
export const movesData = (l: Pick<SuccessorLink, 'esito' | 'registro_istat'>) =>
  l.registro_istat !== undefined || l.esito === 'verificato' || l.esito === 'verificato_secondo_metodo';

export interface UnresolvedCessation {
  codice_catastale: string;
  nome: string;
  data_cessazione: string;
  /** No figures to balance (before 2000), no comune that could have taken it, or figures that balance no way or several. */
  categoria: 'dati_mancanti' | 'nessun_candidato' | 'nessuna_ripartizione_univoca';
  motivo: string;
  /** Cadastral codes of the comuni that may have taken its territory (the new ones of the day and those that grew); empty when unknown. */
  possibili_successori: string[];
}

/** ISTAT's record of one extinction, as a link carries it. */
export interface RegistroIstat {
  data: string;
  codice_istat_comune: string;
  codice_istat_successore: string;
  nome_successore: string;
  provvedimento: string;
  contenuto: string;
}
