import { createHash, randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * HTTP download with retries, an idle timeout and atomic writes. Bytes go to a temp file
 * in the target's own folder (so the final rename is atomic), hashed while they stream;
 * the caller verifies them and then renames the temp file into place or deletes it.
 */

export type DownloadErrorKind = 'http' | 'timeout' | 'network' | 'truncated' | 'io';

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly kind: DownloadErrorKind,
    readonly retryable: boolean,
    /** HTTP status, for kind 'http'. */
    readonly status: number | null = null,
    /** Number of attempts made when the error was final. */
    public attempts = 1,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  /** Retries after the first attempt, for network errors, timeouts, truncation, 408/425/429 and 5xx. */
  retries: number;
  /** Delay before retry n is backoffMs × 2^(n−1). */
  backoffMs: number;
  /** An attempt is abandoned when no byte (nor the response head) arrives for this long. */
  timeoutMs: number;
  onProgress?: (received: number, total: number | null) => void;
  onRetry?: (attempt: number, error: DownloadError, delayMs: number) => void;
  /** Injected in tests; defaults to a real timer. */
  sleep?: (ms: number) => Promise<unknown>;
}

export const DEFAULT_DOWNLOAD_OPTIONS: Pick<DownloadOptions, 'retries' | 'backoffMs' | 'timeoutMs'> = {
  retries: 3,
  backoffMs: 1_000,
  timeoutMs: 60_000,
};

export interface Downloaded {
  /** Temp file holding the verified-complete body; the caller renames or deletes it. */
  tempPath: string;
  sha256: string;
  bytes: number;
  contentType: string | null;
  /** URL after redirects. */
  finalUrl: string;
  redirected: boolean;
  attempts: number;
}

const RETRYABLE_STATUS = new Set([408, 425, 429]);

/** A temp name beside `target`: hidden, unique, and ending in .part so a leftover is recognisable. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.part`);
}

/**
 * Downloads `url` into a temp file beside `target` (which is not touched). Retries with
 * exponential backoff; throws a DownloadError (no temp file left) when every attempt fails.
 */
export async function downloadToTemp(url: string, target: string, options: DownloadOptions): Promise<Downloaded> {
  const wait = options.sleep ?? sleep;
  for (let attempt = 1; ; attempt++) {
    const temp = tempPathFor(target);
    try {
      return { ...(await attemptDownload(url, temp, options)), attempts: attempt };
    } catch (caught) {
      await rm(temp, { force: true });
      const error =
        caught instanceof DownloadError
          ? caught
          : new DownloadError(`cannot write ${temp}: ${(caught as Error).message}`, 'io', false);
      if (!error.retryable || attempt > options.retries) {
        error.attempts = attempt;
        throw error;
      }
      const delay = options.backoffMs * 2 ** (attempt - 1);
      options.onRetry?.(attempt, error, delay);
      await wait(delay);
    }
  }
}

function describeCause(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e.cause ? ` (${e.cause.code ?? e.cause.message ?? String(e.cause)})` : '';
  return `${e.message ?? String(error)}${cause}`;
}

async function attemptDownload(
  url: string,
  temp: string,
  options: DownloadOptions,
): Promise<Omit<Downloaded, 'attempts'>> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
  };
  const timeoutError = () =>
    new DownloadError(`timeout: nothing received for ${options.timeoutMs / 1000} s`, 'timeout', true);
  let handle: FileHandle | undefined;
  arm();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { 'user-agent': 'comuni-api data:fetch' },
      });
    } catch (error) {
      throw timedOut ? timeoutError() : new DownloadError(`network error: ${describeCause(error)}`, 'network', true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      throw new DownloadError(
        `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}${response.redirected ? ` (after a redirect to ${response.url})` : ''}`,
        'http',
        status >= 500 || RETRYABLE_STATUS.has(status),
        status,
      );
    }
    // Content-Length counts encoded bytes: only comparable when the body is not compressed.
    const encoding = response.headers.get('content-encoding');
    const lengthHeader = response.headers.get('content-length');
    const expected = lengthHeader !== null && (!encoding || encoding === 'identity') ? Number(lengthHeader) : null;
    handle = await open(temp, 'wx');
    const hash = createHash('sha256');
    let received = 0;
    options.onProgress?.(0, expected);
    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          arm();
          hash.update(value);
          await handle.write(value);
          received += value.byteLength;
          options.onProgress?.(received, expected);
        }
      } catch (error) {
        if (timedOut) throw timeoutError();
        if (error instanceof DownloadError) throw error;
        const of = expected === null ? '' : ` of ${expected}`;
        throw new DownloadError(
          `connection closed mid-way: received ${received}${of} bytes (${describeCause(error)})`,
          'truncated',
          true,
        );
      }
    }
    if (expected !== null && received !== expected) {
      throw new DownloadError(
        `truncated: received ${received} of ${expected} bytes announced by Content-Length`,
        'truncated',
        true,
      );
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    return {
      tempPath: temp,
      sha256: hash.digest('hex'),
      bytes: received,
      contentType: response.headers.get('content-type'),
      finalUrl: response.url || url,
      redirected: response.redirected,
    };
  } finally {
    clearTimeout(timer);
    await handle?.close().catch(() => undefined);
  }
}

/** Writes `bytes` to a temp file beside `target`, syncs it, then renames it over `target`. */
export async function writeFileAtomic(target: string, bytes: Uint8Array | string): Promise<void> {
  const temp = tempPathFor(target);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx');
    await handle.writeFile(bytes);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
