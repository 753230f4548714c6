import type { IncomeRankingsLoader, RuntimeIndex } from '../api/runtime-index.ts';
declare const index: RuntimeIndex;
export default index;
export declare const incomeRankings: IncomeRankingsLoader;
