import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { splitRegularQuoted } from '../../data-sources/lib/csv-regular.ts';

/** csv-parse as parseTable calls it for quoted text: the reference the fast reader must match record for record. */
const reference = (text: string, skip: number) =>
  (
    parse(text, {
      delimiter: ';',
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      from_line: skip + 1,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  ).map(({ record, info }) => ({ cells: record, line: info.lines }));

describe('splitRegularQuoted', () => {
  it.each([
    ['LF and CRLF, an empty line between', 'a;b\r\n\r\nc;"q""r"\n'],
    ['a line break inside quotes, and no final line break', 'a;"x\ny"\nc;d'],
    ['empty cells, quoted and not, and a line of ""', 'a;"b"\r\n;\n"";""\n""\n"x;y";z'],
    ['a delimiter at the end of the file', 'a;'],
    ['quoted title lines to skip', '"Titolo"\n"Codice";"Nome"\n"001";"A"\n'],
  ])('reads %s as csv-parse does', (_, text) => {
    const skip = text.startsWith('"Titolo"') ? 1 : 0;
    expect(splitRegularQuoted(text, ';', skip)).toEqual(reference(text, skip));
  });

  it.each([
    ['a quote inside an unquoted cell', 'a;b"c\n'],
    ['text after a closing quote', '"a"b;c\n'],
    ['an unclosed quote', 'a;"b\n'],
    ['a lone CR', 'a;b\rc\n'],
    ['a CR inside quotes', 'a;"1\r\n2"\n'],
    ['a title line that opens a quote', '"Titolo\n"h";"k"\n'],
  ])('leaves %s to csv-parse', (_, text) => {
    expect(splitRegularQuoted(text, ';', text.startsWith('"Titolo') ? 1 : 0)).toBeNull();
  });
});
