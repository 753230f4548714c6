import { describe, expect, it } from 'vitest';
import type { Estinzione } from '../../data-sources/istat-variazioni-comuni.ts';
import { laterChanges } from '../../generator/join/later-changes.ts';

const es = (
  codice: string,
  nome: string,
  data: string,
  codice_successore: string,
  nome_successore: string,
): Estinzione => ({
  codice,
  nome,
  data,
  codice_successore,
  nome_successore,
  provvedimento: `L.R. per ${nome}`,
  contenuto: '',
});

// SITUAS's 2026 events, and one before the basis that is already a ceased comune's.
const ESTINZIONI = [
  es('024031', 'Nanto', '2026-02-21', '024129', 'Castegnero Nanto'),
  es('018083', 'Lirio', '2026-01-31', '018100', 'Montalto Pavese'),
  es('024024', 'Castegnero', '2026-02-21', '024129', 'Castegnero Nanto'),
  es('026008', 'Borso del Grappa', '2024-01-22', '026096', 'Pieve del Grappa'),
];
const CURRENT = new Set(['024031', '018083', '024024', '018100']);

describe('changes after the registry basis', () => {
  const { perComune, istituiti } = laterChanges(ESTINZIONI, '2025-01-01', CURRENT);

  it('says into which comune of today a comune is absorbed, when and by which act', () => {
    expect(perComune.get('018083')).toEqual([
      {
        evento: 'incorporazione',
        data: '2026-01-31',
        codice_istat_successore: '018100',
        nome_successore: 'Montalto Pavese',
        provvedimento: 'L.R. per Lirio',
      },
    ]);
  });

  it('names a fusion into a new code on both parts, and the new code with its predecessors', () => {
    expect(perComune.get('024024')![0]).toMatchObject({ evento: 'fusione', codice_istat_successore: '024129' });
    expect(perComune.get('024031')![0]).toMatchObject({ evento: 'fusione', codice_istat_successore: '024129' });
    expect(istituiti.get('024129')).toEqual({
      codice_istat: '024129',
      nome: 'Castegnero Nanto',
      data: '2026-02-21',
      predecessori: [
        { codice_istat: '024024', nome: 'Castegnero' },
        { codice_istat: '024031', nome: 'Nanto' },
      ],
    });
  });

  it('leaves out events up to the basis (ceased comuni, told elsewhere)', () => {
    expect([...perComune.keys()].sort()).toEqual(['018083', '024024', '024031']);
    expect([...istituiti.keys()]).toEqual(['024129']);
  });
});
