import { describe, expect, it } from 'vitest';
import { parseScuoleStatali } from '../../data-sources/mim-scuole-statali.ts';

// Hand-written rows in the ministry's layout (only the columns the parser reads matter).
const HEADER =
  'ANNOSCOLASTICO,REGIONE,CODICESCUOLA,DENOMINAZIONESCUOLA,CODICECOMUNESCUOLA,DESCRIZIONECARATTERISTICASCUOLA,DESCRIZIONETIPOLOGIAGRADOISTRUZIONESCUOLA';
const row = (cat: string, kind: string, type: string) => `202526,LAZIO,RMXX,"SCUOLA ""X""",${cat},${kind},${type}`;

describe('mim-scuole-statali', () => {
  it('counts schools per level by cadastral code, leaving out institution heads, adult centres, prison schools', () => {
    const parsed = parseScuoleStatali(
      [
        HEADER,
        row('H501', 'NORMALE', 'SCUOLA INFANZIA'),
        row('H501', 'NORMALE', 'SCUOLA PRIMARIA'),
        row('H501', 'SPEC. PER CARCERARI', 'SCUOLA PRIMARIA'),
        row('H501', 'NORMALE', 'SCUOLA PRIMO GRADO'),
        row('H501', 'NORMALE', 'LICEO SCIENTIFICO'),
        row('H501', 'NORMALE', 'IST PROF PER I SERVIZI ALBERGHIERI E RISTORAZIONE'),
        row('H501', 'NORMALE', 'ISTITUTO COMPRENSIVO'),
        row('H501', 'NORMALE', 'CENTRO TERRITORIALE'),
        row('a192', 'DI MONTAGNA', 'SCUOLA PRIMARIA'),
      ].join('\n'),
    );
    expect(parsed.perComune.get('H501')).toEqual({
      infanzia: 1,
      primaria: 1,
      secondaria_primo_grado: 1,
      secondaria_secondo_grado: 2,
    });
    expect(parsed.perComune.get('A192')).toMatchObject({ primaria: 1, infanzia: 0 });
    expect(parsed).toMatchObject({ righe: 9, escluse: 3 });
  });

  it('stops on a school type it cannot place in a level, and on a malformed cadastral code', () => {
    expect(() => parseScuoleStatali([HEADER, row('H501', 'NORMALE', 'ACCADEMIA')].join('\n'))).toThrow(
      /ACCADEMIA.*non classificata/,
    );
    expect(() => parseScuoleStatali([HEADER, row('058091', 'NORMALE', 'SCUOLA PRIMARIA')].join('\n'))).toThrow(
      /catastale/,
    );
  });
});
