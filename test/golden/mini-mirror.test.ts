/**
 * Golden build (after Observable Framework's build tests): the mini mirror built through
 * build() into a temporary folder must give exactly the committed output, every file by
 * path and sha256 (test/golden/mini-mirror/manifest.json). Every JSON and CSV file is also
 * kept beside the manifest in readable form (JSON indented), so that a failure names the
 * JSON paths and CSV cells that changed and an update reads as a diff in review.
 * The clock is fixed, so /api/status is reproducible. After an intended change in the
 * output: UPDATE_GOLDEN=1 npx vitest run test/golden, and review the diff.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_PATH, queryRules, staticRewrites, type RedirectRule } from '../../api/cdn-layer.ts';
import { fsStore } from '../../api/fs-store.ts';
import { paramEntries } from '../../api/contract.ts';
import { createHandler, handlerContext } from '../../api/handler.ts';
import { matchRoute, ROUTE_LIST, type RouteId } from '../../api/routes.ts';
import { SCHEMAS } from '../../api/schemas/index.ts';
import { routeFiles, staticFilePath } from '../../api/static-files.ts';
import { undeclaredOrMissingFiles } from '../../generator/check/declared-files.ts';
import { build } from '../../generator/build.ts';
import { bundledBuild } from '../../generator/build-cli.mjs';
import { EXAMPLE_REQUESTS } from '../../generator/render/openapi/examples.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { readLock } from '../../generator/fetch/lock.ts';
import { buildFingerprint, codeHash } from '../../generator/write/build-fingerprint.ts';
import { importIndexData } from '../../server/index-module.ts';
import { recordingEffects } from '../helpers/build-effects.ts';
import { fileDifferences } from '../helpers/structural-diff.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';

const GOLDEN = join(PROJECT_ROOT, 'test', 'golden', 'mini-mirror');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const CLOCK = new Date('2026-01-15T09:00:00.000Z');

/**
 * Files kept in readable form beside the manifest: those a structural difference can be shown for, up to
 * 200 KB readable (test/ holds small files; the larger ones, the OpenAPI document and the datapackage, are
 * derived from the route table and schemas, whose own diffs show a change, and are checked by hash).
 */
const READABLE_MAX_BYTES = 200_000;
const isReadable = (path: string, bytes: Buffer) =>
  (path.endsWith('.json') || path.endsWith('.csv')) && readable(path, normalised(bytes)).length <= READABLE_MAX_BYTES;
/** How many changed files a failure describes, and how many differences of each. */
const SHOWN_FILES = 5;
const SHOWN_DIFFERENCES = 15;

/**
 * The build's fingerprint hashes the generator's own code (npm start rebuilds when it
 * changes): it is checked against the one computed for this code and these inputs, and
 * stands as a placeholder in the manifest, so an edit that changes no output keeps the golden files.
 */
const FINGERPRINT_PLACEHOLDER = '<impronta della build>';

let root: string;
let output: Map<string, Buffer>;
let fingerprint: string;

async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const e of entries.filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(e.parentPath, e.name);
    files.set(path.slice(dir.length + 1), await readFile(path));
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A file as kept beside the manifest: JSON indented, one value a line; CSV as it is (the manifest holds the exact bytes). */
const readable = (path: string, bytes: Buffer) =>
  path.endsWith('.json') ? `${JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 2)}\n` : bytes.toString('utf8');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const normalised = (bytes: Buffer) =>
  bytes.includes(fingerprint)
    ? Buffer.from(bytes.toString('utf8').replaceAll(fingerprint, FINGERPRINT_PLACEHOLDER))
    : bytes;

/** The mini mirror built into `dir` by `run` (build.ts itself, or the bundle npm run build runs). */
const buildInto = (run: typeof build, dir: string) =>
  run(
    {
      dataDir: MINI_MIRROR.dataDir,
      lockPath: MINI_MIRROR.lockPath,
      scale: MINI_MIRROR.scale,
      outDir: join(dir, 'public'),
      generatedDir: join(dir, 'generated'),
      changesAckPath: join(dir, 'changes-ack.json'),
    },
    recordingEffects(() => CLOCK),
  );

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'golden-'));
  await buildInto(build, root);
  const inputs = new Map(Object.entries((await readLock(MINI_MIRROR.lockPath)).files).map(([p, e]) => [p, e.sha256]));
  fingerprint = buildFingerprint(await codeHash(), inputs);
  output = await readTree(join(root, 'public'));
  if (UPDATE) {
    await rm(GOLDEN, { recursive: true, force: true });
    await mkdir(GOLDEN, { recursive: true });
    const manifest = Object.fromEntries([...output].map(([path, bytes]) => [path, sha256(normalised(bytes))]));
    await writeFile(join(GOLDEN, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const [path, bytes] of output) {
      if (!isReadable(path, bytes)) continue;
      await mkdir(dirname(join(GOLDEN, path)), { recursive: true });
      await writeFile(join(GOLDEN, path), readable(path, normalised(bytes)));
    }
  }
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

/**
 * What a failure says: the files added and removed, then the first changed files with the
 * JSON paths or CSV cells that differ (their readable copies against the new output), the
 * others by name, and the command that accepts an intended change.
 */
async function differencesReport(golden: Record<string, string>, actual: Record<string, string>): Promise<string> {
  const paths = [...new Set([...Object.keys(golden), ...Object.keys(actual)])].sort();
  const added = paths.filter((p) => !(p in golden));
  const removed = paths.filter((p) => !(p in actual));
  const changed = paths.filter((p) => p in golden && p in actual && golden[p] !== actual[p]);
  if (added.length + removed.length + changed.length === 0) return '';
  const lines = ['La build del mini mirror differisce dai file golden.'];
  if (added.length > 0) lines.push(`File nuovi (${added.length}): ${added.join(', ')}`);
  if (removed.length > 0) lines.push(`File scomparsi (${removed.length}): ${removed.join(', ')}`);
  const described = changed.filter((p) => isReadable(p, output.get(p)!)).slice(0, SHOWN_FILES);
  for (const path of described) {
    const before = await readFile(join(GOLDEN, path), 'utf8').catch(() => null);
    lines.push(`${path}:`);
    if (before === null) {
      lines.push('  copia leggibile assente accanto al manifest');
      continue;
    }
    const after = readable(path, normalised(output.get(path)!));
    const differences = fileDifferences(path, before, after, SHOWN_DIFFERENCES) ?? [];
    // A change in bytes alone (key order, number formatting) has no structural difference.
    if (differences.length === 0) lines.push('  stessa struttura e stessi valori, byte diversi');
    for (const d of differences) lines.push(`  ${d.at}: ${d.golden} → ${d.actual}`);
  }
  const others = changed.filter((p) => !described.includes(p));
  if (others.length > 0) lines.push(`Altri file cambiati (${others.length}): ${others.join(', ')}`);
  lines.push('Se il cambiamento è voluto: UPDATE_GOLDEN=1 npx vitest run test/golden, poi rivedere il diff.');
  return lines.join('\n');
}

describe('the mini mirror builds to the golden output', () => {
  it('the same files, each with the same sha256 (test/golden/mini-mirror/manifest.json)', async () => {
    const golden = JSON.parse(await readFile(join(GOLDEN, 'manifest.json'), 'utf8')) as Record<string, string>;
    const actual = Object.fromEntries([...output].map(([path, bytes]) => [path, sha256(normalised(bytes))]));
    const report = await differencesReport(golden, actual);
    if (report !== '') expect.fail(report);
  });

  it('the build fingerprint is the one of this code and the mini mirror lock', () => {
    expect(output.get('_edge/build.json')!.toString('utf8')).toBe(`${JSON.stringify({ fingerprint })}\n`);
  });

  it('an `anno` projection links the file of its record, which holds the same series', async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    const handle = createHandler(handlerContext(data, fsStore(join(root, 'public'))));
    const response = (await handle(new Request('http://localhost/api/redditi/028108?anno=2010'))) as Response;
    const body = (await response.json()) as { anno: number; links: { self: string; json: string } };
    expect([response.status, body.anno, body.links.self, body.links.json]).toEqual([
      200,
      2010,
      '/api/redditi/028108?anno=2010',
      '/api/redditi/028108.json',
    ]);
  });

  it("answers past tax years' rankings and the comparison's income series from the year files the index imports on first use", async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    const handle = createHandler(handlerContext(data, fsStore(join(root, 'public'))));
    const get = async (url: string) => (await handle(new Request(`http://localhost${url}`))) as Response;
    const record = JSON.parse(output.get('api/redditi/028108.json')!.toString('utf8')) as {
      serie_storica: { anno: number; reddito_imponibile_medio_euro: number | null }[];
    };
    const byYear = new Map(record.serie_storica.map((e) => [e.anno, e.reddito_imponibile_medio_euro]));
    const ranking = (await (await get('/api/redditi/classifica/reddito_imponibile?anno=2010')).json()) as {
      anno: number;
      risultati: { codice_istat: string; valore: number }[];
    };
    expect(ranking.anno).toBe(2010);
    expect(ranking.risultati.find((r) => r.codice_istat === '028108')?.valore).toBe(byYear.get(2010));
    const compared = (await (await get('/api/confronta?comuni=028108')).json()) as {
      redditi_confrontabili: { anni: number[]; comuni: { valori: (number | null)[] }[] };
    };
    const { anni, comuni } = compared.redditi_confrontabili;
    expect(comuni[0]!.valori).toEqual(anni.map((y) => byYear.get(y) ?? null));
    expect(anni.length).toBeGreaterThan(2);
    expect((await get('/api/redditi/classifica/reddito?anno=1999')).status).toBe(404);
  });

  it("a CAP the registry still lists under an absorbed comune's code finds the comune that took it in", async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    const handle = createHandler(handlerContext(data, fsStore(join(root, 'public'))));
    // Carceri (028022), into Santa Caterina d'Este (028108) in 2024: its CAP is only in gi_cap.csv, under 028022.
    const response = (await handle(new Request('http://localhost/api/comuni?cap=35099'))) as Response;
    const body = (await response.json()) as { risultati: { codice_istat: string }[] };
    expect(body.risultati.map((r) => r.codice_istat)).toEqual(['028108']);
  });

  it('a code instituted after the basis answers a 404 naming the comuni it was made of, with their records', async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    // The mini mirror's only later event is an incorporation; a fusion of two of its comuni stands in for Castegnero Nanto.
    data.index.territorio.istituiti_dopo_base['024129'] = {
      nome: 'Castegnero Nanto',
      data: '2026-02-21',
      predecessori: [
        { codice_istat: '028001', nome: 'Abano Terme' },
        { codice_istat: '028108', nome: "Santa Caterina d'Este" },
      ],
    };
    const handle = createHandler(handlerContext(data, fsStore(join(root, 'public'))));
    const response = (await handle(new Request('http://localhost/api/comuni/024129'))) as Response;
    const body = (await response.json()) as { detail: string; predecessori: { link: string }[] };
    expect(response.status).toBe(404);
    expect(body.detail).toContain('Castegnero Nanto, istituito il 2026-02-21');
    expect(body.predecessori.map((p) => p.link)).toEqual(['/api/comuni/028001', '/api/comuni/028108']);
    for (const { link } of body.predecessori)
      expect(((await handle(new Request(`http://localhost${link}`))) as Response).status).toBe(200);
  });

  it("each 404 rule of _redirects serves a file the build wrote: the handler's problem naming the successors", () => {
    const rules = output
      .get('_redirects')!
      .toString('utf8')
      .split('\n')
      .filter((line) => line.endsWith(' 404'));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const [from, to] = rule.split(' ') as [string, string];
      const problem = JSON.parse(output.get(to.slice(1))!.toString('utf8')) as Record<string, unknown>;
      expect(problem, rule).toMatchObject({ status: 404, instance: from });
      // A ceased code names its successors; a code instituted after the basis, its predecessors.
      expect(problem.successori ?? problem.predecessori, rule).toEqual(expect.any(Array));
    }
  });
});

/** Values no comune, ceased comune or source has; a key parameter takes the first its pattern accepts. */
const UNKNOWN_KEYS = ['999999', 'Z999', 'fonte-inesistente'];
const NO_DATA_YEAR = '1901';

describe('the files each route writes, declared in the route table (RouteSpec `files`)', () => {
  const fullIndex = async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    return { ...data.index, ...(await data.laterParts()) };
  };
  const answers = () =>
    new Set([...output.keys()].filter((p) => p.startsWith('api/') && p.endsWith('.json')).map((p) => `/${p}`));

  it('the build wrote exactly the declared files', async () => {
    expect(undeclaredOrMissingFiles(answers(), await fullIndex())).toEqual([]);
  });

  it('a declared file not written, or an answer written under /api and not declared, a page included, is named', async () => {
    const written = answers();
    written.delete('/api/ambiente/058091.json');
    written.add('/api/fonti/inventata.json');
    written.add('/api/comuni/offset/99900.json');
    expect(undeclaredOrMissingFiles(written, await fullIndex())).toEqual([
      '/api/ambiente/058091.json: dichiarato nella tabella delle route (files), non scritto dalla build',
      '/api/fonti/inventata.json: scritto dalla build, non dichiarato nei files della sua route (api/routes/)',
      '/api/comuni/offset/99900.json: scritto dalla build, non dichiarato nei files della sua route (api/routes/)',
    ]);
  });

  it("every declared file of a route whose schema has a `json` link links itself (the CDN's canonical form)", async () => {
    const index = await fullIndex();
    const linking = ROUTE_LIST.filter((r) => JSON.stringify(SCHEMAS[r.schema]).includes('"json":'));
    expect(linking.length).toBeGreaterThan(0);
    for (const route of linking)
      for (const values of routeFiles(route, index)) {
        const path = staticFilePath(route, values);
        const body = JSON.parse(output.get(path.slice(1))!.toString('utf8'));
        expect((body.links ?? body.properties?.links).json, path).toBe(path);
      }
  });
});

describe("Netlify's query rules (netlify.toml and _redirects) send a request to a file only when the handler answers that file", () => {
  /** Netlify's matching, as measured under netlify dev: the path, then every parameter the rule names (the last value of a repeated one; others ignored). */
  function netlifyTarget(rules: readonly RedirectRule[], url: URL): string | null {
    for (const rule of rules) {
      const names: string[] = [];
      const re = new RegExp(`^${rule.from.replace(/:([a-z]+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
      const path = re.exec(url.pathname);
      if (!path) continue;
      const query = Object.entries(rule.query ?? {});
      if (
        !query.every(
          ([k, v]) => url.searchParams.has(k) && (v.startsWith(':') || url.searchParams.getAll(k).at(-1) === v),
        )
      )
        continue;
      return rule.to.replace(/:([a-z]+)/g, (_, n: string) => path[names.indexOf(n) + 1]!);
    }
    return null;
  }

  it('for every precomputed combination, and for it with one known parameter more or spelled by its alias (a repeated parameter aside: docs/netlify.md)', async () => {
    const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
    const handle = createHandler(
      handlerContext(data, fsStore(join(root, 'public'))),
      async (path, request) => new URL(path, request.url),
    );
    const fromFile = output
      .get('_redirects')!
      .toString('utf8')
      .split('\n')
      .filter((line) => line.startsWith('/api/') && line.includes('='))
      .map((line) => {
        const parts = line.split(' ');
        const query = Object.fromEntries(parts.slice(1, -2).map((p) => p.split('=') as [string, string]));
        return { from: parts[0]!, query, to: parts.at(-2)!, status: 200 } as RedirectRule;
      });
    // _redirects is read before netlify.toml.
    const rules = [...fromFile, ...queryRules(), ...staticRewrites()];
    const files = fromFile.filter((r) => r.to !== FUNCTION_PATH);
    expect(files.length).toBeGreaterThan(20);
    const urls = files.flatMap((rule) => {
      const base = `${rule.from}?${new URLSearchParams(rule.query)}`;
      const more = [
        'limit=5',
        'formato=csv',
        'offset=1',
        'regione=lazio',
        'provincia=PD',
        'order=asc',
        'ordine=desc',
        '_=1',
      ];
      return [
        base,
        ...more.filter((p) => !(p.split('=')[0]! in rule.query!)).map((p) => `${base}&${p}`),
        `${rule.from}?ordine=asc`,
        `${rule.from}?order=asc`,
      ];
    });
    let toFile = 0;
    for (const url of urls) {
      const target = netlifyTarget(rules, new URL(url, 'http://x'));
      if (target === null || target === FUNCTION_PATH) continue;
      toFile++;
      const answer = await handle(new Request(`http://x${url}`));
      expect(answer instanceof URL ? answer.pathname : `status ${answer.status}`, url).toBe(target);
    }
    expect(toFile).toBeGreaterThanOrEqual(files.length);
  });
});

describe('404s declared in the route table (the OpenAPI 404 reasons and examples read them)', () => {
  it.each(ROUTE_LIST.filter((r) => EXAMPLE_REQUESTS[r.id as RouteId]).map((r) => [r.id, r] as const))(
    '%s: an unknown key or a year without data answers 404 exactly when the route declares it',
    async (_, route) => {
      const data = await importIndexData(join(root, 'generated', 'edge-index.js'));
      const handle = createHandler(handlerContext(data, fsStore(join(root, 'public'))));
      const example = new URL(EXAMPLE_REQUESTS[route.id as RouteId]!, 'http://localhost');
      const pathParams = matchRoute(example.pathname)!.pathParams;
      // Each probe changes one thing of the route's 200 example; `declares` tells a declared example of the same 404.
      const probes: { url: string; declares: (example: URL) => boolean }[] = [];
      for (const p of paramEntries(route)) {
        if (p.in === 'path' && p.schema.pattern) {
          const unknown = UNKNOWN_KEYS.find((v) => new RegExp(p.schema.pattern!).test(v));
          expect(unknown, `un valore sconosciuto per ${p.name}`).toBeDefined();
          probes.push({
            url: example.pathname.replace(pathParams[p.name]!, unknown!) + example.search,
            declares: (e) => matchRoute(e.pathname)?.pathParams[p.name] !== pathParams[p.name],
          });
        } else if (p.name === 'anno') {
          const query = new URLSearchParams(example.search);
          query.set('anno', NO_DATA_YEAR);
          probes.push({
            url: `${example.pathname}?${query}`,
            declares: (e) => e.searchParams.get('anno') === NO_DATA_YEAR,
          });
        } else if (p.name === 'comuni') {
          const unknown = `058091,${UNKNOWN_KEYS[0]}`;
          probes.push({
            url: `${example.pathname}?comuni=${unknown}`,
            declares: (e) => e.searchParams.get('comuni') === unknown,
          });
        }
      }
      const declared = (route.notFound ?? []).map((n) => new URL(n.example, 'http://localhost'));
      let answered404 = 0;
      for (const probe of probes) {
        const response = (await handle(new Request(new URL(probe.url, 'http://localhost')))) as Response;
        if (response.status !== 404) continue;
        answered404++;
        expect(declared.some(probe.declares), `${probe.url}: 404 non dichiarato`).toBe(true);
      }
      // Every declared reason is one a probe reaches (the build checks its example answers 404).
      expect(declared.length, `dichiarati: ${declared.join(', ')}`).toBe(answered404);
    },
  );
});

describe('npm run build', () => {
  it("builds through its bundle (generator/build-cli.mjs) exactly what build.ts builds: every module's own location kept, worker threads and templates found", async () => {
    const dir = join(root, 'bundled');
    await buildInto((await bundledBuild()).build, dir);
    const bundled = await readTree(join(dir, 'public'));
    expect([...bundled.keys()]).toEqual([...output.keys()]);
    for (const [path, bytes] of output) expect(sha256(bundled.get(path)!), path).toBe(sha256(bytes));
  }, 120_000);
});
