import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The rules `npm run lint:layers` enforces on the real tree, run here on a small tree of our own
// so we know each one fails when it should (a check that cannot fail is no check).
const { forbidden, options } = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');

let root: string;

async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(root, 'case-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** The names of the rules the tree breaks, with the offending edge. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const baseDir = await tree(files);
  const result: IReporterOutput = await cruise(['.'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden },
    tsPreCompilationDeps: options.tsPreCompilationDeps,
    doNotFollow: options.doNotFollow,
    exclude: options.exclude,
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'comuni-api-layers-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('layering rules', () => {
  it('allow the layering as designed', async () => {
    expect(
      await violations({
        'lib/text.ts': 'export const fold = (s: string) => s;\n',
        'data-sources/reader.ts': "import { fold } from '../lib/text.ts';\nexport const read = fold;\n",
        'api/handler.ts': "import { fold } from '../lib/text.ts';\nexport const answer = fold;\n",
        'generator/build.ts':
          "import { read } from '../data-sources/reader.ts';\nimport { answer } from '../api/handler.ts';\nexport const build = () => answer(read('x'));\n",
        'server/start.ts': "import { build } from '../generator/build.ts';\nbuild();\n",
        'netlify/edge.ts': "import { answer } from '../api/handler.ts';\nanswer('x');\n",
      }),
    ).toEqual([]);
  });

  it('fail a source reader that imports the API, even for a type', async () => {
    expect(
      await violations({
        'api/schema.ts': 'export interface Record { a: number }\n',
        'data-sources/reader.ts':
          "import type { Record } from '../api/schema.ts';\nexport const r: Record = { a: 1 };\n",
      }),
    ).toEqual(['data-sources-stand-alone: data-sources/reader.ts → api/schema.ts']);
  });

  it('fail the API importing the build or a source reader', async () => {
    expect(
      await violations({
        'generator/build.ts': 'export const build = 1;\n',
        'data-sources/reader.ts': 'export const read = 1;\n',
        'api/handler.ts':
          "import { build } from '../generator/build.ts';\nimport { read } from '../data-sources/reader.ts';\nexport const x = build + read;\n",
      }),
    ).toEqual([
      'api-stand-alone: api/handler.ts → data-sources/reader.ts',
      'api-stand-alone: api/handler.ts → generator/build.ts',
    ]);
  });

  it('fail the build importing the server, and lib importing anything', async () => {
    expect(
      await violations({
        'server/store.ts': 'export const store = 1;\n',
        'generator/render.ts': "import { store } from '../server/store.ts';\nexport const r = store;\n",
        'api/numbers.ts': 'export const n = 1;\n',
        'lib/text.ts': "import { n } from '../api/numbers.ts';\nexport const t = n;\n",
      }),
    ).toEqual([
      'generator-below-server: generator/render.ts → server/store.ts',
      'lib-imports-nothing: lib/text.ts → api/numbers.ts',
    ]);
  });

  it('fail production code importing a devDependency, not a test importing it', async () => {
    const found = await violations({
      'package.json': JSON.stringify({
        name: 'case',
        dependencies: { 'runtime-pkg': '1.0.0' },
        devDependencies: { 'dev-pkg': '1.0.0' },
      }),
      'node_modules/runtime-pkg/package.json': JSON.stringify({ name: 'runtime-pkg', main: 'index.js' }),
      'node_modules/runtime-pkg/index.js': 'module.exports = 1;\n',
      'node_modules/dev-pkg/package.json': JSON.stringify({ name: 'dev-pkg', main: 'index.js' }),
      'node_modules/dev-pkg/index.js': 'module.exports = 2;\n',
      'generator/build.mjs':
        "import dev from 'dev-pkg';\nimport run from 'runtime-pkg';\nexport const x = dev + run;\n",
      'test/build.test.ts': "import dev from 'dev-pkg';\nexport const y = dev;\n",
    });
    expect(found).toEqual(['production-without-dev-dependencies: generator/build.mjs → node_modules/dev-pkg/index.js']);
  });

  it('fail an import cycle inside one layer', async () => {
    const found = await violations({
      'api/handler.ts': "import { compare } from './compare.ts';\nexport const handle = () => compare;\n",
      'api/compare.ts': "import { handle } from './handler.ts';\nexport const compare = () => handle;\n",
    });
    // The cycle is reported once, at whichever edge the cruise meets first.
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-circular: api\/(handler|compare)\.ts → api\/(compare|handler)\.ts$/);
  });
});
