import type { RuntimeIndex } from '../api/runtime-index.ts';
declare const index: RuntimeIndex;
export default index;
