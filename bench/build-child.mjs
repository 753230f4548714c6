// Child process of the build benchmark (forked by bench/measure-build.ts with the Node flags and
// the arguments of `npm run build`): one full build through the same bundle as `npm run build`
// (generator/build-cli.mjs), then its figures and the process's resource usage (CPU of every
// thread, peak RSS) to the parent over IPC. Plain JavaScript, like build-cli.mjs: no tsx loader.
import { bundledBuild } from '../generator/build-cli.mjs';

const { runBuildCli } = await bundledBuild();
const result = await runBuildCli(process.argv.slice(2));
const usage = process.resourceUsage();
process.send({
  ...result,
  cpuUserMs: usage.userCPUTime / 1000,
  cpuSystemMs: usage.systemCPUTime / 1000,
  peakRssBytes: usage.maxRSS * 1024,
});
