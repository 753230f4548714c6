import { describe, expect, it } from 'vitest';
import { columnIndex, parseTable } from '../../data-sources/lib/csv.ts';
import { decodeText } from '../../data-sources/lib/text.ts';
import { parseDecimalComma, parseDecimalPoint, toCodiceIstat } from '../../data-sources/lib/values.ts';
import { readWorkbook, tableBelowHeader } from '../../data-sources/lib/xlsx.ts';
import { makeXlsx } from '../helpers/xlsx-fixture.ts';

describe('decodeText', () => {
  it('drops a UTF-8 byte-order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'utf-8')).toBe('A');
  });
  it('reads Latin-1 accents', () => {
    expect(decodeText(new Uint8Array([0x46, 0x6f, 0x72, 0x6c, 0xec]), 'latin1')).toBe('Forlì');
  });
  it('auto-detects Latin-1 when the bytes are not valid UTF-8', () => {
    expect(decodeText(new Uint8Array([0x46, 0x6f, 0x72, 0x6c, 0xec]), 'auto')).toBe('Forlì');
    expect(decodeText(new TextEncoder().encode('Forlì'), 'auto')).toBe('Forlì');
  });
});

describe('parseTable', () => {
  it('handles mixed CRLF/LF and header cells with line breaks inside quotes', () => {
    const text = 'Codice;"Denominazione\r\n(valida)";Valore\r\n001;Agliè;1\n002;Airasca;2\r\n';
    const t = parseTable(text, ';');
    expect(t.header).toEqual(['Codice', 'Denominazione (valida)', 'Valore']);
    expect(t.rows).toEqual([
      ['001', 'Agliè', '1'],
      ['002', 'Airasca', '2'],
    ]);
  });
  it('drops phantom trailing columns from a header ending in "; "', () => {
    const t = parseTable('a;b; \r\n1;2;\r\n3;4\r\n', ';');
    expect(t.header).toEqual(['a', 'b']);
    expect(t.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });
  it('splits files without quotes the same way as quoted ones', () => {
    const plain = parseTable('a;b; \r\n1;;\n3;4;5\r\n\r\n', ';');
    const quoted = parseTable('a;"b"; \r\n1;;\n3;4;5\r\n\r\n', ';');
    expect(plain).toEqual(quoted);
    expect(plain.rows).toEqual([
      ['1', ''],
      ['3', '4'],
    ]);
  });
  it('finds a column under any of its names across vintages, and fails clearly otherwise', () => {
    expect(columnIndex(['Codice Istat', 'x'], ['Codice Istat Comune', 'Codice Istat'], 't')).toBe(0);
    expect(() => columnIndex(['x'], 'Codice Istat Comune', 'MEF 2010')).toThrow(/MEF 2010: no column named "codice istat comune"; header is: x/);
  });
});

describe('values', () => {
  it('parses decimal commas and keeps blanks as null, never 0', () => {
    expect(parseDecimalComma('45,3634669')).toBe(45.3634669);
    expect(parseDecimalComma('-0,18')).toBe(-0.18);
    expect(parseDecimalComma('1.234,5')).toBe(1234.5);
    expect(parseDecimalComma('')).toBeNull();
    expect(parseDecimalComma('#N/D')).toBeNull();
    expect(parseDecimalComma('NULL')).toBeNull();
    expect(parseDecimalComma('#DIV/0!')).toBeNull();
    expect(parseDecimalPoint('16571.73')).toBe(16571.73);
    expect(() => parseDecimalPoint('abc', 'ettari')).toThrow(/ettari: "abc" is not a number/);
  });
  it('pads integer codes without leading zeros and rejects non-comune codes', () => {
    expect(toCodiceIstat(1001)).toBe('001001');
    expect(toCodiceIstat('28001')).toBe('028001');
    expect(toCodiceIstat('058091')).toBe('058091');
    expect(toCodiceIstat('0')).toBeNull();
    expect(toCodiceIstat('Mancante/errata')).toBeNull();
    expect(toCodiceIstat('')).toBeNull();
  });
});

describe('xlsx', () => {
  it('finds a header that is not on row 1', async () => {
    const bytes = makeXlsx([
      { name: 'LEGGIMI', rows: [['note']] },
      { name: 'DATI', rows: [['Titolo'], [], ['PROCOM_T', 'MEDIA tempi\r\n\r\n(min)'], ['001001', 24], ['001002', 15.5]] },
    ]);
    const sheets = await readWorkbook(bytes);
    const table = tableBelowHeader(sheets.find((s) => s.name === 'DATI')!, 'PROCOM_T');
    expect(table.header).toEqual(['PROCOM_T', 'MEDIA tempi (min)']);
    expect(table.rows).toEqual([
      ['001001', 24],
      ['001002', 15.5],
    ]);
  });
});
