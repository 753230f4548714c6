import { beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../../generator/join/build-dataset.ts';
import { compareSnapshots, type ChangeReport } from '../../../generator/report/change-report.ts';
import { changeTable } from '../../../generator/report/change-table.ts';
import { buildSnapshot, parseSnapshot, type Snapshot } from '../../../generator/report/snapshot.ts';
import { coverageReport } from '../../../generator/render/comune-documents.ts';
import type { SourceStatus } from '../../../generator/join/dataset.ts';
import { loadSources, type LoadedSources } from '../../../generator/load/load-sources.ts';
import { computeQualityIndex } from '../../../generator/quality-index/index.ts';
import { qualityInputs } from '../../../generator/derive/quality-inputs.ts';
import { hasRealBuild, readBuilt, REAL_DATA, TEST_BUILD } from '../helpers/real-build.ts';

// The mirror's data built twice: as it is, and as it was before ANPR January 2026 and MEF tax
// year 2023 were declared (the previous vintage of each source). The change report of the
// newer build against the older one is what a maintainer sees after adding those two lines.

function snapshotOf(sources: LoadedSources, status: SourceStatus[], versione: string): Snapshot {
  const dataset = buildDataset(sources, status);
  const quality = computeQualityIndex(qualityInputs(dataset), undefined, undefined, { sensibilita: false });
  const scores = new Map(quality.comuni.map((c) => [c.codice_istat, c.punteggio]));
  return buildSnapshot({ dataset, versione, coverage: coverageReport(dataset, quality), scores });
}

/** The snapshot with some comuni dropped and others added (figures unknown), as an older registry would give. */
function withComuni(s: Snapshot, drop: string[], add: { codice: string; nome: string; provincia: string }[]): Snapshot {
  const rows = s.comuni.codice
    .map((codice, i) => ({ codice, nome: s.comuni.nome[i]!, provincia: s.comuni.provincia[i]!, i }))
    .filter((r) => !drop.includes(r.codice));
  const all = [...rows, ...add.map((a) => ({ ...a, i: -1 }))].sort((a, b) => a.codice.localeCompare(b.codice));
  return {
    ...s,
    comuni: {
      codice: all.map((r) => r.codice),
      nome: all.map((r) => r.nome),
      provincia: all.map((r) => r.provincia),
      valori: Object.fromEntries(
        Object.entries(s.comuni.valori).map(([id, values]) => [id, all.map((r) => (r.i < 0 ? null : values[r.i]!))]),
      ),
    },
  };
}

describe.skipIf(!hasRealBuild)(`change report between two vintages of the mirror${REAL_DATA}`, () => {
  let sources: LoadedSources;
  let current: Snapshot;
  let previous: Snapshot;
  let report: ChangeReport;
  const anprYear = (anno: number) => sources.anpr!.find((p) => p.anno === anno)!.valori;
  const irpefYear = (anno: number) =>
    new Map(sources.irpef!.find((y) => y.anno === anno)!.comuni.map((c) => [c.codice_istat, c]));

  beforeAll(async () => {
    const loaded = await loadSources(TEST_BUILD.dataDir);
    sources = loaded.data;
    current = snapshotOf(sources, loaded.status, 'nuova');
    const older = {
      ...sources,
      anpr: sources.anpr!.filter((p) => p.anno !== 2026),
      irpef: sources.irpef!.filter((y) => y.anno !== 2023),
    };
    // The declarations before the two lines were added: their vintage labels said so too.
    const vintage: Record<string, string> = {
      'anpr-popolazione': '12/2022, 01/2025',
      'mef-irpef-comunale': "anni d'imposta 2000–2022",
    };
    const olderStatus = loaded.status.map((s) =>
      vintage[s.meta.id] ? { ...s, meta: { ...s.meta, vintage: vintage[s.meta.id]! } } : s,
    );
    previous = snapshotOf(older, olderStatus, 'precedente');
    report = compareSnapshots({ snapshot: previous }, current, { validita: sources.gi!.validita });
  });

  it('says the default years moved to the new vintages, and which years and source vintages were added', () => {
    // A register month is no official figure: demographics keep ISTAT's 2025 as the default year, and 2026 (ISTAT, 31 December 2025) was already there.
    expect(report.anni_predefiniti).toEqual([{ dominio: 'redditi', prima: 2022, ora: 2023 }]);
    expect(report.anni).toEqual([{ dominio: 'redditi', aggiunti: [2023], rimossi: [] }]);
    expect(report.fonti.map((f) => [f.id, f.annata_prima, f.annata_ora])).toEqual([
      ['anpr-popolazione', '12/2022, 01/2025', '12/2022, 01/2025, 01/2026'],
      ['mef-irpef-comunale', "anni d'imposta 2000–2022", "anni d'imposta 2000–2023"],
    ]);
    expect(report.comuni).toMatchObject({
      prima: 7896,
      ora: 7896,
      aggiunti: [],
      rimossi: [],
      rinominati: [],
      cambio_provincia: [],
    });
    expect(changeTable(report)).toContain('anni predefiniti: redditi 2022 → 2023');
  });

  it('changes no official population when only a register month is added', () => {
    const pop = report.indicatori.find((i) => i.id === 'popolazione')!;
    expect(pop).toMatchObject({
      anno_prima: 2025,
      anno_ora: 2025,
      confrontati: 7896,
      oltre_soglia: 0,
      comparsi: 0,
      scomparsi: 0,
    });
    expect(pop.totale_ora).toBe(58_943_464);
    // The new month shows up only as register coverage of 2026.
    expect(report.copertura).toContainEqual({
      dominio: 'demografia',
      campo: 'serie_storica[].anagrafe',
      // 2026 was already a year of the series (the provisional population at 31 December), with no register count.
      anno_prima: 2026,
      anno_ora: 2026,
      comuni_prima: 0,
      comuni_ora: 7896,
    });
    expect(anprYear(2026).size).toBe(7896);
  });

  it('compares tax year 2023 with 2022 and counts the averages that MEF 2022 did not allow', () => {
    const taxpayers = report.indicatori.find((i) => i.id === 'contribuenti')!;
    const [y22, y23] = [irpefYear(2022), irpefYear(2023)];
    expect(taxpayers).toMatchObject({ anno_prima: 2022, anno_ora: 2023 });
    for (const m of taxpayers.principali)
      expect([m.prima, m.ora], m.codice).toEqual([y22.get(m.codice)?.contribuenti, y23.get(m.codice)?.contribuenti]);
    const income = report.indicatori.find((i) => i.id === 'reddito_medio_euro')!;
    const coverage = (s: Snapshot, anno: number) =>
      s.copertura.find((f) => f.campo === 'serie_storica[].reddito_medio_euro' && f.anno === anno)!.comuni_con_valore;
    // Every comune with a 2023 average but none in 2022 "appeared"; none disappeared.
    expect(income.comparsi).toBe(coverage(current, 2023) - coverage(previous, 2022));
    expect(income.scomparsi).toBe(0);
    expect(report.copertura).toContainEqual({
      dominio: 'redditi',
      campo: 'serie_storica[].reddito_medio_euro',
      anno_prima: null,
      anno_ora: 2023,
      comuni_prima: null,
      comuni_ora: 7896,
    });
  });

  it('dates code changes from the registry: Sovizzo and Gambugliano merged into a new Sovizzo (024128) on 2024-01-01', () => {
    // What a build from a registry release before 2024 would have listed in Vicenza.
    const before = withComuni(
      current,
      ['024128'],
      [
        { codice: '024044', nome: 'Gambugliano', provincia: 'VI' },
        { codice: '024103', nome: 'Sovizzo', provincia: 'VI' },
      ],
    );
    const codes = compareSnapshots({ snapshot: before }, current, { validita: sources.gi!.validita });
    expect(codes.comuni.rimossi).toEqual([
      {
        codice: '024044',
        nome: 'Gambugliano',
        provincia: 'VI',
        soppresso_il: '2023-12-31',
        ancora_attivo: false,
        successori: ['024128'],
      },
      {
        codice: '024103',
        nome: 'Sovizzo',
        provincia: 'VI',
        soppresso_il: '2023-12-31',
        ancora_attivo: false,
        successori: ['024128'],
      },
    ]);
    expect(codes.comuni.aggiunti).toEqual([
      {
        codice: '024128',
        nome: 'Sovizzo',
        provincia: 'VI',
        istituito_il: '2024-01-01',
        predecessori: ['024044', '024103'],
      },
    ]);
    expect(changeTable(codes)).toContain('− 024103 Sovizzo (VI) soppresso il 2023-12-31 → 024128');
  });

  it('the build writes its snapshot and the change report, and /api/status links it', async () => {
    const status = await readBuilt<{
      versione_dati: string;
      cambiamenti: { rispetto_a: string | null; rapporto: string };
    }>('api/status.json');
    expect(status.cambiamenti.rapporto).toBe('/report/changes.json');
    const changes = await readBuilt<ChangeReport>('report/changes.json');
    expect(changes.versione_dati).toEqual({ prima: status.cambiamenti.rispetto_a, ora: status.versione_dati });
    const built = parseSnapshot(JSON.stringify(await readBuilt('report/snapshot.json')));
    expect(built.snapshot?.versione_dati).toBe(status.versione_dati);
    expect(built.snapshot?.comuni.codice).toEqual(current.comuni.codice);
    expect(built.snapshot?.comuni.valori).toEqual(current.comuni.valori);
    expect(built.snapshot?.copertura).toEqual(current.copertura);
  });
});
