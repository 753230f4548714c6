import { Worker } from 'node:worker_threads';

/**
 * A worker thread started ahead of its use, so that loading its code (DuckDB's native module, a bundle of the
 * renderers) happens while the second core has room rather than when both are busy. One spare at the most: a
 * build that fails before using it leaves it to the next build in the same process.
 */
export class SpareWorker {
  private spare: Worker | null = null;

  constructor(private readonly script: URL) {}

  /** Starts the spare, unless there is one; it does not keep the process alive. */
  prepare(): void {
    if (this.spare) return;
    const thread = new Worker(this.script);
    thread.unref();
    // A thread that fails while nobody uses it is dropped; take() starts a new one, whose failure its user reports.
    thread.on('error', () => undefined);
    thread.once('exit', () => {
      if (this.spare === thread) this.spare = null;
    });
    this.spare = thread;
  }

  /** The spare (or a new thread), now keeping the process alive. */
  take(): Worker {
    const thread = this.spare ?? new Worker(this.script);
    this.spare = null;
    thread.ref();
    return thread;
  }

  /**
   * Stops the spare, if any, and waits until it has: a process that exits while the thread is still loading a
   * native module can abort (exit 134) instead of ending with the build's error.
   */
  async discard(): Promise<void> {
    const thread = this.spare;
    this.spare = null;
    await thread?.terminate();
  }
}
