import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { resolveConfig } from '../../generator/config.ts';
import { fetchDatesNote, sourceFetchDates } from '../../generator/load/fetch-dates.ts';
import { fetchSources } from '../../generator/fetch/fetch-sources.ts';
import { TestServer, serve } from '../fetch/server.ts';

// /api/status says when each source was downloaded: the build reads the lock that
// npm run data:fetch writes, and trusts a date only for the bytes it recorded.

const ZIP_URL = 'https://www.example-finanze.gov.it/contenuti/Redditi_TEST.zip';
const CSV_URL = 'https://www.istat.it/storage/Elenco-test.csv';

function source(id: string, files: SourceMeta['files']): SourceMeta {
  return {
    id,
    publisher: 'Test',
    dataset: id,
    landingUrl: `https://www.example.it/${id}/`,
    vintage: 'test',
    referenceDate: '2024',
    licence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    attribution: 'Test',
    files,
    required: true,
    feeds: [],
    notes: [],
  };
}

const ARCHIVE = source('archivio', [
  { path: 'mef/2023.csv', url: ZIP_URL, zipMember: '2023.csv', year: 2023 },
  { path: 'mef/2024.csv', url: ZIP_URL, zipMember: '2024.csv', year: 2024 },
]);
const ELENCO = source('elenco', [{ path: 'istat/elenco.csv', url: CSV_URL }]);
const NEVER_FETCHED = source('a-mano', [{ path: 'altro/file.csv', url: 'https://www.example.it/file.csv' }]);

let server: TestServer;
let root: string;
let dataDir: string;
let lockPath: string;

beforeAll(async () => {
  server = await TestServer.start();
  server.on(
    ZIP_URL,
    serve(
      zipSync({ '2023.csv': strToU8('anno;valore\r\n2023;1\r\n'), '2024.csv': strToU8('anno;valore\r\n2024;2\r\n') }),
      'application/zip',
    ),
  );
  server.on(CSV_URL, serve('codice;nome\r\n001001;Agliè\r\n', 'text/csv'));
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fetch-dates-'));
  dataDir = join(root, 'data');
  lockPath = join(root, 'sources.lock.json');
  return () => rm(root, { recursive: true, force: true });
});

const fetchAt = (iso: string, only: string[], years: number[] = []) =>
  fetchSources({
    sources: [ARCHIVE, ELENCO],
    dataDir,
    lockPath,
    only,
    years,
    urlMap: server.urlMap,
    out: { write: () => undefined },
    now: () => new Date(iso),
  });

describe('fetch dates from the lock', () => {
  it('dates each fetched source with the newest download of its files', async () => {
    expect((await fetchAt('2026-04-01T08:00:00.000Z', ['elenco'])).exitCode).toBe(0);
    expect((await fetchAt('2026-04-01T08:00:00.000Z', ['archivio'], [2023])).exitCode).toBe(0);
    // A new tax year fetched later: the source's date moves, the other source's does not.
    expect((await fetchAt('2026-05-02T09:30:00.000Z', ['archivio'], [2024])).exitCode).toBe(0);
    const result = await sourceFetchDates(dataDir, [ARCHIVE, ELENCO, NEVER_FETCHED], lockPath);
    expect(result.dates).toEqual(
      new Map([
        ['archivio', '2026-05-02T09:30:00.000Z'],
        ['elenco', '2026-04-01T08:00:00.000Z'],
      ]),
    );
    expect(result.unmatched).toEqual([]);
    expect(fetchDatesNote(result)).toBeNull();
  });

  it('gives no date to a source whose file changed after the download', async () => {
    await fetchAt('2026-04-01T08:00:00.000Z', ['archivio', 'elenco']);
    await writeFile(join(dataDir, 'mef/2023.csv'), 'anno;valore\r\n2023;999\r\n');
    const result = await sourceFetchDates(dataDir, [ARCHIVE, ELENCO], lockPath);
    expect(result.dates).toEqual(new Map([['elenco', '2026-04-01T08:00:00.000Z']]));
    expect(result.unmatched).toEqual(['mef/2023.csv']);
    expect(fetchDatesNote(result)).toMatch(/1 file della cartella dati non corrispondono .*\(mef\/2023\.csv\)/);
  });

  it('gives no dates without a lock, and says why when the lock is unreadable', async () => {
    await fetchAt('2026-04-01T08:00:00.000Z', ['elenco']);
    const none = await sourceFetchDates(dataDir, [ELENCO], join(root, 'absent.lock.json'));
    expect(none).toEqual({ dates: new Map(), unmatched: [], problem: null });
    expect(fetchDatesNote(none)).toBeNull();
    await writeFile(lockPath, '{"version": 1, "files": ');
    const broken = await sourceFetchDates(dataDir, [ELENCO], lockPath);
    expect(broken.dates.size).toBe(0);
    expect(fetchDatesNote(broken)).toMatch(/^Date di download non disponibili: .*non è JSON valido/);
  });

  it('the build takes the lock from --lock (default: data-sources/sources.lock.json)', () => {
    expect(resolveConfig(['--lock', '/tmp/x/sources.lock.json']).lockPath).toBe('/tmp/x/sources.lock.json');
    expect(resolveConfig([]).lockPath).toBeUndefined();
  });
});
