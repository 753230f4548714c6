/**
 * The requests both runtimes answer in the Deno check, and the runner that records
 * the answers. Web-standard APIs only: the Deno script and the Node test import it.
 */

export interface EdgeRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** Repeat the request with If-None-Match set to the ETag of the first answer. */
  conditional?: boolean;
}

/** What an edge function answered: a rewrite to a static file, or a response. */
export type EdgeAnswer =
  | { path: string; method: string; rewrite: string }
  | { path: string; method: string; status: number; headers: [string, string][]; body: string; revalidated?: number };

export const EDGE_REQUESTS: EdgeRequest[] = [
  // Autocomplete: the done-when cases and the error edges.
  { path: '/api/comuni/cerca?q=roma', conditional: true },
  { path: '/api/comuni/cerca?q=forli' },
  { path: '/api/comuni/cerca?q=Bozen' },
  { path: '/api/comuni/cerca?q=reggio' },
  { path: '/api/comuni/cerca?q=santagata' },
  { path: `/api/comuni/cerca?q=${encodeURIComponent("sant'agata")}` },
  { path: '/api/comuni/cerca?q=mila' },
  { path: '/api/comuni/cerca?q=milnao' },
  { path: '/api/comuni/cerca?q=r' },
  { path: `/api/comuni/cerca?q=${'a'.repeat(101)}` },
  { path: '/api/comuni/cerca' },
  // Comparison: 1 to 4 codes, spaces, years, and every kind of refusal.
  { path: '/api/confronta?comuni=058091,015146,001272,063049', conditional: true },
  { path: '/api/confronta?comuni=058091%2C%20015146&anno=2020' },
  { path: '/api/confronta?comuni=058091&anno=2010' },
  { path: '/api/confronta?comuni=058091,015146,001272,063049,082053' },
  { path: '/api/confronta?comuni=058091,058091' },
  { path: '/api/confronta?comuni=58091' },
  { path: '/api/confronta?comuni=058091,999999' },
  { path: '/api/confronta?comuni=058091&anno=1950' },
  // Lists whose parameters have no file: computed from the index.
  { path: '/api/comuni?limit=7&offset=3' },
  { path: '/api/comuni?regione=LAZIO&limit=5&offset=10' },
  { path: '/api/comuni?provincia=rm&limit=1000' },
  { path: '/api/demografia/classifica/popolazione?limit=10&offset=5' },
  { path: '/api/redditi/classifica/reddito?ordine=asc&limit=3' },
  { path: '/api/ambiente/aria/classifica?indicatore=no2&limit=4' },
  { path: '/api/ambiente/suolo/classifica?order=asc&limit=2&offset=100' },
  { path: '/api/qualita-vita/classifica?min_pop=5000&max_pop=20000&limit=5' },
  { path: '/api/qualita-vita/classifica?min_pop=9&max_pop=1' },
  { path: '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=ambiente&regione=toscana' },
  { path: '/api/qualita-vita/wizard?budget=alto&dimensione=grande&priorita=bilanciato' },
  // Year projections of per-comune records (the record is fetched from the static layer).
  { path: '/api/demografia/058091?anno=2020' },
  { path: '/api/redditi/015146?anno=2010' },
  { path: '/api/redditi/015146?anno=1990' },
  // Answers that are files: the edge function rewrites to them.
  { path: '/api/comuni/058091' },
  { path: '/api/comuni?regione=Lazio' },
  { path: '/api/demografia/classifica/densita?ordine=asc&offset=50' },
  { path: '/api/demografia/058091?anno=2026' },
  { path: '/api/confronta/nazionale-medie?anno=2020' },
  { path: '/api/qualita-vita/classifica?regione=valle%20d%27aosta' },
  // Errors and methods.
  { path: '/api/comuni/999999' },
  { path: '/api/nessuna' },
  { path: '/api/comuni?limit=0&provincia=ZZZ' },
  { path: '/api/comuni/cerca?q=roma', method: 'POST' },
  { path: '/api/comuni/cerca?q=roma', method: 'HEAD' },
  { path: '/api/comuni/cerca?q=roma', method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET' } },
];

type Handle = (request: Request) => Promise<Response | URL>;

/** Answers every request through `handle` (an edge function) on `origin`, in order. */
export async function runRequests(
  handle: Handle,
  origin: string,
  requests: readonly EdgeRequest[] = EDGE_REQUESTS,
): Promise<EdgeAnswer[]> {
  const out: EdgeAnswer[] = [];
  for (const r of requests) {
    const method = r.method ?? 'GET';
    const send = (headers: Record<string, string> = {}) =>
      handle(new Request(origin + r.path, { method, headers: { ...r.headers, ...headers } }));
    const result = await send();
    if (result instanceof URL) {
      out.push({ path: r.path, method, rewrite: result.pathname + result.search });
      continue;
    }
    const headers = [...result.headers].sort(([a], [b]) => (a < b ? -1 : 1));
    const answer: EdgeAnswer = { path: r.path, method, status: result.status, headers, body: await result.text() };
    const etag = result.headers.get('ETag');
    if (r.conditional && etag) {
      const again = await send({ 'If-None-Match': etag });
      answer.revalidated = again instanceof Response ? again.status : -1;
    }
    out.push(answer);
  }
  return out;
}
