/** The aria table: the annual air-quality series, one row per comune and year with a value. */
import type { Inquinante } from '../../../api/schemas/ambiente.ts';
import type { Dataset } from '../../join/dataset.ts';
import { POLLUTANTS, type Pollutant } from '../../join/join-environment.ts';
import { defineTable, type Table } from '../dati-table.ts';
import { airColumns, pollutants, POLLUTANT_NAMES } from './air-columns.ts';
import { ANNO, CODICE, type Row } from './columns.ts';

export function ariaTable(dataset: Dataset): Table {
  type AirYear = { anno: number; values: Partial<Record<Pollutant, Inquinante['serie_storica'][number]>> };
  const rows: Row<AirYear>[] = dataset.comuni.flatMap((c) => {
    const years = [...new Set(POLLUTANTS.flatMap((p) => c.ambiente.aria[p].serie_storica.map((s) => s.anno)))].sort(
      (a, b) => a - b,
    );
    return years.map((anno) => ({
      c,
      y: {
        anno,
        values: Object.fromEntries(
          POLLUTANTS.map((p) => [p, c.ambiente.aria[p].serie_storica.find((s) => s.anno === anno)]),
        ),
      },
    }));
  });
  const { measured, note } = pollutants(dataset);
  return defineTable({
    name: 'aria',
    title: "Qualità dell'aria per anno",
    description:
      `Una riga per comune e anno in cui almeno un inquinante ha un valore: medie annue attribuite con la stessa regola dell'API (stazioni nel comune, altrimenti la stazione valida più vicina entro 10 km). ${note}`.trim(),
    fonti: ['ispra-aria'],
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO('Anno delle medie annue.'),
      ...measured.flatMap((p) => [
        ...airColumns<Row<AirYear>>(p, (r) => r.y.values[p]),
        {
          name: `${p}_numero_stazioni`,
          type: 'integer' as const,
          unit: 'stazioni',
          description: `Numero di stazioni usate per ${POLLUTANT_NAMES[p]}.`,
          constraints: { minimum: 1 },
          value: (r: Row<AirYear>) => r.y.values[p]?.numero_stazioni ?? null,
        },
      ]),
    ],
    rows,
  });
}
