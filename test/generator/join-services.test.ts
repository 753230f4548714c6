import { describe, expect, it } from 'vitest';
import type { Anagrafica } from '../../api/schemas/comune.ts';
import { meta as schoolsMeta, parseScuoleStatali } from '../../data-sources/mim-scuole-statali.ts';
import { SOURCES } from '../../data-sources/index.ts';
import { joinServices } from '../../generator/join/join-services.ts';

const comune = (codice_istat: string, codice_catastale: string, regione: string, nome: string) =>
  ({
    codice_istat,
    codice_catastale,
    regione: { codice: regione, nome },
    nuts: { nuts3: 'X' },
  }) as unknown as Anagrafica;

// Roma has schools, Fiumicino (same region) none, Bolzano's region is not in the state register.
const COMUNI = [
  comune('058091', 'H501', '12', 'Lazio'),
  comune('058120', 'M297', '12', 'Lazio'),
  comune('021008', 'A952', '04', 'Trentino-Alto Adige/Südtirol'),
];
const REGISTER = parseScuoleStatali(
  [
    'ANNOSCOLASTICO,CODICECOMUNESCUOLA,DESCRIZIONECARATTERISTICASCUOLA,DESCRIZIONETIPOLOGIAGRADOISTRUZIONESCUOLA',
    '202526,H501,NORMALE,SCUOLA PRIMARIA',
    '202526,H501,NORMALE,SCUOLA PRIMARIA',
    '202526,H501,NORMALE,LICEO CLASSICO',
  ].join('\n'),
);

// Roma in AGCOM's file, Fiumicino and Bolzano not.
const FTTH = new Map([
  ['058091', { famiglie_residenti: 1160240.0138, famiglie_raggiunte_ftth: 1129981.6255, quota: 0.97392057854 }],
]);

function join(population: number | null) {
  return joinServices(COMUNI, {
    areeInterne: null,
    areeInterneMeta: SOURCES.areeInterne.meta,
    urban: null,
    urbanMeta: SOURCES.dipe.meta,
    hospitals: null,
    hospitalsMeta: SOURCES.gisco.meta,
    schools: REGISTER,
    schoolsMeta,
    ftth: FTTH,
    ftthMeta: SOURCES.ftth.meta,
    population: () => (population === null ? null : { anno: 2025, valore: population }),
  });
}

describe('joinServices: state schools', () => {
  it('counts per level and per 1,000 inhabitants; a comune of a covered region without schools has 0', () => {
    const out = join(4000);
    expect(out.get('058091')!.scuole).toMatchObject({
      primaria: { numero: 2, per_1000_abitanti: 0.5 },
      secondaria_secondo_grado: { numero: 1, per_1000_abitanti: 0.25 },
      totale: { numero: 3, per_1000_abitanti: 0.75 },
    });
    expect(out.get('058120')!.scuole!.totale).toEqual({ numero: 0, per_1000_abitanti: 0 });
  });

  it('is null with the reason, never 0, for a region the register does not cover', () => {
    const bolzano = join(4000).get('021008')!;
    expect(bolzano.scuole).toBeNull();
    expect(bolzano.valori_mancanti.scuole).toMatch(/non comprende la regione Trentino-Alto Adige/);
  });

  it('keeps the count but no per-1,000 figure without a population', () => {
    expect(join(null).get('058091')!.scuole!.totale).toEqual({ numero: 3, per_1000_abitanti: null });
  });
});

describe('joinServices: FTTH coverage', () => {
  it("serves AGCOM's share of families reached in %, with the families and the 2026 source", () => {
    expect(join(4000).get('058091')!.fibra_ftth).toMatchObject({
      livello: 'comune',
      anno: 2026,
      famiglie_residenti: 1160240,
      famiglie_raggiunte: 1129981.6,
      quota_famiglie_percentuale: 97.39,
      fonte: { fonte: 'agcom-copertura-ftth', anno_riferimento: 2026, data_riferimento: '2026 (primo semestre)' },
    });
  });

  it('is null with the reason for a comune the file lacks', () => {
    const fiumicino = join(4000).get('058120')!;
    expect(fiumicino.fibra_ftth).toBeNull();
    expect(fiumicino.valori_mancanti.fibra_ftth).toMatch(/non compare nel file AGCOM/);
  });
});
