import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { SourceFile, SourceMeta } from '../../data-sources/lib/source.ts';
import {
  DEFAULT_DOWNLOAD_OPTIONS,
  DownloadError,
  downloadToTemp,
  sha256Hex,
  writeFileAtomic,
  type DownloadOptions,
  type Downloaded,
} from './download.ts';
import { readLock, writeLock, type LockEntry, type LockFile } from './lock.ts';
import { formatBytes, ProgressLine, type Output } from './progress.ts';
import { checkShape, describeExpected, describeKind, isPageUrl, sniff } from '../../data-sources/lib/shape.ts';
import { extractZipMember, listZipMembers, ZipMemberError } from './unzip.ts';
import { rewriteUrl, type UrlMap } from './url-map.ts';

/**
 * Downloads the declared files of the selected sources into the data directory and keeps
 * data-sources/sources.lock.json. Each URL is fetched once (a zip shared by several files
 * is unpacked for each declared member); every file is settled on its own, so a failure or
 * a manual step never stops the others.
 */

export interface FetchOptions {
  sources: readonly SourceMeta[];
  dataDir: string;
  lockPath: string;
  /** Source ids to fetch; all when empty. */
  only?: readonly string[];
  /** Keep only files whose `year` is one of these; all when empty. */
  years?: readonly number[];
  /** Replace files whose checksum changed (for the same URL, or against the file in place). */
  acceptChanges?: boolean;
  urlMap?: UrlMap;
  download?: Partial<DownloadOptions>;
  out?: Output;
  now?: () => Date;
}

export type FileStatus = 'new' | 'updated' | 'unchanged' | 'changed' | 'manual' | 'failed';

export type FailureReason =
  'gone' | 'http' | 'timeout' | 'network' | 'truncated' | 'io' | 'url-changed' | 'shape' | 'zip-member';

export interface FileResult {
  source: string;
  required: boolean;
  /** Relative to the data directory. */
  path: string;
  url: string;
  status: FileStatus;
  /** Explanation for changed / manual / failed files, and notes for the others. */
  message: string;
  reason?: FailureReason;
  sha256?: string;
  bytes?: number;
  /** Whether a file is at `path` after the run (the new one, or the old one kept). */
  inPlace: boolean;
}

export interface FetchReport {
  results: FileResult[];
  /** Why the exit code is 1: required files not obtained, refused checksum changes. */
  problems: string[];
  exitCode: 0 | 1;
}

export class SelectionError extends Error {
  override name = 'SelectionError';
}

export interface Selected {
  meta: SourceMeta;
  file: SourceFile;
}

/** The declared files matching --only and --year; throws a SelectionError naming what exists. */
export function selectFiles(
  sources: readonly SourceMeta[],
  only: readonly string[] = [],
  years: readonly number[] = [],
): Selected[] {
  const ids = new Set(sources.map((s) => s.id));
  const unknown = only.filter((id) => !ids.has(id));
  if (unknown.length)
    throw new SelectionError(
      `unknown source id ${unknown.map((u) => `"${u}"`).join(', ')}; known ids: ${[...ids].join(', ')}`,
    );
  const chosen = only.length ? sources.filter((s) => only.includes(s.id)) : sources;
  const selected = chosen.flatMap((meta) =>
    meta.files
      .filter((file) => years.length === 0 || (file.year !== undefined && years.includes(file.year)))
      .map((file) => ({ meta, file })),
  );
  if (selected.length === 0) {
    const declared = [
      ...new Set(chosen.flatMap((s) => s.files.map((f) => f.year)).filter((y): y is number => y !== undefined)),
    ].sort();
    throw new SelectionError(
      `nothing to fetch: no declared file of ${only.length ? only.join(', ') : 'any source'} has year ${years.join(' or ')} (declared years: ${declared.join(', ') || 'none'})`,
    );
  }
  return selected;
}

interface Context {
  dataDir: string;
  lockPath: string;
  lock: LockFile;
  accept: boolean;
  urlMap: UrlMap;
  download: DownloadOptions;
  out: Output;
  now: () => Date;
}

async function fileSha(path: string): Promise<{ sha256: string; bytes: number } | null> {
  try {
    const bytes = await readFile(path);
    return { sha256: sha256Hex(bytes), bytes: bytes.length };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const short = (sha: string) => `${sha.slice(0, 12)}…`;

export async function fetchSources(options: FetchOptions): Promise<FetchReport> {
  const out = options.out ?? process.stdout;
  const selected = selectFiles(options.sources, options.only, options.years);
  const ctx: Context = {
    dataDir: resolve(options.dataDir),
    lockPath: resolve(options.lockPath),
    lock: await readLock(options.lockPath),
    accept: options.acceptChanges ?? false,
    urlMap: options.urlMap ?? {},
    download: { ...DEFAULT_DOWNLOAD_OPTIONS, ...options.download },
    out,
    now: options.now ?? (() => new Date()),
  };
  const groups = new Map<string, Selected[]>();
  for (const item of selected) {
    const group = groups.get(item.file.url) ?? [];
    group.push(item);
    groups.set(item.file.url, group);
  }
  const sourceCount = new Set(selected.map((s) => s.meta.id)).size;
  out.write(
    `data:fetch: ${selected.length} file(s) of ${sourceCount} source(s), ${groups.size} download(s)\n` +
      `  data dir ${ctx.dataDir}\n  lock     ${ctx.lockPath}\n` +
      (Object.keys(ctx.urlMap).length ? `  URL map  ${JSON.stringify(ctx.urlMap)}\n` : ''),
  );
  const results: FileResult[] = [];
  for (const [url, items] of groups) {
    const groupResults = await processGroup(ctx, url, items);
    for (const r of groupResults) printResult(out, r);
    results.push(...groupResults);
    await writeLock(ctx.lockPath, ctx.lock);
  }
  const report = summarize(results);
  printSummary(out, ctx, report);
  return report;
}

async function processGroup(ctx: Context, url: string, items: Selected[]): Promise<FileResult[]> {
  const first = items[0]!;
  const fetchUrl = rewriteUrl(url, ctx.urlMap);
  const label =
    items.length === 1
      ? `${first.meta.id} ${basename(first.file.path)}`
      : `${first.meta.id} ${basename(new URL(url).pathname) || url} (${items.length} files)`;
  ctx.out.write(`\n${first.meta.id}  GET ${url}${fetchUrl === url ? '' : `\n    via ${fetchUrl}`}\n`);
  const firstTarget = join(ctx.dataDir, first.file.path);
  try {
    await mkdir(dirname(firstTarget), { recursive: true });
  } catch (error) {
    return items.map((item) =>
      failed(item, 'io', `cannot create ${dirname(firstTarget)}: ${(error as Error).message}`, false),
    );
  }
  const progress = new ProgressLine(ctx.out, label);
  let downloaded: Downloaded;
  try {
    downloaded = await downloadToTemp(fetchUrl, firstTarget, {
      ...ctx.download,
      onProgress: (received, total) => progress.update(received, total),
      onRetry: (attempt, error, delay) => {
        progress.clear();
        ctx.out.write(
          `  retry ${attempt}/${ctx.download.retries} in ${(delay / 1000).toFixed(1)} s after: ${error.message}\n`,
        );
        ctx.download.onRetry?.(attempt, error, delay);
      },
    });
  } catch (error) {
    progress.clear();
    return Promise.all(items.map((item) => downloadFailed(ctx, item, error)));
  }
  progress.clear();
  try {
    return await settleGroup(ctx, url, items, downloaded);
  } catch (error) {
    // An unexpected local error (disk full, permissions): this download fails, the run goes on.
    return Promise.all(
      items.map(async (item) =>
        failed(item, 'io', `cannot place the file: ${(error as Error).message}.`, await exists(ctx, item.file)),
      ),
    );
  } finally {
    await rm(downloaded.tempPath, { force: true });
  }
}

async function settleGroup(ctx: Context, url: string, items: Selected[], dl: Downloaded): Promise<FileResult[]> {
  const body = await readFile(dl.tempPath);
  const kind = sniff(body, dl.contentType);
  const redirect = dl.redirected ? `, after a redirect to ${dl.finalUrl}` : '';
  const results: FileResult[] = [];
  let members: string[] | null = null;
  let zipError: string | null = null;
  if (kind === 'zip') {
    try {
      members = listZipMembers(body);
    } catch (error) {
      zipError = `unreadable zip archive (${(error as Error).message})`;
    }
  }
  for (const item of items) {
    const { meta, file } = item;
    if (kind === 'html' && !checkShape(body, file.path, url, dl.contentType).ok) {
      if (!file.zipMember && isPageUrl(url, meta.landingUrl)) {
        results.push(await manual(ctx, item, `not a direct download: ${url} is a web page (HTML${redirect})`));
      } else {
        results.push(
          failed(
            item,
            'url-changed',
            `the publisher changed the URL: ${url} answered an HTML page${redirect} instead of ${file.zipMember ? `a zip archive holding ${file.zipMember}` : describeExpected(file.path, url)}. ` +
              `Find the file's new link on ${meta.landingUrl} and update data-sources/${meta.id}.ts (or download it by hand and place it at ${join(ctx.dataDir, file.path)}).`,
            await exists(ctx, file),
          ),
        );
      }
      continue;
    }
    if (file.zipMember) {
      if (kind !== 'zip' || members === null) {
        const got = zipError ?? `got ${describeKind(kind)}`;
        results.push(
          failed(
            item,
            'shape',
            `the file's shape changed: expected a zip archive holding ${file.zipMember} from ${url}, ${got}${redirect}.`,
            await exists(ctx, file),
          ),
        );
        continue;
      }
      let member: { name: string; bytes: Uint8Array };
      try {
        member = extractZipMember(body, file.zipMember, members);
      } catch (error) {
        const detail =
          error instanceof ZipMemberError
            ? error.message
            : `cannot extract ${file.zipMember}: ${(error as Error).message}`;
        results.push(
          failed(
            item,
            'zip-member',
            `the archive's shape changed: ${detail}. Update zipMember in data-sources/${meta.id}.ts if the file was renamed.`,
            await exists(ctx, file),
          ),
        );
        continue;
      }
      const shape = checkShape(member.bytes, file.path, null);
      if (!shape.ok) {
        results.push(
          failed(
            item,
            'shape',
            `the file's shape changed: member ${member.name} is ${describeKind(shape.got)}, expected ${shape.expected}.`,
            await exists(ctx, file),
          ),
        );
        continue;
      }
      const note = member.name === file.zipMember ? '' : `member found as ${member.name}`;
      results.push(await settle(ctx, item, member.bytes, { archive: { sha256: dl.sha256, bytes: dl.bytes }, note }));
      continue;
    }
    const shape = checkShape(body, file.path, url, dl.contentType);
    if (shape.ok) {
      results.push(
        await settle(ctx, item, body, {
          tempPath: items.length === 1 ? dl.tempPath : undefined,
          note: dl.redirected ? `redirected to ${dl.finalUrl}` : '',
        }),
      );
    } else if (kind === 'zip' && members !== null) {
      // The URL is an archive the declared file is not a member of: a file derived from it by hand.
      results.push(
        await manual(
          ctx,
          item,
          `not a direct download: ${url} serves a zip archive (members: ${members.join(', ') || 'none'}) and ${file.path} is not declared as one of its members (no zipMember); it is derived from the archive (see the notes in data-sources/${meta.id}.ts)`,
        ),
      );
    } else {
      results.push(
        failed(
          item,
          'shape',
          `the file's shape changed: ${url} served ${describeKind(shape.got)}${redirect}, expected ${shape.expected} for ${file.path}.`,
          await exists(ctx, file),
        ),
      );
    }
  }
  return results;
}

async function exists(ctx: Context, file: SourceFile): Promise<boolean> {
  return (await fileSha(join(ctx.dataDir, file.path))) !== null;
}

function base(item: Selected): Pick<FileResult, 'source' | 'required' | 'path' | 'url'> {
  return { source: item.meta.id, required: item.meta.required, path: item.file.path, url: item.file.url };
}

function failed(item: Selected, reason: FailureReason, message: string, inPlace: boolean): FileResult {
  return {
    ...base(item),
    status: 'failed',
    reason,
    message: inPlace ? `${message} The file in place is kept.` : message,
    inPlace,
  };
}

async function downloadFailed(ctx: Context, item: Selected, error: unknown): Promise<FileResult> {
  const { meta, file } = item;
  const inPlace = await exists(ctx, file);
  if (!(error instanceof DownloadError)) return failed(item, 'io', (error as Error).message, inPlace);
  const tries = error.attempts > 1 ? ` (after ${error.attempts} attempts)` : '';
  if (isPageUrl(file.url, meta.landingUrl) && !file.zipMember) {
    // The file can only be placed by hand anyway; the page itself needs a look.
    return manual(
      ctx,
      item,
      `not a direct download, and the page ${file.url} could not be read: ${error.message}${tries}; update landingUrl/url in data-sources/${meta.id}.ts if it moved`,
    );
  }
  if (error.kind === 'http' && (error.status === 404 || error.status === 410)) {
    return failed(
      item,
      'gone',
      `the publisher changed the URL: ${file.url} answered ${error.message}. The file was moved or removed: find its new link on ${meta.landingUrl} and update data-sources/${meta.id}.ts.`,
      inPlace,
    );
  }
  const reason: FailureReason = error.kind;
  return failed(item, reason, `download failed: ${error.message}${tries}.`, inPlace);
}

async function manual(ctx: Context, item: Selected, why: string): Promise<FileResult> {
  const { meta, file } = item;
  const target = join(ctx.dataDir, file.path);
  const instruction = (verb: string) => `${verb} it by hand from ${file.url} and place it at ${target}`;
  const present = await fileSha(target);
  if (present === null) {
    return { ...base(item), status: 'manual', message: `${why}. ${instruction('Download')}.`, inPlace: false };
  }
  // A file placed by hand is recorded in the lock and verified on later runs.
  const entry = ctx.lock.files[file.path];
  const record = (): LockEntry => ({
    source: meta.id,
    url: file.url,
    sha256: present.sha256,
    bytes: present.bytes,
    fetched_at: ctx.now().toISOString(),
    manual: true,
  });
  let state: string;
  if (!entry || entry.url !== file.url) {
    ctx.lock.files[file.path] = record();
    state = 'recorded in the lock';
  } else if (entry.sha256 === present.sha256) {
    state = 'matches the lock';
  } else if (ctx.accept) {
    ctx.lock.files[file.path] = record();
    state = `changed since recorded (was ${short(entry.sha256)}), accepted`;
  } else {
    return {
      ...base(item),
      status: 'changed',
      message: `CHECKSUM CHANGED: the file placed by hand at ${target} has sha256 ${present.sha256} (${present.bytes} bytes); the lock recorded ${entry.sha256} (${entry.bytes} bytes, ${entry.fetched_at}). If the new file is intended, rerun with --accept-changes to record it.`,
      sha256: present.sha256,
      bytes: present.bytes,
      inPlace: true,
    };
  }
  return {
    ...base(item),
    status: 'manual',
    message: `${why}. A file is in place (${formatBytes(present.bytes)}, ${state}); to refresh it, ${instruction('download')}.`,
    sha256: present.sha256,
    bytes: present.bytes,
    inPlace: true,
  };
}

/**
 * Decides whether verified bytes replace the file in place, and records them. Never
 * overwrites a different file unless the declaration changed or --accept-changes is given.
 */
async function settle(
  ctx: Context,
  item: Selected,
  bytes: Uint8Array,
  extra: { tempPath?: string | undefined; archive?: LockEntry['archive']; note: string },
): Promise<FileResult> {
  const { meta, file } = item;
  const target = join(ctx.dataDir, file.path);
  const sha256 = sha256Hex(bytes);
  const inPlace = await fileSha(target);
  const entry = ctx.lock.files[file.path];
  const sameDeclaration =
    entry !== undefined && !entry.manual && entry.url === file.url && entry.zip_member === file.zipMember;
  const publisherChanged = sameDeclaration && entry.sha256 !== sha256;
  const localDiffers = inPlace !== null && inPlace.sha256 !== sha256;
  const declarationChanged = entry !== undefined && !sameDeclaration;
  const facts = { ...base(item), sha256, bytes: bytes.length };
  if (!ctx.accept && publisherChanged) {
    return {
      ...facts,
      status: 'changed',
      message:
        `CHECKSUM CHANGED for the same URL: the lock has sha256 ${entry.sha256} (${entry.bytes} bytes, fetched ${entry.fetched_at}); ` +
        `${file.url}${file.zipMember ? ` [${file.zipMember}]` : ''} now gives sha256 ${sha256} (${bytes.length} bytes). ` +
        `The old file is kept${inPlace ? '' : ' (none is in place)'}; check the new release, then rerun with --accept-changes to take it.`,
      inPlace: inPlace !== null,
    };
  }
  if (!ctx.accept && localDiffers && !declarationChanged) {
    return {
      ...facts,
      status: 'changed',
      message:
        `CHECKSUM CHANGED: the file in place has sha256 ${inPlace.sha256} (${inPlace.bytes} bytes); ${file.url}${file.zipMember ? ` [${file.zipMember}]` : ''} gives sha256 ${sha256} (${bytes.length} bytes)` +
        `${entry ? ', which matches the lock' : ' and the lock has no entry for it yet'}. The file in place is kept; rerun with --accept-changes to replace it.`,
      inPlace: true,
    };
  }
  if (inPlace?.sha256 !== sha256) {
    await mkdir(dirname(target), { recursive: true });
    if (extra.tempPath) await rename(extra.tempPath, target);
    else await writeFileAtomic(target, bytes);
  }
  if (!sameDeclaration || entry.sha256 !== sha256) {
    ctx.lock.files[file.path] = {
      source: meta.id,
      url: file.url,
      ...(file.zipMember === undefined ? {} : { zip_member: file.zipMember }),
      sha256,
      bytes: bytes.length,
      fetched_at: ctx.now().toISOString(),
      ...(extra.archive ? { archive: extra.archive } : {}),
    };
  } else if (
    extra.archive &&
    (entry.archive?.sha256 !== extra.archive.sha256 || entry.archive.bytes !== extra.archive.bytes)
  ) {
    entry.archive = extra.archive; // same member, repacked archive
  }
  const notes = [extra.note];
  let status: FileStatus;
  if (inPlace === null) status = 'new';
  else if (inPlace.sha256 === sha256) status = 'unchanged';
  else {
    status = 'updated';
    notes.push(
      declarationChanged
        ? `declaration changed (lock had ${entry!.manual ? 'a file placed by hand' : entry!.url}), replaced the old file`
        : `replaced the old file ${short(inPlace.sha256)} (--accept-changes)`,
    );
  }
  if (publisherChanged) notes.push(`checksum changed from ${short(entry.sha256)}, accepted`);
  return { ...facts, status, message: notes.filter(Boolean).join('; '), inPlace: true };
}

function summarize(results: FileResult[]): FetchReport {
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

function printResult(out: Output, r: FileResult): void {
  const size = r.bytes === undefined ? '' : `  ${formatBytes(r.bytes)}`;
  const sha = r.sha256 === undefined || r.status === 'changed' ? '' : `  sha256 ${short(r.sha256)}`;
  out.write(`  ${TAG[r.status]}  ${r.path}${size}${sha}\n`);
  if (r.message) out.write(`${wrapDetail(r.message)}\n`);
}

function wrapDetail(message: string): string {
  return message
    .split(/(?<=\.) (?=[A-Z])/)
    .map((line) => `      ${line}`)
    .join('\n');
}

function printSummary(out: Output, ctx: Context, report: FetchReport): void {
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
