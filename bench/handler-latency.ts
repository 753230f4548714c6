/**
 * In-process latency of the request handler (the code the edge function runs), per
 * workload: a web-standard Request in, the whole body read out, timed one by one.
 */
import { answer, createHandler, handlerContext } from '../api/handler.ts';
import type { IndexData } from '../api/runtime-index.ts';
import { fsStore } from '../api/fs-store.ts';
import { summarize, type LatencySummary } from './stats.ts';
import type { Workload } from './workloads.ts';

const ORIGIN = 'http://localhost';

export interface HandlerFigures extends LatencySummary {
  workload: string;
  urls: number;
}

/** Fails unless every URL answers 200 and, for a computed workload, is computed rather than served from a file. */
export async function checkWorkload(publicDir: string, data: IndexData, workload: Workload): Promise<void> {
  const ctx = handlerContext(data, fsStore(publicDir));
  const handle = createHandler(ctx);
  for (const path of workload.paths) {
    const response = await handle(new Request(ORIGIN + path));
    if (!(response instanceof Response) || response.status !== 200) {
      throw new Error(
        `${workload.id}: ${path} answers ${response instanceof Response ? response.status : 'a rewrite'}; fix bench/workloads.ts`,
      );
    }
    if (workload.computed && (await answer(ctx, new URL(ORIGIN + path))).kind !== 'json') {
      throw new Error(
        `${workload.id}: ${path} is now a precomputed file, not a computed answer; fix bench/workloads.ts`,
      );
    }
  }
}

export async function measureHandler(
  publicDir: string,
  data: IndexData,
  workload: Workload,
  iterations: number,
): Promise<HandlerFigures> {
  const handle = createHandler(handlerContext(data, fsStore(publicDir)));
  const run = async (path: string) => {
    const response = (await handle(new Request(ORIGIN + path))) as Response;
    return (await response.text()).length;
  };
  // Warm-up: three passes, so the figures are of optimised code.
  for (let i = 0; i < workload.paths.length * 3; i++) await run(workload.paths[i % workload.paths.length]!);
  const times = new Array<number>(iterations);
  let bytes = 0;
  for (let i = 0; i < iterations; i++) {
    const path = workload.paths[i % workload.paths.length]!;
    const started = performance.now();
    bytes += await run(path);
    times[i] = performance.now() - started;
  }
  if (bytes === 0) throw new Error(`${workload.id}: empty answers`);
  return { workload: workload.id, urls: workload.paths.length, ...summarize(times) };
}
