/**
 * Side by side with the peer API (`npm run bench:peer`): `npm start`'s server and a STAND-IN
 * for Comuni-ITA's server (bench/peer-standin.ts, written by us: the peer cannot be installed
 * here), each in its own process on this machine, measured in alternating runs of
 * PEER_SECONDS (10) with 10 connections, PEER_ROUNDS (3) rounds:
 * - a record: ours /api/comuni/058091, the stand-in's /comuni?codice=058091;
 * - a search: ours /api/comuni/cerca?q=forl, the stand-in's /comuni?q=forl; repeated, ours comes
 *   from the cache of computed answers (server/answer-cache.ts, as the CDN keeps a function's
 *   answer), so it is also measured computed at every request (a second server, ANSWER_CACHE_MB=0).
 * For each run: requests per second and the server's CPU per request (user + system time of
 * its process, from /proc, over the requests answered). Exits non-zero when ours is below
 * 1.5× the stand-in's requests per second on the record or 10× on the search (median round).
 *
 *   PORT=8620 npm run bench:peer     (ours on PORT and PORT + 2, the stand-in on PORT + 1)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { PROJECT_ROOT } from '../generator/config.ts';
import { npmStartArgs } from './npm-start.ts';

const PORT = Number(process.env.PORT ?? 3140);
const SECONDS = Number(process.env.PEER_SECONDS ?? 10);
const ROUNDS = Number(process.env.PEER_ROUNDS ?? 3);
const CONNECTIONS = 10;
const TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat times

const CASES = [
  { name: 'scheda', ours: '/api/comuni/058091', peer: '/comuni?codice=058091', goal: 1.5, cached: true },
  { name: 'ricerca', ours: '/api/comuni/cerca?q=forl', peer: '/comuni?q=forl', goal: 10, cached: true },
  // The same search computed at every request (ANSWER_CACHE_MB=0): the handler's own speed, for the record.
  { name: 'ricerca senza cache', ours: '/api/comuni/cerca?q=forl', peer: '/comuni?q=forl', goal: 0, cached: false },
] as const;

interface Server {
  name: string;
  origin: string;
  child: ChildProcess;
}

async function start(
  name: string,
  args: string[],
  port: number,
  probe: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode})`);
    const ok = await fetch(origin + probe).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, origin, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${name} did not answer within 120 s`);
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function measure(server: Server, path: string, seconds: number) {
  const before = cpuSeconds(server.child.pid!);
  const result = await autocannon({ url: server.origin + path, connections: CONNECTIONS, duration: seconds });
  const cpu = cpuSeconds(server.child.pid!) - before;
  const answered = result['2xx'];
  if (result.errors + result.timeouts + result.non2xx > 0)
    throw new Error(
      `${server.name} ${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  return { perSecond: answered / result.duration, cpuMs: (cpu * 1000) / answered };
}

async function main() {
  const cached = await start('npm start', npmStartArgs(), PORT, CASES[0].ours);
  const peer = await start(
    'stand-in Comuni-ITA',
    ['--import', 'tsx', 'bench/peer-standin.ts'],
    PORT + 1,
    CASES[0].peer,
  );
  const uncached = await start('npm start, ANSWER_CACHE_MB=0', npmStartArgs(), PORT + 2, CASES[0].ours, {
    ANSWER_CACHE_MB: '0',
  });
  const misses: string[] = [];
  try {
    console.log(
      `Noi (npm start, :${PORT}; senza cache delle risposte calcolate :${PORT + 2}) contro un SOSTITUTO di Comuni-ITA scritto da noi (bench/peer-standin.ts, :${PORT + 1}), ` +
        `${CONNECTIONS} connessioni, turni alterni di ${SECONDS} s; carico medio ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    for (const c of CASES) {
      const ours = c.cached ? cached : uncached;
      // Warm-up: JIT, caches, the compressed and in-memory forms.
      await measure(ours, c.ours, 2);
      await measure(peer, c.peer, 2);
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const a = await measure(ours, c.ours, SECONDS);
        const b = await measure(peer, c.peer, SECONDS);
        const ratio = a.perSecond / b.perSecond;
        ratios.push(ratio);
        console.log(
          `${c.name} turno ${round}: noi ${a.perSecond.toFixed(0)} req/s, ${a.cpuMs.toFixed(3)} ms CPU/richiesta; ` +
            `sostituto ${b.perSecond.toFixed(0)} req/s, ${b.cpuMs.toFixed(3)} ms CPU/richiesta; ` +
            `${ratio.toFixed(2)}× le richieste/s, ${(b.cpuMs / a.cpuMs).toFixed(2)}× meno CPU per richiesta`,
        );
      }
      const median = ratios.sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
      console.log(`${c.name}: mediana ${median.toFixed(2)}×${c.goal ? ` (obiettivo ${c.goal}×)` : ''}`);
      if (median < c.goal) misses.push(`${c.name}: ${median.toFixed(2)}× (obiettivo ${c.goal}×)`);
    }
    console.log(`carico medio alla fine ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    for (const server of [cached, peer, uncached]) server.child.kill('SIGTERM');
  }
  if (misses.length) {
    console.error(`Obiettivi mancati: ${misses.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
