// Netlify Function (serverless, Node): the requests the redirect rules send it (api/cdn-layer.ts):
// a file-backed route with one of its query parameters (`anno`, a filter, a page), and a former
// code (the handler's 301, with the headers Netlify gives no redirect of its own). The same
// handler and index as the edge function; an answer that is a file is read from the CDN.
import { EDGE_RATE_LIMIT } from '../../api/cdn-layer.ts';
import { cdnStore } from '../../api/cdn-store.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { withCdnCache } from '../../api/http.ts';
import index, { incomeRankings, laterParts } from '../../generated/edge-index.js';

const handle = createHandler(handlerContext({ index, laterParts, incomeRankings }, cdnStore));

// A rewrite keeps the request's own URL (path and query string): the handler answers the URL asked for.
export default async (request: Request): Promise<Response> =>
  // Without `onStatic`, the handler answers a Response (a file read through the store), never a URL.
  // Functions have no `cache` setting: Netlify-CDN-Cache-Control alone lets the CDN keep the answer.
  withCdnCache((await handle(request)) as Response);

export const config = {
  // Netlify answers 429 itself past the limit (per IP and site), counted apart from the edge function's.
  rateLimit: EDGE_RATE_LIMIT,
};
