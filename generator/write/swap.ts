import { spawn } from 'node:child_process';
import { lstat, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/*
 * Putting a finished output at the served path, and recovering from a build killed meanwhile: apart
 * from the writer (output.ts), so that \`npm start\` checks an output without loading the build's validators.
 */

/** How `target` is: the link to the served tree, a plain folder (a deploy, or an output from before the links), or nothing yet. */
async function targetKind(target: string): Promise<'link' | 'folder' | 'missing'> {
  return lstat(target).then(
    (stats) => (stats.isSymbolicLink() ? 'link' : 'folder'),
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return 'missing';
    },
  );
}

/**
 * The swap, one step a function, so a test can stop between any two. `target` is a symbolic
 * link to the served tree, a sibling `<target>.tree-<pid>-<ms>`: the finished tree gets such a
 * name, a new link to it is made beside `target`, then renamed over it, which POSIX makes
 * atomic: a reader resolving `target` finds the old tree or the new one, never nothing. The
 * previous tree is removed after, in the background (a server that opened a file in it keeps
 * reading it). Killed before the last step, `target` is still the old tree and recoverOutputs
 * removes the new one; the only gap is the first swap over a plain folder (an output from
 * before the links), moved aside first: recoverOutputs then renames the link into place.
 */
export async function swapSteps(root: string, target: string, pid = process.pid): Promise<(() => Promise<void>)[]> {
  const tree = `${target}.tree-${pid}-${Date.now()}`;
  const link = `${target}.link-${pid}`;
  const kind = await targetKind(target);
  const previous =
    kind === 'link' ? join(dirname(target), await readlink(target)) : kind === 'folder' ? `${target}.old-${pid}` : null;
  return [
    () => rename(root, tree),
    async () => {
      await rm(link, { force: true });
      await symlink(basename(tree), link);
    },
    ...(kind === 'folder' ? [() => rename(target, previous!)] : []),
    () => rename(link, target),
    async () => {
      if (previous) removeInBackground(previous);
    },
  ];
}

/** The deploy's swap: the old folder moved aside, the new one renamed into place, the old one removed. */
export async function replaceFolder(root: string, target: string): Promise<void> {
  const old = `${target}.old-${process.pid}`;
  await rm(old, { recursive: true, force: true });
  const kind = await targetKind(target);
  if (kind !== 'missing') await rename(target, old);
  await rename(root, target);
  if (kind !== 'missing') removeInBackground(old);
}

/**
 * Removes the previous build's tree in a process of its own that outlives the build, which
 * returns as soon as the new tree is in place: removing its ~52,000 files took 5.5–13.3 s of
 * the build's wall time on the 2-core machine. Should that process die, the tree keeps its
 * `.old-<pid>` name, whose build is gone, and the next build's recoverOutputs removes it; so
 * does a process that cannot be started, whose error would otherwise end a build already in place.
 */
function removeInBackground(path: string): void {
  const remove = 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })';
  spawn(process.execPath, ['-e', remove, path], { detached: true, stdio: 'ignore' })
    .on('error', () => undefined)
    .unref();
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
 * Cleans up after builds that died (kill -9, power loss) beside `target`: their partial
 * output (`.tmp-<pid>`), a finished tree never linked (`.tree-<pid>-<ms>`), a link never
 * renamed into place (`.link-<pid>`), a folder moved aside (`.old-<pid>`). When `target` is
 * missing (killed inside the first swap over a plain folder, or removed by hand), the dead
 * build's link is renamed into place, else the newest tree is linked, else a folder moved aside
 * is put back. Entries of builds still running are left alone, and so is the served tree.
 * Returns what was done, for the log.
 */
export async function recoverOutputs(target: string): Promise<string[]> {
  const parent = dirname(target);
  const name = basename(target);
  const pattern = new RegExp(
    `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old|link|tree)-(\\d+)(?:-(\\d+))?$`,
  );
  const entries = await readdir(parent).catch(() => [] as string[]);
  const stale = entries
    .map((entry) => ({ entry, match: pattern.exec(entry) }))
    .filter((e): e is { entry: string; match: RegExpExecArray } => e.match !== null && !isAlive(Number(e.match[2])));
  const done: string[] = [];
  const served = await stat(target).then(
    () => true,
    () => false,
  );
  if (!served) {
    const link = stale.find((e) => e.match[1] === 'link');
    const tree = stale.filter((e) => e.match[1] === 'tree').sort((a, b) => Number(b.match[3]) - Number(a.match[3]))[0];
    const orphan = stale.find((e) => e.match[1] === 'old');
    if (link && (await stat(join(parent, link.entry)).catch(() => null))) {
      await rename(join(parent, link.entry), target);
      done.push(`completato lo scambio interrotto della build ${link.match[2]}`);
    } else if (tree) {
      await rm(target, { force: true });
      await symlink(tree.entry, target);
      done.push(`servito l'output più recente, ${tree.entry}`);
    } else if (orphan) {
      await rename(join(parent, orphan.entry), target);
      done.push(`ripristinato l'output precedente da ${orphan.entry}`);
    }
  }
  const current = await readlink(target).catch(() => null);
  for (const { entry } of stale) {
    const path = join(parent, entry);
    if (entry === current) continue;
    if (
      await lstat(path).then(
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
