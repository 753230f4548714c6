/** Step timing and a one-line progress bar on a TTY (plain lines elsewhere, e.g. CI logs). */
export class Progress {
  readonly steps: { step: string; ms: number }[] = [];
  private readonly tty = Boolean(process.stdout.isTTY);

  async step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    if (!this.tty) console.log(`▸ ${name}…`);
    const result = await run();
    const ms = performance.now() - started;
    this.steps.push({ step: name, ms });
    if (this.tty) process.stdout.write('\r\x1b[K');
    console.log(`✓ ${name} (${(ms / 1000).toFixed(1)} s)`);
    return result;
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
      process.stdout.write(
        `\r\x1b[K  ${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct}% (${done}/${total})`,
      );
    };
  }
}
