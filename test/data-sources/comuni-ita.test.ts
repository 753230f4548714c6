import { describe, expect, it } from 'vitest';
import { meta, parseComuniIta, parseComuniItaReport } from '../../data-sources/comuni-ita.ts';

// Hand-written records in Comuni-ITA's comuni.json shape.
const FIXTURE = JSON.parse(`[
  {"codice":"028001","nome":"Abano Terme","nomeStraniero":null,"codiceCatastale":"A001","cap":"35031","prefisso":"049",
   "provincia":{"nome":"Padova","sigla":"PD","codice":"028","regione":"Veneto"},
   "email":"protocollo@comune.example.it","pec":"comune@pec.example.it","telefono":"+39 049 1234567","fax":null,
   "popolazione":20000,"coordinate":{"lat":45.36,"lng":11.79}},
  {"codice":"021001","nome":"Aldino","nomeStraniero":"Aldein","codiceCatastale":"A179","cap":" 39040 ","prefisso":"",
   "provincia":{"nome":"Bolzano","sigla":"BZ","codice":"021","regione":"Trentino Alto Adige"},
   "email":"  ","pec":null,"telefono":" +39 0471 000000 ","fax":"",
   "popolazione":1600,"coordinate":{"lat":46.37,"lng":11.35}},
  {"codice":"005122","nome":"Moransengo-Tonengo","cap":"14027"}
]`) as unknown;

describe('comuni-ita parser', () => {
  it('reads the contact fields and the main CAP, keeping nulls', () => {
    const [abano] = parseComuniIta(FIXTURE);
    expect(abano).toEqual({
      codice_istat: '028001',
      prefisso: '049',
      email: 'protocollo@comune.example.it',
      pec: 'comune@pec.example.it',
      telefono: '+39 049 1234567',
      fax: null,
      cap_principale: '35031',
    });
  });

  it('turns blank strings into null and trims the others', () => {
    const aldino = parseComuniIta(FIXTURE)[1];
    expect(aldino).toEqual({
      codice_istat: '021001',
      prefisso: null,
      email: null,
      pec: null,
      telefono: '+39 0471 000000',
      fax: null,
      cap_principale: '39040',
    });
  });

  it('treats absent fields as null and never exposes popolazione', () => {
    const [abano, , moransengo] = parseComuniIta(FIXTURE);
    expect(moransengo).toEqual({
      codice_istat: '005122',
      prefisso: null,
      email: null,
      pec: null,
      telefono: null,
      fax: null,
      cap_principale: '14027',
    });
    expect(abano).not.toHaveProperty('popolazione');
    expect(meta.required).toBe(false);
  });

  it('refuses JSON that is not an array of objects with codice', () => {
    expect(() => parseComuniIta({ comuni: [] })).toThrow(/atteso un array di comuni, trovato un oggetto/);
    expect(() => parseComuniIta(['028001'])).toThrow(
      /l'elemento 0 è un valore di tipo string, atteso un oggetto con "codice"/,
    );
    expect(() => parseComuniIta([{ nome: 'Abano Terme' }])).toThrow(/l'elemento 0 non ha "codice" \(chiavi: nome\)/);
    expect(() => parseComuniIta([{ codice: 'ABC' }])).toThrow(/l'elemento 0 ha un codice non valido "ABC"/);
    expect(() => parseComuniIta([{ codice: '028001' }, { codice: '028001' }])).toThrow(
      /il codice 028001 compare due volte/,
    );
  });

  it('refuses a contact field written as a number (its leading zero would be lost)', () => {
    expect(() => parseComuniIta([{ codice: '095001', cap: 9071 }])).toThrow(
      /095001\.cap: attesa una stringa o null, trovato un valore di tipo number/,
    );
  });

  it('serves malformed CAP, prefix, email and PEC as null and reports them', () => {
    const { contatti, invalid } = parseComuniItaReport([
      {
        codice: '037046',
        cap: '8604',
        prefisso: '051',
        email: 'ufficio@comune',
        pec: 'comune@pec.example.it',
        telefono: '051 000',
        fax: null,
      },
      {
        codice: '048049',
        cap: '50065',
        prefisso: '05584',
        email: 'info@comune.example.it',
        pec: 'comune.example@pec',
        telefono: null,
        fax: null,
      },
    ]);
    expect(contatti).toEqual([
      {
        codice_istat: '037046',
        prefisso: '051',
        email: null,
        pec: 'comune@pec.example.it',
        telefono: '051 000',
        fax: null,
        cap_principale: null,
      },
      {
        codice_istat: '048049',
        prefisso: null,
        email: 'info@comune.example.it',
        pec: null,
        telefono: null,
        fax: null,
        cap_principale: '50065',
      },
    ]);
    expect(invalid).toEqual([
      { codice_istat: '037046', campo: 'email', valore: 'ufficio@comune' },
      { codice_istat: '037046', campo: 'cap_principale', valore: '8604' },
      { codice_istat: '048049', campo: 'prefisso', valore: '05584' },
      { codice_istat: '048049', campo: 'pec', valore: 'comune.example@pec' },
    ]);
  });
});
