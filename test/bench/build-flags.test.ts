import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildNodeFlags } from '../../bench/measure-build.ts';

const scripts = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("the build's Node flags", () => {
  it('are what the benchmark passes to its build process, and npm start builds with the same ones', () => {
    const flags = buildNodeFlags(scripts.build!);
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.every((f) => f.startsWith('--'))).toBe(true);
    expect(buildNodeFlags(scripts.start!)).toEqual(flags);
  });

  it('refuse a build script that is not `node <flags> <script>`, and stop at the script or at --import', () => {
    expect(() => buildNodeFlags('tsx generator/build.ts')).toThrow(/script di build inatteso/);
    expect(buildNodeFlags('node --import tsx generator/build.ts')).toEqual([]);
    expect(buildNodeFlags('node --a=1 --b generator/build-cli.mjs --out x')).toEqual(['--a=1', '--b']);
  });
});
