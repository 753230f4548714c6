import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { serialize } from '../api/http.ts';
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
  private readonly pending = new Set<Promise<void>>();
  private readonly dirs = new Set<string>();

  constructor(readonly root: string, private readonly concurrency = 64) {}

  static async create(target: string): Promise<OutputWriter> {
    const root = `${target}.tmp-${process.pid}`;
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    return new OutputWriter(root);
  }

  /** Writes the answer of an API URL; `path` is the public path of the file (e.g. /api/comuni/001001.json). */
  async json(path: string, body: unknown, schema: string): Promise<string> {
    const errors = schemaErrors(schema, body);
    if (errors) throw new Error(`${path} does not match schema ${schema}: ${errors}`);
    const text = serialize(body);
    await this.text(path, text);
    return text;
  }

  async text(path: string, content: string | Uint8Array): Promise<void> {
    const file = join(this.root, path);
    const dir = dirname(file);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    this.files++;
    this.bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    const job = writeFile(file, content).finally(() => this.pending.delete(job));
    this.pending.add(job);
    if (this.pending.size >= this.concurrency) await Promise.race(this.pending);
  }

  async flush(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Replaces `target` with the finished build: the old tree is moved aside, then removed. */
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
    await Promise.allSettled(this.pending);
    await rm(this.root, { recursive: true, force: true });
  }
}
