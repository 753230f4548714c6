/** Where the fetcher writes: process.stdout, or a collector in tests. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * One progress line per download. On a TTY it is redrawn in place (bytes / total and a
 * bar, at most every 100 ms) and erased by `clear()`, so the result line takes its place;
 * elsewhere (CI logs, pipes) it prints nothing until the result, keeping logs plain.
 */
export class ProgressLine {
  private last = 0;
  private drawn = false;

  constructor(
    private readonly out: Output,
    private readonly label: string,
    private readonly now: () => number = Date.now,
  ) {}

  update(received: number, total: number | null): void {
    if (!this.out.isTTY) return;
    const t = this.now();
    const finished = total !== null && received >= total;
    if (this.drawn && !finished && t - this.last < 100) return;
    this.last = t;
    this.drawn = true;
    this.out.write(`\r\x1b[2K${this.render(received, total)}`);
  }

  render(received: number, total: number | null): string {
    if (total === null || total <= 0) return `  ↓ ${this.label}  ${formatBytes(received)}`;
    const ratio = Math.min(1, received / total);
    const width = 20;
    const filled = Math.round(ratio * width);
    return `  ↓ ${this.label}  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${formatBytes(received)} / ${formatBytes(total)} ${Math.floor(ratio * 100)}%`;
  }

  clear(): void {
    if (this.out.isTTY && this.drawn) this.out.write('\r\x1b[2K');
    this.drawn = false;
  }
}
