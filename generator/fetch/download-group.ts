/**
 * One URL's download and what becomes of each declared file it serves: checked for its shape,
 * unpacked from a zip where declared, then placed; a failure is the file's, never the run's.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DownloadError, downloadToTemp, type Downloaded } from './download.ts';
import { exists, type FetchContext } from './fetch-context.ts';
import { failed, type FailureReason, type FileResult } from './file-result.ts';
import { manual, settle } from './placement.ts';
import { ProgressLine } from './progress.ts';
import type { Selected } from './selection.ts';
import { checkShape, describeExpected, describeKind, isPageUrl, sniff } from '../../data-sources/lib/shape.ts';
import { extractZipMember, listZipMembers, ZipMemberError } from './unzip.ts';
import { rewriteUrl } from './url-map.ts';

export async function processGroup(ctx: FetchContext, url: string, items: Selected[]): Promise<FileResult[]> {
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

async function settleGroup(ctx: FetchContext, url: string, items: Selected[], dl: Downloaded): Promise<FileResult[]> {
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

async function downloadFailed(ctx: FetchContext, item: Selected, error: unknown): Promise<FileResult> {
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
