import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReusedRead } from '../../lib/reused-read.mjs';

describe('reading files one after another into one buffer', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reused-read-'));
    await writeFile(join(dir, 'grande.csv'), 'x'.repeat(100_000));
    await writeFile(join(dir, 'piccolo.csv'), 'a;b\n1;2\n');
    await writeFile(join(dir, 'vuoto.csv'), '');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives each file its own bytes whatever the size of the one before, and fails on a missing file', () => {
    const reader = new ReusedRead();
    expect(reader.read(join(dir, 'piccolo.csv')).toString()).toBe('a;b\n1;2\n');
    expect(reader.read(join(dir, 'grande.csv')).toString()).toBe('x'.repeat(100_000));
    const small = reader.read(join(dir, 'piccolo.csv'));
    expect(small.toString()).toBe('a;b\n1;2\n');
    expect(reader.read(join(dir, 'vuoto.csv')).byteLength).toBe(0);
    expect(() => reader.read(join(dir, 'manca.csv'))).toThrow(/ENOENT/);
  });

  it('reuses its buffer: the bytes of a file are valid until the next read', () => {
    const reader = new ReusedRead();
    const big = reader.read(join(dir, 'grande.csv'));
    const small = reader.read(join(dir, 'piccolo.csv'));
    expect(small.buffer).toBe(big.buffer);
    expect(big.subarray(0, 3).toString()).toBe('a;b');
  });
});
