/**
 * Reads one year of a serialized yearly record (demografia, redditi) without parsing
 * its whole history: a comparison needs one year of up to 4 records of ~50 KB each.
 * Records are written by `serialize` with a fixed key order (see projection.ts), so
 * every yearly entry begins with `{"anno":YYYY,`, and the selected year sits under
 * `"anno":YYYY,"dati":` near the top.
 */

/** Year of the record's `dati` block. */
export function selectedYear(text: string): number | null {
  const m = /"anno":(\d{4}),"dati":/.exec(text.slice(0, 1000));
  return m ? Number(m[1]) : null;
}

/** The entry of `anno` (from `dati` or `serie_storica`), or null if the record has no such year. */
export function yearEntry<T>(text: string, anno: number): T | null {
  const start = text.indexOf(`{"anno":${anno},`);
  if (start < 0) return null;
  return JSON.parse(text.slice(start, endOfObject(text, start))) as T;
}

/** `anni_disponibili` of the record. */
export function availableYears(text: string): number[] {
  const m = /"anni_disponibili":(\[[\d,]*\])/.exec(text);
  return m ? (JSON.parse(m[1]!) as number[]) : [];
}

/** Index just past the object that opens at `start`, skipping braces inside strings. */
function endOfObject(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (c === 0x7b /* { */) depth++;
    else if (c === 0x7d /* } */ && --depth === 0) return i + 1;
  }
  throw new Error('unterminated JSON object in record');
}
