import { describe, expect, it } from 'vitest';
import type { IrpefComune, IrpefYear, Pair } from '../../data-sources/mef-irpef-comunale.ts';
import { meta } from '../../data-sources/mef-irpef-comunale.ts';
import { meta as sintesiMeta } from '../../data-sources/mef-irpef-2024-sintesi.ts';
import { joinIncome } from '../../generator/join/join-income.ts';
import { nationalSeries } from '../../generator/derive/income-aggregates.ts';

const LIMITS: [number | null, number | null][] = [
  [null, 0],
  [0, 10000],
  [10000, 15000],
  [15000, 26000],
  [26000, 55000],
  [55000, 75000],
  [75000, 120000],
  [120000, null],
];
const pair = (frequenza: number | null, ammontare: number | null): Pair => ({ frequenza, ammontare });

/** A comune row: `suppressed` lists bracket positions blanked by MEF; `total` = the 2023+ published pair. */
function row(
  codice: string,
  regione: string,
  contribuenti: number,
  imponibile: Pair,
  suppressed: number[] = [],
  total: Pair | null = null,
): IrpefComune {
  const per = Math.floor(contribuenti / 8);
  return {
    codice_istat: codice,
    // Unique per code, as MEF's cadastral codes are.
    codice_catastale: `Z${codice.slice(-3)}`,
    nome: `COMUNE ${codice}`,
    sigla_provincia: 'XX',
    regione,
    contribuenti,
    reddito_complessivo: total,
    reddito_imponibile: imponibile,
    imposta_netta: pair(1, 1),
    addizionale_regionale: pair(1, 1),
    addizionale_comunale: pair(1, 1),
    trattamento_spettante: null,
    per_tipo: {
      fabbricati: pair(1, 1),
      lavoro_dipendente: pair(1, 1),
      pensione: pair(1, 1),
      lavoro_autonomo: null,
      imprenditore_ordinaria: pair(1, 1),
      imprenditore_semplificata: pair(1, 1),
      partecipazione: pair(1, 1),
    },
    scaglioni: LIMITS.map(([da, a], i) =>
      suppressed.includes(i)
        ? { da, a, frequenza: null, ammontare: null }
        : { da, a, frequenza: per, ammontare: per * (da === null ? 0 : a === null ? 150_000 : (da + a) / 2) },
    ),
  };
}

const REGIONI = [
  { codice: '01', nome: 'Piemonte' },
  { codice: '04', nome: 'Trentino-Alto Adige/Südtirol' },
  { codice: '08', nome: 'Emilia-Romagna' },
];
const COMUNI = [
  { codice_istat: '001001', regione: { codice: '01' } },
  { codice_istat: '021001', regione: { codice: '04' } },
  { codice_istat: '037001', regione: { codice: '08' } },
];

// 2018: a comune merged since (001999) still has its own row; Novara-like 001001 has the "≤ 0" bracket suppressed.
const Y2018: IrpefYear = {
  anno: 2018,
  comuni: [
    row('001001', 'Piemonte', 800, pair(780, 15_600_000), [0]),
    row('001999', 'PIEMONTE', 200, pair(190, 3_420_000)),
    row('021001', 'PROV. AUTONOMA BOLZANO', 400, pair(390, 9_750_000), [5]),
    row('037001', 'EMILIAROMAGNA', 600, pair(590, 12_980_000)),
  ],
  scartati: [],
};
const Y2023: IrpefYear = {
  anno: 2023,
  comuni: [
    row('001001', 'Piemonte', 1000, pair(970, 21_340_000), [0], pair(990, 23_000_000)),
    row('021001', 'Trentino Alto Adige(P.A.Bolzano)', 400, pair(395, 10_270_000), [], pair(400, 11_000_000)),
    row('037001', 'Emilia Romagna', 600, pair(600, 13_800_000), [], pair(600, 15_000_000)),
  ],
  scartati: [{ codice: '0', nome: 'Mancante/errata', motivo: 'senza comune' }],
};

const joined = () => joinIncome(COMUNI, REGIONI, [Y2023, Y2018], meta, null, sintesiMeta);

describe('joinIncome', () => {
  it('serves the mean taxable income for every comune and year, whatever the brackets', () => {
    const { series } = joined();
    expect(series.get('001001')!.map((r) => [r.anno, r.reddito_imponibile_medio_euro])).toEqual([
      [2018, 20_000],
      [2023, 22_000],
    ]);
    expect(series.get('021001')!.map((r) => r.reddito_imponibile_medio_euro)).toEqual([25_000, 26_000]);
  });

  it('never leaves the complessivo mean silently empty: bounds where closed brackets are hidden, a reason otherwise', () => {
    const { series } = joined();
    const bolzano2018 = series.get('021001')![0]!.full();
    expect(bolzano2018.reddito_medio_euro).toBeNull();
    expect(bolzano2018.reddito_medio_limiti_euro).not.toBeNull();
    expect(bolzano2018.reddito_medio_limiti_euro!.minimo).toBeLessThan(bolzano2018.reddito_medio_limiti_euro!.massimo);
    expect(bolzano2018.valori_mancanti.reddito_medio_euro).toContain('reddito_medio_limiti_euro');
    const novara2018 = series.get('001001')![0]!.full();
    expect(novara2018.reddito_medio_euro).toBeNull();
    expect(novara2018.reddito_medio_limiti_euro).toBeNull();
    expect(novara2018.valori_mancanti.reddito_medio_limiti_euro).toContain('scaglione aperto');
    expect(novara2018.valori_mancanti.reddito_medio_euro).toContain('reddito_imponibile_medio_euro');
    // 2023 publishes the total: exact mean, no bounds.
    const novara2023 = series.get('001001')![1]!.full();
    expect(novara2023.reddito_medio_euro).toBe(23_232);
    expect(novara2023.reddito_medio_limiti_euro).toBeNull();
  });

  it('keeps headline figures and brackets equal to those of the full year, built afresh at every call', () => {
    const { series } = joined();
    const years = [...series.values()].flat();
    expect(years).toHaveLength(6);
    for (const year of years) {
      const full = year.full();
      const { anno, contribuenti, reddito_medio_euro, reddito_imponibile_medio_euro, reddito_mediano_stimato_euro } =
        full;
      expect(year).toMatchObject({
        anno,
        contribuenti,
        reddito_medio_euro,
        reddito_imponibile_medio_euro,
        reddito_mediano_stimato_euro,
      });
      expect(year.fonte).toBe(full.fonte);
      expect(year.brackets()).toEqual(full.scaglioni);
    }
    const novara2018 = series.get('001001')![0]!;
    const first = novara2018.full();
    expect(first.scaglioni).toHaveLength(8);
    // A fresh object each time: a caller that changes its copy cannot change what the next one reads.
    first.scaglioni![0]!.frequenza = 123;
    expect(novara2018.full()).not.toBe(first);
    expect(novara2018.full().scaglioni![0]!.frequenza).toBeNull();
  });

  it('reports rows of codes that are no longer current and keeps them in the aggregates', () => {
    const { report, aggregates } = joined();
    expect(report.anni.find((a) => a.anno === 2018)!.codici_non_attuali).toEqual([
      { codice: '001999', nome: 'COMUNE 001999' },
    ]);
    const italy2018 = aggregates.nazionale.get(2018)!;
    expect(italy2018.comuni).toBe(4);
    expect(italy2018.contribuenti).toBe(2000);
    // (15.6 + 3.42 + 9.75 + 12.98) M€ / (780 + 190 + 390 + 590)
    expect(italy2018.reddito_imponibile_medio_euro.valore).toBe(Math.round(41_750_000 / 1950));
    expect(italy2018.reddito_imponibile_medio_euro.copertura).toEqual({
      comuni_inclusi: 4,
      quota_comuni: 1,
      contribuenti_inclusi: 2000,
      quota_contribuenti: 1,
    });
    // The complessivo total is known only where no bracket is hidden: 001999 and 037001, 800 of 2,000 taxpayers.
    expect(italy2018.reddito_complessivo_medio_euro.copertura).toEqual({
      comuni_inclusi: 2,
      quota_comuni: 0.5,
      contribuenti_inclusi: 800,
      quota_contribuenti: 0.4,
    });
  });

  it('assigns rows to regions by the names MEF writes, in every spelling', () => {
    const { aggregates } = joined();
    expect([...aggregates.regioni.get(2018)!.keys()]).toEqual(['01', '04', '08']);
    expect(aggregates.regioni.get(2018)!.get('01')!.contribuenti).toBe(1000);
    expect(aggregates.regioni.get(2023)!.get('04')!.reddito_complessivo_medio_euro.valore).toBe(27_500);
    const unknown: IrpefYear = { ...Y2018, comuni: [row('001001', 'Atlantide', 10, pair(10, 10))] };
    expect(() => joinIncome(COMUNI, REGIONI, [unknown], meta, null, sintesiMeta)).toThrow(/Atlantide/);
  });

  it('says when a national series changes coverage by more than a point, and makes the complete one the default', () => {
    const { aggregates } = joined();
    const taxable = nationalSeries(aggregates, 'reddito_imponibile_medio_euro', true);
    expect(taxable.copertura_costante).toBe(true);
    expect(taxable.punti.map((p) => p.quota_contribuenti)).toEqual([1, 1]);
    const total = nationalSeries(aggregates, 'reddito_complessivo_medio_euro', false);
    expect(total.copertura_costante).toBe(false);
    expect(total.punti.map((p) => p.quota_contribuenti)).toEqual([0.4, 1]);
    expect(total.avvisi[0]).toContain('dal 40% al 100%');
  });
});
