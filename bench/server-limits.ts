/**
 * The local server's limits, measured on 127.0.0.1 (`npm run bench:server`), each bounded in
 * count and time:
 * 1. time from starting the command `npm start` runs to its first answer, with an
 *    up-to-date output;
 * 2. 2,000 sockets that never finish their headers (held open, slowloris) while a normal client
 *    asks for a record every 100 ms for 15 s: its worst latency and failures;
 * 3. 200 connections for 20 s on a mix with /api/openapi.json: errors, timeouts, p99;
 * 4. requests per second of a single record (10 connections, 10 s).
 * Prints a table; exits non-zero when a goal of docs/local-server.md is missed.
 *
 *   PORT=3136 npm run bench:server
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../generator/config.ts';
import { npmStartArgs } from './npm-start.ts';

const PORT = Number(process.env.PORT ?? 3136);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RECORD = '/api/comuni/058091';
const MIX = [
  RECORD,
  '/api/demografia/015146',
  '/api/openapi.json',
  '/api/comuni/cerca?q=forl',
  '/api/comuni?regione=lazio',
  '/api/demografia/classifica/popolazione',
  '/api/confronta?comuni=058091,015146',
  '/',
];

async function firstAnswer(): Promise<{ stop: () => void; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const stop = () => child.kill('SIGTERM');
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(ORIGIN + RECORD);
      await response.arrayBuffer();
      if (response.ok) return { stop, seconds: (performance.now() - started) / 1000 };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  stop();
  throw new Error('no answer within 120 s (a build?)');
}

async function slowClients(count = 2000, seconds = 15) {
  const sockets: Socket[] = [];
  let closed = 0;
  for (let i = 0; i < count; i++) {
    const socket = connect(PORT, '127.0.0.1');
    socket.on('error', () => {});
    // Read what the server sends (its 408), so its close is seen.
    socket.on('close', () => closed++).resume();
    // Headers begun, never finished.
    socket.write(`GET ${RECORD} HTTP/1.1\r\nHost: x\r\n`);
    sockets.push(socket);
  }
  let [worst, failures, served] = [0, 0, 0];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const t = performance.now();
    try {
      const response = await fetch(ORIGIN + RECORD, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) served++;
      else failures++;
    } catch {
      failures++;
    }
    worst = Math.max(worst, performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const open = count - closed;
  for (const socket of sockets) socket.destroy();
  return { served, failures, worstMs: worst, stillOpen: open };
}

const run = (options: Parameters<typeof autocannon>[0]) => autocannon(options);

async function main() {
  const { stop, seconds } = await firstAnswer();
  const failures: string[] = [];
  try {
    console.log(`Prima risposta del comando di npm start: ${seconds.toFixed(2)} s`);
    if (seconds > 3) failures.push(`first answer after ${seconds.toFixed(2)} s (goal 3 s)`);

    const slow = await slowClients();
    console.log(
      `2.000 socket lenti: ${slow.served} risposte normali, ${slow.failures} fallite, peggiore ${slow.worstMs.toFixed(0)} ms, ancora aperti alla fine ${slow.stillOpen}`,
    );
    if (slow.failures > 0 || slow.worstMs > 2000) failures.push('a normal client was kept out by slow sockets');

    const mix = await run({
      url: ORIGIN,
      connections: 200,
      duration: 20,
      timeout: 10,
      requests: MIX.map((path) => ({ path, headers: { 'accept-encoding': 'br, gzip' } })),
    });
    console.log(
      `200 connessioni, 20 s, mix con openapi.json: ${mix.requests.average.toFixed(0)} req/s, p99 ${mix.latency.p99} ms, errori ${mix.errors}, timeout ${mix.timeouts}, non 2xx ${mix.non2xx}`,
    );
    if (mix.errors + mix.timeouts + mix.non2xx > 0) failures.push('errors or timeouts under 200 connections');

    const single = await run({ url: ORIGIN + RECORD, connections: 10, duration: 10 });
    console.log(`Una scheda (${RECORD}), 10 connessioni, 10 s: ${single.requests.average.toFixed(0)} req/s`);
  } finally {
    stop();
  }
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
