/**
 * Netlify's own dev server, offline, on a build: the closest thing to the CDN that runs
 * here. netlify-cli is pinned but not a dependency (about 700 packages CI would install
 * for one optional check): it is installed once into .cache/netlify-cli.
 *
 * Offline, two things of netlify-cli reach for the network, and both are redirected
 * without touching the installed packages:
 * - the edge-functions runtime (bootstrap) is downloaded from edge.netlify.com:
 *   NETLIFY_EDGE_BOOTSTRAP points it at the copy inside node_modules;
 * - the config extractor imports a types module from edge.netlify.com: the site's import
 *   map (`[functions] deno_import_map`) maps it onto the same types in node_modules.
 * Deno is the `deno` npm package of the project (first on PATH), so none is downloaded.
 * The site is a temporary directory whose `api`, `generated` and `netlify/edge-functions` are
 * links to the project's (and the output, where the generated index entry looks for it), with a
 * copy of the Function, the committed netlify.toml plus that import map.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../../generator/config.ts';

export const NETLIFY_CLI_VERSION = '26.2.0';

const FUNCTION_SOURCE = join(PROJECT_ROOT, 'netlify', 'functions', 'api.mts');

const CLI_DIR = join(PROJECT_ROOT, '.cache', 'netlify-cli');
const modules = join(CLI_DIR, 'node_modules');

function installedVersion(): string | null {
  try {
    return (JSON.parse(readFileSync(join(modules, 'netlify-cli', 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return null;
  }
}

/** Installs the pinned netlify-cli from the npm registry (the only network it needs), once. */
export async function ensureNetlifyCli(log: (line: string) => void): Promise<void> {
  if (installedVersion() === NETLIFY_CLI_VERSION) return;
  log(`Installo netlify-cli ${NETLIFY_CLI_VERSION} in .cache/netlify-cli (una volta sola, qualche minuto)…`);
  await mkdir(CLI_DIR, { recursive: true });
  await writeFile(
    join(CLI_DIR, 'package.json'),
    JSON.stringify({ private: true, dependencies: { 'netlify-cli': NETLIFY_CLI_VERSION } }),
  );
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: CLI_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0 || installedVersion() !== NETLIFY_CLI_VERSION)
    throw new Error(`npm install netlify-cli@${NETLIFY_CLI_VERSION} failed`);
}

export interface NetlifyDev {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `netlify dev --offline` on `publicDir`, with the edge functions importing `generatedDir`'s index. */
export async function startNetlifyDev(publicDir: string, generatedDir: string, port: number): Promise<NetlifyDev> {
  const site = await mkdtemp(join(tmpdir(), 'comuni-api-netlify-'));
  for (const [name, target] of [
    ['api', join(PROJECT_ROOT, 'api')],
    ['lib', join(PROJECT_ROOT, 'lib')],
    ['netlify/edge-functions', join(PROJECT_ROOT, 'netlify', 'edge-functions')],
    ['generated', generatedDir],
  ] as const) {
    await mkdir(dirname(join(site, name)), { recursive: true });
    await symlink(target, join(site, name));
  }
  // The Function is bundled by esbuild, which resolves imports from a file's real path: a copy
  // (not a link) makes its `../../generated/` the site's, so it imports the index of `generatedDir`.
  await mkdir(join(site, 'netlify', 'functions'));
  await copyFile(FUNCTION_SOURCE, join(site, 'netlify', 'functions', 'api.mts'));
  // generated/edge-index.js re-exports the index inside the output by a relative path (../public/_edge/…),
  // which Deno resolves from the link, not its target: the output gets a link at that place too.
  const outLink = resolve(site, 'generated', relative(generatedDir, publicDir));
  if (!outLink.startsWith(`${site}/`))
    throw new Error(`the output ${publicDir} must sit beside ${generatedDir} for netlify dev`);
  await mkdir(dirname(outLink), { recursive: true });
  await symlink(publicDir, outLink);
  const types = join(
    modules,
    '@netlify',
    'edge-functions-bootstrap',
    'node',
    'dist',
    'bootstrap',
    'globals',
    'types.d.ts',
  );
  const bootstrap = join(modules, '@netlify', 'edge-functions-dev', 'dist', 'deno', 'bootstrap.mjs');
  for (const file of [types, bootstrap])
    if (!existsSync(file))
      throw new Error(
        `netlify-cli ${NETLIFY_CLI_VERSION} lacks ${file}: update the paths in test/netlify/netlify-dev.ts`,
      );
  await writeFile(
    join(site, 'import_map.json'),
    JSON.stringify({ imports: { 'https://edge.netlify.com/bootstrap/globals/types.ts': pathToFileURL(types).href } }),
  );
  const toml = await readFile(join(PROJECT_ROOT, 'netlify.toml'), 'utf8');
  if (!toml.includes('\n[functions]\n')) throw new Error('netlify.toml lacks its [functions] table');
  await writeFile(
    join(site, 'netlify.toml'),
    toml.replace('\n[functions]\n', '\n[functions]\n  deno_import_map = "import_map.json"\n'),
  );

  let output = '';
  const child: ChildProcess = spawn(
    join(modules, '.bin', 'netlify'),
    ['dev', '--offline', '--dir', publicDir, '--port', String(port)],
    {
      cwd: site,
      detached: true,
      env: {
        ...process.env,
        PATH: `${join(PROJECT_ROOT, 'node_modules', '.bin')}:${process.env.PATH}`,
        NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(bootstrap).href,
        BROWSER: 'none',
        NO_COLOR: '1',
      },
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    // netlify dev starts Deno and a static server: end its whole process group.
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    await rm(site, { recursive: true, force: true });
  };
  // Ready when the edge function answers (it loads after the static server).
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/api/comuni/cerca?q=roma`);
      await response.arrayBuffer();
      if (response.status === 200 && response.headers.has('x-nf-edge-functions'))
        return { origin, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`netlify dev did not serve the edge function:\n${output}`);
}
