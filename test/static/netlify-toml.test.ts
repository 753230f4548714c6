import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { renderNetlifyToml } from '../../generator/write/netlify-config.ts';

it('netlify.toml is the rendering of the shared header rules (regenerate with npm run netlify:config)', async () => {
  expect(await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8')).toBe(renderNetlifyToml());
});
