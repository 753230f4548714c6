import { createHandler, handlerContext } from '../../../api/handler.ts';
import { fsStore } from '../../../api/fs-store.ts';
import { loadBuiltIndex, TEST_BUILD } from './real-build.ts';

/** The shared handler over the test build; static answers are read from the built files. */
export async function builtHandler() {
  const handle = createHandler(handlerContext(await loadBuiltIndex(), fsStore(TEST_BUILD.outDir)));
  return async (path: string, init?: RequestInit) => {
    const response = (await handle(new Request(`http://test.local${path}`, init))) as Response;
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  };
}
