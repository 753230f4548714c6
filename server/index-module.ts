import { pathToFileURL } from 'node:url';
import type { IncomeRankingsLoader, IndexData, RuntimeIndex } from '../api/runtime-index.ts';

/** What a build's index module exports (generator/write/write-edge-index.ts). */
interface IndexModule {
  default: RuntimeIndex;
  incomeRankings: IncomeRankingsLoader;
}

/** Imports a build's index module (`file`: its path) as the answers' data; a `query` makes it a fresh import. */
export async function importIndexData(file: string, query = ''): Promise<IndexData> {
  const module = (await import(`${pathToFileURL(file).href}${query}`)) as IndexModule;
  return { index: module.default, incomeRankings: module.incomeRankings };
}
