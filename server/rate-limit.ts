/**
 * Per-client request limit of the local server (`RATE_LIMIT_PER_MINUTE=N`, off by
 * default): at most N requests per client IP in a fixed 60-second window that starts
 * with the client's first request. Fixed windows need one counter per client, so the
 * memory stays bounded by the clients of the last minute (swept as windows end).
 */
export const RATE_WINDOW_SECONDS = 60;

export interface RateLimiter {
  /** null when the request may proceed, otherwise the seconds until the client's window ends (for Retry-After). */
  check(client: string, now?: number): number | null;
}

export function rateLimiter(limit: number, windowMs = RATE_WINDOW_SECONDS * 1000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  return {
    check(client, now = Date.now()) {
      if (now - lastSweep >= windowMs) {
        for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
        lastSweep = now;
      }
      let w = windows.get(client);
      if (!w || now - w.start >= windowMs) windows.set(client, (w = { start: now, count: 0 }));
      w.count++;
      return w.count <= limit ? null : Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    },
  };
}

/** The limit from the environment: a positive integer, or null (off) when unset or empty. */
export function rateLimitFromEnv(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`RATE_LIMIT_PER_MINUTE must be a positive integer (got "${value}")`);
  return n;
}
