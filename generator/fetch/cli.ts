/**
 * npm run data:fetch — downloads every upstream source from the official URL its module in
 * data-sources/ declares, into the data directory, and records checksums in
 * data-sources/sources.lock.json.
 *
 *   npm run data:fetch                                  every declared file
 *   npm run data:fetch -- --only mef-irpef-comunale --year 2024
 *   npm run data:fetch -- --only istat-posas,ispra-aria --data-dir /tmp/mirror
 *
 * Options:
 *   --only <id>[,<id>]   sources to fetch (repeatable)
 *   --year <y>[,<y>]     only files declared with that year (repeatable)
 *   --data-dir <path>    target folder (else DATA_DIR, else ../shared/data-sources)
 *   --lock <path>        lock file (default data-sources/sources.lock.json)
 *   --accept-changes     replace files whose checksum changed for the same URL
 *   --url-map <json>     rewrite URL prefixes, e.g. '{"https://": "http://127.0.0.1:8080/https/"}'
 *                        (also env FETCH_URL_MAP; see url-map.ts)
 *   --retries <n>        retries per download (default 3), backoff doubling from --backoff <ms> (1000)
 *   --timeout <s>        abandon an attempt after this long without data (default 60)
 *
 * Exit code: 0 when every selected required file is in place and no checksum change was
 * refused; 1 otherwise (the summary says why); 2 for a usage error.
 */
import { pathToFileURL } from 'node:url';
import { ALL_SOURCE_META } from '../../data-sources/index.ts';
import type { SourceMeta } from '../../data-sources/lib/source.ts';
import { resolveConfig } from '../config.ts';
import type { DownloadOptions } from './download.ts';
import type { FetchReport } from './fetch-report.ts';
import { fetchSources } from './fetch-sources.ts';
import { SelectionError } from './selection.ts';
import { DEFAULT_LOCK_PATH } from './lock.ts';
import type { Output } from './progress.ts';
import { parseUrlMap, type UrlMap } from './url-map.ts';
import { pushTo } from '../../lib/maps.ts';

export interface CliArgs {
  only: string[];
  years: number[];
  dataDir: string;
  lockPath: string;
  acceptChanges: boolean;
  urlMap: UrlMap;
  download: Partial<DownloadOptions>;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

const VALUE_FLAGS = new Set([
  '--only',
  '--year',
  '--data-dir',
  '--lock',
  '--url-map',
  '--retries',
  '--backoff',
  '--timeout',
]);

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  const values = new Map<string, string[]>();
  let acceptChanges = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--accept-changes') acceptChanges = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else {
      const eq = arg.indexOf('=');
      const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
      if (!VALUE_FLAGS.has(name)) throw new UsageError(`unknown argument "${arg}"`);
      let value: string | undefined;
      if (eq > 0 && name !== arg) value = arg.slice(eq + 1);
      else {
        value = argv[++i];
        if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
      }
      pushTo(values, name, value);
    }
  }
  const list = (name: string) =>
    (values.get(name) ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  const last = (name: string) => values.get(name)?.at(-1);
  const number = (name: string, min: number) => {
    const text = last(name);
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min) throw new UsageError(`${name} needs a number ≥ ${min}, got "${text}"`);
    return n;
  };
  const years = list('--year').map((y) => {
    if (!/^\d{4}$/.test(y)) throw new UsageError(`--year needs a four-digit year, got "${y}"`);
    return Number(y);
  });
  const dataDirFlag = last('--data-dir');
  let urlMap: UrlMap;
  try {
    urlMap = { ...parseUrlMap(env.FETCH_URL_MAP, 'FETCH_URL_MAP'), ...parseUrlMap(last('--url-map'), '--url-map') };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const retries = number('--retries', 0);
  const backoffMs = number('--backoff', 0);
  const timeout = number('--timeout', 0.001);
  return {
    only: list('--only'),
    years,
    // Same resolution as the build: --data-dir, else DATA_DIR, else the shared mirror.
    dataDir: resolveConfig(dataDirFlag === undefined ? [] : ['--data-dir', dataDirFlag], env).dataDir,
    lockPath: last('--lock') ?? DEFAULT_LOCK_PATH,
    acceptChanges,
    urlMap,
    download: {
      ...(retries === undefined ? {} : { retries }),
      ...(backoffMs === undefined ? {} : { backoffMs }),
      ...(timeout === undefined ? {} : { timeoutMs: timeout * 1000 }),
    },
    help,
  };
}

const HELP = `Usage: npm run data:fetch -- [--only <id>[,<id>]] [--year <y>] [--data-dir <path>] [--lock <path>]
                           [--accept-changes] [--url-map <json>] [--retries <n>] [--backoff <ms>] [--timeout <s>]
Downloads every declared source file from its official URL into the data directory.
`;

export interface RunCliOptions {
  env?: NodeJS.ProcessEnv;
  out?: Output;
  err?: Output;
  /** The source registry (tests pass fixture sources). */
  sources?: readonly SourceMeta[];
  /** Test hooks for the download (e.g. a fake sleep). */
  download?: Partial<DownloadOptions>;
  now?: () => Date;
}

/** Runs the command; returns the exit code (and the report when the fetch ran). */
export async function runCli(
  argv: readonly string[],
  options: RunCliOptions = {},
): Promise<{ exitCode: number; report?: FetchReport }> {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const sources = options.sources ?? ALL_SOURCE_META;
  let args: CliArgs;
  try {
    args = parseArgs(argv, options.env ?? process.env);
  } catch (error) {
    err.write(`data:fetch: ${(error as Error).message}\n${HELP}`);
    return { exitCode: 2 };
  }
  if (args.help) {
    out.write(`${HELP}Sources: ${sources.map((s) => s.id).join(', ')}\n`);
    return { exitCode: 0 };
  }
  try {
    const report = await fetchSources({
      sources,
      dataDir: args.dataDir,
      lockPath: args.lockPath,
      only: args.only,
      years: args.years,
      acceptChanges: args.acceptChanges,
      urlMap: args.urlMap,
      download: { ...args.download, ...options.download },
      out,
      ...(options.now ? { now: options.now } : {}),
    });
    return { exitCode: report.exitCode, report };
  } catch (error) {
    if (error instanceof SelectionError) {
      err.write(`data:fetch: ${error.message}\n`);
      return { exitCode: 2 };
    }
    err.write(`data:fetch: ${(error as Error).stack ?? String(error)}\n`);
    return { exitCode: 1 };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { exitCode } = await runCli(process.argv.slice(2));
  process.exitCode = exitCode;
}
