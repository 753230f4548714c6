import { relative } from 'node:path';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { PROJECT_ROOT } from '../config.ts';
import { readLock, type LockFile } from '../fetch/lock.ts';
import { hashSourceFiles, sha256ByPath } from './source-hashes.ts';

/** A declared file present in the data directory, with what the lock says about it. */
export interface InputCheck {
  source: string;
  path: string;
  sha256: string;
  bytes: number;
  /** Why the file does not match the lock (null: it matches). */
  problem: 'not-in-lock' | 'checksum' | null;
}

export interface VerifiedInputs {
  lock: LockFile;
  /** sha256 of every declared file present, by its path in the data directory. */
  hashes: Map<string, string>;
  checks: InputCheck[];
}

export const LOCK_COMMAND = 'npm run data:lock --';

/**
 * Hashes every file the sources declare that is present in the data directory and compares
 * it with the committed lock. The build refuses any difference before reading a row: a file
 * cut, re-encoded or replaced since it was recorded must not become published figures.
 */
export async function verifyInputs(
  dataDir: string,
  sources: readonly SourceMeta[],
  lockPath: string,
): Promise<VerifiedInputs> {
  const lock = await readLock(lockPath);
  const files = hashSourceFiles(dataDir, sources);
  const checks: InputCheck[] = [...files].map(([path, { source, sha256, bytes }]) => {
    const entry = lock.files[path];
    const problem =
      entry === undefined ? 'not-in-lock' : entry.sha256 !== sha256 || entry.bytes !== bytes ? 'checksum' : null;
    return { source, path, sha256, bytes, problem };
  });
  return { lock, hashes: sha256ByPath(files), checks };
}

/** The build's refusal: every file that differs, expected and actual checksum, and the command that updates the lock. */
export function lockMismatchMessage(verified: VerifiedInputs, lockPath: string): string | null {
  const bad = verified.checks.filter((c) => c.problem !== null);
  if (bad.length === 0) return null;
  const lockName = relative(PROJECT_ROOT, lockPath).startsWith('..') ? lockPath : relative(PROJECT_ROOT, lockPath);
  const lines = [
    `${bad.length === 1 ? '1 file di input non corrisponde' : `${bad.length} file di input non corrispondono`} a ${lockName}:`,
  ];
  for (const c of bad) {
    const entry = verified.lock.files[c.path];
    lines.push(`  ${c.path} (fonte "${c.source}")`);
    if (c.problem === 'not-in-lock') {
      lines.push(`    non è registrato nel lock (sha256 ${c.sha256}, ${c.bytes} byte)`);
    } else {
      lines.push(
        `    atteso:  sha256 ${entry!.sha256}, ${entry!.bytes} byte (registrato il ${entry!.fetched_at.slice(0, 10)})`,
      );
      lines.push(`    trovato: sha256 ${c.sha256}, ${c.bytes} byte`);
    }
  }
  const sources = [...new Set(bad.map((c) => c.source))];
  lines.push(
    '',
    'Se il file è cambiato per errore (troncato, ricodificato, sostituito), ripristina quello registrato.',
    `Se è una nuova annata voluta, scaricala dall'editore: npm run data:fetch -- --only ${sources.join(',')} (aggiorna anche il lock).`,
    `Se il file è stato messo a mano (o è una fonte nuova), registralo: ${LOCK_COMMAND} ${bad.map((c) => c.path).join(' ')}`,
    `Poi rilancia la build e fai il commit di ${lockName}.`,
  );
  return lines.join('\n');
}
