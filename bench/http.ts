/**
 * Throughput and latency of `npm start` (server/start.ts) over loopback, with autocannon:
 * the server runs in its own process, as a user starts it; autocannon runs here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import { PROJECT_ROOT, type EntryBuildConfig } from '../generator/config.ts';
import { npmStartArgs } from './npm-start.ts';
import { round, summarize, type LatencySummary } from './stats.ts';
import type { Workload } from './workloads.ts';

export interface HttpFigures extends LatencySummary {
  workload: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
}

/** autocannon's promise is also its event emitter; 'response' carries each request's latency in ms (its histogram keeps whole ms only). */
type Run = Promise<Result> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface LocalServer {
  origin: string;
  stop(): Promise<void>;
}

/** `npm start` on the benchmark's build; its request log goes nowhere. Ready when /api/status answers. */
export async function startServer(config: EntryBuildConfig, port?: number): Promise<LocalServer> {
  const chosen = port ?? (await freePort());
  const args = ['--data-dir', config.dataDir, '--out', config.outDir, '--generated-dir', config.generatedDir];
  const child: ChildProcess = spawn(process.execPath, [...npmStartArgs(), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(chosen) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${stderr}`))),
  );
  const origin = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 10 * 60_000; // start.ts rebuilds first if the build is stale
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${origin}/api/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`npm start did not answer on ${origin}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill();
    throw error;
  }
  exited.catch(() => {}); // from here on, an exit is the stop below
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function load(
  origin: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<{ result: Result; times: number[] }> {
  const times: number[] = [];
  const run = autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({ method: 'GET', path })),
  }) as Run;
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  return { result: await run, times };
}

/** A warm-up run, then `seconds` of load with `connections` connections cycling through the workload's URLs. */
export async function measureHttp(
  server: LocalServer,
  workload: Workload,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<HttpFigures> {
  await load(server.origin, workload.paths, connections, warmupSeconds);
  const { result, times } = await load(server.origin, workload.paths, connections, seconds);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || times.length === 0)
    throw new Error(
      `${workload.id} over HTTP: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  return {
    workload: workload.id,
    connections,
    seconds: round(result.duration, 1),
    requestsPerSecond: round(times.length / result.duration, 0),
    ...summarize(times),
  };
}
