/** The comuni table: the registry, one row per current comune. */
import type { ComuneData, Dataset } from '../../join/dataset.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { CODICE } from './columns.ts';
import { ANNI, GRADI_URBANIZZAZIONE, ZONE_ALTIMETRICHE } from '../../../data-sources/istat-classificazioni-comuni.ts';

const legend = (labels: Record<number, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k} ${v.toLowerCase()}`)
    .join(', ');

export function comuniTable(dataset: Dataset): Table {
  const a = (r: { c: ComuneData }) => r.c.anagrafica;
  const klass = (r: { c: ComuneData }) => r.c.anagrafica.classificazione;
  const text = (
    name: string,
    description: string,
    value: (r: { c: ComuneData }) => string | null,
    required = false,
  ): Column<{ c: ComuneData }> => ({
    name,
    type: 'string',
    description,
    ...(required ? { constraints: { required: true } } : {}),
    value,
  });
  return defineTable({
    name: 'comuni',
    title: 'Anagrafica dei comuni',
    description: `I ${dataset.comuni.length} comuni attuali: denominazioni, provincia, regione, codici NUTS, CAP, coordinate, superficie e classificazioni ISTAT (zona altimetrica, altitudine, litoraneo, isolano, grado di urbanizzazione), contatti del municipio. Una riga per comune.`,
    fonti: ['gi-db-comuni', 'istat-elenco-comuni', 'istat-classificazioni-comuni', 'comuni-ita'],
    primaryKey: ['codice_istat'],
    foreignKeys: [],
    columns: [
      { ...CODICE, constraints: { ...CODICE.constraints, unique: true } },
      text('nome', 'Denominazione ufficiale in italiano.', (r) => a(r).nome, true),
      text(
        'nome_completo',
        'Denominazione ufficiale completa, bilingue dove previsto (es. Bolzano/Bozen).',
        (r) => a(r).nome_completo,
        true,
      ),
      text(
        'nome_altra_lingua',
        "Denominazione nell'altra lingua ufficiale; vuoto per i comuni monolingui.",
        (r) => a(r).nome_altra_lingua,
      ),
      {
        ...text('codice_catastale', 'Codice catastale (Belfiore).', (r) => a(r).codice_catastale),
        constraints: { required: true, pattern: '^[A-Z][0-9]{3}$' },
      },
      {
        name: 'capoluogo',
        type: 'boolean',
        description: 'true se capoluogo di provincia, città metropolitana o libero consorzio.',
        constraints: { required: true },
        value: (r) => a(r).capoluogo,
      },
      text('sigla_provincia', 'Sigla automobilistica della provincia.', (r) => a(r).provincia.sigla, true),
      text('provincia', 'Denominazione della provincia o città metropolitana.', (r) => a(r).provincia.nome, true),
      text(
        'codice_provincia',
        'Codice storico della provincia (prime 3 cifre del codice ISTAT).',
        (r) => a(r).provincia.codice,
        true,
      ),
      text('codice_uts', "Codice ISTAT dell'unità territoriale sovracomunale.", (r) => a(r).provincia.codice_uts, true),
      text(
        'tipologia_provincia',
        "Tipologia dell'unità sovracomunale (provincia, città metropolitana, libero consorzio…).",
        (r) => a(r).provincia.tipologia,
        true,
      ),
      text('codice_regione', 'Codice ISTAT della regione (2 cifre).', (r) => a(r).regione.codice, true),
      text('regione', 'Denominazione della regione.', (r) => a(r).regione.nome, true),
      text(
        'ripartizione',
        'Ripartizione geografica (Nord-ovest, Nord-est, Centro, Sud, Isole).',
        (r) => a(r).ripartizione,
        true,
      ),
      text('nuts1', 'Codice NUTS 1 (versione 2021).', (r) => a(r).nuts.nuts1, true),
      text('nuts2', 'Codice NUTS 2 (versione 2021).', (r) => a(r).nuts.nuts2, true),
      text(
        'nuts3',
        'Codice NUTS 3 (versione 2021); per i comuni istituiti dopo il 2023, quello della provincia.',
        (r) => a(r).nuts.nuts3,
        true,
      ),
      text(
        'nuts3_2010',
        "Codice NUTS 3 nella versione 2010; vuoto per i comuni istituiti dopo l'elenco ISTAT 2023.",
        (r) => a(r).nuts.nuts3_2010,
      ),
      {
        ...text('cap', 'Tutti i CAP del comune, separati da uno spazio.', (r) => a(r).cap.join(' ') || null),
        constraints: { pattern: '^[0-9]{5}( [0-9]{5})*$' },
      },
      {
        name: 'lat',
        type: 'number',
        unit: 'gradi decimali',
        description: 'Latitudine del comune (fonte Garda Informatica); vuoto se manca.',
        constraints: { minimum: 35, maximum: 48 },
        value: (r) => a(r).coordinate?.lat ?? null,
      },
      {
        name: 'lon',
        type: 'number',
        unit: 'gradi decimali',
        description: 'Longitudine del comune (fonte Garda Informatica); vuoto se manca.',
        constraints: { minimum: 6, maximum: 19 },
        value: (r) => a(r).coordinate?.lon ?? null,
      },
      {
        name: 'superficie_km2',
        type: 'number',
        unit: 'km²',
        description:
          'Superficie territoriale ufficiale ISTAT al 1° gennaio 2025 (Classificazioni statistiche dei comuni); dove la tabella ISTAT manca, quella del registro Garda Informatica (report/build-report.json, registro.superfici_dal_registro; le differenze tra le due in registro.superfici_confronto); vuoto se manca anche quella.',
        constraints: { minimum: 0 },
        value: (r) => a(r).superficie_km2,
      },
      {
        name: 'zona_altimetrica',
        type: 'integer',
        unit: 'codice',
        description: `Zona altimetrica ISTAT ${ANNI.zona_altimetrica}: ${legend(ZONE_ALTIMETRICHE)}; vuoto se non disponibile.`,
        constraints: { minimum: 1, maximum: 5 },
        value: (r) => klass(r)?.zona_altimetrica?.codice ?? null,
      },
      text(
        'zona_altimetrica_descrizione',
        'Etichetta della zona altimetrica (Legenda ISTAT).',
        (r) => klass(r)?.zona_altimetrica?.descrizione ?? null,
      ),
      {
        name: 'altitudine_centro_m',
        type: 'number',
        unit: 'metri s.l.m.',
        description: `Altitudine del centro (sede del municipio), ISTAT, rilevata al censimento ${ANNI.altitudine_centro_m}; vuoto se non disponibile.`,
        value: (r) => klass(r)?.altitudine_centro_m ?? null,
      },
      {
        name: 'litoraneo',
        type: 'boolean',
        description: `ISTAT ${ANNI.litoraneo}: true se almeno un tratto del confine è bagnato dal mare (i comuni lacuali no); vuoto se non disponibile.`,
        value: (r) => klass(r)?.litoraneo ?? null,
      },
      {
        name: 'isolano',
        type: 'boolean',
        description: `ISTAT ${ANNI.isolano}: true per i comuni delle isole minori marittime e lacuali; vuoto se non disponibile.`,
        value: (r) => klass(r)?.isolano ?? null,
      },
      {
        name: 'grado_urbanizzazione',
        type: 'integer',
        unit: 'codice',
        description: `Grado di urbanizzazione DEGURBA ${ANNI.grado_urbanizzazione} (Eurostat e ISTAT): ${legend(GRADI_URBANIZZAZIONE)}; vuoto se non disponibile.`,
        constraints: { minimum: 1, maximum: 3 },
        value: (r) => klass(r)?.grado_urbanizzazione?.codice ?? null,
      },
      text(
        'grado_urbanizzazione_descrizione',
        'Etichetta del grado di urbanizzazione (Legenda ISTAT).',
        (r) => klass(r)?.grado_urbanizzazione?.descrizione ?? null,
      ),
      text('prefisso', 'Prefisso telefonico (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.prefisso ?? null),
      text('email', 'Email del municipio (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.email ?? null),
      text(
        'pec',
        'Posta elettronica certificata del municipio (Comuni-ITA, da Wikidata).',
        (r) => a(r).contatti?.pec ?? null,
      ),
      text('telefono', 'Telefono del municipio (Comuni-ITA, da Wikidata).', (r) => a(r).contatti?.telefono ?? null),
    ],
    rows: dataset.comuni.map((c) => ({ c })),
  });
}
