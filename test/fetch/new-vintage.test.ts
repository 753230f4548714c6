import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meta as sintesiMeta } from '../../data-sources/mef-irpef-2024-sintesi.ts';
import { TAX_YEARS, irpefFile, meta, parseIrpefYear } from '../../data-sources/mef-irpef-comunale.ts';
import { decodeText } from '../../data-sources/lib/text.ts';
import { fetchSources } from '../../generator/fetch/fetch-sources.ts';
import { readLock } from '../../generator/fetch/lock.ts';
import { BRACKETS, L2023, headerOf, rowOf } from '../helpers/mef-fixture.ts';
import { TestServer, serve } from './server.ts';

// A new MEF tax year is one declaration: appending 2024 to TAX_YEARS gives irpefFile(2024),
// whose path, official URL and zip member follow from the year; the fetcher downloads and
// unpacks it, and parseIrpefYear reads it when MEF keeps the 2023 header.

const NAME = 'Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024';

const row = (identity: string[], values: Record<string, [string, string]> = {}) => rowOf(L2023, identity, values);
const CSV_2024 =
  [
    headerOf(L2023),
    row(['2024', 'A001', '028001', 'ABANO TERME', 'PD', 'Veneto', '05', '15300'], {
      'Reddito imponibile': ['15100', '410000000'],
      'Reddito complessivo': ['15250', '425000000'],
      'Trattamento spettante': ['', ''], // suppressed
      [BRACKETS[7]!]: ['310', '61000000'],
    }),
    row(['2024', 'A002', '028002', 'AGNA', 'PD', 'Veneto', '05', '2400']),
    row(['2024', '0', '0', '0', '0', 'Mancante/errata', '0', '3900']),
  ].join('\r\n') + '\r\n';

describe('a new MEF vintage is one declaration', () => {
  it('irpefFile(2024) names the path, official URL and zip member from the year alone', () => {
    expect(irpefFile(2024)).toEqual({
      path: `mef/irpef-comunale/${NAME}.csv`,
      url: `https://www1.finanze.gov.it/finanze/analisi_stat/public/v_4_0_0/contenuti/${NAME}.zip`,
      zipMember: `${NAME}.csv`,
      year: 2024,
    });
    // meta.files is exactly one irpefFile per declared tax year: appending 2024 declares it.
    expect(meta.files).toEqual(TAX_YEARS.map(irpefFile));
    // The official 2024 zip the 2024 summary source was built from is the same URL.
    expect(new Set(sintesiMeta.files.map((f) => f.url))).toEqual(new Set([irpefFile(2024).url]));
  });

  it('parseIrpefYear(text, 2024) reads a 2024 file with the 2023 header', () => {
    const year = parseIrpefYear(CSV_2024, 2024);
    expect(year.anno).toBe(2024);
    expect(year.comuni.map((c) => c.codice_istat)).toEqual(['028001', '028002']);
    const abano = year.comuni[0]!;
    expect(abano.contribuenti).toBe(15300);
    expect(abano.reddito_imponibile).toEqual({ frequenza: 15100, ammontare: 410000000 });
    expect(abano.reddito_complessivo).toEqual({ frequenza: 15250, ammontare: 425000000 });
    expect(abano.trattamento_spettante).toEqual({ frequenza: null, ammontare: null });
    expect(abano.scaglioni[7]).toEqual({ da: 120000, a: null, frequenza: 310, ammontare: 61000000 });
    expect(year.scartati).toHaveLength(1);
    expect(() => parseIrpefYear(CSV_2024, 2023)).toThrow(/Anno di imposta "2024", atteso 2023/);
  });

  describe('fetched from the (local stand-in of the) official URL', () => {
    let server: TestServer;
    let root: string;
    beforeAll(async () => {
      server = await TestServer.start();
      server.on(irpefFile(2024).url, serve(zipSync({ [`${NAME}.csv`]: strToU8(CSV_2024) }), 'application/zip'));
      root = await mkdtemp(join(tmpdir(), 'fetch-vintage-'));
    });
    afterAll(async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    });

    it('data:fetch --only mef-irpef-comunale --year 2024 unpacks it where load() will read it', async () => {
      const withYear = { ...meta, files: [...TAX_YEARS, 2024].map(irpefFile) };
      const dataDir = join(root, 'data');
      const lockPath = join(root, 'sources.lock.json');
      const report = await fetchSources({
        sources: [withYear],
        dataDir,
        lockPath,
        only: ['mef-irpef-comunale'],
        years: [2024],
        urlMap: server.urlMap,
        out: { write: () => undefined },
      });
      expect(report.exitCode).toBe(0);
      expect(report.results.map((r) => [r.path, r.status])).toEqual([[irpefFile(2024).path, 'new']]);
      const text = decodeText(await readFile(join(dataDir, irpefFile(2024).path)), 'auto');
      expect(parseIrpefYear(text, 2024).comuni).toHaveLength(2);
      expect((await readLock(lockPath)).files[irpefFile(2024).path]).toMatchObject({
        url: irpefFile(2024).url,
        zip_member: `${NAME}.csv`,
      });
    });
  });
});
