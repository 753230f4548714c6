import { decodeText } from '../../data-sources/lib/text.ts';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  INDICATORI_USATI,
  checkIndicatori,
  load,
  parseTracciato,
  parseUrbanIndex,
  parseUrbanIndexWithReport,
} from '../../data-sources/dipe-urban-index.ts';

/** Encodes a fixture as the publisher does: one byte per character, Windows-1252 for ’ and €. */
function cp1252(text: string): Uint8Array {
  const special: Record<string, number> = { '’': 0x92, '€': 0x80 };
  return Uint8Array.from([...text].map((ch) => special[ch] ?? ch.charCodeAt(0)));
}

// Hand-written rows in the publisher's layout: ";", decimal comma, PRO_COM without leading zeros.
const DB = [
  'PRO_COM;NOME;a1_1;f1;f4;f6;n1',
  '1001;Agliè;0,3;8,3;0,0;0,4;624,1',
  '58091;Roma;0,1;0,1;5,2;0,3;109,5',
  '20005;Comune A;#N/D; #DIV/0!;NULL;na;#DIV/0',
  '0;Totale;1;1;1;1;1',
].join('\r\n');

const TRACCIATO = [
  'nome;titolo;ambito;citta;descrizione;unita_di_misura;anno;fonte',
  'f1;Digital divide da rete fissa e mobile;Economia;La città dei servizi;Percentuale di popolazione esclusa dalla banda larga. ;%;2013;MISE',
  'f4;Posti letto ospedalieri ordinari per 10.000 abitanti;Salute e sanità;La città dei servizi;"Rapporto tra letti e popolazione:',
  'numeratore = ""letti"" * 10000";num ogni 10.000 ab;2011;Ministero delle Salute',
  'f6;Farmacie ordinarie ogni 10.000 abitanti;Salute e sanità;La città dei servizi;Rapporto;num ogni 10.000 ab;2011;Ministero delle Salute',
  'n1;Suolo consumato procapite;Condizioni;La città sostenibile;;mq/ab;2015;ISPRA',
  'a5;Variazione dell’indice dei prezzi;Casa;La città in contrazione;Prezzo;€/mq/mese;2007-2012;OMI',
].join('\r\n');

describe('dipe-urban-index', () => {
  it('decodes Windows-1252 bytes (accents, typographic apostrophe, euro sign)', () => {
    expect(decodeText(cp1252('Agliè dell’indice €/mq'), 'latin1')).toBe('Agliè dell’indice €/mq');
  });

  it('reads the tracciato, including multi-line quoted cells and blank descriptions', () => {
    const t = parseTracciato(decodeText(cp1252(TRACCIATO), 'latin1'));
    expect(t.size).toBe(5);
    expect(t.get('f4')).toEqual({
      titolo: 'Posti letto ospedalieri ordinari per 10.000 abitanti',
      ambito: 'Salute e sanità',
      descrizione: 'Rapporto tra letti e popolazione: numeratore = "letti" * 10000',
      unita: 'num ogni 10.000 ab',
      anno: '2011',
      fonte: 'Ministero delle Salute',
    });
    expect(t.get('n1')).toMatchObject({ descrizione: null, unita: 'mq/ab', anno: '2015' });
    expect(t.get('a5')).toMatchObject({
      titolo: 'Variazione dell’indice dei prezzi',
      unita: '€/mq/mese',
      anno: '2007-2012',
    });
  });

  it('pads PRO_COM, reads decimal commas, keeps 0 as 0 and every placeholder as null', () => {
    const { valori, skipped } = parseUrbanIndexWithReport(DB, ['f1', 'f4', 'f6', 'n1']);
    expect(valori.get('001001')).toEqual({ f1: 8.3, f4: 0, f6: 0.4, n1: 624.1 });
    expect(valori.get('058091')).toEqual({ f1: 0.1, f4: 5.2, f6: 0.3, n1: 109.5 });
    expect(valori.get('020005')).toEqual({ f1: null, f4: null, f6: null, n1: null });
    expect(skipped).toEqual([{ row: 5, reason: 'PRO_COM non valido "0"' }]);
    expect(() => parseUrbanIndex(DB, ['z9'])).toThrow(/nessuna colonna di nome "z9"/);
  });

  it('checks the indicators the API uses against the tracciato (year and declared unit)', () => {
    const t = parseTracciato(TRACCIATO);
    expect(checkIndicatori(t)).toEqual([]);
    const changed = parseTracciato(
      TRACCIATO.replace(
        'num ogni 10.000 ab;2011;Ministero delle Salute\r\nf6',
        'num ogni 1.000 ab;2012;Ministero delle Salute\r\nf6',
      ),
    );
    expect(checkIndicatori(changed)).toEqual([
      'f4: anno "2012" nel tracciato, atteso "2011"',
      'f4: unità "num ogni 1.000 ab" nel tracciato, attesa "num ogni 10.000 ab"',
    ]);
    expect(INDICATORI_USATI.map((u) => u.campo)).toEqual([
      'popolazione_esclusa_banda_larga_pct',
      'posti_letto_ospedalieri_per_1000_abitanti',
      'farmacie_per_1000_abitanti',
      'suolo_consumato_pro_capite_m2',
    ]);
  });

  describe('load', () => {
    let dir = '';
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('reads the Latin-1 files and serves the values under the API field names', async () => {
      dir = await mkdtemp(join(tmpdir(), 'dipe-'));
      await mkdir(join(dir, 'dipe/urban-index'), { recursive: true });
      await writeFile(join(dir, 'dipe/urban-index/DB_DIPE.csv'), cp1252(DB));
      await writeFile(join(dir, 'dipe/urban-index/DB_DIPE_TRACCIATO.csv'), cp1252(TRACCIATO));
      const u = await load(dir);
      expect(u.valori.get('001001')).toEqual({
        popolazione_esclusa_banda_larga_pct: 8.3,
        posti_letto_ospedalieri_per_1000_abitanti: 0,
        farmacie_per_1000_abitanti: 0.4,
        suolo_consumato_pro_capite_m2: 624.1,
      });
      expect(u.skipped).toHaveLength(1);
      expect(u.tracciato.get('a5')?.unita).toBe('€/mq/mese');
    });
  });
});
