/** Whether a file's bytes (downloaded, or placed by hand) take the place of the file there, and what the lock records of them. */
import { mkdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex, writeFileAtomic } from './download.ts';
import { fileSha, type FetchContext } from './fetch-context.ts';
import { resultBase, shortSha, type FileResult, type FileStatus } from './file-result.ts';
import type { LockEntry } from './lock.ts';
import { formatBytes } from './progress.ts';
import type { Selected } from './selection.ts';

export async function manual(ctx: FetchContext, item: Selected, why: string): Promise<FileResult> {
  const { meta, file } = item;
  const target = join(ctx.dataDir, file.path);
  const instruction = (verb: string) => `${verb} it by hand from ${file.url} and place it at ${target}`;
  const present = await fileSha(target);
  if (present === null) {
    return { ...resultBase(item), status: 'manual', message: `${why}. ${instruction('Download')}.`, inPlace: false };
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
    state = `changed since recorded (was ${shortSha(entry.sha256)}), accepted`;
  } else {
    return {
      ...resultBase(item),
      status: 'changed',
      message: `CHECKSUM CHANGED: the file placed by hand at ${target} has sha256 ${present.sha256} (${present.bytes} bytes); the lock recorded ${entry.sha256} (${entry.bytes} bytes, ${entry.fetched_at}). If the new file is intended, rerun with --accept-changes to record it.`,
      sha256: present.sha256,
      bytes: present.bytes,
      inPlace: true,
    };
  }
  return {
    ...resultBase(item),
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
export async function settle(
  ctx: FetchContext,
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
  const facts = { ...resultBase(item), sha256, bytes: bytes.length };
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
        : `replaced the old file ${shortSha(inPlace.sha256)} (--accept-changes)`,
    );
  }
  if (publisherChanged) notes.push(`checksum changed from ${shortSha(entry.sha256)}, accepted`);
  return { ...facts, status, message: notes.filter(Boolean).join('; '), inPlace: true };
}
