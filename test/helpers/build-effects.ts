import type { BuildEffects } from '../../generator/report/progress.ts';

/** Build effects that print nothing and keep what would have been printed. */
export function recordingEffects(
  clock: () => Date = () => new Date(),
): BuildEffects & { lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  return {
    lines,
    warnings,
    logger: { log: (text) => void lines.push(text), warn: (text) => void warnings.push(text) },
    output: { isTTY: false, write: (text) => void lines.push(text) },
    clock,
  };
}
