import { writeFile } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { serialize } from '../../api/http.ts';
import { schemaErrors } from './validators.ts';

/**
 * Writes the build into a fresh temporary directory beside the target. Every JSON
 * body is validated against its response schema before it is written; any failure
 * throws, and `commit` (the swap into place) never runs, so the previous public/
 * stays intact.
 */
export class OutputWriter {
  files = 0;
  bytes = 0;
  /** Writes under way, the first write error, and the callers waiting for a free slot. */
  private inFlight = 0;
  private failure: Error | null = null;
  private waiting: (() => void)[] = [];
  private readonly dirs = new Set<string>();

  constructor(
    readonly root: string,
    private readonly concurrency = 64,
  ) {}

  static async create(target: string): Promise<OutputWriter> {
    const root = `${target}.tmp-${process.pid}`;
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    return new OutputWriter(root);
  }

  /** Writes the answer of an API URL; `path` is the public path of the file (e.g. /api/comuni/001001.json). */
  async json(path: string, body: unknown, schema: string): Promise<string> {
    const errors = schemaErrors(schema, body);
    if (errors) throw new Error(`${path} non rispetta lo schema ${schema}: ${errors}`);
    const text = serialize(body);
    await this.text(path, text);
    return text;
  }

  /**
   * Queues the write and returns once fewer than `concurrency` writes are under way. The
   * callback form of writeFile, with a counter, costs a fraction of the main thread's time
   * that promise writes raced against each other do (~40k files).
   */
  async text(path: string, content: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    const file = join(this.root, path);
    const dir = dirname(file);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    // Encoded once: the byte count and the write share the buffer.
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    this.files++;
    this.bytes += bytes.byteLength;
    while (this.inFlight >= this.concurrency) await this.slot();
    this.inFlight++;
    writeFile(file, bytes, (error) => {
      this.inFlight--;
      if (error) this.failure ??= error;
      for (const wake of this.waiting.splice(0)) wake();
    });
  }

  private slot(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Waits for every queued write; throws the first write error. */
  async flush(): Promise<void> {
    while (this.inFlight > 0) await this.slot();
    if (this.failure) throw this.failure;
  }

  /**
   * Replaces `target` with the finished build (records, lists and the edge index, all in
   * this one tree): the old tree is moved aside, the new one renamed into place, the old
   * one removed. A kill between the two renames leaves `target` missing with both trees
   * beside it; recoverOutputs (run by the next build and by npm start) finishes the swap.
   */
  async commit(target: string): Promise<void> {
    await this.flush();
    const old = `${target}.old-${process.pid}`;
    await rm(old, { recursive: true, force: true });
    await rename(target, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(this.root, target);
    await rm(old, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    while (this.inFlight > 0) await this.slot();
    await rm(this.root, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Cleans up after builds that died (kill -9, power loss) beside `target`: their
 * `<target>.tmp-<pid>` (partial output) and `<target>.old-<pid>` (previous output moved
 * aside) folders. If a build died between its two renames, `target` is missing while its
 * `.old-<pid>` exists: its `.tmp-<pid>` is then complete (the first rename only happens
 * after every write), so it is renamed into place. Folders of builds still running are
 * left alone. Returns what was done, for the log.
 */
export async function recoverOutputs(target: string): Promise<string[]> {
  const parent = dirname(target);
  const name = basename(target);
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)$`);
  const entries = await readdir(parent).catch(() => [] as string[]);
  const stale = entries
    .map((entry) => ({ entry, match: pattern.exec(entry) }))
    .filter((e): e is { entry: string; match: RegExpExecArray } => e.match !== null && !isAlive(Number(e.match[2])));
  const done: string[] = [];
  const targetExists = await stat(target).then(
    () => true,
    () => false,
  );
  if (!targetExists) {
    const interrupted = stale.find(
      (e) => e.match[1] === 'old' && stale.some((t) => t.match[1] === 'tmp' && t.match[2] === e.match[2]),
    );
    const orphan = stale.find((e) => e.match[1] === 'old');
    if (interrupted) {
      await rename(join(parent, `${name}.tmp-${interrupted.match[2]}`), target);
      done.push(`completato lo scambio interrotto della build ${interrupted.match[2]}`);
    } else if (orphan) {
      await rename(join(parent, orphan.entry), target);
      done.push(`ripristinato l'output precedente da ${orphan.entry}`);
    }
  }
  for (const { entry } of stale) {
    const path = join(parent, entry);
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    ) {
      await rm(path, { recursive: true, force: true });
      done.push(`rimosso ${entry}`);
    }
  }
  return done;
}
