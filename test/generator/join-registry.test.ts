import { describe, expect, it } from 'vitest';
import { parseComuni, parseProvince, parseRegioni, type GiDbComuni } from '../../data-sources/gi-db-comuni.ts';
import type { MappaAi2020 } from '../../data-sources/istat-aree-interne.ts';
import type { IstatElencoComune } from '../../data-sources/istat-elenco-comuni.ts';
import { joinRegistry } from '../../generator/join/join-registry.ts';

// Hand-written rows in the publishers' layouts: Agliè has a valid area, Bronte a negative one.
const COMUNI = [
  'sigla_provincia;codice_istat;denominazione_ita_altra;denominazione_ita;denominazione_altra;flag_capoluogo;codice_belfiore;lat;lon;superficie_kmq;codice_sovracomunale',
  'CT;087009;Bronte;Bronte;;NO;B202;37,7878697;14,8332628;-251,8622;287',
  'CT;087015;Catania;Catania;;SI;C351;37,5021585;15,0872266;182,9000;287',
].join('\n');
const gi: GiDbComuni = {
  comuni: parseComuni(COMUNI, 'codice_istat;cap'),
  province: parseProvince(
    'codice_regione;sigla_provincia;denominazione_provincia;tipologia_provincia;numero_comuni;superficie_kmq;codice_sovracomunale\n19;CT;Catania;"Città metropolitana";58;3573,6800;287',
  ),
  regioni: parseRegioni(
    'ripartizione_geografica;codice_regione;denominazione_regione;tipologia_regione;numero_province;numero_comuni;superficie_kmq\nIsole;19;Sicilia;"statuto speciale";9;391;25832,3900',
  ),
  validita: [],
};
const nuts = { nuts1: 'ITG', nuts2: 'ITG1', nuts3: 'ITG17' };
const elenco = [{ sigla: 'CT', nuts_2021: nuts, nuts_2010: nuts }] as unknown as IstatElencoComune[];
const mappa = (codice: string, superficie_km2_2019: number | null): [string, MappaAi2020] => [
  codice,
  {
    classe: 'E',
    descrizione: 'E - Periferico',
    tempo_minuti: 54.9,
    polo_destinazione: 'Catania',
    codice_polo_destinazione: '087015',
    superficie_km2_2019,
  },
];

describe('joinRegistry: area of a comune whose registry value is invalid', () => {
  it('takes the ISTAT Aree Interne area (1 January 2019) only where the registry value was discarded, and reports it', () => {
    const fallback = {
      mappa2020: new Map([mappa('087009', 250.8569), mappa('087015', 180.88)]),
      fonte: 'istat-aree-interne',
    };
    const { comuni, report } = joinRegistry(gi, elenco, null, fallback);
    const [bronte, catania] = comuni;
    expect(bronte).toMatchObject({ codice_istat: '087009', superficie_km2: 250.8569 });
    expect(bronte!.valori_mancanti.superficie_km2).toBeUndefined();
    // A valid registry area is never replaced, even where the 2019 figure differs.
    expect(catania!.superficie_km2).toBe(182.9);
    expect(report.superfici_sostituite).toEqual([
      {
        codice_istat: '087009',
        valore_registro: '-251,8622',
        superficie_km2: 250.8569,
        fonte: 'istat-aree-interne',
        data_riferimento: '2019-01-01',
      },
    ]);
    // Why the registry value was not used stays in the report.
    expect(report.anomalie).toEqual([
      {
        codice_istat: '087009',
        campo: 'superficie_km2',
        valore: '-251,8622',
        motivo: expect.stringContaining('non positiva'),
      },
    ]);
  });

  it('keeps null with both reasons when the Aree Interne file is missing or lacks the comune', () => {
    const without = joinRegistry(gi, elenco, null, null);
    expect(without.comuni[0]!.superficie_km2).toBeNull();
    expect(without.comuni[0]!.valori_mancanti.superficie_km2).toMatch(/non positiva.*Aree Interne non disponibile/);
    expect(without.report.superfici_sostituite).toEqual([]);
    const lacking = joinRegistry(gi, elenco, null, {
      mappa2020: new Map([mappa('087009', null)]),
      fonte: 'istat-aree-interne',
    });
    expect(lacking.comuni[0]!.superficie_km2).toBeNull();
    expect(lacking.comuni[0]!.valori_mancanti.superficie_km2).toMatch(/non ha una superficie valida/);
  });
});
