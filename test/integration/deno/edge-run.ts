/**
 * Runs the Netlify edge function under Deno and prints its answers as JSON:
 *
 *   deno run --allow-read --allow-net --import-map MAP test/integration/deno/edge-run.ts PUBLIC_DIR
 *
 * MAP points ../../generated/edge-index.js at a build's index. The edge function reads
 * record files with fetch, as on Netlify: a small loopback server plays the CDN.
 */
import edge, { config } from '../../../netlify/edge-functions/api.ts';
import { runRequests } from './requests.ts';

// The few Deno APIs used here, so that tsc (Node types) checks this file too.
declare const Deno: {
  args: string[];
  readFile(path: string): Promise<Uint8Array<ArrayBuffer>>;
  serve(
    options: { hostname: string; port: number; onListen?: () => void },
    handler: (request: Request) => Promise<Response>,
  ): { addr: { port: number }; shutdown(): Promise<void> };
};

const publicDir = Deno.args[0];
if (!publicDir) throw new Error('usage: edge-run.ts PUBLIC_DIR');

async function serveFile(request: Request): Promise<Response> {
  const path = decodeURIComponent(new URL(request.url).pathname);
  if (path.includes('..')) return new Response(null, { status: 400 });
  try {
    const bytes = await Deno.readFile(publicDir + path);
    return new Response(bytes, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  } catch {
    return new Response(null, { status: 404 });
  }
}

const cdn = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, serveFile);
const origin = `http://127.0.0.1:${cdn.addr.port}`;
const answers = await runRequests(async (request) => {
  const answer = await edge(request);
  if (!answer) throw new Error(`the edge function stepped aside on ${request.url}, a path its config gives it`);
  return answer;
}, origin);
// Netlify routes a rewritten request through the edge functions again: there the function must step aside.
const reentries = [];
for (const a of answers)
  if ('rewrite' in a)
    reentries.push({ rewrite: a.rewrite, bypassed: (await edge(new Request(origin + a.rewrite))) === undefined });
await cdn.shutdown();
console.log(JSON.stringify({ config, answers, reentries }));
