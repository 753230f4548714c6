import type { IndexData } from '../api/runtime-index.ts';
declare const index: IndexData['index'];
export default index;
export declare const laterParts: IndexData['laterParts'];
export declare const incomeRankings: IndexData['incomeRankings'];
