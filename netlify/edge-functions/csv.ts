// Netlify Edge Function (Deno): `Accept: text/csv` on the URL without a query string of a list
// or ranking (api/cdn-layer.ts `csvPatterns`), which the CDN otherwise answers with its JSON
// file; no redirect rule can read a request header. The api function's own handler answers
// (a rewrite to the CSV twin file); every other request of these URLs invokes nothing.
import { csvPatterns, EDGE_RATE_LIMIT } from '../../api/cdn-layer.ts';

export { default } from './api.ts';

export const config = {
  pattern: csvPatterns(),
  header: { accept: 'text/csv' },
  cache: 'manual',
  rateLimit: EDGE_RATE_LIMIT,
};
