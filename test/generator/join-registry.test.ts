import { describe, expect, it } from 'vitest';
import { parseComuni, parseProvince, parseRegioni, type GiDbComuni } from '../../data-sources/gi-db-comuni.ts';
import type { ClassificazioneComune } from '../../data-sources/istat-classificazioni-comuni.ts';
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
  capPerCodice: new Map(),
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
const istat = (superficie_km2: number | null): ClassificazioneComune => ({
  nome: '',
  superficie_km2,
  zona_altimetrica: 5,
  altitudine_centro_m: 7,
  litoraneo: true,
  isolano: false,
  grado_urbanizzazione: 1,
});

describe('joinRegistry: area and classification from ISTAT', () => {
  it("serves ISTAT's official area and lists every difference from the registry, a discarded value included", () => {
    const table = new Map([
      ['087009', istat(250.8569)],
      ['087015', istat(182.818)],
    ]);
    const { comuni, report } = joinRegistry(gi, elenco, null, { table, fonte: 'istat-classificazioni-comuni' });
    const [bronte, catania] = comuni;
    expect(bronte).toMatchObject({ codice_istat: '087009', superficie_km2: 250.8569 });
    expect(bronte!.valori_mancanti.superficie_km2).toBeUndefined();
    expect(catania!.superficie_km2).toBe(182.818);
    expect(catania!.classificazione).toMatchObject({
      zona_altimetrica: { codice: 5, descrizione: 'Pianura' },
      grado_urbanizzazione: { codice: 1 },
      litoraneo: true,
      anni_riferimento: { grado_urbanizzazione: 2021, altitudine_centro_m: 2011 },
    });
    expect(report.superfici_confronto).toEqual([
      {
        codice_istat: '087009',
        superficie_istat_km2: 250.8569,
        superficie_registro_km2: null,
        differenza_km2: null,
      },
      // Catania's 0.08 km² (0.04 %) is within the tolerance: not listed.
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

  it("falls back to a valid registry area, and keeps null with both reasons, where ISTAT's table lacks the comune", () => {
    const without = joinRegistry(gi, elenco, null, null);
    expect(without.comuni[0]!.superficie_km2).toBeNull();
    expect(without.comuni[0]!.valori_mancanti.superficie_km2).toMatch(/non positiva.*non disponibile/);
    expect(without.comuni[1]!.superficie_km2).toBe(182.9);
    expect(without.comuni[1]!.classificazione).toBeNull();
    expect(without.comuni[1]!.valori_mancanti.classificazione).toMatch(/non disponibile/);
    expect(without.report.superfici_dal_registro).toEqual(['087015']);
  });
});
