import { describe, expect, it } from 'vitest';
import type { PeriodoComune } from '../../data-sources/anpr-archivio-comuni.ts';
import type { Estinzione } from '../../data-sources/istat-variazioni-comuni.ts';
import { istatLinks } from '../../generator/join/istat-successors.ts';
import type { SuccessorLink, UnresolvedCessation } from '../../generator/join/successor-link.ts';
import { buildHistory } from '../../generator/join/territorial-history.ts';

const period = (b: string, codice: string, nome: string, inizio: string, fine: string | null): PeriodoComune => ({
  codice_istat: codice,
  codice_catastale: b,
  nome,
  nome_altra_lingua: null,
  sigla_provincia: 'XX',
  inizio,
  fine,
});
// Beta and Gamma merge into Delta (the archives say 1 January 2024, ISTAT 22 January); Quero Vas into Setteville
// later; Lirio's extinction comes after the basis.
const history = buildHistory(
  [
    period('B002', '001002', 'BETA', '1900-01-01', '2023-12-31'),
    period('C003', '001003', 'GAMMA', '1900-01-01', '2023-12-31'),
    period('D004', '001010', 'DELTA', '2024-01-01', null),
  ],
  [],
);
const es = (codice: string, nome: string, data: string, codice_successore: string): Estinzione => ({
  codice,
  nome,
  data,
  codice_successore,
  nome_successore: 'Delta',
  provvedimento: 'L.R. N. 1 del 01/12/2023',
  contenuto: 'FUSIONE',
});
const inferred: SuccessorLink[] = [
  {
    predecessore: 'B002',
    successore: 'D004',
    data_evento: '2024-01-01',
    evento: 'fusione',
    metodo: 'istituzione_stesso_giorno',
    verifica: null,
    verifica_secondo_metodo: null,
    esito: 'verificato',
    motivo_esito: null,
  },
];
const unresolved: UnresolvedCessation[] = [
  {
    codice_catastale: 'C003',
    nome: 'GAMMA',
    data_cessazione: '2023-12-31',
    categoria: 'nessuna_ripartizione_univoca',
    motivo: '—',
    possibili_successori: ['D004'],
  },
];

describe("successors from ISTAT's record", () => {
  const records = [
    es('001002', 'Beta', '2024-01-22', '001010'),
    es('001003', 'Gamma', '2024-01-22', '001010'),
    es('001010', 'Delta', '2026-02-21', '001099'),
  ];
  const { links, errors, disagreements } = istatLinks(history, records, '2025-01-01', inferred, unresolved, (b) =>
    b === 'D004' ? '001010' : null,
  );

  it("links every extinction up to the basis with ISTAT's date and act, days apart from the archives' periods", () => {
    expect(errors).toEqual([]);
    expect(links.map((l) => [l.predecessore, l.successore, l.data_evento, l.evento])).toEqual([
      ['B002', 'D004', '2024-01-22', 'fusione'],
      ['C003', 'D004', '2024-01-22', 'fusione'],
    ]);
    expect(links[0]!.registro_istat).toMatchObject({ provvedimento: 'L.R. N. 1 del 01/12/2023' });
  });

  it('keeps the inference as a cross-check: its outcome where it agrees, the difference listed where it does not', () => {
    expect(links.map((l) => l.esito)).toEqual(['verificato', 'non_dedotto']);
    expect(disagreements.map((d) => [d.codice_catastale, d.successore_dedotto, d.stesso_comune_attuale])).toEqual([
      ['B002', 'D004', true],
      ['C003', null, false],
    ]);
  });

  it('lists, and does not cease, a comune re-established later under the same cadastral code (Baranzate)', () => {
    const again = buildHistory(
      [
        period('A618', '015250', 'BARANZATE', '2001-12-12', '2003-03-05'),
        period('A618', '015250', 'BARANZATE', '2004-06-08', null),
        period('A940', '015027', 'BOLLATE', '1900-01-01', null),
      ],
      [],
    );
    const r = istatLinks(again, [es('015250', 'Baranzate', '2003-03-06', '015027')], '2025-01-01', [], [], () => null);
    expect(r.links).toEqual([]);
    expect(r.reestablished).toEqual([
      { codice_catastale: 'A618', nome: 'Baranzate', data: '2003-03-06', successore: 'A940' },
    ]);
  });

  it('refuses an extinction whose codes the archives do not hold', () => {
    const bad = istatLinks(history, [es('009999', 'Nulla', '2020-01-01', '001010')], '2025-01-01', [], [], () => null);
    expect(bad.errors).toEqual([expect.stringContaining('Nulla (009999)')]);
  });
});
