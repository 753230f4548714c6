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
  it('refuses bytes that are not UTF-8 in a file declared UTF-8, naming the line, never a U+FFFD', () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('codice;nome\n040012;'),
      0x46,
      0x6f,
      0x72,
      0x6c,
      0xec,
      0x0a,
    ]);
    expect(() => decodeText(latin1, 'utf-8')).toThrow(
      /riga 2: il byte 0xEC non è UTF-8 valido \(letto come Latin-1 la riga è «040012;Forlì»\)/,
    );
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
    const plain = parseTable('a;b; \r\n1;;\n3;4;\r\n\r\n', ';');
    const quoted = parseTable('a;"b"; \r\n1;;\n3;4;\r\n\r\n', ';');
    expect(plain).toEqual(quoted);
    expect(plain.rows).toEqual([
      ['1', ''],
      ['3', '4'],
    ]);
    expect(plain.lines).toEqual([2, 3]);
  });
  it('refuses a short row (a file cut mid-row) naming the line and showing the row, with or without quotes', () => {
    const cut = 'codice;nome;contribuenti\n1001;Agliè;1800\n1002;Airasca;18\n1003;Ala di St';
    expect(() => parseTable(cut, ';')).toThrow(
      /riga 4: 2 campi invece dei 3 dell'intestazione \(file troncato o riga spezzata\?\): «1003;Ala di St»/,
    );
    expect(() => parseTable(cut.replace('Agliè', '"Agliè"'), ';')).toThrow(/riga 4: 2 campi invece dei 3/);
  });
  it('refuses a value under a column without a name (a row with a delimiter too many)', () => {
    expect(() => parseTable('a;b; \n1;2;\n3;4;5\n', ';')).toThrow(
      /riga 3: 3 campi invece dei 2 dell'intestazione, con il valore "5" sotto una colonna senza nome/,
    );
  });
  it('finds a column under any of its names across vintages, and fails clearly otherwise', () => {
    expect(columnIndex(['Codice Istat', 'x'], ['Codice Istat Comune', 'Codice Istat'], 't')).toBe(0);
    expect(() => columnIndex(['x'], 'Codice Istat Comune', 'MEF 2010')).toThrow(
      /MEF 2010: nessuna colonna di nome "codice istat comune"; l.intestazione è: x/,
    );
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
    expect(() => parseDecimalPoint('abc', 'ettari')).toThrow(/ettari: "abc" non è un numero/);
    // The whole cell or nothing: Number() would read these, parseFloat() the first.
    for (const cell of ['12abc', '0x1F', '1e12', 'Infinity', '1,2,3'])
      expect(() => parseDecimalComma(cell, 'superficie')).toThrow(/non è un numero/);
    for (const cell of ['12abc', '0x1F', '1e12', 'Infinity', '1.2.3'])
      expect(() => parseDecimalPoint(cell, 'ettari')).toThrow(/non è un numero/);
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
      {
        name: 'DATI',
        rows: [['Titolo'], [], ['PROCOM_T', 'MEDIA tempi\r\n\r\n(min)'], ['001001', 24], ['001002', 15.5]],
      },
    ]);
    const sheets = await readWorkbook(bytes);
    const table = tableBelowHeader(
      sheets.find((s) => s.name === 'DATI')!,
      'PROCOM_T',
    );
    expect(table.header).toEqual(['PROCOM_T', 'MEDIA tempi (min)']);
    expect(table.rows).toEqual([
      ['001001', 24],
      ['001002', 15.5],
    ]);
  });
});
