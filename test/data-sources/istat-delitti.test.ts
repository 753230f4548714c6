import { describe, expect, it } from 'vitest';
import { parseDelittiProvince, parseReatiAllarmeSociale } from '../../data-sources/istat-delitti.ts';
import { DELITTI_PROVINCE, DELITTI_PROVINCE_SENZA_DATO } from '../../data-sources/mappings/delitti-province.ts';

// Hand-written records in the layout of delitti_province.json (old codes included).
const rec = (REF_AREA: string, Territorio: string, Anno: number, Delitti: number | null, Popolazione = 100000) => ({
  REF_AREA,
  Territorio,
  Anno,
  Delitti,
  Regione: 'x',
  Popolazione,
  Tasso_per_1000: Delitti == null ? null : Math.round((Delitti / Popolazione) * 100000) / 100,
});

describe('istat-delitti: province mapping table', () => {
  it('maps 106 territories one-to-one onto distinct current siglas and leaves Sud Sardegna without a value', () => {
    expect(DELITTI_PROVINCE).toHaveLength(106);
    const siglas = DELITTI_PROVINCE.map((m) => m.sigla);
    expect(new Set(siglas).size).toBe(106);
    expect(new Set(DELITTI_PROVINCE.map((m) => m.territorio.toLowerCase())).size).toBe(106);
    expect(new Set(DELITTI_PROVINCE.map((m) => m.ref_area)).size).toBe(106);
    expect(siglas.every((s) => /^[A-Z]{2}$/.test(s))).toBe(true);
    // Together with the provinces explicitly left without figures they cover the 107 current provinces.
    const all = new Set([...siglas, ...DELITTI_PROVINCE_SENZA_DATO.map((s) => s.sigla)]);
    expect(all.size).toBe(107);
    expect(DELITTI_PROVINCE_SENZA_DATO.map((s) => s.sigla)).toEqual(['SU']);
  });

  it('attaches the old Sardinian and Roma codes to the current provinces they were verified against', () => {
    const by = Object.fromEntries(DELITTI_PROVINCE.map((m) => [m.ref_area, m.sigla]));
    expect(by).toMatchObject({
      ITG25: 'SS',
      ITG26: 'NU',
      ITG27: 'CA',
      ITG28: 'OR',
      ITE43: 'RM',
      IT108: 'MB',
      ITF41: 'FG',
      ITF42: 'BA',
    });
  });
});

describe('istat-delitti: parsers', () => {
  it('groups by current sigla, sorted by year, keeping null counts as null', () => {
    const r = parseDelittiProvince([
      rec('ITE43', 'Roma', 2024, 271779, 4225409),
      rec('ITE43', 'Roma', 2023, 256832, 4227059),
      rec('ITG27', 'Cagliari', 2024, null, 418962),
      rec('ITC20', "Valle d'Aosta / Vallée d'Aoste", 2024, 3000, 123000),
      rec('ITF65', 'Reggio di Calabria', 2024, 20000, 520000),
    ]);
    expect(r.perSigla.get('RM')).toEqual([
      { anno: 2023, delitti: 256832, popolazione: 4227059, tasso_per_1000: 60.76 },
      { anno: 2024, delitti: 271779, popolazione: 4225409, tasso_per_1000: 64.32 },
    ]);
    expect(r.perSigla.get('CA')).toEqual([{ anno: 2024, delitti: null, popolazione: 418962, tasso_per_1000: null }]);
    expect(r.perSigla.has('AO')).toBe(true);
    expect(r.perSigla.has('RC')).toBe(true);
    expect(r.nonMappati).toEqual([]);
  });

  it('reports unknown territories and known names with an unexpected code instead of guessing', () => {
    const r = parseDelittiProvince([
      rec('ITG2C', 'Carbonia-Iglesias', 2014, 5000),
      rec('ITG2C', 'Carbonia-Iglesias', 2015, 5000),
      rec('ITI43', 'Roma', 2024, 1),
    ]);
    expect(r.perSigla.size).toBe(0);
    expect(r.nonMappati).toEqual([
      {
        territorio: 'Carbonia-Iglesias',
        ref_area: 'ITG2C',
        motivo: 'territorio non presente nella tabella di corrispondenza',
      },
      { territorio: 'Roma', ref_area: 'ITI43', motivo: 'REF_AREA "ITI43" diverso da quello verificato "ITE43"' },
    ]);
  });

  it('lists current provinces without figures, with the reviewed reason for Sud Sardegna', () => {
    const r = parseDelittiProvince([rec('ITG25', 'Sassari', 2024, 14432)], ['SS', 'SU', 'NU']);
    expect(r.senzaDato).toEqual([
      { sigla: 'SU', motivo: expect.stringMatching(/Sud Sardegna/) },
      { sigla: 'NU', motivo: 'provincia assente dal file ISTAT' },
    ]);
    // Without the registry's list, the table's own entries are still reported.
    expect(parseDelittiProvince([]).senzaDato.map((s) => s.sigla)).toEqual(['SU']);
  });

  it('rejects duplicate records and non-numeric counts', () => {
    expect(() => parseDelittiProvince([rec('ITE43', 'Roma', 2024, 1), rec('ITE43', 'Roma', 2024, 2)])).toThrow(
      /due record per RM\|2024/,
    );
    expect(() => parseDelittiProvince([{ ...rec('ITE43', 'Roma', 2024, 1), Delitti: 'n.d.x' }])).toThrow(
      /Delitti "n.d.x" non è un numero/,
    );
    expect(() => parseDelittiProvince({})).toThrow(/atteso un array JSON/);
  });

  it('reads the serious-crime file per sigla, year and crime type', () => {
    const r = parseReatiAllarmeSociale([
      {
        REF_AREA: 'ITG27',
        Territorio: 'Cagliari',
        Anno: 2024,
        Reato: 'Violenze sessuali',
        Delitti: 73,
        Regione: 'Sardegna',
        Popolazione: 418962,
        Tasso_per_100k: 17.42,
      },
      {
        REF_AREA: 'ITG27',
        Territorio: 'Cagliari',
        Anno: 2024,
        Reato: 'Omicidi volontari consumati',
        Delitti: 0,
        Regione: 'Sardegna',
        Popolazione: 418962,
        Tasso_per_100k: 0.0,
      },
      {
        REF_AREA: 'ITG27',
        Territorio: 'Cagliari',
        Anno: 2023,
        Reato: 'Violenze sessuali',
        Delitti: null,
        Regione: 'Sardegna',
        Popolazione: 420364,
        Tasso_per_100k: null,
      },
    ]);
    expect(r.perSigla.get('CA')).toEqual([
      { anno: 2023, reato: 'Violenze sessuali', delitti: null, popolazione: 420364, tasso_per_100000: null },
      { anno: 2024, reato: 'Omicidi volontari consumati', delitti: 0, popolazione: 418962, tasso_per_100000: 0 },
      { anno: 2024, reato: 'Violenze sessuali', delitti: 73, popolazione: 418962, tasso_per_100000: 17.42 },
    ]);
  });
});
