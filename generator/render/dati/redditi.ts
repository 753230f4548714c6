/** The redditi table: IRPEF incomes, one row per comune and tax year, brackets and income types as columns. */
import { AvvisoAnno } from '../../../api/schemas/common.ts';
import type { RedditiAnno } from '../../../api/schemas/redditi.ts';
import { yearlyWarnings } from '../../derive/yearly-warnings.ts';
import type { Dataset } from '../../join/dataset.ts';
import type { IncomeYear } from '../../join/income-year.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { ANNO, CODICE, type Row } from './columns.ts';

const INCOME_TYPES: Record<string, string> = {
  fabbricati: 'Reddito da fabbricati',
  lavoro_dipendente: 'Reddito da lavoro dipendente e assimilati',
  pensione: 'Reddito da pensione',
  lavoro_autonomo: 'Reddito da lavoro autonomo',
  imprenditore_ordinaria: "Reddito di spettanza dell'imprenditore in contabilità ordinaria",
  imprenditore_semplificata: "Reddito di spettanza dell'imprenditore in contabilità semplificata",
  partecipazione: 'Reddito da partecipazione',
};

type Bracket = { da_euro: number | null; a_euro: number | null };

/** Column-name part of a bracket: "fino_a_0", "0_10000", …, "oltre_120000". */
function bracketKey(s: Bracket): string {
  if (s.da_euro === null) return `fino_a_${s.a_euro}`;
  if (s.a_euro === null) return `oltre_${s.da_euro}`;
  return `${s.da_euro}_${s.a_euro}`;
}

function bracketLabel(s: Bracket): string {
  if (s.da_euro === null) return `reddito complessivo minore o uguale a ${s.a_euro} euro`;
  if (s.a_euro === null) return `reddito complessivo oltre ${s.da_euro} euro`;
  return `reddito complessivo da ${s.da_euro} a ${s.a_euro} euro`;
}

/** Whether a year's brackets are the columns' (the same bounds in the same order: the same bracketKey each). */
function sameBrackets(year: readonly Bracket[], columns: readonly Bracket[]): boolean {
  return (
    year.length === columns.length &&
    year.every((s, i) => s.da_euro === columns[i]!.da_euro && s.a_euro === columns[i]!.a_euro)
  );
}

/** The first full year with brackets: its brackets and income types are the columns. */
function firstDetailedYear(rows: readonly Row<IncomeYear>[]): RedditiAnno | undefined {
  for (const r of rows) {
    const y = r.y.full();
    if (y.scaglioni) return y;
  }
  return undefined;
}

export function redditiTable(dataset: Dataset): Table {
  const rows: Row<IncomeYear>[] = dataset.comuni.flatMap((c) => c.redditi.map((y) => ({ c, y })));
  // The brackets and income types are the MEF's, the same in every year that has them.
  const sample = firstDetailedYear(rows);
  const brackets = sample?.scaglioni ?? [];
  const types = Object.keys(sample?.per_tipo ?? {});
  const described = new Set(types.filter((t) => INCOME_TYPES[t]));
  /** Each row's full year, checked against the columns as its line is written (~200,000 rows: no copy of it, no text made to compare). */
  const avvisi = yearlyWarnings(dataset, 'redditi');
  const view = ({ c, y: year }: Row<IncomeYear>): Row<RedditiAnno> => {
    // full() builds the year anew: its warnings are set on it rather than on a copy.
    const y = year.full();
    y.avvisi = avvisi(c.anagrafica.codice_istat, year.anno);
    if (y.scaglioni && !sameBrackets(y.scaglioni, brackets))
      throw new Error(`redditi ${c.anagrafica.codice_istat} ${y.anno}: scaglioni diversi da quelli degli altri anni`);
    const unknown = y.per_tipo ? Object.keys(y.per_tipo).filter((t) => !described.has(t)) : [];
    if (unknown.length > 0) throw new Error(`redditi: tipi di reddito senza descrizione: ${unknown.join(', ')}`);
    return { c, y };
  };
  type Pair = { frequenza: number | null; ammontare_euro: number | null };
  const pair = (
    name: string,
    what: string,
    get: (y: RedditiAnno) => Pair | null | undefined,
  ): Column<Row<RedditiAnno>>[] => [
    {
      name: `${name}_contribuenti`,
      type: 'integer',
      unit: 'contribuenti',
      description: `${what}: numero di contribuenti (frequenza MEF); vuoto se oscurato per riservatezza o non pubblicato per l'anno.`,
      constraints: { minimum: 0 },
      value: (r) => get(r.y)?.frequenza ?? null,
    },
    {
      name: `${name}_euro`,
      type: 'number',
      unit: 'euro',
      description: `${what}: ammontare in euro; vuoto se oscurato per riservatezza o non pubblicato per l'anno.`,
      value: (r) => get(r.y)?.ammontare_euro ?? null,
    },
  ];
  const years = dataset.anni.redditi;
  return defineTable({
    name: 'redditi',
    title: "Redditi IRPEF per anno d'imposta",
    description:
      `Una riga per comune e anno d'imposta (${years[0]}–${years[years.length - 1]}), dalle dichiarazioni IRPEF pubblicate dal MEF. Anno predefinito dell'API: ${dataset.predefiniti.redditi}. ` +
      "Gli 8 scaglioni di reddito complessivo e i redditi per tipo sono colonne; l'anno servito solo come sintesi (senza scaglioni) ha quelle celle vuote. Celle vuote = valori oscurati dal MEF per riservatezza o non pubblicati: mai 0.",
    fonti: [...new Set(rows.map((r) => r.y.fonte.fonte))].sort(),
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO("Anno d'imposta (redditi dell'anno, dichiarati l'anno successivo)."),
      {
        name: 'fonte',
        type: 'string',
        description: 'Identificativo della fonte della riga (metadati in /api/fonti/{fonte}).',
        constraints: { required: true },
        value: (r) => r.y.fonte.fonte,
      },
      {
        name: 'contribuenti',
        type: 'integer',
        unit: 'contribuenti',
        description: 'Numero di contribuenti IRPEF; vuoto se oscurato.',
        constraints: { minimum: 0 },
        value: (r) => r.y.contribuenti,
      },
      ...pair('reddito_complessivo', 'Reddito complessivo', (y) => y.reddito_complessivo),
      {
        name: 'reddito_complessivo_derivato_da_scaglioni',
        type: 'boolean',
        description:
          "true se il MEF non pubblica il totale per l'anno (prima del 2023) e il reddito complessivo è la somma degli 8 scaglioni (vuoto se uno è oscurato).",
        constraints: { required: true },
        value: (r) => r.y.reddito_complessivo.derivato_da_scaglioni,
      },
      {
        name: 'reddito_medio_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          "DERIVATO: reddito complessivo / contribuenti con reddito complessivo, arrotondato all'euro; vuoto dove il totale non è noto (prima del 2023, se uno scaglione è oscurato). Per confronti fra anni: reddito_imponibile_medio_euro.",
        value: (r) => r.y.reddito_medio_euro,
      },
      {
        name: 'reddito_medio_minimo_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'DERIVATO: limite inferiore certo del reddito complessivo medio dove il totale non è noto e sono oscurati solo scaglioni chiusi (nessuna stima puntuale; metodo in /api/metodologia#redditi); vuoto altrimenti.',
        value: (r) => r.y.reddito_medio_limiti_euro?.minimo ?? null,
      },
      {
        name: 'reddito_medio_massimo_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'DERIVATO: limite superiore certo del reddito complessivo medio, negli stessi casi di reddito_medio_minimo_euro.',
        value: (r) => r.y.reddito_medio_limiti_euro?.massimo ?? null,
      },
      {
        name: 'reddito_imponibile_medio_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          "DERIVATO: reddito imponibile / contribuenti con reddito imponibile, arrotondato all'euro. Pubblicato dal MEF senza oscuramenti per ogni comune e anno: la serie confrontabile fra anni (nel 2003–2006 l'imponibile escludeva la no tax area: vedi /api/metodologia#redditi).",
        value: (r) => r.y.reddito_imponibile_medio_euro,
      },
      {
        name: 'reddito_mediano_stimato_euro',
        type: 'number',
        unit: 'euro per contribuente',
        description:
          'STIMA: mediana interpolata linearmente nello scaglione che la contiene (il MEF non pubblica la mediana); vuoto quando scaglioni oscurati o uno scaglione aperto la rendono incerta. Metodo in /api/metodologia#redditi.',
        value: (r) => r.y.reddito_mediano_stimato_euro,
      },
      {
        name: 'avvisi',
        type: 'string',
        description: `Codici delle avvertenze sui valori della riga, separati da uno spazio (${AvvisoAnno.properties.codice.anyOf.map((s) => s.const).join(', ')}; descritti in \`avvisi\` di /api/redditi/{codice_istat}); vuoto se nessuna.`,
        value: (r) => r.y.avvisi?.map((a) => a.codice).join(' ') || null,
      },
      ...pair('reddito_imponibile', 'Reddito imponibile', (y) => y.reddito_imponibile),
      ...pair('imposta_netta', 'Imposta netta', (y) => y.imposta_netta),
      ...pair('addizionale_regionale', 'Addizionale regionale', (y) => y.addizionale_regionale),
      ...pair('addizionale_comunale', 'Addizionale comunale', (y) => y.addizionale_comunale),
      ...types.flatMap((t) => pair(`reddito_${t}`, INCOME_TYPES[t]!, (y) => y.per_tipo?.[t])),
      ...brackets.flatMap((s, i) =>
        pair(`scaglione_${bracketKey(s)}`, `Scaglione di ${bracketLabel(s)}`, (y) => y.scaglioni?.[i]),
      ),
    ],
    rows,
    view,
  });
}
