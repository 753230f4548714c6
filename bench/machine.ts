import { execFileSync } from 'node:child_process';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { PROJECT_ROOT } from '../generator/config.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** 1-, 5- and 15-minute load averages when the run started: above the core count, other work competed for the CPU. */
  loadAtStart: number[];
}

export interface Commit {
  sha: string | null;
  /** Uncommitted changes in the tree when the figures were taken. */
  dirty: boolean | null;
}

export function describeMachine(): Machine {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()}`,
    node: process.version,
    loadAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function currentCommit(): Commit {
  const sha = git('rev-parse', 'HEAD');
  const status = sha === null ? null : git('status', '--porcelain', '--untracked-files=no');
  return { sha, dirty: status === null ? null : status !== '' };
}
