import { mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../generator/join/build-dataset.ts';
import { loadSources } from '../../generator/load/load-sources.ts';
import { hasRealBuild, REAL_DATA, TEST_BUILD } from './helpers/real-build.ts';

/** A copy of the mirror (symlinks) without some of its top-level folders. */
async function mirrorWithout(...folders: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'comuni-api-mirror-'));
  for (const entry of await readdir(TEST_BUILD.dataDir))
    if (!folders.includes(entry)) await symlink(join(TEST_BUILD.dataDir, entry), join(dir, entry));
  return dir;
}

describe.skipIf(!hasRealBuild)(`optional sources${REAL_DATA}`, () => {
  it('builds without the optional contacts and hospital sources, leaving their fields null with the reason', async () => {
    const { data, status } = await loadSources(await mirrorWithout('comuni-ita', 'gisco'));
    const missing = status.filter((s) => s.mancante !== null).map((s) => s.meta.id);
    expect(missing).toEqual(['comuni-ita', 'gisco-ospedali']);
    expect(status.find((s) => s.meta.id === 'comuni-ita')!.mancante).toMatch(/Manca il file .*comuni\.json/);
    const dataset = buildDataset(data, status);
    const roma = dataset.comuni.find((c) => c.anagrafica.codice_istat === '058091')!;
    expect(roma.anagrafica.contatti).toBeNull();
    expect(roma.anagrafica.valori_mancanti.contatti).toMatch(/non disponibile/);
    expect(roma.servizi.ospedale).toBeNull();
    expect(roma.servizi.valori_mancanti.ospedale).toMatch(/non disponibile/);
    expect(dataset.comuni).toHaveLength(7896);
  });
});
