/** The sicurezza table: crimes reported in the comune's province, one row per comune and year. */
import type { ComuneData, Dataset } from '../../join/dataset.ts';
import { defineTable, type Table } from '../dati-table.ts';
import { ANNO, CODICE, type Row } from './columns.ts';

export function sicurezzaTable(dataset: Dataset): Table {
  type SafetyYear = ComuneData['sicurezza']['serie_storica'][number];
  const rows: Row<SafetyYear>[] = dataset.comuni.flatMap((c) => c.sicurezza.serie_storica.map((y) => ({ c, y })));
  const missing = [
    ...new Set(
      dataset.comuni.filter((c) => c.sicurezza.serie_storica.length === 0).map((c) => c.sicurezza.sigla_provincia),
    ),
  ];
  return defineTable({
    name: 'sicurezza',
    title: 'Delitti denunciati per anno (dato provinciale)',
    description:
      "DATO PROVINCIALE: una riga per comune e anno con i delitti denunciati dalle forze di polizia all'autorità giudiziaria nella provincia del comune (ISTAT), uguali per tutti i comuni della provincia." +
      (missing.length > 0
        ? ` Nessuna riga per i comuni delle province senza corrispondenza certa nel file ISTAT (${missing.join(', ')}).`
        : ''),
    fonti: ['istat-delitti'],
    primaryKey: ['codice_istat', 'anno'],
    columns: [
      CODICE,
      ANNO('Anno dei delitti denunciati.'),
      {
        name: 'sigla_provincia',
        type: 'string',
        description: 'Provincia a cui si riferiscono i valori.',
        constraints: { required: true },
        value: (r) => r.c.sicurezza.sigla_provincia,
      },
      {
        name: 'delitti_provincia',
        type: 'integer',
        unit: 'delitti',
        description: 'Delitti denunciati nella provincia.',
        constraints: { minimum: 0 },
        value: (r) => r.y.delitti,
      },
      {
        name: 'popolazione_provincia',
        type: 'integer',
        unit: 'persone',
        description: 'Popolazione della provincia usata per il tasso (ISTAT).',
        constraints: { minimum: 0 },
        value: (r) => r.y.popolazione,
      },
      {
        name: 'delitti_per_1000_abitanti',
        type: 'number',
        unit: 'delitti ogni 1.000 abitanti',
        description: 'DERIVATO: delitti_provincia / popolazione_provincia × 1.000.',
        constraints: { minimum: 0 },
        value: (r) => r.y.delitti_per_1000_abitanti,
      },
    ],
    rows,
  });
}
