/** The columns and row shape the per-domain tables share: the comune's code and the year of a long table. */
import type { ComuneData } from '../../join/dataset.ts';
import type { Column } from '../dati-table.ts';

/** A row of a long table: the comune and one year of its series. */
export type Row<T> = { c: ComuneData; y: T };

export const CODICE: Column<{ c: ComuneData }> = {
  name: 'codice_istat',
  type: 'string',
  description: 'Codice ISTAT del comune, 6 cifre con gli zeri iniziali (leggerlo come testo).',
  constraints: { required: true, pattern: '^[0-9]{6}$' },
  value: (r) => r.c.anagrafica.codice_istat,
};

export const ANNO = (description: string): Column<{ y: { anno: number } }> => ({
  name: 'anno',
  type: 'year',
  description,
  constraints: { required: true },
  value: (r) => r.y.anno,
});
