/** The outcome of a run: a line per file as it settles, the summary, the manual steps and why the exit code is 1. */
import { join } from 'node:path';
import type { FetchContext } from './fetch-context.ts';
import { shortSha, type FileResult, type FileStatus } from './file-result.ts';
import { formatBytes, type Output } from './progress.ts';

export interface FetchReport {
  results: FileResult[];
  /** Why the exit code is 1: required files not obtained, refused checksum changes. */
  problems: string[];
  exitCode: 0 | 1;
}

export function summarize(results: FileResult[]): FetchReport {
  const problems: string[] = [];
  for (const r of results) {
    const where = `${r.source}: ${r.path}`;
    if (r.status === 'changed')
      problems.push(`${where}: checksum changed, old file kept (review, then --accept-changes)`);
    else if (r.status === 'failed' && r.required) problems.push(`${where}: required file not obtained (${r.reason})`);
    else if (r.status === 'manual' && r.required && !r.inPlace)
      problems.push(`${where}: required file missing, must be placed by hand`);
  }
  return { results, problems, exitCode: problems.length ? 1 : 0 };
}

const TAG: Record<FileStatus, string> = {
  new: 'new      ',
  updated: 'updated  ',
  unchanged: 'unchanged',
  changed: 'CHANGED  ',
  manual: 'MANUAL   ',
  failed: 'FAILED   ',
};

export function printResult(out: Output, r: FileResult): void {
  const size = r.bytes === undefined ? '' : `  ${formatBytes(r.bytes)}`;
  const sha = r.sha256 === undefined || r.status === 'changed' ? '' : `  sha256 ${shortSha(r.sha256)}`;
  out.write(`  ${TAG[r.status]}  ${r.path}${size}${sha}\n`);
  if (r.message) out.write(`${wrapDetail(r.message)}\n`);
}

function wrapDetail(message: string): string {
  return message
    .split(/(?<=\.) (?=[A-Z])/)
    .map((line) => `      ${line}`)
    .join('\n');
}

export function printSummary(out: Output, ctx: FetchContext, report: FetchReport): void {
  const count = (s: FileStatus) => report.results.filter((r) => r.status === s).length;
  out.write(
    `\nSummary: ${report.results.length} file(s): ${count('new')} new, ${count('updated')} updated, ${count('unchanged')} unchanged, ` +
      `${count('changed')} changed (kept), ${count('manual')} manual, ${count('failed')} failed.\n`,
  );
  const manual = report.results.filter((r) => r.status === 'manual');
  if (manual.length) {
    out.write('\nManual steps (not direct downloads):\n');
    for (const r of manual) {
      out.write(
        `  - ${r.source}${r.required ? ' (required)' : ''}: ${r.path} ${r.inPlace ? '[in place]' : '[MISSING]'}\n      from ${r.url}\n      to   ${join(ctx.dataDir, r.path)}\n`,
      );
    }
  }
  const optionalFailures = report.results.filter((r) => r.status === 'failed' && !r.required);
  if (optionalFailures.length) {
    out.write('\nOptional sources not fetched (not a failure of the run):\n');
    for (const r of optionalFailures)
      out.write(
        `  - ${r.source}: ${r.path} (${r.reason}; ${r.inPlace ? 'the old file is kept' : 'missing: its fields will be null'})\n`,
      );
  }
  if (report.problems.length) {
    out.write('\nExit code 1:\n');
    for (const p of report.problems) out.write(`  - ${p}\n`);
  } else {
    out.write('\nAll selected required files are in place.\n');
  }
}
