/** Where the build prints: the console by default, a recorder or nothing in tests. */
export interface BuildLogger {
  log(text: string): void;
  warn(text: string): void;
}

/** The terminal the progress bar redraws on (process.stdout by default). */
export interface BuildOutput {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * The build's effects beyond its input and output folders, passed in rather than patched
 * (after Observable Framework's BuildEffects): what it prints, where the progress bar is
 * drawn, and the clock of /api/status's timestamp and of accepted changes.
 */
export interface BuildEffects {
  logger: BuildLogger;
  output: BuildOutput;
  clock: () => Date;
}

export function defaultEffects(): BuildEffects {
  return { logger: console, output: process.stdout, clock: () => new Date() };
}

/** Step timing and a one-line progress bar on a TTY (plain lines elsewhere, e.g. CI logs). */
export class Progress {
  readonly steps: { step: string; ms: number }[] = [];
  private readonly tty: boolean;

  constructor(private readonly effects: Pick<BuildEffects, 'logger' | 'output'>) {
    this.tty = Boolean(effects.output.isTTY);
  }

  /** `detail`: what the step's line says of its result after the time, e.g. how many sources came from the cache. */
  async step<T>(name: string, run: () => Promise<T> | T, detail?: (result: T) => string): Promise<T> {
    const started = performance.now();
    if (!this.tty) this.effects.logger.log(`▸ ${name}…`);
    const result = await run();
    const ms = performance.now() - started;
    this.steps.push({ step: name, ms });
    if (this.tty) this.effects.output.write('\r\x1b[K');
    this.effects.logger.log(`✓ ${name} (${(ms / 1000).toFixed(1)} s${detail ? `; ${detail(result)}` : ''})`);
    return result;
  }

  /**
   * Starts a step that runs beside the next ones (its native work, DuckDB and zlib, fills the
   * main thread's idle time): a line when it starts, its own line when it ends, and its time
   * in `steps` like any other. The caller awaits the returned promise where it needs the result.
   */
  background<T>(name: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    this.effects.logger.log(`▸ ${name} (in parallelo ai passi seguenti)…`);
    return run().then((result) => {
      const ms = performance.now() - started;
      this.steps.push({ step: name, ms });
      if (this.tty) this.effects.output.write('\r\x1b[K');
      this.effects.logger.log(`✓ ${name} (${(ms / 1000).toFixed(1)} s, in parallelo)`);
      return result;
    });
  }

  /** Calls `tick(done)` as work advances; draws at most ~20 times per bar. */
  bar(label: string, total: number): (done: number) => void {
    let last = -1;
    return (done) => {
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (!this.tty || pct === last || (pct % 5 !== 0 && done !== total)) return;
      last = pct;
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      this.effects.output.write(
        `\r\x1b[K  ${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct}% (${done}/${total})`,
      );
    };
  }
}
