import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import {
  ANPR_FILES,
  anprFile,
  exportUrl,
  meta,
  parsePopolazioneAnpr,
  type AnprVintage,
  type PopulationPoint,
} from '../../data-sources/anpr-popolazione.ts';
import { meta as bilancioMeta, parseBilancioDemografico } from '../../data-sources/istat-bilancio-demografico.ts';
import { decodeText } from '../../data-sources/lib/text.ts';
import { fetchSources } from '../../generator/fetch/fetch-sources.ts';
import { readLock } from '../../generator/fetch/lock.ts';
import { joinDemographics } from '../../generator/join/join-demographics.ts';
import { TestServer, serve } from '../fetch/server.ts';
import { p2File, p2Row, PICCOLO, ROMA } from '../helpers/bilancio-fixture.ts';

// A new ANPR vintage is one line in ANPR_FILES: year, month, file name, official URL. The
// fetcher downloads the yearly export from that URL to that name, the parser keeps the declared
// month, and the join serves it as a register count beside ISTAT's official series. No code changes.

const JAN_2027: AnprVintage = {
  year: 2027,
  month: 1,
  fileName: 'popolazione_residente_2027_mese1.csv',
  url: exportUrl(2027),
};

// The official export as ANPR publishes it during the year: every month so far, upper-case names.
const EXPORT_2027 = [
  'MESE,ANNO,REGIONE,PROVINCIA,COD_ISTAT_COMUNE,COMUNE,RESIDENTI',
  "1,2027,PIEMONTE,TORINO,001001,AGLIE',2590",
  '1,2027,PIEMONTE,TORINO,001002,AIRASCA,3700',
  "2,2027,PIEMONTE,TORINO,001001,AGLIE',2588",
  '2,2027,PIEMONTE,TORINO,001002,AIRASCA,3702',
].join('\n');

describe('a new ANPR vintage is one line in ANPR_FILES', () => {
  it('the line gives the path the build reads and the official export URL', () => {
    expect(anprFile(JAN_2027)).toEqual({
      path: 'anpr/popolazione-residente/popolazione_residente_2027_mese1.csv',
      url: 'https://raw.githubusercontent.com/italia/anpr-opendata/main/data/stats/popolazione_residente_2027_export.csv',
      year: 2027,
    });
    // meta.files is exactly one anprFile per declared line, so appending the line declares the file.
    expect(meta.files).toEqual(ANPR_FILES.map(anprFile));
  });

  describe('fetched from the (local stand-in of the) official URL', () => {
    let server: TestServer;
    let root: string;
    beforeAll(async () => {
      server = await TestServer.start();
      server.on(JAN_2027.url, serve(EXPORT_2027, 'text/csv'));
      root = await mkdtemp(join(tmpdir(), 'anpr-vintage-'));
    });
    afterAll(async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    });

    it('data:fetch --only anpr-popolazione --year 2027 places the export where load() reads it, and the parser keeps January', async () => {
      const withLine = { ...meta, files: [...ANPR_FILES, JAN_2027].map(anprFile) };
      const dataDir = join(root, 'data');
      const lockPath = join(root, 'sources.lock.json');
      const report = await fetchSources({
        sources: [withLine],
        dataDir,
        lockPath,
        only: ['anpr-popolazione'],
        years: [2027],
        urlMap: server.urlMap,
        out: { write: () => undefined },
      });
      expect(report.exitCode).toBe(0);
      expect(report.results.map((r) => [r.path, r.status])).toEqual([[anprFile(JAN_2027).path, 'new']]);
      expect((await readLock(lockPath)).files[anprFile(JAN_2027).path]).toMatchObject({
        source: 'anpr-popolazione',
        url: JAN_2027.url,
      });
      const point = parsePopolazioneAnpr(
        decodeText(await readFile(join(dataDir, anprFile(JAN_2027).path)), 'utf-8'),
        JAN_2027,
      );
      expect(point.data_riferimento).toBe('2027-01');
      expect(point.valori).toEqual(
        new Map([
          ['001001', 2590],
          ['001002', 3700],
        ]),
      );
    });
  });

  describe('the join serves it beside the official series, never in it', () => {
    const comune = (codice_istat: string) =>
      ({ codice_istat, superficie_km2: 10, valori_mancanti: {} }) as unknown as Anagrafica;
    const comuni = [comune('001001'), comune('058091')];
    const bilancio = { meta: bilancioMeta, data: parseBilancioDemografico(p2File([p2Row(PICCOLO), p2Row(ROMA)])) };
    const register = (points: PopulationPoint[]) => ({ meta, points });

    it('adds the month as a register count; the default year stays the newest complete official one', () => {
      const jan2027 = parsePopolazioneAnpr(EXPORT_2027, JAN_2027);
      const joined = joinDemographics(comuni, {
        bilancio,
        istatTotals: [],
        register: register([jan2027]),
        posas: null,
      });
      expect(joined.years).toEqual([2025, 2026, 2027]);
      expect(joined.defaultYear).toBe(2025);
      const y2027 = joined.series.get('001001')!.find((d) => d.anno === 2027)!;
      expect(y2027.popolazione_totale).toBeNull();
      expect(y2027.valori_mancanti.popolazione_totale).toMatch(
        /ISTAT al 1° gennaio 2027 non è tra le fonti.*ANPR non la sostituisce/,
      );
      expect(y2027.anagrafe).toEqual({ residenti: 2590, mese_riferimento: '2027-01', tipo: 'conteggio_anagrafico' });
      expect(y2027.fonti.anagrafe).toMatchObject({ fonte: 'anpr-popolazione', data_riferimento: '2027-01' });
      // 058091 is not in the 2027 export: no register count, and a reason.
      expect(joined.series.get('058091')!.some((d) => d.anno === 2027)).toBe(false);
    });
  });
});
