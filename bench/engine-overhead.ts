/**
 * Per-step overhead of the pipeline engine: an empty capability run as a one-step job through the
 * engine (executor process + warm Piscina thread + context) against calling the same run() directly
 * in-process, in the same run; plus the cold start (fork the executor, warm a thread, first step).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../core/engine/index.js';
import { loadRegistry } from '../core/registry/index.js';
import { DEFAULT_LIMITS, type RunRequest, type StepResult } from '../core/contracts/index.js';

const CAPABILITIES = fileURLToPath(new URL('../test/support/capabilities/', import.meta.url));
const WARM_RUNS = 300;
const DIRECT_RUNS = 100_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function describe(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (ms: number): string => (ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : `${ms.toFixed(3)} ms`);
  return `p50 ${fmt(percentile(sorted, 50))}  p99 ${fmt(percentile(sorted, 99))}  (n=${samples.length})`;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function directSamples(): Promise<number[]> {
  const mod = (await import(pathToFileURL(join(CAPABILITIES, 'empty.js')).href)) as { run(): Promise<StepResult> };
  const samples: number[] = [];
  for (let i = 0; i < DIRECT_RUNS; i++) samples.push(await time(() => mod.run()));
  return samples;
}

export async function run(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'agentd-bench-'));
  const registry = await loadRegistry({ roots: [], flat: [CAPABILITIES] });
  const job = (n: number, maxMemoryMB = DEFAULT_LIMITS.maxMemoryMB): RunRequest => ({
    jobId: `bench-${n}`,
    root,
    apply: false,
    limits: { ...DEFAULT_LIMITS, maxMemoryMB },
    steps: [{ capability: 'analysis.test-empty' }],
  });
  const coldStart = performance.now();
  const engine = createEngine({ registry });
  try {
    await engine.start();
    const started = performance.now() - coldStart;
    const firstStep = await time(() => engine.run(job(0)));
    const warm: number[] = [];
    for (let i = 1; i <= WARM_RUNS; i++) warm.push(await time(() => engine.run(job(i))));
    // A memory limit no pool has yet: a new pool, a cold thread.
    const coldPool = await time(() => engine.run(job(-1, 1024)));
    const direct = await directSamples();
    console.log(`engine cold start: executor ready ${started.toFixed(1)} ms + first step ${firstStep.toFixed(1)} ms`);
    console.log(`first step on a new memory limit (new pool, cold thread): ${coldPool.toFixed(1)} ms`);
    console.log(`engine, one empty step per job (warm):  ${describe(warm)}`);
    console.log(`direct run() call, same capability:     ${describe(direct)}`);
  } finally {
    await engine.close();
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
