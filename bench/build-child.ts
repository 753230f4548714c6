/**
 * Child process of the build benchmark (forked by bench/measure-build.ts with the
 * arguments of `npm run build`): one full build, then its figures and the process's
 * resource usage (CPU of every thread, peak RSS) to the parent over IPC.
 */
import { build } from '../generator/build.ts';
import { resolveConfig } from '../generator/config.ts';

const result = await build(resolveConfig(process.argv.slice(2)));
const usage = process.resourceUsage();
process.send!({
  ...result,
  cpuUserMs: usage.userCPUTime / 1000,
  cpuSystemMs: usage.systemCPUTime / 1000,
  peakRssBytes: usage.maxRSS * 1024,
});
