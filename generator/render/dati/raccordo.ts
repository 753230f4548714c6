/** The raccordo table: every ISTAT code in use since 1991 with the current comune it maps to. */
import { defineTable, type Table } from '../dati-table.ts';
import type { Dataset } from '../../join/dataset.ts';
import { SOURCES } from '../../../data-sources/index.ts';
import { HISTORY_START } from '../../join/territorial-history.ts';
import type { RegistroIstat } from '../../join/successor-link.ts';

interface Row {
  codice_istat_storico: string;
  codice_catastale: string;
  nome: string;
  sigla_provincia: string;
  dal: string;
  al: string | null;
  codice_istat: string | null;
  relazione: 'stesso_territorio' | 'fusione' | 'incorporazione' | 'codice_2026';
  metodo: string | null;
  verificato: boolean | null;
  successore_istat: string | null;
  data_evento_istat: string | null;
  provvedimento_istat: string | null;
}

/** ISTAT's successor, date and act of a ceased comune's rows; empty for the rest. */
const istatColumns = (r: RegistroIstat | undefined) => ({
  successore_istat: r?.codice_istat_successore ?? null,
  data_evento_istat: r?.data ?? null,
  provvedimento_istat: r?.provvedimento ?? null,
});

/** Every ISTAT code in use since 1991 (and the 2026 Sardinian codes) with the current comune it maps to: the crosswalk as a table. */
export function raccordoTable(dataset: Dataset): Table {
  const t = dataset.territorio;
  const links = new Map(t.links.map((l) => [l.predecessore, l]));
  const rows: Row[] = [];
  for (const [belfiore, periods] of [...t.crosswalk.history].sort(([a], [b]) => a.localeCompare(b))) {
    const ownCurrent = t.crosswalk.currentByBelfiore.get(belfiore) ?? null;
    const link = links.get(belfiore);
    if (!ownCurrent && !link) continue;
    for (const p of periods) {
      if (p.fine !== null && p.fine < HISTORY_START) continue;
      rows.push({
        codice_istat_storico: p.codice_istat,
        codice_catastale: belfiore,
        nome: p.nome,
        sigla_provincia: p.sigla_provincia,
        dal: p.inizio,
        al: p.fine,
        codice_istat: ownCurrent ?? t.crosswalk.currentOf(belfiore),
        relazione: ownCurrent ? 'stesso_territorio' : link!.evento,
        metodo: ownCurrent ? null : link!.metodo,
        verificato: ownCurrent ? null : (link!.verifica?.verificato ?? false),
        ...istatColumns(ownCurrent ? undefined : link!.registro_istat),
      });
    }
  }
  for (const [codice, s] of [...t.codici2026].sort(([a], [b]) => a.localeCompare(b))) {
    const c = dataset.comuni.find((x) => x.anagrafica.codice_istat === codice)!.anagrafica;
    rows.push({
      codice_istat_storico: s.codice_2026,
      codice_catastale: c.codice_catastale,
      nome: s.nome,
      sigla_provincia: s.provincia_2026.codice,
      dal: '2026-01-01',
      al: null,
      codice_istat: codice,
      relazione: 'codice_2026',
      metodo: null,
      verificato: null,
      ...istatColumns(undefined),
    });
  }
  return defineTable<Row>({
    name: 'raccordo-codici',
    title: 'Raccordo dei codici ISTAT dal 1991 ai comuni attuali',
    description:
      "Ogni codice ISTAT usato dal 1991 (periodo di validità, codice catastale, nome di allora) con il comune attuale (confini 2025) che ne comprende il territorio: stesso territorio con un altro codice (ricodifiche, cambi di provincia), comune cessato per fusione o incorporazione (con il metodo con cui è stato individuato il successore e l'esito della verifica), o codice sardo del 1° gennaio 2026. È la tabella con cui l'API riporta ai confini attuali i dati delle fonti.",
    fonti: [SOURCES.variazioni.meta.id, SOURCES.archivio.meta.id, SOURCES.gi.meta.id, SOURCES.sardegna2026.meta.id],
    primaryKey: ['codice_istat_storico', 'dal'],
    columns: [
      {
        name: 'codice_istat_storico',
        type: 'string',
        description: 'Codice ISTAT usato nel periodo (6 cifre, leggerlo come testo).',
        constraints: { required: true, pattern: '^[0-9]{6}$' },
        value: (r) => r.codice_istat_storico,
      },
      {
        name: 'codice_catastale',
        type: 'string',
        description: 'Codice catastale (Belfiore) del territorio, stabile nelle ricodifiche.',
        constraints: { required: true, pattern: '^[A-Z][0-9]{3}$' },
        value: (r) => r.codice_catastale,
      },
      {
        name: 'nome',
        type: 'string',
        description: 'Denominazione nel periodo (archivi storici, in maiuscolo; ISTAT per i codici 2026).',
        constraints: { required: true },
        value: (r) => r.nome,
      },
      {
        name: 'sigla_provincia',
        type: 'string',
        description: 'Sigla della provincia nel periodo (per i codici 2026: codice della nuova provincia).',
        value: (r) => r.sigla_provincia,
      },
      {
        name: 'dal',
        type: 'string',
        description: 'Primo giorno di validità (AAAA-MM-GG).',
        constraints: { required: true, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        value: (r) => r.dal,
      },
      {
        name: 'al',
        type: 'string',
        description: 'Ultimo giorno di validità; vuoto se in vigore.',
        constraints: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        value: (r) => r.al,
      },
      {
        name: 'codice_istat',
        type: 'string',
        description:
          'Comune attuale che comprende il territorio (per un comune cessato: il successore del registro ISTAT, seguito lungo le catene).',
        constraints: { pattern: '^[0-9]{6}$' },
        value: (r) => r.codice_istat,
      },
      {
        name: 'relazione',
        type: 'string',
        description: 'stesso_territorio, fusione, incorporazione o codice_2026.',
        constraints: { required: true, enum: ['stesso_territorio', 'fusione', 'incorporazione', 'codice_2026'] },
        value: (r) => r.relazione,
      },
      {
        name: 'metodo',
        type: 'string',
        description:
          'Per fusioni e incorporazioni: come è stato individuato il successore (descrizione in /api/metodologia e nel rapporto di build).',
        value: (r) => r.metodo,
      },
      {
        name: 'verificato',
        type: 'boolean',
        description:
          'Per fusioni e incorporazioni: esito della verifica su popolazione o contribuenti (scarto entro il 5%).',
        value: (r) => r.verificato,
      },
      {
        name: 'successore_istat',
        type: 'string',
        description:
          "Per fusioni e incorporazioni: codice ISTAT del successore alla data dell'estinzione, come lo registra ISTAT (variazioni amministrative dal 1991); il comune attuale è in codice_istat.",
        constraints: { pattern: '^[0-9]{6}$' },
        value: (r) => r.successore_istat,
      },
      {
        name: 'data_evento_istat',
        type: 'string',
        description:
          "Per fusioni e incorporazioni: data dell'estinzione secondo ISTAT (può differire di giorni da `al` + 1 degli archivi).",
        constraints: { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
        value: (r) => r.data_evento_istat,
      },
      {
        name: 'provvedimento_istat',
        type: 'string',
        description:
          "Per fusioni e incorporazioni: l'atto che dispone la variazione (legge regionale, B.U.R.), come lo registra ISTAT.",
        value: (r) => r.provvedimento_istat,
      },
    ],
    rows,
  });
}
