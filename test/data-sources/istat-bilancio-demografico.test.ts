import { describe, expect, it } from 'vitest';
import { parseBilancioDemografico } from '../../data-sources/istat-bilancio-demografico.ts';
import { decodeText } from '../../data-sources/lib/text.ts';
import { P2_NOTE, PICCOLO, ROMA, p2File, p2Row } from '../helpers/bilancio-fixture.ts';

describe('istat-bilancio-demografico parser (ISTAT P2 file)', () => {
  const file = p2File([p2Row(PICCOLO), p2Row(ROMA)]);

  it('reads the file through its BOM and title line, with the code as a 6-digit string', () => {
    const text = decodeText(new TextEncoder().encode(file), 'utf-8');
    const parsed = parseBilancioDemografico(text);
    expect([...parsed.comuni.keys()]).toEqual(['001001', '058091']);
    // Even if the BOM survives decoding, the header is found.
    expect(parseBilancioDemografico(file).comuni.size).toBe(2);
  });

  it('gives population by sex at 1 January and 31 December, and the movements of the year', () => {
    const roma = parseBilancioDemografico(file).comuni.get('058091')!;
    expect(roma.nome).toBe('Roma');
    expect(roma.misure.popolazione_inizio).toEqual({ maschi: 1307642, femmine: 1439648, totale: 2747290 });
    expect(roma.misure.nati.totale).toBe(15817);
    expect(roma.misure.morti.totale).toBe(28890);
    expect(roma.misure.saldo_naturale.totale).toBe(-13073);
    expect(roma.misure.saldo_migratorio_estero.totale).toBe(13354);
    expect(roma.misure.popolazione_fine.totale).toBe(2745062);
  });

  it('drops the footnote row and keeps its text', () => {
    const parsed = parseBilancioDemografico(file);
    expect(parsed.comuni.size).toBe(2);
    expect(parsed.nota).toBe(JSON.parse(P2_NOTE));
  });

  it('refuses a non-code row that carries figures (a format change, not a note)', () => {
    expect(() => parseBilancioDemografico(p2File([p2Row(PICCOLO), p2Row({ ...ROMA, codice: 'ITALIA' })]))).toThrow(
      /"ITALIA" non è né un comune né una nota/,
    );
  });

  it('marks a comune provisional exactly where ISTAT writes "p"', () => {
    const parsed = parseBilancioDemografico(p2File([p2Row(PICCOLO), p2Row({ ...ROMA, flag: '' })]));
    expect(parsed.comuni.get('001001')!.provvisorio).toBe(true);
    expect(parsed.comuni.get('058091')!.provvisorio).toBe(false);
    expect(() => parseBilancioDemografico(p2File([p2Row({ ...ROMA, flag: 'x' })]))).toThrow(
      /flag Informazioni sconosciuto "x"/,
    );
  });

  it('stops on a comune whose 31 December population breaks the accounting identity', () => {
    expect(() => parseBilancioDemografico(p2File([p2Row(PICCOLO), p2Row(ROMA, { endOffset: 7 })]))).toThrow(
      /058091: popolazione al 31 dicembre \(maschi\) 1307346 ≠ 1° gennaio \+ saldi \+ variazioni territoriali = 1307339/,
    );
  });

  it('counts territorial changes in the identity', () => {
    const agliè = parseBilancioDemografico(file).comuni.get('001001')!;
    expect(agliè.misure.variazioni_territoriali).toEqual({ maschi: 0, femmine: 4, totale: 4 });
    expect(agliè.misure.popolazione_fine.femmine).toBe(1346 - 8 - 3 + 1 + 4);
  });

  it('stops when maschi + femmine ≠ totale', () => {
    const row = p2Row(ROMA).replace(';2747290;', ';2747291;');
    expect(() => parseBilancioDemografico(p2File([row]))).toThrow(
      /Popolazione censita al 1° gennaio: maschi 1307642 \+ femmine 1439648 ≠ totale 2747291/,
    );
  });

  it('refuses a file of another year and a missing column', () => {
    expect(() => parseBilancioDemografico(file, 2026)).toThrow(/titolo del file indica il 2025, atteso 2026/);
    expect(() => parseBilancioDemografico(file.replace('"Morti - Femmine"', '"Decessi - Femmine"'))).toThrow(
      /nessuna colonna di nome "morti - femmine"/,
    );
    expect(() =>
      parseBilancioDemografico(p2File([p2Row(ROMA)], { title: null }).replace('"Codice comune"', '"Codice"')),
    ).toThrow(/nessuna riga di intestazione/);
  });
});
