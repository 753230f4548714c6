import { ceasedCodeUrls, problemFile } from '../../api/cdn-layer.ts';
import { fsStore } from '../../api/fs-store.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { PROBLEM_TYPE } from '../../api/http.ts';
import { findComune } from '../../api/lists.ts';
import type { IndexData, RuntimeIndex } from '../../api/runtime-index.ts';
import type { OutputWriter } from './output.ts';
import { schemaErrors } from './validators.ts';

/**
 * Codes without a record that the handler answers with a 404 naming other comuni: those of ceased comuni that are
 * neither a current comune's nor a former code of one, and those instituted after the registry's basis.
 */
export function ceasedCodes(index: RuntimeIndex): string[] {
  const { alias, codici_cessati, istituiti_dopo_base } = index.territorio;
  return [...Object.keys(codici_cessati), ...Object.keys(istituiti_dopo_base)]
    .filter((code) => findComune(index, code) < 0 && !Object.hasOwn(alias, code))
    .sort();
}

/**
 * Writes, for each ceased code on each path-only per-comune URL, the handler's own answer
 * there (the same bytes: it is asked, not imitated), which `_redirects` serves with status
 * 404 on Netlify, where those URLs never reach the edge function. Returns how many.
 */
export async function writeCeasedProblems(
  writer: OutputWriter,
  data: IndexData,
  codes: readonly string[],
): Promise<number> {
  // Answers come from the index only; a bug fails the build with its stack instead of becoming a 500 body.
  const handle = createHandler(handlerContext(data, fsStore(writer.root)), undefined, (error) => {
    throw error;
  });
  const urls = ceasedCodeUrls(codes);
  for (const url of urls) {
    const response = await handle(new Request(`http://localhost${url}`));
    if (
      !(response instanceof Response) ||
      response.status !== 404 ||
      response.headers.get('Content-Type') !== PROBLEM_TYPE
    )
      throw new Error(`${url}: the handler does not answer it with a 404 problem`);
    const body = await response.text();
    const errors = schemaErrors('Problem', JSON.parse(body));
    if (errors) throw new Error(`${url}: ${errors}`);
    await writer.text(problemFile(url), body);
  }
  return urls.length;
}
