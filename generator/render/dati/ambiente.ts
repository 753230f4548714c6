/** The ambiente table: air quality of the default year and land consumption, one row per comune. */
import type { ComuneData, Dataset } from '../../join/dataset.ts';
import type { Pollutant } from '../../join/join-environment.ts';
import { defineTable, type Column, type Table } from '../dati-table.ts';
import { airColumns, pollutants, POLLUTANT_NAMES } from './air-columns.ts';
import { CODICE } from './columns.ts';

export function ambienteTable(dataset: Dataset): Table {
  const rows = dataset.comuni.map((c) => ({ c }));
  const stations = (p: Pollutant): Column<{ c: ComuneData }>[] => [
    {
      name: `${p}_stazioni`,
      type: 'string',
      description: `Codici delle stazioni ISPRA usate per ${POLLUTANT_NAMES[p]}, separati da uno spazio.`,
      value: (r) => r.c.ambiente.aria[p].stazioni.map((s) => s.codice).join(' ') || null,
    },
    {
      name: `${p}_distanza_km`,
      type: 'number',
      unit: 'km',
      description: `Distanza dalla stazione più vicina usata per ${POLLUTANT_NAMES[p]} (solo con metodo stazione_piu_vicina).`,
      constraints: { minimum: 0 },
      value: (r) => {
        const d = r.c.ambiente.aria[p].stazioni.map((s) => s.distanza_km).filter((x): x is number => x !== null);
        return d.length > 0 ? Math.min(...d) : null;
      },
    },
  ];
  const prov = (r: { c: ComuneData }) => r.c.ambiente.suolo.provincia;
  const local = (r: { c: ComuneData }) => r.c.ambiente.suolo.comune;
  const sample = dataset.comuni.find((c) => c.ambiente.suolo.comune)?.ambiente.suolo.comune;
  const lastPeriod = sample?.variazione_netta_ultimo_anno.periodo ?? '';
  const sincePeriod = sample?.variazione_netta_dal_2006.periodo ?? '';
  const { measured, note } = pollutants(dataset);
  return defineTable({
    name: 'ambiente',
    title: "Qualità dell'aria e consumo di suolo",
    description:
      `Una riga per comune: qualità dell'aria dell'anno ${dataset.predefiniti.aria} (la serie completa è in aria.csv), consumo di suolo del comune e della provincia (${dataset.predefiniti.suolo}, ISPRA) con le variazioni nette, e come indicatore più vecchio il suolo consumato pro capite del comune (ISPRA 2015 tramite Urban Index). ${note}`.trim(),
    fonti: ['ispra-aria', 'ispra-consumo-suolo-comuni', 'ispra-suolo', 'dipe-urban-index'],
    primaryKey: ['codice_istat'],
    columns: [
      CODICE,
      {
        name: 'anno_aria',
        type: 'year',
        description: "Anno dei valori di qualità dell'aria.",
        value: () => dataset.anni.aria,
      },
      ...measured.flatMap((p) => [...airColumns<{ c: ComuneData }>(p, (r) => r.c.ambiente.aria[p]), ...stations(p)]),
      {
        name: 'suolo_anno_provincia',
        type: 'year',
        description: 'Anno del consumo di suolo provinciale.',
        value: (r) => prov(r)?.anno ?? null,
      },
      {
        name: 'suolo_consumato_ettari_provincia',
        type: 'number',
        unit: 'ettari',
        description:
          'DATO PROVINCIALE: suolo consumato nella provincia del comune (ISPRA/SNPA), uguale per tutti i comuni della provincia.',
        constraints: { minimum: 0 },
        value: (r) => prov(r)?.suolo_consumato_ettari ?? null,
      },
      {
        name: 'suolo_consumato_percentuale_provincia',
        type: 'number',
        unit: '% della superficie provinciale',
        description: 'DATO PROVINCIALE: suolo consumato in percentuale della superficie della provincia.',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => prov(r)?.suolo_consumato_percentuale ?? null,
      },
      {
        name: 'suolo_anno',
        type: 'year',
        description: 'Anno del consumo di suolo del comune.',
        value: (r) => local(r)?.anno ?? null,
      },
      {
        name: 'suolo_consumato_ettari',
        type: 'number',
        unit: 'ettari',
        description: 'Suolo consumato nel comune (ISPRA/SNPA); vuoto se il comune manca nel file comunale.',
        constraints: { minimum: 0 },
        value: (r) => local(r)?.suolo_consumato_ettari ?? null,
      },
      {
        name: 'suolo_consumato_percentuale',
        type: 'number',
        unit: '% della superficie comunale',
        description: 'Suolo consumato in percentuale della superficie del comune (ISPRA/SNPA, a 0,01).',
        constraints: { minimum: 0, maximum: 100 },
        value: (r) => local(r)?.suolo_consumato_percentuale ?? null,
      },
      {
        name: 'suolo_variazione_netta_ultimo_anno_ettari',
        type: 'number',
        unit: 'ettari',
        description: `Incremento netto del suolo consumato nell'ultimo periodo ISPRA (${lastPeriod}); negativo se è prevalso il ripristino.`,
        value: (r) => local(r)?.variazione_netta_ultimo_anno.ettari ?? null,
      },
      {
        name: 'suolo_variazione_netta_dal_2006_ettari',
        type: 'number',
        unit: 'ettari',
        description: `DERIVATO: somma degli incrementi netti ISPRA dei periodi ${sincePeriod}, a 0,01 ha.`,
        value: (r) => local(r)?.variazione_netta_dal_2006.ettari ?? null,
      },
      {
        name: 'suolo_consumato_m2_per_abitante_2015',
        type: 'number',
        unit: 'm² per abitante',
        description:
          'Indicatore più vecchio: suolo consumato per abitante nel comune, ISPRA 2015 (via Urban Index DIPE); vuoto per i comuni istituiti o ricodificati dopo il 2015.',
        constraints: { minimum: 0 },
        value: (r) => r.c.ambiente.suolo.pro_capite_2015?.suolo_consumato_m2_per_abitante ?? null,
      },
    ],
    rows,
  });
}
