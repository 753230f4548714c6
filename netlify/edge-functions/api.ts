// Netlify Edge Function (Deno): every /api request the static layer cannot answer alone
// (api/cdn-layer.ts: not a direct .json file, not a route without query parameters).
// It validates the request with the shared route table; a precomputed answer is a
// rewrite to the static file (served by the CDN with netlify.toml's headers), anything
// else is computed here from the generated index. No file-system access at run time.
import { EDGE_RATE_LIMIT, excludedPatterns } from '../../api/cdn-layer.ts';
import { cdnStore } from '../../api/cdn-store.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { withCdnCache } from '../../api/http.ts';
import index, { incomeRankings, laterParts } from '../../generated/edge-index.js';

const handle = createHandler(
  handlerContext({ index, laterParts, incomeRankings }, cdnStore),
  // Returning a URL tells Netlify to rewrite to that static file.
  async (path, request) => new URL(path, request.url),
);

export default async (request: Request) => {
  // A rewrite is routed through the edge functions again, without `excludedPath` (seen under
  // `netlify dev`): the file it names is the static layer's, so step aside (undefined = bypass).
  if (new URL(request.url).pathname.endsWith('.json')) return undefined;
  // A repeated URL is then answered by the CDN without invoking again (cache: 'manual' below).
  return withCdnCache(await handle(request));
};

export const config = {
  pattern: '^/api/.*$',
  // Files and path-only routes are the static layer's (rewrite rules of netlify.toml): zero invocations.
  excludedPattern: excludedPatterns(),
  // Dynamic answers carry Cache-Control, Netlify-CDN-Cache-Control and ETag; let the CDN cache them.
  cache: 'manual',
  // Netlify answers 429 itself past the limit (per IP and site); see EDGE_RATE_LIMIT.
  rateLimit: EDGE_RATE_LIMIT,
};
