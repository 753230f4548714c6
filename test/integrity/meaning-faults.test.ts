/**
 * The faults of issue 37: plausible bad data from a publisher, recorded in the lock (so the checksum
 * says nothing), each injected into a copy of the mini mirror. Each must stop the build with a message
 * naming the file and the row or key, and leave the previous output byte for byte as it was.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { recordInLock } from '../../generator/fetch/lock-cli.ts';
import { MINI_MIRROR } from '../fixtures/mini-mirror.ts';
import { recordingEffects } from '../helpers/build-effects.ts';

const BILANCIO = 'istat/bilancio-demografico-2025/P2_2025_it_Comuni.csv';
const PM25 = 'ispra/aria/2024-01-09_2004_2022_PM25__statistiche.csv';
const ARCHIVE = 'anpr/archivio-comuni/ANPR_archivio_comuni.csv';
const SARDEGNA = 'istat/sardegna-2026/sardegna-2026.csv';
const REGISTRY = 'gi-db-comuni/2025-01-01/gi_comuni.csv';
const CLASSIFICATION =
  'istat/classificazioni-comuni-2026/Classificazioni statistiche-e-dimensione-dei-comuni_01_01_2026.xlsx';
const BOUNDARIES = 'istat/confini-comuni-2025/comuni_2025_generalizzati.topo.json';

let root: string;
const data = () => join(root, 'data');
const out = () => join(root, 'public');
const lock = () => join(root, 'lock.json');

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) files[join(e.parentPath, e.name)] = (await readFile(join(e.parentPath, e.name))).toString('base64');
  return files;
}

/** Rewrites one file of the copy with `edit`, records it in the copy's lock as a maintainer would, and builds. */
async function faultyBuild(path: string, edit: (text: string) => string): Promise<string> {
  const original = await readFile(join(data(), path), 'utf8');
  const altered = edit(original);
  expect(altered).not.toBe(original);
  await writeFile(join(data(), path), altered);
  const recorded = await recordInLock({ dataDir: data(), lockPath: lock(), paths: [path], only: [] });
  expect(recorded.recorded).toEqual([path]);
  const before = await snapshot(out());
  let message: string | null = null;
  try {
    await build(
      {
        dataDir: data(),
        outDir: out(),
        generatedDir: join(root, 'generated'),
        lockPath: lock(),
        changesAckPath: join(root, 'ack.json'),
        scale: MINI_MIRROR.scale,
      },
      recordingEffects(),
    );
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message, 'the build succeeded').not.toBeNull();
  expect(await snapshot(out())).toEqual(before);
  expect((await readdir(root)).filter((e) => e.startsWith('public.'))).toEqual([]);
  return message!;
}

/** The cells of a `;`-separated row whose first cell is `code` (quoted), changed by `edit`. */
const row = (code: string, edit: (cells: string[]) => string[]) => (text: string) =>
  text
    .split('\n')
    .map((line) => (line.startsWith(`"${code}";`) ? edit(line.split(';')).join(';') : line))
    .join('\n');

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'meaning-faults-'));
  await cp(MINI_MIRROR.dataDir, data(), { recursive: true });
  await cp(MINI_MIRROR.lockPath, lock());
  await mkdir(join(out(), 'api'), { recursive: true });
  await writeFile(join(out(), 'api', 'status.json'), '{"previous":true}\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('faults recorded in the lock, caught by meaning', () => {
  it("males and females swapped in ISTAT's balance: the comune's ratio disagrees with POSAS", async () => {
    // Maschi are cells 2–15, Femmine 16–29.
    const swap = (c: string[]) => [...c.slice(0, 2), ...c.slice(16, 30), ...c.slice(2, 16), ...c.slice(30)];
    const message = await faultyBuild(BILANCIO, (t) => row('015146', swap)(row('097002', swap)(t)));
    expect(message).toMatch(
      /maschi\/femmine, comune 097002 Airuno: istat\/posas-2025-sample\/POSAS_2025_it_097_Lecco_SAMPLE_first2comuni\.csv \(2025-01-01\) [\d,]+ \(\d+\/\d+\) contro istat\/bilancio-demografico-2025\/P2_2025_it_Comuni\.csv \(popolazione_inizio\) \(2025-01-01\) 1,083 \(1529\/1412\), oltre la tolleranza/,
    );
  }, 120_000);

  it("one comune's births ×10, balances kept: the birth rate per 1,000 is out of bounds, with file and row", async () => {
    // Airuno: 17 births (8 + 9) → 170; natural balance and 31 December population raised to match.
    const message = await faultyBuild(
      BILANCIO,
      row('097002', (c) => {
        for (const base of [2, 16, 30]) {
          const extra = 9 * Number(c[base + 1]);
          c[base + 1] = String(Number(c[base + 1]) * 10);
          c[base + 3] = String(Number(c[base + 3]) + extra);
          c[base + 11] = String(Number(c[base + 11]) + extra);
        }
        return c;
      }),
    );
    expect(message).toMatch(
      /nati ogni 1\.000 abitanti, 097002 Airuno, 2025: [\d,]+ fuori dai limiti 0–30 \(comuni con almeno 1\.000 abitanti; questo [\d.,]+\)\n +file istat\/bilancio-demografico-2025\/P2_2025_it_Comuni\.csv, riga \d+: «"097002";"Airuno";1412;80;/,
    );
  }, 120_000);

  it("one PM2.5 station's annual mean ×10: the station and the comune out of bounds, with the file", async () => {
    const message = await faultyBuild(PM25, (t) =>
      t.replace(/^("\d+";"IT1016A";.*?;2017;\d+;NA;NA;)22\.1;/m, '$1221;'),
    );
    expect(message).toContain(
      `${PM25}: stazione IT1016A Milano - Senato (comune 015146 Milano), 2017: media annua PM25 221 µg/m³ fuori dai limiti 0–80 µg/m³`,
    );
    expect(message).toMatch(/PM25 media annua \(µg\/m³\), 015146 Milano, 2017: [\d,]+ fuori dai limiti 0–80/);
  }, 120_000);

  it("a ceased comune's rows deleted from ANPR's archive: the lost link fails the build, not exit 0", async () => {
    const message = await faultyBuild(ARCHIVE, (t) =>
      t
        .split('\n')
        .filter((l) => !l.includes(',"H329",'))
        .join('\n'),
    );
    // ISTAT's record of changes still lists the extinction: the two sources disagree before the links are built.
    expect(message).toContain(
      'estinzione ISTAT di Riva Valdobbia (002114) il 2019-01-01 in Alagna Valsesia (002002): il comune non ha quel codice a quella data negli archivi storici',
    );
    expect(message).toContain('anpr/archivio-comuni/ANPR_archivio_comuni.csv (anpr-archivio-comuni)');
  }, 120_000);

  it('two new codes swapped in the Sardinian 2026 table: code and name no longer pair', async () => {
    const message = await faultyBuild(SARDEGNA, (t) =>
      t.replace(';112001;Alghero;', ';TMP;Alghero;').replace(';112050;', ';112001;').replace(';TMP;', ';112050;'),
    );
    expect(message).toContain(
      `${SARDEGNA}: codice 2026 112050 «Alghero» (precedente 090003) dopo 112001 «Sassari» (precedente 090064): ISTAT numera i comuni di una provincia nuova in ordine alfabetico, codici scambiati?`,
    );
    expect(message).toContain(`codice 112050: «Alghero» in ${SARDEGNA}, «Sassari» in ${CLASSIFICATION}`);
  }, 120_000);

  it("markup in a comune's name: the name is refused with the registry's file and row", async () => {
    const message = await faultyBuild(REGISTRY, (t) =>
      t.replace(
        'VC;002002;"Alagna Valsesia";"Alagna Valsesia";',
        'VC;002002;"Alagna<script>alert(1)</script>";"Alagna<script>alert(1)</script>";',
      ),
    );
    expect(message).toContain(
      'comune 002002, anagrafica.nome: "Alagna<script>alert(1)</script>" contiene markup o caratteri di controllo',
    );
    expect(message).toContain(`file ${REGISTRY}, riga 12: «VC;002002;"Alagna<script>`);
  }, 120_000);

  it("a Sardinian 2026 code given another comune's name: the pair disagrees with ISTAT's 2026 classification", async () => {
    // Alguer is Alghero's Catalan name: the alphabetical order still holds, only the other source can tell.
    const message = await faultyBuild(SARDEGNA, (t) => t.replace(';112001;Alghero;', ';112001;Alguer;'));
    expect(message).toContain(`codice 112001: «Alguer» in ${SARDEGNA}, «Alghero» in ${CLASSIFICATION}`);
  }, 120_000);

  it("a comune's area ×10 in the registry: it disagrees with ISTAT's official area, both values named", async () => {
    const message = await faultyBuild(REGISTRY, (t) => t.replace(';133,7886;002', ';1337,886;002'));
    expect(message).toContain(
      `superficie del comune 002002: 1337,886 km² in ${REGISTRY}, 133,7901 km² in ${CLASSIFICATION} (89,9999% di scarto, oltre il 40%)`,
    );
  }, 120_000);

  it("a comune's name changed in the registry: it disagrees with ISTAT's classification and the boundaries", async () => {
    const message = await faultyBuild(REGISTRY, (t) =>
      t.replace('"Alagna Valsesia";"Alagna Valsesia";', '"Alagna Sesia";"Alagna Sesia";'),
    );
    expect(message).toContain(`codice 002002: «Alagna Sesia» in ${REGISTRY}, «Alagna Valsesia» in ${CLASSIFICATION}`);
    expect(message).toContain(`codice 002002: «Alagna Sesia» in ${REGISTRY}, «Alagna Valsesia» in ${BOUNDARIES}`);
  }, 120_000);
});
