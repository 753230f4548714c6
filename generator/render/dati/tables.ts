/**
 * The bulk dataset (public/dati/): one table per domain, keyed by codice_istat, long
 * tables with one row per year. Values are exactly those the API serves; what the API
 * has as null is an empty cell.
 */
import type { Dataset } from '../../join/dataset.ts';
import type { QualityResult } from '../../quality-index/index.ts';
import type { Table } from '../dati-table.ts';
import { ambienteTable } from './ambiente.ts';
import { ariaTable } from './aria.ts';
import { comuniTable } from './comuni.ts';
import { demografiaTable } from './demografia.ts';
import { qualitaTable } from './qualita-vita.ts';
import { raccordoTable } from './raccordo.ts';
import { redditiTable } from './redditi.ts';
import { serviziTable } from './servizi.ts';
import { sicurezzaTable } from './sicurezza.ts';

/** The tables of public/dati/, in the order of datapackage.json. */
export function datiTables(dataset: Dataset, quality: QualityResult): Table[] {
  return [
    comuniTable(dataset),
    demografiaTable(dataset),
    redditiTable(dataset),
    ambienteTable(dataset),
    ariaTable(dataset),
    serviziTable(dataset),
    sicurezzaTable(dataset),
    qualitaTable(dataset, quality),
    raccordoTable(dataset),
  ];
}
