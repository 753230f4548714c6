import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { recordingEffects } from '../helpers/build-effects.ts';
import { OutputWriter } from '../../generator/write/output.ts';

async function previousBuild() {
  const root = await mkdtemp(join(tmpdir(), 'comuni-api-'));
  const out = join(root, 'public');
  await mkdir(join(out, 'api'), { recursive: true });
  await writeFile(join(out, 'api', 'status.json'), '{"previous":true}\n');
  return { root, out };
}

describe('a failed build', () => {
  it('leaves the previous output intact when a file does not match its schema', async () => {
    const { root, out } = await previousBuild();
    const writer = await OutputWriter.create(out);
    await writer.json('/api/regioni.json', { totale: 0, risultati: [] }, 'Regioni');
    await expect(writer.json('/api/comuni/000000.json', { codice_istat: 'not a code' }, 'Comune')).rejects.toThrow(
      /non rispetta lo schema Comune/,
    );
    await writer.discard();
    expect(await readFile(join(out, 'api', 'status.json'), 'utf8')).toBe('{"previous":true}\n');
    expect(await readdir(root)).toEqual(['public']);
  });

  it('stops on a missing required source with a message naming the file and the fix, output untouched', async () => {
    const { root, out } = await previousBuild();
    await expect(
      build({ dataDir: join(root, 'no-data'), outDir: out, generatedDir: join(root, 'generated') }, recordingEffects()),
    ).rejects.toThrow(
      /Manca il file .*no-data\/.*\n.*fonte "[a-z0-9-]+".*\n.*Scaricalo da https?:\/\/.*npm run data:fetch -- --only [a-z0-9-]+.*DATA_DIR/s,
    );
    expect(await readFile(join(out, 'api', 'status.json'), 'utf8')).toBe('{"previous":true}\n');
    expect(await readdir(root)).toEqual(['public']);
  });

  it('replaces the output only once everything is written', async () => {
    const { out } = await previousBuild();
    const writer = await OutputWriter.create(out);
    await writer.json('/api/regioni.json', { totale: 0, risultati: [] }, 'Regioni');
    expect(await readFile(join(out, 'api', 'status.json'), 'utf8')).toBe('{"previous":true}\n');
    await writer.commit(out);
    expect(await readdir(join(out, 'api'))).toEqual(['regioni.json']);
  });
});
