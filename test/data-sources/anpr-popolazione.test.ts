import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ANPR_FILES,
  load,
  meta,
  parsePopolazioneAnpr,
  parsePopulationCount,
} from '../../data-sources/anpr-popolazione.ts';
import { MissingSourceError } from '../../data-sources/lib/files.ts';

// Hand-written rows in the ANPR export layout (UTF-8, ",", upper-case names, codes as text).
const HEADER = 'MESE,ANNO,REGIONE,PROVINCIA,COD_ISTAT_COMUNE,COMUNE,RESIDENTI';
const JAN_2025 = [
  HEADER,
  '1,2025,LAZIO,ROMA,058091,ROMA,2800000',
  '1,2025,PIEMONTE,TORINO,001001,AGLIÈ,2500',
  '1,2025,FRIULI VENEZIA GIULIA,TRIESTE,032001,DUINO AURISINA-DEVIN NABRE¿INA,8200',
].join('\n');

describe('anpr-popolazione parser', () => {
  it('reads codes with their leading zeros, residents and the month of the snapshot', () => {
    const point = parsePopolazioneAnpr(JAN_2025, { year: 2025, month: 1 });
    expect(point.anno).toBe(2025);
    expect(point.data_riferimento).toBe('2025-01');
    expect([...point.valori]).toEqual([
      ['058091', 2800000],
      ['001001', 2500],
      ['032001', 8200],
    ]);
    expect(point.scartati).toEqual([]);
  });

  it('keeps the code of a bilingual name garbled with "¿", and the name as written', () => {
    const point = parsePopolazioneAnpr(JAN_2025, { year: 2025, month: 1 });
    expect(point.nomi.get('032001')).toBe('DUINO AURISINA-DEVIN NABRE¿INA');
    expect(point.valori.get('032001')).toBe(8200);
  });

  it('formats a December snapshot as YYYY-12', () => {
    const point = parsePopolazioneAnpr(`${HEADER}\n12,2022,LOMBARDIA,COMO,013199,RONAGO,1800`, {
      year: 2022,
      month: 12,
    });
    expect(point.data_riferimento).toBe('2022-12');
    // A comune since merged stays in the map: the join decides what maps to the current set.
    expect(point.valori.get('013199')).toBe(1800);
  });

  it('throws when the file belongs to another year than declared', () => {
    expect(() => parsePopolazioneAnpr(JAN_2025, { year: 2026, month: 1 })).toThrow(
      /ANNO "2025", ma il file è dichiarato del 2026/,
    );
  });

  it('throws when the declared month is not in the file', () => {
    const february = `${HEADER}\n2,2025,LAZIO,ROMA,058091,ROMA,2800100`;
    expect(() => parsePopolazioneAnpr(february, { year: 2025, month: 1 })).toThrow(
      /nessuna riga con MESE 1; il file contiene MESE 2/,
    );
  });

  it('takes only the declared month from a full-year official export', () => {
    const fullYear = [HEADER, '1,2025,LAZIO,ROMA,058091,ROMA,2800000', '2,2025,LAZIO,ROMA,058091,ROMA,2800100'].join(
      '\n',
    );
    expect(parsePopolazioneAnpr(fullYear, { year: 2025, month: 2 }).valori.get('058091')).toBe(2800100);
    expect(parsePopolazioneAnpr(fullYear, { year: 2025, month: 1 }).valori.get('058091')).toBe(2800000);
  });

  it('skips and reports non-comune rows and missing counts, never reading them as 0', () => {
    const text = [
      HEADER,
      '1,2025,,,IT,ITALIA,58900000',
      '1,2025,LAZIO,ROMA,058091,ROMA,',
      '1,2025,PIEMONTE,TORINO,001001,AGLIÈ,2500',
    ].join('\n');
    const point = parsePopolazioneAnpr(text, { year: 2025, month: 1 });
    expect(point.valori.has('058091')).toBe(false);
    expect([...point.valori.keys()]).toEqual(['001001']);
    expect(point.scartati).toEqual([
      { codice: 'IT', motivo: 'codice non comunale (ITALIA)' },
      { codice: '058091', motivo: 'RESIDENTI mancante' },
    ]);
  });

  it('refuses a code listed twice and a count that is not a whole number', () => {
    expect(() =>
      parsePopolazioneAnpr(`${JAN_2025}\n1,2025,LAZIO,ROMA,058091,ROMA,1`, { year: 2025, month: 1 }),
    ).toThrow(/058091 compare due volte/);
    expect(() =>
      parsePopolazioneAnpr(`${HEADER}\n1,2025,LAZIO,ROMA,058091,ROMA,12.5`, { year: 2025, month: 1 }),
    ).toThrow(/"12.5" non è un conteggio di persone/);
    expect(parsePopulationCount(' 0 ', 'x')).toBe(0);
    expect(parsePopulationCount('', 'x')).toBeNull();
  });
});

describe('anpr-popolazione declaration', () => {
  it('declares each vintage once, with a file name that matches its year and month', () => {
    expect(meta.files.map((f) => f.path)).toEqual(ANPR_FILES.map((f) => `anpr/popolazione-residente/${f.fileName}`));
    for (const f of ANPR_FILES) {
      expect(f.fileName).toBe(`popolazione_residente_${f.year}_mese${f.month}.csv`);
      expect(f.url).toBe(
        `https://raw.githubusercontent.com/italia/anpr-opendata/main/data/stats/popolazione_residente_${f.year}_export.csv`,
      );
    }
  });

  const empty = mkdtemp(join(tmpdir(), 'anpr-'));
  afterAll(async () => rm(await empty, { recursive: true, force: true }));
  it('fails with MissingSourceError when a declared file is absent', async () => {
    await expect(load(await empty)).rejects.toBeInstanceOf(MissingSourceError);
  });
});
