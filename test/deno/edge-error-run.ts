/**
 * Runs the edge function under Deno on one request and prints its answer as JSON:
 *
 *   deno run --allow-read --import-map MAP test/deno/edge-error-run.ts PATH
 *
 * MAP points ../../generated/edge-index.js at an index that throws on any use, so the
 * answer shows what the core's error boundary makes of a bug in this runtime.
 */
import edge from '../../netlify/edge-functions/api.ts';

declare const Deno: { args: string[] };

const response = await edge(new Request(`http://127.0.0.1${Deno.args[0]}`));
if (!(response instanceof Response)) throw new Error('expected a Response');
console.log(JSON.stringify({ status: response.status, headers: [...response.headers], body: await response.text() }));
