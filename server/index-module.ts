import { pathToFileURL } from 'node:url';
import type { IndexData } from '../api/runtime-index.ts';

/** What a build's index module exports (generator/write/write-edge-index.ts). */
interface IndexModule {
  default: IndexData['index'];
  laterParts: IndexData['laterParts'];
  incomeRankings: IndexData['incomeRankings'];
}

/** Imports a build's index module (`file`: its path) as the answers' data; a `query` makes it a fresh import. */
export async function importIndexData(file: string, query = ''): Promise<IndexData> {
  const module = (await import(`${pathToFileURL(file).href}${query}`)) as IndexModule;
  return { index: module.default, laterParts: module.laterParts, incomeRankings: module.incomeRankings };
}
