import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceFile, SourceMeta } from '../../data-sources/lib/source.ts';
import { runCli } from '../../generator/fetch/cli.ts';
import { fetchSources, type FetchOptions } from '../../generator/fetch/fetch-sources.ts';
import { readLock } from '../../generator/fetch/lock.ts';
import { TestServer, html, redirect, sequence, serve, status, truncated } from './server.ts';

// Fixture sources shaped like the real modules, with official-looking URLs that the URL
// map sends to the local server. The files are small texts written here.

const CSV_V1 = 'Codice Comune;Denominazione\r\n001001;Agliè\r\n001002;Airasca\r\n';
const CSV_V2 = 'Codice Comune;Denominazione\r\n001001;Agliè\r\n001002;Airasca\r\n001003;Ala di Stura\r\n';
const JSON_DOC = JSON.stringify([{ codice: '001001', nome: 'Agliè' }]);
const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

const URLS = {
  elenco: 'https://www.istat.it/storage/codici-unita-amministrative/Elenco-test.csv',
  archive: 'https://www.example-finanze.gov.it/contenuti/Redditi_TEST_2024.zip',
  json: 'https://raw.githubusercontent.com/example/comuni/master/data/comuni.json',
  landing: 'http://dati.istat.it/Index.aspx?DataSetCode=DCIS_TEST',
};

function source(id: string, files: SourceFile[], extra: Partial<SourceMeta> = {}): SourceMeta {
  return {
    id,
    publisher: 'Test',
    dataset: `dataset ${id}`,
    landingUrl: `https://www.example-publisher.it/${id}/`,
    vintage: 'test',
    referenceDate: '2024',
    licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    attribution: 'Test',
    files,
    required: true,
    feeds: [],
    notes: [],
    ...extra,
  };
}

const ELENCO = source('elenco', [{ path: 'istat/elenco/Elenco-test.csv', url: URLS.elenco }]);
const ARCHIVE = source('archivio', [
  { path: 'mef/test/Redditi_TEST_2024.csv', url: URLS.archive, zipMember: 'Redditi_TEST_2024.csv', year: 2024 },
  { path: 'mef/test/LEGGIMI.txt', url: URLS.archive, zipMember: 'LEGGIMI.txt', year: 2024 },
]);
const JSON_SOURCE = source('json', [{ path: 'json/comuni.json', url: URLS.json }], { required: false });
const LANDING = source('landing', [{ path: 'istat/pop/Popolazione_test.csv', url: URLS.landing, year: 2020 }], {
  landingUrl: URLS.landing,
});

let server: TestServer;
let dataDir: string;
let lockPath: string;

beforeAll(async () => {
  server = await TestServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  const root = await mkdtemp(join(tmpdir(), 'fetch-sources-'));
  dataDir = join(root, 'data');
  lockPath = join(root, 'sources.lock.json');
  server.resetHits();
  server.on(URLS.elenco, serve(CSV_V1, 'text/csv'));
  server.on(
    URLS.archive,
    serve(zipSync({ 'Redditi_TEST_2024.csv': strToU8(CSV_V1), 'LEGGIMI.txt': strToU8('leggimi') }), 'application/zip'),
  );
  server.on(URLS.json, serve(JSON_DOC, 'application/json'));
  server.on(URLS.landing, html());
  return () => rm(root, { recursive: true, force: true });
});

async function run(sources: SourceMeta[], extra: Partial<FetchOptions> = {}) {
  let log = '';
  const report = await fetchSources({
    sources,
    dataDir,
    lockPath,
    urlMap: server.urlMap,
    download: { retries: 2, backoffMs: 1, timeoutMs: 2_000, sleep: async () => undefined },
    out: { isTTY: false, write: (t: string) => (log += t) },
    now: () => new Date('2026-05-01T10:00:00.000Z'),
    ...extra,
  });
  return { report, log, byPath: (path: string) => report.results.find((r) => r.path === path)! };
}

const read = (path: string) => readFile(join(dataDir, path), 'utf8');

/** Every file below the data dir, to prove no temp or partial file is left behind. */
async function listAll(dir = dataDir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dataDir.length + 1))
    .sort();
}

describe('fetchSources: downloads', () => {
  it('downloads a file into place and records sha256, bytes, url and fetched_at in the lock', async () => {
    const { report, log } = await run([ELENCO]);
    expect(report.exitCode).toBe(0);
    expect(report.results).toMatchObject([{ source: 'elenco', status: 'new', sha256: sha(CSV_V1), inPlace: true }]);
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V1);
    expect(await listAll()).toEqual(['istat/elenco/Elenco-test.csv']);
    const lock = await readLock(lockPath);
    expect(lock.files['istat/elenco/Elenco-test.csv']).toEqual({
      source: 'elenco',
      url: URLS.elenco,
      sha256: sha(CSV_V1),
      bytes: Buffer.byteLength(CSV_V1),
      fetched_at: '2026-05-01T10:00:00.000Z',
    });
    expect(log).toContain(`GET ${URLS.elenco}\n    via ${server.local(URLS.elenco)}`);
    expect(log).not.toContain('\r'); // plain lines when not a TTY
  });

  it('a second run with the same bytes is "unchanged" and leaves the lock byte-identical', async () => {
    await run([ELENCO]);
    const before = await readFile(lockPath, 'utf8');
    const { report } = await run([ELENCO], { now: () => new Date('2027-01-01T00:00:00.000Z') });
    expect(report.results[0]).toMatchObject({ status: 'unchanged', inPlace: true });
    expect(await readFile(lockPath, 'utf8')).toBe(before);
  });

  it('unpacks the declared members of a zip, downloading the archive once', async () => {
    const { report } = await run([ARCHIVE]);
    expect(report.results.map((r) => r.status)).toEqual(['new', 'new']);
    expect(server.hits(URLS.archive)).toBe(1);
    expect(await read('mef/test/Redditi_TEST_2024.csv')).toBe(CSV_V1);
    expect(await read('mef/test/LEGGIMI.txt')).toBe('leggimi');
    expect(await listAll()).toEqual(['mef/test/LEGGIMI.txt', 'mef/test/Redditi_TEST_2024.csv']);
    const entry = (await readLock(lockPath)).files['mef/test/Redditi_TEST_2024.csv']!;
    expect(entry).toMatchObject({ url: URLS.archive, zip_member: 'Redditi_TEST_2024.csv', sha256: sha(CSV_V1) });
    expect(entry.archive?.bytes).toBeGreaterThan(0);
  });

  it('retries a 500 and then succeeds', async () => {
    server.on(URLS.elenco, sequence(status(500), serve(CSV_V1, 'text/csv')));
    const { report, log } = await run([ELENCO]);
    expect(report.exitCode).toBe(0);
    expect(report.results[0]!.status).toBe('new');
    expect(server.hits(URLS.elenco)).toBe(2);
    expect(log).toMatch(/retry 1\/2 in .* after: HTTP 500/);
  });

  it('a persistent 500 fails that file only: exit code 1, no partial file, the other sources still fetched', async () => {
    server.on(URLS.elenco, status(500));
    const { report, byPath } = await run([ELENCO, ARCHIVE]);
    expect(server.hits(URLS.elenco)).toBe(3);
    expect(byPath('istat/elenco/Elenco-test.csv')).toMatchObject({ status: 'failed', reason: 'http', inPlace: false });
    expect(byPath('istat/elenco/Elenco-test.csv').message).toMatch(/HTTP 500.*after 3 attempts/);
    expect(byPath('mef/test/Redditi_TEST_2024.csv').status).toBe('new');
    expect(report.exitCode).toBe(1);
    expect(report.problems).toEqual(['elenco: istat/elenco/Elenco-test.csv: required file not obtained (http)']);
    expect(await listAll()).toEqual(['mef/test/LEGGIMI.txt', 'mef/test/Redditi_TEST_2024.csv']);
    expect((await readLock(lockPath)).files['istat/elenco/Elenco-test.csv']).toBeUndefined();
  });

  it('a truncated download is retried, and when it never completes nothing is written', async () => {
    server.on(URLS.elenco, sequence(truncated(CSV_V1), serve(CSV_V1, 'text/csv')));
    expect((await run([ELENCO])).report.results[0]!.status).toBe('new');
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V1);

    await rm(dataDir, { recursive: true });
    await rm(lockPath);
    server.on(URLS.elenco, truncated(CSV_V1));
    const { report } = await run([ELENCO]);
    expect(report.results[0]).toMatchObject({ status: 'failed', reason: 'truncated', inPlace: false });
    expect(report.exitCode).toBe(1);
    expect(await listAll()).toEqual([]);
  });

  it('an optional source that fails is reported without failing the run', async () => {
    server.on(URLS.json, status(503));
    const { report, log } = await run([ELENCO, JSON_SOURCE]);
    expect(report.results.map((r) => r.status)).toEqual(['new', 'failed']);
    expect(report.exitCode).toBe(0);
    expect(log).toContain(
      'Optional sources not fetched (not a failure of the run):\n  - json: json/comuni.json (http; missing: its fields will be null)',
    );
  });
});

describe('fetchSources: checksums on later runs', () => {
  it('a changed checksum for the same URL is reported loudly and the old file kept; --accept-changes takes it', async () => {
    await run([ELENCO, ARCHIVE]);
    const before = (await readLock(lockPath)).files;
    server.on(URLS.elenco, serve(CSV_V2, 'text/csv'));
    server.on(
      URLS.archive,
      serve(
        zipSync({ 'Redditi_TEST_2024.csv': strToU8(CSV_V2), 'LEGGIMI.txt': strToU8('leggimi') }),
        'application/zip',
      ),
    );

    const second = await run([ELENCO, ARCHIVE]);
    expect(second.report.results.map((r) => r.status)).toEqual(['changed', 'changed', 'unchanged']);
    expect(second.byPath('istat/elenco/Elenco-test.csv').message).toContain(
      `CHECKSUM CHANGED for the same URL: the lock has sha256 ${sha(CSV_V1)}`,
    );
    expect(second.byPath('istat/elenco/Elenco-test.csv').message).toContain(`now gives sha256 ${sha(CSV_V2)}`);
    expect(second.log).toContain('CHANGED    istat/elenco/Elenco-test.csv');
    expect(second.report.exitCode).toBe(1);
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V1);
    expect(await read('mef/test/Redditi_TEST_2024.csv')).toBe(CSV_V1);
    expect((await readLock(lockPath)).files['istat/elenco/Elenco-test.csv']).toEqual(
      before['istat/elenco/Elenco-test.csv'],
    );
    expect(await listAll()).toEqual([
      'istat/elenco/Elenco-test.csv',
      'mef/test/LEGGIMI.txt',
      'mef/test/Redditi_TEST_2024.csv',
    ]);

    const third = await run([ELENCO, ARCHIVE], {
      acceptChanges: true,
      now: () => new Date('2026-06-01T00:00:00.000Z'),
    });
    expect(third.report.results.map((r) => r.status)).toEqual(['updated', 'updated', 'unchanged']);
    expect(third.report.exitCode).toBe(0);
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V2);
    expect((await readLock(lockPath)).files['istat/elenco/Elenco-test.csv']).toMatchObject({
      sha256: sha(CSV_V2),
      fetched_at: '2026-06-01T00:00:00.000Z',
    });
  });

  it('on a first run over an existing mirror, a file in place that differs from the download is kept', async () => {
    await mkdir(join(dataDir, 'istat/elenco'), { recursive: true });
    await writeFile(join(dataDir, 'istat/elenco/Elenco-test.csv'), CSV_V2);
    const { report } = await run([ELENCO]);
    expect(report.results[0]).toMatchObject({ status: 'changed', inPlace: true });
    expect(report.results[0]!.message).toMatch(
      /the file in place has sha256 .* the lock has no entry for it yet. The file in place is kept/,
    );
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V2);
  });

  it('a new declared URL for the same path (a new vintage) replaces the file without --accept-changes', async () => {
    await run([ELENCO]);
    const url = 'https://www.istat.it/storage/codici-unita-amministrative/Elenco-test-2025.csv';
    server.on(url, serve(CSV_V2, 'text/csv'));
    const { report } = await run([source('elenco', [{ path: 'istat/elenco/Elenco-test.csv', url }])]);
    expect(report.results[0]).toMatchObject({ status: 'updated' });
    expect(report.results[0]!.message).toContain(`declaration changed (lock had ${URLS.elenco})`);
    expect(await read('istat/elenco/Elenco-test.csv')).toBe(CSV_V2);
    expect((await readLock(lockPath)).files['istat/elenco/Elenco-test.csv']!.url).toBe(url);
  });
});

describe('fetchSources: publisher changes and manual steps', () => {
  it('a 200 HTML answer where a CSV was declared is a changed URL; the file is not written and the others proceed', async () => {
    server.on(URLS.elenco, html());
    const { report, log } = await run([ELENCO, ARCHIVE]);
    const r = report.results[0]!;
    expect(r).toMatchObject({ status: 'failed', reason: 'url-changed', inPlace: false });
    expect(r.message).toContain(
      `the publisher changed the URL: ${URLS.elenco} answered an HTML page instead of text (CSV)`,
    );
    expect(r.message).toContain('https://www.example-publisher.it/elenco/ and update data-sources/elenco.ts');
    expect(report.results.slice(1).map((x) => x.status)).toEqual(['new', 'new']);
    expect(report.exitCode).toBe(1);
    expect(log).toContain('FAILED     istat/elenco/Elenco-test.csv');
    expect(await listAll()).toEqual(['mef/test/LEGGIMI.txt', 'mef/test/Redditi_TEST_2024.csv']);
  });

  it('a redirect to an HTML page is reported with where it led', async () => {
    const moved = 'https://www.istat.it/it/archivio/6789';
    server.on(URLS.archive, redirect(server.local(moved)));
    server.on(moved, html());
    const { report } = await run([ARCHIVE]);
    expect(report.results.map((r) => r.reason)).toEqual(['url-changed', 'url-changed']);
    expect(report.results[0]!.message).toContain(
      `answered an HTML page, after a redirect to ${server.local(moved)} instead of a zip archive holding Redditi_TEST_2024.csv`,
    );
  });

  it('HTML served with a data content type is still caught by its bytes', async () => {
    server.on(URLS.json, serve('<!doctype html><html><body>Manutenzione</body></html>', 'application/json'));
    const { report } = await run([JSON_SOURCE]);
    expect(report.results[0]).toMatchObject({ status: 'failed', reason: 'url-changed' });
  });

  it('a 404 or 410 says the publisher moved the file', async () => {
    server.on(URLS.elenco, status(404));
    server.on(URLS.json, status(410));
    const { report } = await run([ELENCO, JSON_SOURCE]);
    expect(report.results.map((r) => r.reason)).toEqual(['gone', 'gone']);
    expect(report.results[0]!.message).toContain(`the publisher changed the URL: ${URLS.elenco} answered HTTP 404`);
    expect(server.hits(URLS.elenco)).toBe(1); // not retried
  });

  it("a file's shape change (CSV instead of JSON) is reported", async () => {
    server.on(URLS.json, serve(CSV_V1, 'application/json'));
    const { report } = await run([JSON_SOURCE]);
    expect(report.results[0]).toMatchObject({ status: 'failed', reason: 'shape' });
    expect(report.results[0]!.message).toContain('served text (CSV), expected JSON for json/comuni.json');
  });

  it('a zip without the declared member lists the members it has', async () => {
    server.on(
      URLS.archive,
      serve(
        zipSync({ 'Redditi_TEST_2024_v2.csv': strToU8(CSV_V1), 'LEGGIMI.txt': strToU8('leggimi') }),
        'application/zip',
      ),
    );
    const { report, byPath } = await run([ARCHIVE]);
    expect(byPath('mef/test/Redditi_TEST_2024.csv')).toMatchObject({ status: 'failed', reason: 'zip-member' });
    expect(byPath('mef/test/Redditi_TEST_2024.csv').message).toMatch(
      /the zip has no member "Redditi_TEST_2024.csv"; its members are: .*Redditi_TEST_2024_v2.csv/,
    );
    expect(byPath('mef/test/LEGGIMI.txt').status).toBe('new');
    expect(report.exitCode).toBe(1);
  });

  it('a landing page is a manual step, not a failure: missing and required means exit code 1', async () => {
    const { report, log } = await run([LANDING, ELENCO]);
    expect(report.results.map((r) => r.status)).toEqual(['manual', 'new']);
    const target = join(dataDir, 'istat/pop/Popolazione_test.csv');
    expect(report.results[0]!.message).toBe(
      `not a direct download: ${URLS.landing} is a web page (HTML). Download it by hand from ${URLS.landing} and place it at ${target}.`,
    );
    expect(report.exitCode).toBe(1);
    expect(report.problems).toEqual([
      'landing: istat/pop/Popolazione_test.csv: required file missing, must be placed by hand',
    ]);
    expect(log).toContain(
      `Manual steps (not direct downloads):\n  - landing (required): istat/pop/Popolazione_test.csv [MISSING]\n      from ${URLS.landing}\n      to   ${target}`,
    );
    expect(await listAll()).toEqual(['istat/elenco/Elenco-test.csv']);
  });

  it('a file placed by hand is recorded in the lock, then verified on later runs', async () => {
    const path = 'istat/pop/Popolazione_test.csv';
    await mkdir(dirname(join(dataDir, path)), { recursive: true });
    await writeFile(join(dataDir, path), CSV_V1);
    const first = await run([LANDING]);
    expect(first.report.results[0]).toMatchObject({ status: 'manual', inPlace: true });
    expect(first.report.results[0]!.message).toContain('A file is in place (');
    expect(first.report.exitCode).toBe(0);
    expect((await readLock(lockPath)).files[path]).toMatchObject({
      url: URLS.landing,
      sha256: sha(CSV_V1),
      manual: true,
    });

    await writeFile(join(dataDir, path), CSV_V2);
    const second = await run([LANDING]);
    expect(second.report.results[0]).toMatchObject({ status: 'changed' });
    expect(second.report.results[0]!.message).toContain('CHECKSUM CHANGED: the file placed by hand');
    expect(second.report.exitCode).toBe(1);
    const third = await run([LANDING], { acceptChanges: true });
    expect(third.report.results[0]).toMatchObject({ status: 'manual' });
    expect((await readLock(lockPath)).files[path]!.sha256).toBe(sha(CSV_V2));
  });

  it('a file derived from an archive (no zipMember) is a manual step that lists the archive members', async () => {
    const derived = source('sintesi', [{ path: 'mef/sintesi/irpef.data.json', url: URLS.archive }], {
      required: false,
    });
    const { report } = await run([derived]);
    expect(report.results[0]).toMatchObject({ status: 'manual', inPlace: false });
    expect(report.results[0]!.message).toMatch(
      /serves a zip archive \(members: (Redditi_TEST_2024.csv, LEGGIMI.txt|LEGGIMI.txt, Redditi_TEST_2024.csv)\) and mef\/sintesi\/irpef.data.json is not declared as one of its members/,
    );
    expect(report.exitCode).toBe(0);
  });
});

describe('data:fetch CLI', () => {
  const sources = [ELENCO, ARCHIVE, JSON_SOURCE, LANDING];
  async function cli(argv: string[]) {
    let out = '';
    let err = '';
    const result = await runCli(['--data-dir', dataDir, '--lock', lockPath, ...argv], {
      env: { FETCH_URL_MAP: JSON.stringify(server.urlMap) },
      out: { write: (t: string) => (out += t) },
      err: { write: (t: string) => (err += t) },
      sources,
      download: { backoffMs: 1, sleep: async () => undefined },
    });
    return { ...result, out, err };
  }

  it('--only fetches only the named sources (repeatable and comma-separated)', async () => {
    const { exitCode, report } = await cli(['--only', 'elenco,json']);
    expect(exitCode).toBe(0);
    expect(report!.results.map((r) => r.source)).toEqual(['elenco', 'json']);
    expect([URLS.elenco, URLS.json, URLS.archive, URLS.landing].map((u) => server.hits(u))).toEqual([1, 1, 0, 0]);
    const again = await cli(['--only', 'elenco', '--only', 'archivio']);
    expect(again.report!.results.map((r) => r.source)).toEqual(['elenco', 'archivio', 'archivio']);
  });

  it('--year keeps only the files declared with that year', async () => {
    const { report } = await cli(['--year', '2024']);
    expect(report!.results.map((r) => r.path)).toEqual(['mef/test/Redditi_TEST_2024.csv', 'mef/test/LEGGIMI.txt']);
    expect(server.hits(URLS.elenco)).toBe(0);
    const y2020 = await cli(['--year=2020']);
    expect(y2020.report!.results.map((r) => r.source)).toEqual(['landing']);
  });

  it('usage errors exit with code 2 and say what exists', async () => {
    const unknown = await cli(['--only', 'nessuna']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.err).toContain('unknown source id "nessuna"; known ids: elenco, archivio, json, landing');
    const noYear = await cli(['--only', 'archivio', '--year', '1999']);
    expect(noYear.exitCode).toBe(2);
    expect(noYear.err).toContain('no declared file of archivio has year 1999 (declared years: 2024)');
    expect((await cli(['--bogus'])).exitCode).toBe(2);
    expect((await cli(['--year', '24'])).exitCode).toBe(2);
    const badMap = await runCli(['--only', 'elenco'], {
      env: { FETCH_URL_MAP: 'nope' },
      err: { write: () => undefined },
      sources,
    });
    expect(badMap.exitCode).toBe(2);
  });

  it('--data-dir decides where files go, and DATA_DIR is the fallback', async () => {
    const other = join(dirname(dataDir), 'env-data');
    let out = '';
    const { exitCode } = await runCli(['--only', 'elenco', '--lock', lockPath], {
      env: { FETCH_URL_MAP: JSON.stringify(server.urlMap), DATA_DIR: other },
      out: { write: (t: string) => (out += t) },
      sources,
    });
    expect(exitCode).toBe(0);
    expect(await readFile(join(other, 'istat/elenco/Elenco-test.csv'), 'utf8')).toBe(CSV_V1);
    expect(out).toContain(`data dir ${other}`);
  });
});
