import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SOURCE_META } from '../../../data-sources/index.ts';
import { decodeText } from '../../../data-sources/lib/text.ts';
import { irpefFile, parseIrpefYear } from '../../../data-sources/mef-irpef-comunale.ts';
import { fetchSources, type FetchOptions } from '../../../generator/fetch/fetch-sources.ts';
import { readLock } from '../../../generator/fetch/lock.ts';
import { buildDataset } from '../../../generator/join/build-dataset.ts';
import { loadSources } from '../../../generator/load/load-sources.ts';
import { validateDataset } from '../../../generator/check/validate-dataset.ts';
import { MIRROR_DIR, MIRROR_PRESENT, mirrorChecksums, serveMirror } from './mirror-server.ts';
import { TestServer } from '../../fetch/server.ts';

// The real declarations of data-sources/*.ts, fetched from a local server that serves the
// shared mirror at their official URLs. Skipped, visibly, where the mirror is absent: the
// fixture-based tests in fetch-sources.test.ts cover the mechanics everywhere.

if (!MIRROR_PRESENT)
  console.warn(
    `test/integration/fetch/mirror.test.ts: raw mirror ${MIRROR_DIR} absent, mirror-backed fetch tests skipped`,
  );

const SKIP = !MIRROR_PRESENT;
const suffix = SKIP ? ` (SKIPPED: mirror ${MIRROR_DIR} absent)` : '';

let server: TestServer;
let root: string;
let sums: Map<string, string>;

beforeAll(async () => {
  if (SKIP) return;
  server = await TestServer.start();
  await serveMirror(server, ALL_SOURCE_META);
  sums = await mirrorChecksums();
  root = await mkdtemp(join(tmpdir(), 'fetch-mirror-'));
});
afterAll(async () => {
  if (SKIP) return;
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function options(name: string, extra: Partial<FetchOptions> = {}): FetchOptions {
  return {
    sources: ALL_SOURCE_META,
    dataDir: join(root, name, 'data'),
    lockPath: join(root, name, 'sources.lock.json'),
    urlMap: server.urlMap,
    download: { retries: 0, backoffMs: 1, timeoutMs: 10_000 },
    out: { write: () => undefined },
    ...extra,
  };
}

describe('data:fetch against the mirror served at the official URLs', () => {
  it.skipIf(SKIP)(
    `zip members (gi-db-comuni) and plain files (istat-elenco-comuni, ispra-aria) arrive byte-identical to the mirror${suffix}`,
    async () => {
      const opts = options('registry', { only: ['gi-db-comuni', 'istat-elenco-comuni', 'ispra-aria'] });
      const report = await fetchSources(opts);
      expect(report.exitCode).toBe(0);
      expect(report.results).toHaveLength(11); // gi-db-comuni 5, istat-elenco-comuni 1, ispra-aria 4 CSVs + legend
      const lock = await readLock(opts.lockPath);
      for (const r of report.results) {
        expect(r.status, r.path).toBe('new');
        expect(r.sha256, r.path).toBe(sums.get(r.path));
        expect(lock.files[r.path]?.sha256).toBe(sums.get(r.path));
      }
      expect(lock.files['gi-db-comuni/2025-01-01/gi_comuni.csv']).toMatchObject({
        url: 'https://www.gardainformatica.it/database-comuni-italiani/2025-01-01/gi_db_comuni-2025-01-01-csv.zip',
        zip_member: 'gi_comuni.csv',
      });
    },
  );

  it.skipIf(SKIP)(
    `--only mef-irpef-comunale --year 2023 unpacks that year's CSV, which parses to the MANIFEST's check values${suffix}`,
    async () => {
      const opts = options('mef', { only: ['mef-irpef-comunale'], years: [2023] });
      const report = await fetchSources(opts);
      expect(report.results.map((r) => [r.path, r.status])).toEqual([
        ['mef/irpef-comunale/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2023.csv', 'new'],
      ]);
      const bytes = await readFile(join(opts.dataDir, report.results[0]!.path));
      const year = parseIrpefYear(decodeText(bytes, 'auto'), 2023);
      expect(year.comuni.find((c) => c.codice_istat === '015146')?.contribuenti).toBe(1_047_822);
      expect(year.comuni.find((c) => c.codice_istat === '058091')?.contribuenti).toBe(1_982_316);
    },
  );

  it.skipIf(SKIP)(
    `a full run: every direct file matches SHA256SUMS, landing pages and derived files are manual steps, and the publishers' downloads alone build the dataset${suffix}`,
    async () => {
      const report = await fetchSources(options('all'));
      const byStatus = (s: string) => report.results.filter((r) => r.status === s).map((r) => r.path);
      for (const r of report.results.filter((x) => x.status === 'new')) expect(r.sha256, r.path).toBe(sums.get(r.path));
      expect(byStatus('manual').sort()).toEqual(
        [
          'agcom/copertura-ftth/AGCOM_Fibra.xls',
          'istat/classificazioni-comuni-2026/Classificazioni statistiche-e-dimensione-dei-comuni_01_01_2026.xlsx',
          'mim/scuole-statali-2025-26/SCUANAGRAFESTAT20252620250901.csv.gz',
          'dipe/urban-index/DB_DIPE.csv',
          'dipe/urban-index/DB_DIPE_TRACCIATO.csv',
          'gisco/ospedali/italia_province_fasce_5min_wide.csv',
          'interno/delitti-forze-polizia/numero-delitti-per-provincia.csv',
          'istat/aree-interne/mappa-ai-2020-elenco-classificazione-comuni.xlsx',
          'istat/delitti/delitti_province.json',
          'istat/delitti/reati_allarme_sociale_province.json',
          'istat/popolazione-2020/Popolazione_comuni_01_01_2020.csv',
          'istat/posas-2025-sample/POSAS_2025_it_097_Lecco_SAMPLE_first2comuni.csv',
          'istat/sardegna-2026/sardegna-2026.csv',
          'mef/irpef-comunale-2024-sintesi/mef-irpef-2024.data.json',
          'mef/irpef-comunale-2024-sintesi/mef-irpef-2024.meta.json',
          'mef/irpef-comunale-2024-sintesi/mef-irpef-2024.source.json',
        ].sort(),
      );
      // The national POSAS file is not published here (404): an optional source, so no failure of the run.
      expect(report.results.filter((r) => r.status === 'failed').map((r) => [r.path, r.reason])).toEqual([
        ['istat/posas-2025/POSAS_2025_it_Comuni.csv', 'gone'],
      ]);
      // Every other declared file is downloaded: all of them but the manual steps and the one that is gone.
      expect(byStatus('new')).toHaveLength(
        ALL_SOURCE_META.flatMap((m) => m.files).length - byStatus('manual').length - byStatus('failed').length,
      );
      // Every required source has a direct download: a build from the publishers alone is possible.
      expect(report.problems).toEqual([]);
      expect(report.exitCode).toBe(0);
      const { data, status } = await loadSources(options('all').dataDir);
      const dataset = buildDataset(data, status);
      expect(dataset.comuni).toHaveLength(7896);
      expect(validateDataset(dataset)).toEqual([]);
      expect(status.filter((x) => x.mancante !== null).map((x) => x.meta.id)).toEqual(
        expect.arrayContaining([
          'dipe-urban-index',
          'istat-aree-interne',
          'istat-delitti',
          'istat-popolazione-2020',
          'istat-codici-sardegna',
        ]),
      );
    },
  );
});

describe('a new MEF vintage agrees with the mirror', () => {
  const metaJson = join(MIRROR_DIR, 'mef/irpef-comunale-2024-sintesi/mef-irpef-2024.meta.json');
  it.skipIf(!existsSync(metaJson))(
    `the URL and member agree with what the 2024 summary recorded from MEF's zip (assetUrl, csvMember)${existsSync(metaJson) ? '' : ` (SKIPPED: ${metaJson} absent)`}`,
    async () => {
      const recorded = JSON.parse(await readFile(metaJson, 'utf8')) as {
        source: { assetUrl: string; csvMember: { name: string } };
      };
      expect(irpefFile(2024).url).toBe(recorded.source.assetUrl);
      expect(irpefFile(2024).zipMember).toBe(recorded.source.csvMember.name);
    },
  );
});
