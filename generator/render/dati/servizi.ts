/** The servizi table: Aree Interne class, Urban Index service indicators and hospital travel time, one row per comune. */
import type { ComuneData, Dataset } from '../../join/dataset.ts';
import { SERVICE_INDICATORS } from '../../join/join-services.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { CODICE } from './columns.ts';
import { LIVELLI } from '../../../data-sources/mim-scuole-statali.ts';

const CLASSI_AREE_INTERNE = ['A', 'B', 'C', 'D', 'E', 'F'];
const SCHOOL_LEVEL_NAMES = {
  totale: 'di ogni livello',
  infanzia: "dell'infanzia",
  primaria: 'primarie',
  secondaria_primo_grado: 'secondarie di primo grado',
  secondaria_secondo_grado: 'secondarie di secondo grado',
} as const;

export function serviziTable(dataset: Dataset): Table {
  const ai = (r: { c: ComuneData }) => r.c.servizi.aree_interne;
  const h = (r: { c: ComuneData }) => r.c.servizi.ospedale;
  const classe = (
    name: string,
    description: string,
    value: (r: { c: ComuneData }) => string | null,
  ): Column<{ c: ComuneData }> => ({
    name,
    type: 'string',
    description,
    constraints: { enum: CLASSI_AREE_INTERNE },
    value,
  });
  const hospitalYear = dataset.comuni.find((c) => c.servizi.ospedale)?.servizi.ospedale?.anno;
  return defineTable({
    name: 'servizi',
    title: 'Servizi',
    description: `Una riga per comune: classificazione Aree Interne (ISTAT/NUVAP 2020), indicatori di servizio dell'Urban Index (DIPE, anni diversi per indicatore) tempo di guida verso l'ospedale più vicino (dato provinciale, Eurostat GISCO${hospitalYear ? ` ${hospitalYear}` : ''}), scuole statali per livello (MIM 2025/26) e famiglie raggiunte dalla fibra fino a casa (AGCOM, 2026).`,
    fonti: ['istat-aree-interne', 'dipe-urban-index', 'gisco-ospedali', 'mim-scuole-statali', 'agcom-copertura-ftth'],
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      classe(
        'aree_interne_classe_2020',
        'Classe della Mappa Aree Interne 2020: A polo, B polo intercomunale, C cintura, D intermedio, E periferico, F ultraperiferico; vuoto per i comuni istituiti dopo il 30 settembre 2020.',
        (r) => ai(r)?.classe_2020 ?? null,
      ),
      {
        name: 'aree_interne_descrizione_2020',
        type: 'string',
        description: 'Descrizione della classe 2020.',
        value: (r) => ai(r)?.descrizione_2020 ?? null,
      },
      {
        name: 'tempo_polo_minuti',
        type: 'number',
        unit: 'minuti',
        description:
          'Tempo medio di percorrenza stradale verso il polo di servizi più vicino (0 per i poli), Aree Interne 2020.',
        constraints: { minimum: 0 },
        value: (r) => ai(r)?.tempo_polo_minuti ?? null,
      },
      {
        name: 'polo_destinazione',
        type: 'string',
        description: 'Polo di servizi di riferimento (Aree Interne 2020).',
        value: (r) => ai(r)?.polo_destinazione ?? null,
      },
      classe(
        'aree_interne_classe_2021_2027',
        'Classe Aree Interne del ciclo di programmazione 2021–2027.',
        (r) => ai(r)?.classe_2021_2027 ?? null,
      ),
      {
        name: 'aree_interne_descrizione_2021_2027',
        type: 'string',
        description: 'Descrizione della classe 2021–2027.',
        value: (r) => ai(r)?.descrizione_2021_2027 ?? null,
      },
      ...SERVICE_INDICATORS.map((u, i): Column<{ c: ComuneData }> => ({
        name: u.campo,
        type: 'number',
        unit: u.unita,
        description: `${u.titolo}, anno ${u.anno} (Urban Index DIPE). ${u.nota} Vuoto per i comuni che non esistono con questo codice nei confini 2011–2015.`,
        constraints: { minimum: 0 },
        value: (r) => r.c.servizi.urban_index[i]?.valore ?? null,
      })),
      {
        name: 'ospedale_tempo_medio_minuti_provincia',
        type: 'number',
        unit: 'minuti',
        description:
          "DATO PROVINCIALE: tempo medio di guida verso l'ospedale più vicino, media della provincia ponderata per popolazione (Eurostat GISCO).",
        constraints: { minimum: 0 },
        value: (r) => h(r)?.tempo_medio_minuti ?? null,
      },
      {
        name: 'ospedale_tempo_mediano_minuti_provincia',
        type: 'number',
        unit: 'minuti',
        description:
          "DATO PROVINCIALE: tempo mediano di guida verso l'ospedale più vicino per la popolazione della provincia (Eurostat GISCO).",
        constraints: { minimum: 0 },
        value: (r) => h(r)?.tempo_mediano_minuti ?? null,
      },
      ...(['totale', ...LIVELLI] as const).flatMap((l): Column<{ c: ComuneData }>[] => [
        {
          name: `scuole_${l}`,
          type: 'integer',
          unit: 'scuole',
          description: `Scuole statali ${SCHOOL_LEVEL_NAMES[l]} nel comune, anagrafe MIM 2025/26; vuoto per Valle d'Aosta e Trentino-Alto Adige (non comprese nell'anagrafe statale: nessun valore, non zero).`,
          constraints: { minimum: 0 },
          value: (r) => r.c.servizi.scuole?.[l].numero ?? null,
        },
        {
          name: `scuole_${l}_per_1000_abitanti`,
          type: 'number',
          unit: 'scuole ogni 1.000 abitanti',
          description: `DERIVATO: scuole_${l} / popolazione ufficiale ISTAT (anno predefinito) × 1.000, a 0,001.`,
          constraints: { minimum: 0 },
          value: (r) => r.c.servizi.scuole?.[l].per_1000_abitanti ?? null,
        },
      ]),
      {
        name: 'famiglie_residenti_agcom',
        type: 'number',
        unit: 'famiglie',
        description:
          'Famiglie residenti stimate da AGCOM ("calcolato"), Broadband Map 2026 (primo semestre), a 0,1; vuoto se il comune non è nel file.',
        constraints: { minimum: 0 },
        value: (r) => r.c.servizi.fibra_ftth?.famiglie_residenti ?? null,
      },
      {
        name: 'famiglie_raggiunte_ftth',
        type: 'number',
        unit: 'famiglie',
        description:
          'Famiglie raggiunte dalla fibra fino a casa (FTTH) stimate da AGCOM ("calcolato"), 2026 (primo semestre), a 0,1.',
        constraints: { minimum: 0 },
        value: (r) => r.c.servizi.fibra_ftth?.famiglie_raggiunte ?? null,
      },
      {
        name: 'famiglie_ftth_percentuale',
        type: 'number',
        unit: '% delle famiglie',
        description:
          'Famiglie raggiunte FTTH / famiglie residenti, come pubblicata da AGCOM ("Copertura FTTH DESI"), in %, a 0,01.',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => r.c.servizi.fibra_ftth?.quota_famiglie_percentuale ?? null,
      },
    ],
    rows: dataset.comuni.map((c) => ({ c })),
  });
}
