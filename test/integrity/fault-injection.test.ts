/**
 * The integrity gate against the faults that once built with exit 0 and published wrong
 * figures (issue 16), each injected into a small fixture copy written here in the
 * publisher's format. Every fault must stop the build with a message naming the file and
 * the row (or comune and year), and leave the previous output byte for byte as it was.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOURCES } from '../../data-sources/index.ts';
import type { PopulationPoint } from '../../data-sources/anpr-popolazione.ts';
import { build } from '../../generator/build.ts';
import { PROJECT_ROOT } from '../../generator/config.ts';
import { checkCrossSources } from '../../generator/check/cross-source.ts';
import type { ComuneData } from '../../generator/join/dataset.ts';
import { recordInLock } from '../../generator/fetch/lock-cli.ts';
import { checkPlausibility } from '../../generator/check/plausibility.ts';
import { recordingEffects } from '../helpers/build-effects.ts';
import { L2023, mefFile, rowOf } from '../helpers/mef-fixture.ts';

const ANPR_2026 = SOURCES.anpr.meta.files.find((f) => f.year === 2026)!.path;
const MEF_2023 = SOURCES.irpef.meta.files.find((f) => f.year === 2023)!.path;
const GI_COMUNI = SOURCES.gi.meta.files[0]!.path;
const GISCO = SOURCES.gisco.meta.files[0]!.path;

let root: string;
const data = () => join(root, 'data');
const out = () => join(root, 'public');
const lock = () => join(root, 'sources.lock.json');

async function put(path: string, content: string | Uint8Array) {
  await mkdir(dirname(join(data(), path)), { recursive: true });
  await writeFile(join(data(), path), content);
}

/** Every file of a tree with its bytes: what "byte-identical" is checked against. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const e of entries)
    if (e.isFile())
      files[join(e.parentPath, e.name).slice(dir.length)] = (await readFile(join(e.parentPath, e.name))).toString(
        'base64',
      );
  return files;
}

/** The build as `npm run build` runs it, in process, quiet; resolves to the error it stops with. */
async function failedBuild(): Promise<string> {
  try {
    await build(
      {
        dataDir: data(),
        outDir: out(),
        generatedDir: join(root, 'generated'),
        lockPath: lock(),
        changesAckPath: join(root, 'ack.json'),
      },
      recordingEffects(),
    );
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the build succeeded');
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fault-injection-'));
  // A previous, complete output that no failed build may touch.
  await mkdir(join(out(), 'api', 'comuni'), { recursive: true });
  await writeFile(join(out(), 'api', 'comuni', '024122.json'), '{"codice_istat":"024122","popolazione":6861}\n');
  await writeFile(join(out(), 'api', 'status.json'), '{"previous":true}\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('pinned inputs: a file that differs from sources.lock.json', () => {
  it('the ANPR 2026 file cut by 3 bytes: exit 1, file, expected and actual checksum, the command to update the lock; output untouched', async () => {
    await put(
      ANPR_2026,
      'MESE,ANNO,REGIONE,PROVINCIA,COD_ISTAT_COMUNE,COMUNE,RESIDENTI\n1,2026,VENETO,VICENZA,024121,ZOVENCEDO,780\n1,2026,VENETO,VICENZA,024122,ZUGLIANO,6861\n',
    );
    await recordInLock({ dataDir: data(), lockPath: lock(), paths: [], only: [] });
    const expected = JSON.parse(await readFile(lock(), 'utf8')).files[ANPR_2026].sha256 as string;
    await truncate(join(data(), ANPR_2026), (await readFile(join(data(), ANPR_2026))).byteLength - 3);
    const before = await snapshot(out());

    // The command `npm run build` runs (its bundle, generator/build-cli.mjs).
    const run = spawnSync(
      process.execPath,
      [
        'generator/build-cli.mjs',
        '--data-dir',
        data(),
        '--out',
        out(),
        '--generated-dir',
        join(root, 'generated'),
        '--lock',
        lock(),
      ],
      { cwd: PROJECT_ROOT, encoding: 'utf8' },
    );

    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Build non riuscita: l'output precedente (se c'è) non è stato toccato.");
    expect(run.stderr).toContain(`${ANPR_2026} (fonte "anpr-popolazione")`);
    expect(run.stderr).toMatch(new RegExp(`atteso: +sha256 ${expected}, \\d+ byte`));
    expect(run.stderr).toMatch(/trovato: sha256 [0-9a-f]{64}, \d+ byte/);
    expect(run.stderr).toContain(`npm run data:lock -- ${ANPR_2026}`);
    expect(run.stderr).toContain('npm run data:fetch -- --only anpr-popolazione');
    expect(await snapshot(out())).toEqual(before);
    expect((await readdir(root)).sort()).toEqual(['data', 'public', 'sources.lock.json']);
  }, 60_000);

  it('a new file of a source is refused until it is recorded, and the message says how', async () => {
    await put(GISCO, 'id,0-5 min\nITC11,10\n');
    expect(await failedBuild()).toMatch(
      new RegExp(
        `${GISCO} \\(fonte "gisco-ospedali"\\)\\n +non è registrato nel lock[^]*npm run data:lock -- ${GISCO}`,
      ),
    );
  });
});

/** Faults a maintainer might record in the lock by mistake (npm run data:lock on a bad file): the parsers stop them. */
describe('strict parsing: a bad file recorded in the lock still stops the build', () => {
  async function recorded(): Promise<string> {
    await recordInLock({ dataDir: data(), lockPath: lock(), paths: [], only: [] });
    const before = await snapshot(out());
    const message = await failedBuild();
    expect(await snapshot(out())).toEqual(before);
    expect((await readdir(root)).filter((e) => e.startsWith('public.'))).toEqual([]);
    return message;
  }

  it('the MEF 2023 file cut mid-row (Santa Caterina d\'Este): the short row is an error with file, line and row, not a "no taxpayer" comune', async () => {
    const text = mefFile(L2023, [
      rowOf(L2023, ['2023', 'M437', '028107', 'VILLA ESTENSE', 'PD', 'Veneto', '05', '1600']),
      rowOf(L2023, ['2023', 'M438', '028108', "SANTA CATERINA D'ESTE", 'PD', 'Veneto', '05', '1800']),
    ]);
    await put(MEF_2023, text.slice(0, text.lastIndexOf("SANTA CATERINA D'ESTE") + 60));
    expect(await recorded()).toMatch(
      new RegExp(
        `Fonte "mef-irpef-comunale", file ${MEF_2023}: riga 3: \\d+ campi invece dei \\d+ dell'intestazione \\(file troncato o riga spezzata\\?\\): «2023;M438;028108;SANTA CATERINA D'ESTE;PD;Veneto;05;1800;`,
      ),
    );
  });

  it('the registry re-encoded as Latin-1: an error with file, line and the row as read, never "Forl\uFFFD"', async () => {
    const header =
      'codice_istat;denominazione_ita_altra;denominazione_ita;denominazione_altra;flag_capoluogo;codice_belfiore;lat;lon;superficie_kmq;sigla_provincia;codice_sovracomunale\n';
    await put(GI_COMUNI, Buffer.from(`${header}040012;Forlì;Forlì;;SI;D704;44,2227;12,0407;228,2;FC;040\n`, 'latin1'));
    const message = await recorded();
    expect(message).toContain(
      `Fonte "gi-db-comuni", file ${GI_COMUNI}: riga 2: il byte 0xEC non è UTF-8 valido (letto come Latin-1 la riga è «040012;Forlì;Forlì;`,
    );
    expect(message).not.toContain('\uFFFD');
  });

  it('an HTML page saved where a CSV is declared is named as such', async () => {
    await put(GISCO, '<!DOCTYPE html><html><head><title>Pagina non trovata</title></head><body></body></html>\n');
    expect(await recorded()).toContain(
      `Fonte "gisco-ospedali", file ${GISCO}: è una pagina HTML, non testo (CSV) come dichiara la fonte`,
    );
  });
});

/** Synthetic comuni shaped like the joined dataset, with plausible national totals (7,600 comuni). */
function dataset(edit: (code: string, c: { pop: Record<number, number>; contrib: Record<number, number> }) => void) {
  const comuni: ComuneData[] = [];
  for (let i = 0; i < 7_600; i++) {
    const code = i === 7_599 ? '024122' : String(1001 + i).padStart(6, '0');
    const series = {
      pop: { 2018: 7_800, 2025: 7_800, 2026: 7_790 } as Record<number, number>,
      contrib: { 2009: 5_500, 2010: 5_510, 2011: 5_520 } as Record<number, number>,
    };
    edit(code, series);
    const fonte = (id: string) => ({ fonte: id });
    comuni.push({
      anagrafica: {
        codice_istat: code,
        nome: code === '001001' ? 'Agliè' : code === '024122' ? 'Zugliano' : `Comune ${code}`,
      },
      demografia: Object.entries(series.pop).map(([anno, v]) => ({
        anno: Number(anno),
        popolazione_totale: v,
        maschi: null,
        femmine: null,
        fonti: {
          popolazione_totale: fonte(Number(anno) < 2022 ? 'istat-popolazione-2018-2021' : 'anpr-popolazione'),
          sesso: null,
        },
      })),
      redditi: Object.entries(series.contrib).map(([anno, v]) => ({
        anno: Number(anno),
        contribuenti: v,
        reddito_medio_euro: 20_000,
        fonte: fonte('mef-irpef-comunale'),
      })),
      ambiente: { aria: {} },
    } as unknown as ComuneData);
  }
  return { comuni };
}

describe('plausibility of every year of every series', () => {
  it('passes plausible series', () => {
    expect(checkPlausibility(dataset(() => {}))).toEqual([]);
  });

  it('the ANPR 2026 figure of Zugliano cut from 6,861 to 68: comune, year, value and bound', () => {
    const failures = checkPlausibility(
      dataset((code, s) => code === '024122' && Object.assign(s.pop, { 2025: 6_861, 2026: 68 })),
    );
    expect(failures.map((f) => f.message)).toEqual([
      'popolazione residente, 024122 Zugliano, 2026: 68 contro 6.861 nel 2025 (×0,01), oltre il limite di variazione ×0,5–×2',
    ]);
    expect(failures[0]).toMatchObject({ codice: '024122', anno: 2026, fonte: 'anpr-popolazione' });
  });

  it('10^12 residents for Agliè in 2018 (not the default year): comune, year, value and bound', () => {
    const messages = checkPlausibility(
      dataset((code, s) => code === '001001' && Object.assign(s.pop, { 2018: 1e12 })),
    ).map((f) => f.message);
    // The figure alone: the national sum and the change to 2019 leave it out rather than repeat it.
    expect(messages).toEqual([
      'popolazione residente, 001001 Agliè, 2018: 1.000.000.000.000 fuori dai limiti 1–5.000.000',
    ]);
  });

  it('the MEF 2010 file cut in half: half the comuni lose 2010, national taxpayers collapse', () => {
    const messages = checkPlausibility(dataset((code, s) => Number(code) % 2 === 0 && delete s.contrib[2010])).map(
      (f) => f.message,
    );
    expect(messages).toEqual([
      'contribuenti IRPEF, Italia, 2010: totale nazionale 20.938.000 fuori dai limiti 30.000.000–50.000.000',
      'contribuenti IRPEF, Italia, 2010: 3.800 comuni con un valore contro 7.600 nel 2009: ne mancano più del 3% (file troncato?)',
    ]);
  });

  it('skips a known genuine anomaly listed with its reason', () => {
    const mappano = checkPlausibility(
      dataset((code, s) => code === '001316' && (s.contrib = { 2015: 11, 2016: 4_568 })),
    ).filter((f) => f.codice === '001316');
    expect(mappano).toEqual([]);
  });
});

describe('cross-source agreement, ISTAT against ANPR', () => {
  const point = (anno: number, data_riferimento: string, valori: [string, number][]): PopulationPoint => ({
    anno,
    data_riferimento,
    valori: new Map(valori),
    nomi: new Map(valori.map(([c]) => [c, `Comune ${c}`])),
    scartati: [],
  });
  const sources = (anpr: [string, number][]) => [
    {
      meta: SOURCES.pop1821.meta,
      points: [
        point(2021, '2021-01-01', [
          ['024122', 6_900],
          ['058091', 2_800_000],
        ]),
      ],
    },
    { meta: SOURCES.anpr.meta, points: [point(2022, '2022-12', anpr)] },
  ];

  it('agrees within the tolerance, which widens with the months between the two counts', () => {
    expect(
      checkCrossSources(
        sources([
          ['024122', 7_500],
          ['058091', 2_790_000],
        ]),
      ),
    ).toEqual([]);
  });

  it('names the comune, both counts and the tolerance when they disagree', () => {
    expect(
      checkCrossSources(
        sources([
          ['024122', 68],
          ['058091', 2_790_000],
        ]),
      ),
    ).toEqual([
      'popolazione ISTAT contro ANPR: anpr-popolazione 2022-12 contro istat-popolazione-2018-2021 2021-01-01, comune 024122 Comune 024122: 68 contro 6.900 (99%), oltre la tolleranza di 34,2%',
    ]);
  });
});
