import { describe, expect, it } from 'vitest';
import { parsePopolazioneIstat2020 } from '../../data-sources/istat-popolazione-2020.ts';
import { decodeText } from '../../data-sources/lib/text.ts';

// Hand-written rows in the dati.istat.it export layout: BOM, ",", every cell quoted except the value.
const HEADER =
  '"ITTER107","Territorio","TIPO_DATO15","Tipo di indicatore demografico","SEXISTAT1","Sesso","ETA1","Età","STATCIV2","Stato civile","TIME","Seleziona periodo","Value","Flag Codes","Flags"';
const row = (code: string, name: string, value: string, sex = '9', age = 'TOTAL', status = '99', time = '2020') =>
  `"${code}","${name}","JAN","popolazione al 1º gennaio","${sex}","${sex === '9' ? 'totale' : 'maschi'}","${age}","totale","${status}","totale","${time}","${time}",${value},,`;

const FILE = [
  `\uFEFF${HEADER}`,
  row('IT', 'Italia', '59000000'),
  row('001272', 'Torino', '850000'),
  row('ITC11', 'Torino (provincia)', '2200000'),
  row('058091', 'Roma', '2800000'),
  row('058091', 'Roma', '1300000', '1'),
  row('015146', 'Milano', '700000', '9', 'Y30'),
  row('015146', 'Milano', '1400000'),
  row('024125', 'Valbrenta, comune nuovo', '5000'),
].join('\r\n');

describe('istat-popolazione-2020 parser', () => {
  it('reads the quoted export despite the byte-order mark, keeping only the all-sexes/all-ages/all-statuses total', () => {
    const point = parsePopolazioneIstat2020(FILE);
    expect(point.anno).toBe(2020);
    expect(point.data_riferimento).toBe('2020-01-01');
    expect([...point.valori]).toEqual([
      ['001272', 850000],
      ['058091', 2800000],
      ['015146', 1400000],
      ['024125', 5000],
    ]);
    // A comma inside a quoted name does not shift the columns.
    expect(point.nomi.get('024125')).toBe('Valbrenta, comune nuovo');
  });

  it('also works on the raw bytes decoded as UTF-8', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(FILE.slice(1))]);
    expect(parsePopolazioneIstat2020(decodeText(bytes, 'utf-8')).valori.get('058091')).toBe(2800000);
  });

  it('skips Italia and any territorial code that is not a 6-digit comune, and reports them', () => {
    const point = parsePopolazioneIstat2020(FILE);
    expect(point.valori.has('IT')).toBe(false);
    expect(point.scartati).toEqual([
      { codice: 'IT', motivo: 'totale nazionale (Italia)' },
      { codice: 'ITC11', motivo: 'codice territoriale non comunale (Torino (provincia))' },
    ]);
  });

  it('leaves a comune without a value absent (never 0) and reports it', () => {
    const point = parsePopolazioneIstat2020(
      [HEADER, row('001272', 'Torino', ''), row('058091', 'Roma', '2800000')].join('\n'),
    );
    expect(point.valori.has('001272')).toBe(false);
    expect(point.scartati).toEqual([{ codice: '001272', motivo: 'Value mancante' }]);
  });

  it('throws on a total row of another year, or on a code listed twice', () => {
    expect(() =>
      parsePopolazioneIstat2020([HEADER, row('001272', 'Torino', '850000', '9', 'TOTAL', '99', '2021')].join('\n')),
    ).toThrow(/TIME "2021"/);
    expect(() =>
      parsePopolazioneIstat2020([HEADER, row('001272', 'Torino', '1'), row('001272', 'Torino', '2')].join('\n')),
    ).toThrow(/001272 compare due volte/);
  });
});
