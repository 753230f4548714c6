/**
 * One cold start of the Netlify edge function, in a fresh Deno process started by
 * bench/cold-start.ts (an import map points the function's ../../generated/edge-index.js
 * at the benchmark's build):
 *
 *   deno run --import-map MAP bench/edge-cold-start.ts
 *
 * Prints JSON: when the script started (the runtime's own boot), the time to import the
 * function with its index, and the time to answer the first request (a search).
 */
const started = performance.now();
const edge = (await import('../netlify/edge-functions/api.ts')).default;
const imported = performance.now();
const response = await edge(new Request('https://comuni.example/api/comuni/cerca?q=roma'));
if (!(response instanceof Response) || response.status !== 200)
  throw new Error(`the first request was not answered with 200`);
await response.text();
const answered = performance.now();
console.log(JSON.stringify({ bootMs: started, importMs: imported - started, firstRequestMs: answered - imported }));

// A module, for the top-level awaits.
export {};
