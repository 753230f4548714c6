import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_RATE_LIMIT, excludedPatterns } from '../../../api/cdn-layer.ts';
import { createHandler, handlerContext } from '../../../api/handler.ts';
import { PROJECT_ROOT } from '../../../generator/config.ts';
import { fsStore } from '../../../api/fs-store.ts';
import { withCdnCache } from '../../../api/http.ts';
import { hasRealBuild, loadBuiltIndex, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';
import { EDGE_REQUESTS, runRequests, type EdgeAnswer } from './requests.ts';

const run = promisify(execFile);
// The binary shipped by the `deno` npm package.
const DENO = join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
const EDGE_FUNCTION = 'netlify/edge-functions/api.ts';
const PREFLIGHT_FUNCTION = 'netlify/edge-functions/preflight.ts';

describe.skipIf(!hasRealBuild)(`the Netlify edge function under Deno${REAL_DATA}`, () => {
  let dir: string;
  let importMap: string;

  beforeAll(async () => {
    // The edge function imports ../../generated/edge-index.js: point it at the test build's index.
    dir = await mkdtemp(join(tmpdir(), 'edge-deno-'));
    importMap = join(dir, 'import-map.json');
    const imports = {
      [pathToFileURL(join(PROJECT_ROOT, 'generated', 'edge-index.js')).href]: pathToFileURL(
        join(TEST_BUILD.generatedDir, 'edge-index.js'),
      ).href,
    };
    await writeFile(importMap, JSON.stringify({ imports }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const deno = (...args: string[]) =>
    run(DENO, args, { cwd: PROJECT_ROOT, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } });

  it('type-checks under Deno with the generated index', async () => {
    await expect(
      deno(
        'check',
        '--quiet',
        '--import-map',
        importMap,
        EDGE_FUNCTION,
        PREFLIGHT_FUNCTION,
        'netlify/edge-functions/csv.ts',
        'test/integration/deno/edge-run.ts',
      ),
    ).resolves.toBeDefined();
  });

  it('loads no Node built-in and no npm package at run time (type-only imports stay type-only)', async () => {
    const { stdout } = await deno('info', '--json', '--import-map', importMap, EDGE_FUNCTION);
    const graph = JSON.parse(stdout) as {
      roots: string[];
      modules: { specifier: string; dependencies?: { code?: { specifier: string } }[] }[];
    };
    const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
    const loaded = new Set<string>();
    const visit = (specifier: string) => {
      if (loaded.has(specifier)) return;
      loaded.add(specifier);
      for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) if (dep.code) visit(dep.code.specifier);
    };
    graph.roots.forEach(visit);
    expect(loaded).toContain(pathToFileURL(join(TEST_BUILD.generatedDir, 'edge-index.js')).href);
    expect([...loaded].filter((s) => !s.startsWith('file://') || s.includes('/node_modules/'))).toEqual([]);
  });

  it('answers every request exactly as the Node handler does: status, headers, body, rewrites', async () => {
    const { stdout } = await deno(
      'run',
      '--allow-read',
      '--allow-net=127.0.0.1',
      '--import-map',
      importMap,
      'test/integration/deno/edge-run.ts',
      TEST_BUILD.outDir,
    );
    const fromDeno = JSON.parse(stdout) as {
      config: Record<string, unknown>;
      answers: EdgeAnswer[];
      reentries: { rewrite: string; bypassed: boolean }[];
    };
    // Node: the same handler, with the local store, the same rewrite for static answers and the CDN's cache header.
    const handle = createHandler(
      handlerContext(await loadBuiltIndex(), fsStore(TEST_BUILD.outDir)),
      async (path, request) => new URL(path, request.url),
    );
    const node = async (request: Request) => withCdnCache(await handle(request));
    const fromNode = await runRequests(node, 'http://127.0.0.1');

    expect(fromDeno.answers).toHaveLength(EDGE_REQUESTS.length);
    for (let k = 0; k < EDGE_REQUESTS.length; k++)
      expect(fromDeno.answers[k], EDGE_REQUESTS[k]!.path).toStrictEqual(fromNode[k]);
    // The run covered dynamic answers, rewrites, errors and revalidation, not just one kind.
    const statuses = new Set(fromDeno.answers.map((a) => ('rewrite' in a ? 'rewrite' : a.status)));
    expect([...statuses].sort()).toEqual([200, 204, 400, 404, 405, 'rewrite']);
    expect(fromDeno.answers.filter((a) => 'revalidated' in a).map((a) => 'revalidated' in a && a.revalidated)).toEqual([
      304, 304,
    ]);
    // Netlify serves the function on every API path except the static layer's (files, routes without query parameters), caches its answers and limits its rate.
    expect(fromDeno.config).toEqual({
      pattern: '^/api/.*$',
      excludedPattern: excludedPatterns(),
      cache: 'manual',
      rateLimit: EDGE_RATE_LIMIT,
    });
    // A rewrite comes back through the function, which must leave the file to the static layer (no loop, no 400).
    expect(fromDeno.reentries.length).toBeGreaterThan(0);
    expect(fromDeno.reentries.filter((r) => !r.bypassed)).toEqual([]);
  });
});
