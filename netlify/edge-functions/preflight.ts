// Netlify Edge Function (Deno) for the static layer's paths (api/cdn-layer.ts), for every
// method but GET and HEAD: the CDN alone answers those with a plain-text 405, while the
// API promises a CORS preflight on OPTIONS and a problem+json 405 elsewhere. GET and HEAD,
// nearly all the traffic, still reach the files without invoking anything.
import { excludedPatterns } from '../../api/cdn-layer.ts';
import { methodNotAllowed } from '../../api/handler.ts';
import { preflightResponse } from '../../api/http.ts';

export default (request: Request) => {
  // GET and HEAD are the files' (a rewrite of the api function comes through here with its method): step aside.
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  return request.method === 'OPTIONS'
    ? preflightResponse(request)
    : methodNotAllowed(request.method, new URL(request.url));
};

export const config = {
  pattern: excludedPatterns(),
  method: ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
