import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { meta, parseIrpef2024, verifyDataArtifact } from '../../data-sources/mef-irpef-2024-sintesi.ts';

// Hand-made fixture in the re-publication's shape: identity cells, taxpayers, then one
// [count, amount in cents] pair per measure in `measureOrder`.
const ORDER = ['comprehensiveIncome', 'taxableIncome', 'netTaxDeclared', 'regionalSurtaxDue', 'municipalSurtaxDue'];

function data(order: string[], rows: unknown[][]) {
  return {
    schemaVersion: 1,
    datasetId: 'mef_irpef_comunale',
    taxYear: 2024,
    measureOrder: order,
    municipalities: rows,
    national: { unassigned: { label: 'Mancante/errata', taxpayers: 5300, measures: [] } },
  };
}

const META = {
  period: { taxYear: 2024 },
  source: {
    assetUrl:
      'https://www1.finanze.gov.it/finanze/analisi_stat/public/v_4_0_0/contenuti/Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.zip',
    zip: { bytes: 1000, sha256: 'aa'.repeat(32) },
    csvMember: {
      name: 'Redditi_e_principali_variabili_IRPEF_su_base_comunale_CSV_2024.csv',
      bytes: 2000,
      sha256: 'bb'.repeat(32),
    },
  },
  dataArtifactBytes: 3000,
  dataArtifactSha256: 'cc'.repeat(32),
};

const AGLIE = [
  '001001',
  'A074',
  "AGLIE'",
  '001',
  'TO',
  '01',
  2000,
  1950,
  5400000000,
  1910,
  5011299800,
  1660,
  992991600,
  1630,
  102276250,
  1619,
  38180399,
];
const BALME = [
  '001019',
  'A599',
  'BALME',
  '001',
  'TO',
  '01',
  68,
  66,
  137198600,
  61,
  126569600,
  46,
  22467100,
  46,
  2382700,
  null,
  null,
];

describe('mef-irpef-2024-sintesi parser', () => {
  it('converts integer cents to euro exactly and keeps suppressed values null', () => {
    const y = parseIrpef2024(data(ORDER, [AGLIE, BALME]), META);
    expect(y.anno).toBe(2024);
    expect(y.comuni[0]).toEqual({
      codice_istat: '001001',
      nome: "AGLIE'",
      sigla_provincia: 'TO',
      contribuenti: 2000,
      reddito_complessivo: { frequenza: 1950, ammontare: 54000000 },
      reddito_imponibile: { frequenza: 1910, ammontare: 50112998 },
      imposta_netta: { frequenza: 1660, ammontare: 9929916 },
      addizionale_regionale: { frequenza: 1630, ammontare: 1022762.5 },
      addizionale_comunale: { frequenza: 1619, ammontare: 381803.99 },
    });
    expect(y.comuni[1]!.addizionale_comunale).toEqual({ frequenza: null, ammontare: null });
    expect(y.comuni[1]!.addizionale_regionale).toEqual({ frequenza: 46, ammontare: 23827 });
  });

  it('reads the position of each measure from measureOrder, not from a fixed layout', () => {
    const reversed = [...ORDER].reverse();
    const row = [
      '001001',
      'A074',
      "AGLIE'",
      '001',
      'TO',
      '01',
      2000,
      1619,
      38180300,
      1630,
      102276200,
      1660,
      992991600,
      1910,
      5011299800,
      1950,
      5400000000,
    ];
    const c = parseIrpef2024(data(reversed, [row]), META).comuni[0]!;
    expect(c.reddito_complessivo).toEqual({ frequenza: 1950, ammontare: 54000000 });
    expect(c.addizionale_comunale).toEqual({ frequenza: 1619, ammontare: 381803 });
    expect(() => parseIrpef2024(data(ORDER.slice(1), [row.slice(0, -2)]), META)).toThrow(
      /non contiene "comprehensiveIncome"/,
    );
  });

  it('reports the unassigned MEF row as skipped and carries the checksums of meta.json', () => {
    const y = parseIrpef2024(data(ORDER, [AGLIE]), META);
    expect(y.scartati).toEqual([expect.objectContaining({ codice: '0', nome: 'Mancante/errata' })]);
    expect(y.scartati[0]!.motivo).toContain('5300 contribuenti');
    expect(y.checksums).toEqual({
      zip: { url: META.source.assetUrl, bytes: 1000, sha256: 'aa'.repeat(32) },
      csv: { name: META.source.csvMember.name, bytes: 2000, sha256: 'bb'.repeat(32) },
      data_json: { bytes: 3000, sha256: 'cc'.repeat(32) },
    });
  });

  it('rejects malformed input: wrong year, short rows, non-integer cents, bad codes, repeated codes', () => {
    expect(() => parseIrpef2024(data(ORDER, [AGLIE]), { ...META, period: { taxYear: 2023 } })).toThrow(
      /anno d'imposta 2024, meta.json del 2023/,
    );
    expect(() => parseIrpef2024(data(ORDER, [AGLIE.slice(0, -1)]), META)).toThrow(/dovrebbe avere 17 celle/);
    expect(() => parseIrpef2024(data(ORDER, [[...AGLIE.slice(0, 8), 5400000000.5, ...AGLIE.slice(9)]]), META)).toThrow(
      /non è un importo in centesimi interi/,
    );
    expect(() => parseIrpef2024(data(ORDER, [['0', ...AGLIE.slice(1)]]), META)).toThrow(/non è un codice comune/);
    expect(() => parseIrpef2024(data(ORDER, [AGLIE, AGLIE]), META)).toThrow(/001001 compare due volte/);
  });

  it('verifies data.json against the SHA-256 and size recorded in meta.json', () => {
    const bytes = new TextEncoder().encode('{"taxYear":2024}');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(() =>
      verifyDataArtifact(bytes, { dataArtifactSha256: sha256, dataArtifactBytes: bytes.length }),
    ).not.toThrow();
    expect(() =>
      verifyDataArtifact(bytes, { dataArtifactSha256: 'cc'.repeat(32), dataArtifactBytes: bytes.length }),
    ).toThrow(/è diverso da/);
  });

  it('is optional and points at the official MEF zip', () => {
    expect(meta.required).toBe(false);
    expect(meta.files.every((f) => f.url === META.source.assetUrl)).toBe(true);
    expect(meta.notes.join(' ')).toMatch(/ripubblicati da terzi/);
  });
});
