import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTE_LIST } from '../../../api/routes.ts';
import { PROJECT_ROOT } from '../../../generator/config.ts';
import { hasRealBuild, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

/** Runs `npm start`'s script on the test build and collects what it prints. */
async function start(port: number) {
  const child = spawn(
    join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
    [
      'server/start.ts',
      '--out',
      TEST_BUILD.outDir,
      '--generated-dir',
      TEST_BUILD.generatedDir,
      '--data-dir',
      TEST_BUILD.dataDir,
    ],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: String(port) },
    },
  );
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk}`));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (lines.some((l) => l.startsWith('Prima la build')))
        reject(new Error(`rebuilt an up-to-date build: ${lines.join('\n')}`));
      else if (lines.some((l) => l.includes(`http://127.0.0.1:${port}/`))) resolve();
      else if (child.exitCode !== null) reject(new Error(lines.join('\n')));
      else return;
      clearInterval(poll);
    }, 50);
  });
  return { child, lines, exited, ready, base: `http://127.0.0.1:${port}` };
}

describe.skipIf(!hasRealBuild)(`npm start on an up-to-date build${REAL_DATA}`, () => {
  it('serves every endpoint with the spec headers, logs one line per request, and stops cleanly on SIGTERM', async () => {
    const server = await start(3751);
    await server.ready;
    const urls = [
      '/api/comuni?regione=lazio&limit=5',
      '/api/comuni/058091',
      '/api/comuni/cerca?q=forli',
      '/api/demografia/058091?anno=2020',
      '/api/demografia/classifica/popolazione',
      '/api/redditi/058091',
      '/api/redditi/classifica/reddito?limit=5',
      '/api/ambiente/058091',
      '/api/ambiente/aria/classifica?indicatore=no2',
      '/api/ambiente/suolo/classifica',
      '/api/qualita-vita/classifica?regione=toscana&min_pop=1000',
      '/api/qualita-vita/wizard?budget=medio&dimensione=medio&priorita=bilanciato',
      '/api/qualita-vita/058091',
      '/api/confronta?comuni=058091,015146,001272,063049',
      '/api/confronta/nazionale-medie?anno=2023',
      '/api/regioni',
      '/api/province',
      '/api/fonti',
      '/api/fonti/ispra-aria',
      '/api/metodologia',
      '/api/copertura',
      '/api/status',
      '/api/openapi.json',
      '/api/comuni/058091.json',
      '/api/comuni/058091/confini',
      '/api/comuni/cessati?provincia=VC',
      '/api/comuni/cessati/H329',
    ];
    const covered = new Set<string | undefined>(
      urls.map((u) => matchRoute(new URL(u, server.base).pathname)?.route.id),
    );
    expect(ROUTE_LIST.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
    for (const url of urls) {
      const response = await fetch(server.base + url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('Content-Type'), url).toBe('application/json; charset=utf-8');
      expect(response.headers.get('Cache-Control'), url).toBe('public, max-age=3600, stale-while-revalidate=86400');
      expect(response.headers.get('Access-Control-Allow-Origin'), url).toBe('*');
      const etag = response.headers.get('ETag');
      expect(etag, url).toBeTruthy();
      await response.arrayBuffer();
      expect((await fetch(server.base + url, { headers: { 'If-None-Match': etag! } })).status, url).toBe(304);
    }
    const problem = await fetch(`${server.base}/api/confronta?comuni=058091,015146,001272,063049,082053`);
    expect([problem.status, problem.headers.get('Content-Type')]).toEqual([
      400,
      'application/problem+json; charset=utf-8',
    ]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const logged = server.lines.filter((l) => /^(GET|HEAD|OPTIONS|POST) /.test(l));
    expect(logged).toHaveLength(urls.length * 2 + 1);
    for (const url of urls)
      expect(
        logged.filter((l) => l.startsWith(`GET ${url} `)).map((l) => l.split(' ')[2]),
        url,
      ).toEqual(['200', '304']);
    expect(server.lines).toContain('SIGTERM: chiusura…');
  });

  it('stops cleanly on SIGINT with a client connection still open', async () => {
    const server = await start(3752);
    await server.ready;
    expect(
      (await fetch(`${server.base}/api/comuni/cerca?q=roma`, { headers: { Connection: 'keep-alive' } })).status,
    ).toBe(200);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.lines).toContain('SIGINT: chiusura…');
  });
});
