import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readLock, writeLock } from '../../generator/fetch/lock.ts';
import { ProgressLine } from '../../generator/fetch/progress.ts';
import { checkShape, isPageUrl, isZip, sniff } from '../../data-sources/lib/shape.ts';
import { extractZipMember, listZipMembers, ZipMemberError } from '../../generator/fetch/unzip.ts';
import { parseUrlMap, rewriteUrl } from '../../generator/fetch/url-map.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniff and checkShape', () => {
  it('tells HTML pages from CSV, JSON, zip and binary bodies', () => {
    expect(sniff(bytes('<!DOCTYPE html><html><body>x</body></html>'))).toBe('html');
    expect(sniff(bytes('\uFEFF  <html lang="it"><head></head></html>'))).toBe('html');
    expect(sniff(bytes('<div>moved</div>'), 'text/html; charset=utf-8')).toBe('html');
    expect(sniff(bytes('<?xml version="1.0"?><root/>'))).toBe('text');
    expect(sniff(bytes('codice;nome\n001001;Agliè\n'))).toBe('text');
    expect(sniff(bytes('[{"a":1}]'))).toBe('json');
    expect(sniff(bytes('[broken'))).toBe('text');
    expect(sniff(zipSync({ 'a.csv': strToU8('x') }))).toBe('zip');
    expect(sniff(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBe('binary');
    expect(sniff(new Uint8Array())).toBe('empty');
  });

  it('checks the body against the declared extension', () => {
    expect(checkShape(bytes('a;b\n1;2\n'), 'x/file.csv', 'https://p.it/file.csv')).toEqual({ ok: true });
    expect(
      checkShape(bytes('<html><body>Not found</body></html>'), 'x/file.csv', 'https://p.it/file.csv'),
    ).toMatchObject({ ok: false, got: 'html' });
    expect(checkShape(bytes('a;b'), 'x/file.json', null)).toMatchObject({ ok: false, got: 'text', expected: 'JSON' });
    expect(checkShape(makeXlsx([{ name: 'S', rows: [['a']] }]), 'x/file.xlsx', 'https://p.it/file.xlsx')).toEqual({
      ok: true,
    });
    expect(checkShape(bytes('a;b\n'), 'x/file.xlsx', 'https://p.it/file.xlsx')).toMatchObject({
      ok: false,
      got: 'text',
    });
    expect(checkShape(new Uint8Array(), 'x/file.csv', null)).toMatchObject({ ok: false, got: 'empty' });
  });

  it("accepts the URL's format too (ispra-aria: .xlsx path, official .csv URL), but never a zip the path does not name", () => {
    expect(
      checkShape(bytes('station;yy\nIT1;2022\n'), 'ispra/aria/NO2.xlsx', 'https://p.it/no2_statistiche.csv'),
    ).toEqual({ ok: true });
    const zip = zipSync({ 'data.csv': strToU8('x') });
    expect(checkShape(zip, 'mef/x.data.json', 'https://p.it/x.zip')).toMatchObject({
      ok: false,
      got: 'zip',
      expected: 'JSON',
    });
  });

  it('calls a URL a page when it is the landing page or names no data file', () => {
    expect(isPageUrl('http://dati.istat.it/Index.aspx?DataSetCode=DCIS_POPRES1', 'x')).toBe(true);
    expect(isPageUrl('https://www.urbanindex.it', 'x')).toBe(true);
    expect(isPageUrl('https://p.it/pagina.htm', 'x')).toBe(true);
    expect(isPageUrl('https://p.it/dati/', 'https://p.it/dati/')).toBe(true);
    expect(isPageUrl('https://www.istat.it/storage/codici-unita-amministrative/Elenco-comuni-italiani.csv', 'x')).toBe(
      false,
    );
    expect(isPageUrl('https://demo.istat.it/data/posas/POSAS_2025_it_Comuni.zip', 'x')).toBe(false);
  });
});

describe('unzip', () => {
  const zip = zipSync({
    'release/gi_comuni.csv': strToU8('a;b\n'),
    'README.txt': strToU8('readme'),
    'release/': new Uint8Array(),
  });

  it('lists members and extracts the declared one, also from inside a folder', () => {
    expect(isZip(zip)).toBe(true);
    expect(listZipMembers(zip).sort()).toEqual(['README.txt', 'release/gi_comuni.csv']);
    expect(new TextDecoder().decode(extractZipMember(zip, 'README.txt').bytes)).toBe('readme');
    expect(extractZipMember(zip, 'gi_comuni.csv').name).toBe('release/gi_comuni.csv');
  });

  it('names the members it has when the declared one is missing', () => {
    expect(() => extractZipMember(zip, 'gi_cap.csv')).toThrow(ZipMemberError);
    expect(() => extractZipMember(zip, 'gi_cap.csv')).toThrow(
      /no member "gi_cap.csv"; its members are: (README.txt, release\/gi_comuni.csv|release\/gi_comuni.csv, README.txt)/,
    );
  });
});

describe('URL map', () => {
  it('replaces the longest matching prefix and leaves other URLs alone', () => {
    const map = parseUrlMap(
      '{"https://": "http://127.0.0.1:9/https/", "https://www.istat.it/": "http://127.0.0.1:9/istat/"}',
    );
    expect(rewriteUrl('https://www.istat.it/a.csv', map)).toBe('http://127.0.0.1:9/istat/a.csv');
    expect(rewriteUrl('https://demo.istat.it/b.zip', map)).toBe('http://127.0.0.1:9/https/demo.istat.it/b.zip');
    expect(rewriteUrl('http://dati.istat.it/Index.aspx', map)).toBe('http://dati.istat.it/Index.aspx');
    expect(parseUrlMap(undefined)).toEqual({});
  });

  it('rejects a map that is not a JSON object of strings', () => {
    expect(() => parseUrlMap('https://=http://x')).toThrow(/FETCH_URL_MAP non è JSON valido/);
    expect(() => parseUrlMap('["a"]')).toThrow(/deve essere un oggetto JSON/);
    expect(() => parseUrlMap('{"https://": 3}')).toThrow(/deve associare un prefisso di URL non vuoto a una stringa/);
  });
});

describe('lock file', () => {
  it('round-trips, sorted by path, and refuses a malformed lock', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fetch-lock-'));
    try {
      const path = join(dir, 'sub', 'sources.lock.json');
      expect(await readLock(path)).toEqual({ version: 1, files: {} });
      const entry = {
        source: 's',
        url: 'https://p.it/a.csv',
        sha256: 'a'.repeat(64),
        bytes: 3,
        fetched_at: '2026-01-01T00:00:00.000Z',
      };
      await writeLock(path, {
        version: 1,
        files: {
          'z/b.csv': entry,
          'a/a.csv': { ...entry, zip_member: 'a.csv', archive: { sha256: 'b'.repeat(64), bytes: 9 } },
        },
      });
      const text = await readFile(path, 'utf8');
      expect(text.indexOf('a/a.csv')).toBeLessThan(text.indexOf('z/b.csv'));
      expect((await readLock(path)).files['a/a.csv']).toMatchObject({ zip_member: 'a.csv', archive: { bytes: 9 } });
      await writeFile(path, '{"version": 1, "files": {"x": {"url": "u"}}}');
      await expect(readLock(path)).rejects.toThrow(/entry "x" richiede url, sha256/);
      await writeFile(path, '{oops');
      await expect(readLock(path)).rejects.toThrow(/non è JSON valido/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('progress line', () => {
  it('redraws in place on a TTY and stays silent otherwise', () => {
    let tty = '';
    let time = 0;
    const line = new ProgressLine({ isTTY: true, write: (t) => (tty += t) }, 'src file.csv', () => time);
    line.update(0, 2048);
    time = 50;
    line.update(512, 2048); // throttled
    time = 200;
    line.update(1024, 2048);
    line.update(2048, 2048); // the last update always draws
    line.clear();
    expect(tty.split('\r\x1b[2K').filter(Boolean)).toEqual([
      '  ↓ src file.csv  [....................] 0 B / 2.0 kB 0%',
      '  ↓ src file.csv  [##########..........] 1.0 kB / 2.0 kB 50%',
      '  ↓ src file.csv  [####################] 2.0 kB / 2.0 kB 100%',
    ]);
    let plain = '';
    const quiet = new ProgressLine({ isTTY: false, write: (t) => (plain += t) }, 'x');
    quiet.update(10, 20);
    quiet.clear();
    expect(plain).toBe('');
  });
});
