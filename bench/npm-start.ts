import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../generator/config.ts';

/** The command `npm start` runs (package.json), run as node directly so that its process is the server's. */
export function npmStartArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = scripts.start!.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start non lancia node direttamente: ${scripts.start}`);
  return args;
}
