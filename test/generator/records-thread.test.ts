/**
 * The records' thread renders the income records from a structured clone of what they read (comune-documents.ts):
 * what it writes, counts and refuses must be what the main thread would have.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../generator/join/build-dataset.ts';
import type { Dataset } from '../../generator/join/dataset.ts';
import { IncomeYear } from '../../generator/join/income-year.ts';
import { incomeSource } from '../../generator/join/join-income.ts';
import { loadSources } from '../../generator/load/load-sources.ts';
import { computeQualityIndex } from '../../generator/quality-index/index.ts';
import { qualityInputs } from '../../generator/derive/quality-inputs.ts';
import { buildRuntimeIndex } from '../../generator/render/build-index.ts';
import { toQualityColumns, type QualityResult } from '../../generator/quality-index/index.ts';
import { comuneDocuments, portableDataset, portableDocuments } from '../../generator/render/comune-documents.ts';
import { CoverageTally } from '../../generator/report/coverage.ts';
import { Progress } from '../../generator/report/progress.ts';
import { OutputWriter } from '../../generator/write/output.ts';
import { writeRecords } from '../../generator/write/write-records.ts';
import { cessatiRecords, territoryIndex } from '../../generator/render/territory-records.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';

let dataset: Dataset;
let quality: QualityResult;
const dirs: string[] = [];

beforeAll(async () => {
  const { data, status } = await loadSources(MINI_MIRROR.dataDir);
  dataset = buildDataset(data, status);
  quality = computeQualityIndex(qualityInputs(dataset));
});

afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('the records thread', () => {
  it('makes every income year again, whole, from a structured clone of its parts', () => {
    const years = dataset.comuni.flatMap((c) => c.redditi);
    expect(years.length).toBeGreaterThan(0);
    for (const year of years) {
      const { row, recipe, territorio } = structuredClone(year.parts());
      const source = incomeSource(recipe);
      const again = new IncomeYear(source.revive(row), source, territorio);
      expect(again.full()).toStrictEqual(year.full());
    }
  });

  it('counts coverage split between two tallies as one tally counts it', () => {
    const documents = comuneDocuments(dataset, quality);
    const whole = new CoverageTally(documents);
    const main = new CoverageTally(documents);
    const portable = Object.values(portableDocuments(portableDataset(dataset)));
    const thread = new CoverageTally(portable);
    for (const d of documents)
      for (const c of dataset.comuni) {
        const code = c.anagrafica.codice_istat;
        whole.add(d.dominio, code, d.render(c));
        if (!d.portable) main.add(d.dominio, code, d.render(c));
      }
    // What the thread does: each portable document rendered from a structured clone of what it reads.
    for (const d of documents.filter((x) => x.portable)) {
      const there = portable.find((x) => x.dominio === d.dominio)!;
      for (const c of dataset.comuni)
        thread.add(d.dominio, c.anagrafica.codice_istat, there.render(structuredClone(d.portable!(c)) as never));
    }
    main.absorb(structuredClone(thread.part()));
    expect(main.report()).toStrictEqual(whole.report());
  });

  it("fails the step with the thread's error when a record it renders cannot be made", async () => {
    const root = await mkdtemp(join(tmpdir(), 'records-thread-'));
    dirs.push(root);
    const broken = dataset.comuni.find((c) => c.redditi.length > 0)!;
    const year = broken.redditi[0]!;
    const saved = broken.redditi;
    // A year whose row has no figures: building it throws in the thread, not here.
    broken.redditi = [
      new IncomeYear({}, { ...incomeSource(year.parts().recipe), headline: () => year, revive: (r) => r }),
    ];
    const index = buildRuntimeIndex(
      dataset,
      toQualityColumns(
        quality,
        dataset.comuni.map((c) => c.anagrafica),
      ),
      'test',
      territoryIndex(dataset, cessatiRecords(dataset)),
    );
    const writer = new OutputWriter(root);
    try {
      await expect(
        writeRecords(
          writer,
          dataset,
          index,
          quality,
          new Progress({ logger: console, output: { isTTY: false, write: () => true } }),
        ),
      ).rejects.toThrow(/Cannot read|undefined/);
    } finally {
      broken.redditi = saved;
      await writer.release();
    }
  });
});
