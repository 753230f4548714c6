import { describe, expect, it } from 'vitest';
import { serialize, serializeEmbedding } from '../../api/http.ts';
import { selectYear } from '../../api/projection.ts';
import { availableYears, selectedYear, yearEntry } from '../../api/record-slice.ts';

// A record as the build writes it: selectYear fixes the key order, serialize the text.
const SERIES = [
  { anno: 2020, nota: 'una "graffa" } dentro una stringa {', valore: 1 },
  { anno: 2021, nota: 'barra \\ e virgolette \\"', valore: { annidato: { anno: 1999 } } },
  { anno: 2023, nota: null, valore: 3 },
];
const TEXT = serialize(
  selectYear(
    {
      codice_istat: '001001',
      nome: 'Agliè',
      serie_storica: SERIES,
      anni_disponibili: [2020, 2021, 2023],
      links: { self: '' },
    } as never,
    2023,
    '/api/x/001001',
  ),
);

describe('reading one year of a serialized record', () => {
  it('finds the selected year and every entry, braces and quotes inside strings included', () => {
    expect(selectedYear(TEXT)).toBe(2023);
    for (const entry of SERIES) expect(yearEntry(TEXT, entry.anno)).toEqual(entry);
    expect(yearEntry(TEXT, 2022)).toBeNull();
    expect(availableYears(TEXT)).toEqual([2020, 2021, 2023]);
  });
});

describe('embedding a file in an answer without serializing it again', () => {
  it('writes the same bytes as serializing the whole answer', () => {
    const file = { medie: SERIES, nota: 'virgolette " e \\ barre', '2020': 1 };
    const answer = { anno: null, comuni: SERIES, assente: undefined, medie_nazionali: file, links: { self: '/x' } };
    const text = serialize(file).trimEnd();
    expect(serializeEmbedding(answer, 'medie_nazionali', text)).toBe(serialize(answer));
  });
});
