import { describe, expect, it } from 'vitest';
import { parseComuni, parseProvince, parseRegioni, parseValidita } from '../../data-sources/gi-db-comuni.ts';

// Fixture rows written by hand in the publisher's layout (UTF-8, ";", decimal comma, quoted names).
const COMUNI = [
  'sigla_provincia;codice_istat;denominazione_ita_altra;denominazione_ita;denominazione_altra;flag_capoluogo;codice_belfiore;lat;lon;superficie_kmq;codice_sovracomunale',
  'TO;001001;Agliè;Agliè;;NO;A074;45,3634669;7,7686057;13,2851;201',
  'BZ;021008;Bolzano/Bozen;Bolzano;Bozen;SI;A952;46,4990522;11,3563105;51,9689;021',
  'NO;003022;"Bolzano Novarese";"Bolzano Novarese";;NO;A953;;;3,6640;003',
  'CT;087009;Bronte;Bronte;;NO;B202;37,7878697;14,8332628;-251,8622;287',
].join('\n');
const CAP = ['codice_istat;cap', '001001;10011', '021008;39100', '021008;39100', '021008;39010'].join('\n');

describe('gi-db-comuni parser', () => {
  it('reads codes, bilingual names, decimal commas and all CAPs of a comune', () => {
    const [aglie, bolzano, novarese] = parseComuni(COMUNI, CAP);
    expect(aglie).toMatchObject({
      codice_istat: '001001',
      nome: 'Agliè',
      nome_altra_lingua: null,
      capoluogo: false,
      lat: 45.3634669,
      superficie_km2: 13.2851,
      cap: ['10011'],
    });
    expect(bolzano).toMatchObject({
      nome: 'Bolzano',
      nome_completo: 'Bolzano/Bozen',
      nome_altra_lingua: 'Bozen',
      capoluogo: true,
      codice_uts: '021',
      cap: ['39010', '39100'],
    });
    expect(novarese).toMatchObject({ nome: 'Bolzano Novarese', lat: null, lon: null, cap: [], anomalie: [] });
  });

  it('discards an impossible (non-positive) area and says why, instead of flipping its sign', () => {
    const bronte = parseComuni(COMUNI, CAP)[3]!;
    expect(bronte.superficie_km2).toBeNull();
    expect(bronte.anomalie).toEqual([
      { campo: 'superficie_km2', valore: '-251,8622', motivo: expect.stringContaining('non positiva') },
    ]);
  });

  it('reads provinces, regions with their ripartizione, and validity periods', () => {
    const [ag] = parseProvince(
      'codice_regione;sigla_provincia;denominazione_provincia;tipologia_provincia;numero_comuni;superficie_kmq;codice_sovracomunale\n19;AG;Agrigento;"Libero consorzio di comuni";43;3055,9023;084',
    );
    expect(ag).toEqual({
      sigla: 'AG',
      nome: 'Agrigento',
      tipologia: 'Libero consorzio di comuni',
      codice_uts: '084',
      codice_regione: '19',
      superficie_km2: 3055.9023,
    });
    const [vda] = parseRegioni(
      `ripartizione_geografica;codice_regione;denominazione_regione;tipologia_regione;numero_province;numero_comuni;superficie_kmq\nNord-ovest;02;"Valle d'Aosta/Vallée d'Aoste";"statuto speciale";1;74;3258,6082`,
    );
    expect(vda).toEqual({
      codice: '02',
      nome: "Valle d'Aosta/Vallée d'Aoste",
      tipologia: 'statuto speciale',
      ripartizione: 'Nord-ovest',
    });
    const rows = parseValidita(
      "sigla_provincia;codice_istat;denominazione_ita;codice_belfiore;data_inizio_validita;data_fine_validita;stato_validita\nTO;001001;AGLIE';A074;17/03/1861;11/01/1927;Inattivo\nTO;001001;AGLIE';A074;05/10/1945;;Attivo",
    );
    expect(rows).toEqual([
      {
        codice_istat: '001001',
        codice_catastale: 'A074',
        nome: "AGLIE'",
        sigla_provincia: 'TO',
        attivo: false,
        inizio: '1861-03-17',
        fine: '1927-01-11',
      },
      {
        codice_istat: '001001',
        codice_catastale: 'A074',
        nome: "AGLIE'",
        sigla_provincia: 'TO',
        attivo: true,
        inizio: '1945-10-05',
        fine: null,
      },
    ]);
  });
});
