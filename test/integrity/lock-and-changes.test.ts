import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOURCES } from '../../data-sources/index.ts';
import { gateChanges } from '../../generator/report/change-gate.ts';
import type { ChangeReport } from '../../generator/report/change-report.ts';
import { sha256Hex } from '../../generator/fetch/download.ts';
import { recordInLock } from '../../generator/fetch/lock-cli.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'lock-changes-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('npm run data:lock', () => {
  const GISCO = SOURCES.gisco.meta.files[0]!.path;
  const put = async (content: string) => {
    await mkdir(dirname(join(root, 'data', GISCO)), { recursive: true });
    await writeFile(join(root, 'data', GISCO), content);
  };
  const record = (paths: string[] = []) =>
    recordInLock({
      dataDir: join(root, 'data'),
      lockPath: join(root, 'lock.json'),
      paths,
      only: [],
      now: () => new Date('2026-05-01T10:00:00Z'),
    });

  it('records a file placed by hand, keeps the entry (and its date) while the bytes are the same, and refuses a path no source declares', async () => {
    await put('id,0-5 min\nITC11,10\n');
    expect(await record([GISCO])).toEqual({ recorded: [GISCO], unchanged: [], problems: [] });
    const entry = JSON.parse(await readFile(join(root, 'lock.json'), 'utf8')).files[GISCO];
    expect(entry).toMatchObject({
      source: 'gisco-ospedali',
      sha256: sha256Hex(Buffer.from('id,0-5 min\nITC11,10\n')),
      bytes: 20,
      fetched_at: '2026-05-01T10:00:00.000Z',
      manual: true,
    });
    expect(await record()).toMatchObject({ recorded: [], unchanged: [GISCO] });
    expect((await record(['gisco/other.csv'])).problems).toEqual([
      'gisco/other.csv: nessuna fonte dichiara questo file; aggiungilo ai files del modulo in data-sources/ prima di registrarlo',
    ]);
  });

  it("refuses a file that the data directory's own SHA256SUMS records with another checksum", async () => {
    await put('id,0-5 min\nITC11,1\n');
    await writeFile(
      join(root, 'data', 'SHA256SUMS'),
      `${sha256Hex(Buffer.from('id,0-5 min\nITC11,10\n'))}  ./${GISCO}\n`,
    );
    const result = await record();
    expect(result.recorded).toEqual([]);
    expect(result.problems[0]).toMatch(
      new RegExp(
        `^${GISCO}: sha256 [0-9a-f]{64}, ma il SHA256SUMS della cartella dati registra [0-9a-f]{64}: il file è stato alterato`,
      ),
    );
  });
});

describe('the change report stops the build unless acknowledged', () => {
  const report = (ora = 5000, rinominati: unknown[] = []): ChangeReport =>
    ({
      senza_confronto: null,
      versione_dati: { prima: 'aaaa', ora: 'bbbb' },
      comuni: { aggiunti: [], rimossi: [], rinominati, cambio_provincia: [] },
      indicatori: [
        {
          descrizione: 'Popolazione residente',
          anno_prima: 2026,
          anno_ora: 2026,
          oltre_soglia: 1,
          principali: [{ codice: '024122', nome: 'Zugliano', prima: 6861, ora: 68 }],
          totale_prima: 59_470_443,
          totale_ora: 59_470_443 - 6861 + 68,
        },
        {
          descrizione: 'Contribuenti',
          anno_prima: 2023,
          anno_ora: 2023,
          oltre_soglia: 0,
          principali: [],
          totale_prima: 10_000,
          totale_ora: ora,
        },
      ],
    }) as unknown as ChangeReport;
  const ackPath = () => join(root, 'changes-ack.json');

  it('fails listing the changes and the command; --accept-changes records them in the committed file, which then lets the same changes through', async () => {
    await expect(gateChanges(report(), { accept: false, ackPath: ackPath() })).rejects.toThrow(
      /2 cambiamenti oltre le soglie rispetto alla build precedente \(aaaa → bbbb\):\n {2}Popolazione residente 2026: 1 comuni oltre la soglia \(024122 Zugliano 6861 → 68\)\n {2}Contribuenti 2023: totale nazionale 10000 → 5000, oltre ±1%[^]*npm run build -- --accept-changes/,
    );
    const accepted = await gateChanges(report(), { accept: true, ackPath: ackPath() });
    expect(accepted.note).toMatch(
      /2 cambiamenti oltre soglia accettati con --accept-changes e registrati in .*changes-ack.json/,
    );
    const file = JSON.parse(await readFile(ackPath(), 'utf8'));
    expect(file.accettati[0]).toMatchObject({
      versione_dati_prima: 'aaaa',
      versione_dati_ora: 'bbbb',
      cambiamenti: expect.arrayContaining([expect.stringContaining('Zugliano')]),
    });
    expect((await gateChanges(report(), { accept: false, ackPath: ackPath() })).note).toMatch(/già accettati/);
    // Other changes are another acknowledgement.
    await expect(gateChanges(report(4000), { accept: false, ackPath: ackPath() })).rejects.toThrow(/--accept-changes/);
  });

  it('a code that changes its name (two codes swapped, or markup in a name) is a change to acknowledge', async () => {
    const swapped = [{ codice: '112050', nome: 'Alghero', provincia: 'SS', nome_prima: 'Sassari' }];
    await expect(gateChanges(report(10_000, swapped), { accept: false, ackPath: ackPath() })).rejects.toThrow(
      /2 cambiamenti oltre le soglie[^]*\n {2}comune 112050 rinominato: Sassari → Alghero\n/,
    );
  });
});
