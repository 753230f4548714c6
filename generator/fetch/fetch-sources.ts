/**
 * Downloads the declared files of the selected sources into the data directory and keeps
 * data-sources/sources.lock.json. Each URL is fetched once (a zip shared by several files
 * is unpacked for each declared member); every file is settled on its own, so a failure or
 * a manual step never stops the others.
 */
import { resolve } from 'node:path';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { DEFAULT_DOWNLOAD_OPTIONS, type DownloadOptions } from './download.ts';
import { processGroup } from './download-group.ts';
import type { FetchContext } from './fetch-context.ts';
import { printResult, printSummary, summarize, type FetchReport } from './fetch-report.ts';
import type { FileResult } from './file-result.ts';
import { readLock, writeLock } from './lock.ts';
import type { Output } from './progress.ts';
import { selectFiles, type Selected } from './selection.ts';
import type { UrlMap } from './url-map.ts';

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

export async function fetchSources(options: FetchOptions): Promise<FetchReport> {
  const out = options.out ?? process.stdout;
  const selected = selectFiles(options.sources, options.only, options.years);
  const ctx: FetchContext = {
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
