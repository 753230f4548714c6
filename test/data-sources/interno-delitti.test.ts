import { describe, expect, it } from 'vitest';
import { categoriaKey, parseInternoDelitti } from '../../data-sources/interno-delitti.ts';

const HEADER =
  'categoria,Reato,Codice Provincia,Provincia,ANNO,Totale,Codice Regione,Codice Provincia Storico,Denominazione Provincia,Sigla automobilistica,Codice NUTS2 2021 (3),Codice NUTS3 2021';

// Hand-written rows in the compiled layout: categories "NN.0", sub-types "NN.x", zero rows absent.
const CSV = [
  HEADER,
  'FURTI,15.0 FURTI,201,TORINO,2017,64196,01,001,Torino,TO,ITC1,ITC11',
  'FURTI,15.d Furti in abitazione,201,TORINO,2017,9754,01,001,Torino,TO,ITC1,ITC11',
  'STRAGE,02.0 STRAGE,201,TORINO,2017,1,01,001,Torino,TO,ITC1,ITC11',
  "VIOLAZIONE ALLA PROPRIETA' INTELLETTUALE,33.0 VIOLAZIONE ALLA PROPRIETA' INTELLETTUALE,201,TORINO,2017,8,01,001,Torino,TO,ITC1,ITC11",
  'FURTI,15.0 FURTI,201,TORINO,2018,57995,01,001,Torino,TO,ITC1,ITC11',
  "OMICIDI VOLONTARI CONSUMATI,03.0 OMICIDI VOLONTARI CONSUMATI,007,Valle d'Aosta/Vallée d'Aoste,2020,1,02,007,Valle d'Aosta/Vallée d'Aoste,AO,ITC2,ITC20",
  'FURTI,15.0 FURTI,,NON ATTRIBUITO,2020,12,,,,,,',
].join('\n');

describe('interno-delitti', () => {
  it('groups counts per sigla and year, categories apart from their sub-types', () => {
    const { perSigla, skipped } = parseInternoDelitti(CSV);
    const to = perSigla.get('TO')!;
    expect(to).toMatchObject({ sigla: 'TO', nome: 'Torino', nuts3_2021: 'ITC11' });
    expect(to.anni.map((a) => a.anno)).toEqual([2017, 2018]);
    const y2017 = to.anni[0]!;
    expect(y2017.categorie).toEqual({ furti: 64196, strage: 1, violazione_alla_proprieta_intellettuale: 8 });
    expect(y2017.voci).toContainEqual({
      codice: '15.d',
      categoria: 'FURTI',
      reato: 'Furti in abitazione',
      livello: 'sottocategoria',
      delitti: 9754,
    });
    // No TOTALE row in the compilation: the total is unknown, not the sum of the rows.
    expect(y2017.totale).toBeNull();
    // A category absent in a year (zero rows were dropped by the compiler) is not invented as 0.
    expect('strage' in to.anni[1]!.categorie).toBe(false);
    expect(perSigla.get('AO')!.anni[0]!.categorie).toEqual({ omicidi_volontari_consumati: 1 });
    expect(skipped).toEqual([{ row: 8, reason: 'sigla provincia non valida ""' }]);
  });

  it('takes the total from a TOTALE row when the file has one', () => {
    const csv = [
      HEADER,
      'FURTI,15.0 FURTI,201,TORINO,2017,64196,01,001,Torino,TO,ITC1,ITC11',
      'TOTALE DELITTI,TOTALE DELITTI,201,TORINO,2017,180000,01,001,Torino,TO,ITC1,ITC11',
    ].join('\n');
    const y = parseInternoDelitti(csv).perSigla.get('TO')!.anni[0]!;
    expect(y.totale).toBe(180000);
    expect(y.voci).toHaveLength(1);
  });

  it('builds snake_case keys from category names', () => {
    expect(categoriaKey("VIOLAZIONE ALLA PROPRIETA' INTELLETTUALE")).toBe('violazione_alla_proprieta_intellettuale');
    expect(categoriaKey('Forlì-Cesena')).toBe('forli_cesena');
  });
});
