import { describe, expect, it } from 'vitest';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { meta as anprMeta, type PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import { meta as bilancioMeta, parseBilancioDemografico } from '../../data-sources/istat-bilancio-demografico.ts';
import { meta as pop1821Meta } from '../../data-sources/istat-popolazione-2018-2021.ts';
import type { PosasLoad } from '../../data-sources/istat-posas.ts';
import {
  joinDemographics,
  officialGaps,
  officialSourceRuns,
  populationTrend,
} from '../../generator/join/join-demographics.ts';
import { p2File, p2Row, PICCOLO, ROMA } from '../helpers/bilancio-fixture.ts';

const comune = (codice_istat: string, superficie_km2: number | null = 1287.36) =>
  ({ codice_istat, superficie_km2, valori_mancanti: {} }) as unknown as Anagrafica;
const point = (anno: number, data_riferimento: string, valori: [string, number][]): PopulationPoint => ({
  anno,
  data_riferimento,
  valori: new Map(valori),
  nomi: new Map(valori.map(([c]) => [c, `comune ${c}`])),
  scartati: [],
});

const comuni = [comune('001001', 13.2), comune('058091')];
const bilancio = { meta: bilancioMeta, data: parseBilancioDemografico(p2File([p2Row(PICCOLO), p2Row(ROMA)])) };
const istat2021 = point(2021, '2021-01-01', [
  ['001001', 2680],
  ['058091', 2783809],
  ['001999', 500], // a comune merged since: reported, never attached
]);
const anpr = [
  point(2022, '2022-12', [['058091', 2800000]]),
  point(2025, '2025-01', [
    ['058091', 2802877],
    ['001001', 2650],
  ]),
];
const sources = {
  bilancio,
  istatTotals: [{ meta: pop1821Meta, points: [istat2021] }],
  register: { meta: anprMeta, points: anpr },
  posas: null,
};
const joined = joinDemographics(comuni, sources);
const roma = joined.series.get('058091')!;
const year = (anno: number) => roma.find((d) => d.anno === anno)!;

describe('official ISTAT series and ANPR register counts', () => {
  it('serves 1 January 2025 from the balance, by sex, definitive, with births and deaths', () => {
    expect(year(2025)).toMatchObject({
      data_riferimento: '2025-01-01',
      provvisorio: false,
      popolazione_totale: 2747290,
      maschi: 1307642,
      femmine: 1439648,
      nati: 15817,
      morti: 28890,
    });
    expect(year(2025).fonti.popolazione_totale).toMatchObject({
      fonte: 'istat-bilancio-demografico',
      data_riferimento: '2025-01-01',
    });
    expect(year(2025).fonti.bilancio).toMatchObject({
      fonte: 'istat-bilancio-demografico',
      data_riferimento: '2025-01-01/2025-12-31',
    });
    expect(year(2025).bilancio).toMatchObject({
      provvisorio: true,
      nati: { maschi: 8024, femmine: 7793, totale: 15817 },
    });
  });

  it('keeps the ANPR count beside it, labelled with its month, and never as popolazione_totale', () => {
    expect(year(2025).anagrafe).toEqual({
      residenti: 2802877,
      mese_riferimento: '2025-01',
      tipo: 'conteggio_anagrafico',
    });
    expect(year(2022)).toMatchObject({
      popolazione_totale: null,
      data_riferimento: null,
      anagrafe: { residenti: 2800000, mese_riferimento: '2022-12' },
    });
    expect(year(2022).valori_mancanti.popolazione_totale).toMatch(/non è tra le fonti.*ANPR non la sostituisce/);
    expect(year(2022).fonti.popolazione_totale).toBeNull();
  });

  it('serves 31 December 2025 as 2026, provisional, with no balance of 2026', () => {
    expect(year(2026)).toMatchObject({
      data_riferimento: '2025-12-31',
      provvisorio: true,
      popolazione_totale: 2745062,
      nati: null,
      bilancio: null,
      anagrafe: null,
    });
    expect(year(2026).valori_mancanti.nati).toMatch(/bilancio demografico ISTAT del 2026 non è ancora tra le fonti/);
  });

  it('lists the years without an official figure as gaps with the reason', () => {
    expect(officialGaps(roma, joined.officialYears).map((g) => g.anno_senza_dato)).toEqual([2022, 2023, 2024]);
    expect(officialGaps(roma, joined.officialYears)[1]!.motivo).toMatch(/1° gennaio 2023 non è tra le fonti/);
  });

  it('states every change of source along the official series', () => {
    expect(officialSourceRuns(roma)).toEqual([
      { anni: [2021], fonte: 'istat-popolazione-2018-2021' },
      { anni: [2025, 2026], fonte: 'istat-bilancio-demografico' },
    ]);
  });

  it('computes rates per 1,000 on the mean population of the year', () => {
    const mean = (2747290 + 2745062) / 2;
    expect(year(2025).tassi_per_1000).toMatchObject({
      natalita: Math.round((15817 / mean) * 1000 * 100) / 100,
      mortalita: Math.round((28890 / mean) * 1000 * 100) / 100,
      crescita_naturale: Math.round((-13073 / mean) * 1000 * 100) / 100,
      migratorio: Math.round(((-2509 + 13354) / mean) * 1000 * 100) / 100,
      popolazione_media: mean,
    });
    expect(year(2025).tassi_per_1000!.natalita).toBe(5.76);
  });

  it('defaults to the newest year with population by sex, births and deaths for every comune', () => {
    expect(joined.defaultYear).toBe(2025);
  });

  it('measures long-run change on the official series only, up to the newest definitive year', () => {
    const trend = populationTrend(roma)!;
    expect([trend.da_anno, trend.a_anno]).toEqual([2021, 2025]);
    expect(trend.percentuale).toBe(Math.round(((2747290 - 2783809) / 2783809) * 100 * 100) / 100);
    expect(trend.metodo).toContain('istat-popolazione-2018-2021');
  });

  it('reports codes of comuni that no longer exist instead of attaching them', () => {
    const y2021 = joined.report.anni.find((a) => a.serie === 'ufficiale' && a.anno === 2021)!;
    expect(y2021.codici_non_attuali).toEqual([{ codice: '001999', nome: 'comune 001999' }]);
    expect(y2021.comuni_con_valore).toBe(2);
  });

  it('reports a POSAS total that disagrees with the balance on the same date', () => {
    const posas = {
      punto: point(2025, '2025-01-01', [
        ['001001', 2646],
        ['058091', 2747000],
      ]),
    } as unknown as PosasLoad;
    const checked = joinDemographics(comuni, { ...sources, posas }).report.controlli_incrociati;
    expect(checked).toEqual([
      {
        fonte: 'istat-posas',
        anno: 2025,
        confrontati: 2,
        discordanti: [{ codice: '058091', serie: 2747290, fonte: 2747000 }],
      },
    ]);
  });
});
