/**
 * A running server follows the build's swap (issue 36): it resolves the served path on every
 * request, and the swap never leaves that path missing, so no request fails because of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IndexData, RuntimeIndex } from '../../api/runtime-index.ts';
import { OutputWriter } from '../../generator/write/output.ts';
import { createApp } from '../../server/app.ts';

// Files only: an index that is never read is enough.
const NO_INDEX: IndexData = {
  index: {} as RuntimeIndex,
  laterParts: async () => ({}) as RuntimeIndex,
  incomeRankings: async () => null,
};
const URLS = ['/api/regioni.json', '/index.html', '/dati/comuni.csv'];

async function buildVersion(target: string, version: number) {
  const writer = await OutputWriter.create(target);
  await writer.text('/api/regioni.json', JSON.stringify({ versione: version }));
  await writer.text('/index.html', `<!doctype html><title>${version}</title>`);
  await writer.text('/dati/comuni.csv', `versione\n${version}\n`.repeat(2000));
  await writer.commit(target);
}

describe('a build swapping the output under a running server', () => {
  let root: string;
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('answers every request in a loop with 200 while builds swap the tree, and serves the last one', async () => {
    root = await mkdtemp(join(tmpdir(), 'swap-serve-'));
    const target = join(root, 'public');
    await buildVersion(target, 0);
    const server = createApp(target, NO_INDEX, () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const statuses = new Map<number, number>();
    let swapping = true;
    const client = async () => {
      for (let i = 0; swapping; i++) {
        const response = await fetch(`${origin}${URLS[i % URLS.length]}`);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const clients = [client(), client(), client()];
    const builds = 20;
    for (let version = 1; version <= builds; version++) await buildVersion(target, version);
    swapping = false;
    await Promise.all(clients);
    const last = await (await fetch(`${origin}/api/regioni.json`)).json();
    await new Promise((resolve) => server.close(resolve));
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(builds);
    expect(last).toEqual({ versione: builds });
  });
});
