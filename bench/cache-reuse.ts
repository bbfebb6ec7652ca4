/**
 * Cache reuse: analyse a real code base (every .js file of eslint/lib, copied to a temp folder) twice
 * through the capability context in one thread, as two jobs would in one warm worker. Each analysis
 * lists the files, parses each one and derives a per-file figure (functions per file) through
 * `tools.memo`. Printed beside the named peer "tree-sitter, direct parse without a cache", then the
 * cost of a third analysis after one file changed on disk. Last, the same through the engine: three
 * analysis.complexity jobs (the second with two steps) in one engine's warm worker thread.
 */
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import { createEngine } from '../core/engine/index.js';
import { defaultRoots, loadRegistry } from '../core/registry/index.js';
import { cacheStats, clearCaches, resetCacheStats } from '../core/cache/index.js';
import { parseSource } from '../core/parsing/index.js';

const FUNCTIONS = ['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration'];

interface Pass {
  files: number;
  lines: number;
  functions: number;
  ms: number;
}

async function analyse(root: string, jobId: string): Promise<Pass> {
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, jobId, limits: { maxToolCalls: 1_000_000 } });
  const files = await ctx.workspace.list({ extensions: ['.js'] });
  let lines = 0;
  let functions = 0;
  for (const path of files) {
    const file = await ctx.tools.parse(path);
    const count = ctx.tools.memo!(`bench.functions:${path}`, file.hash, () => file.tree.rootNode.descendantsOfType(FUNCTIONS).length);
    functions += count;
    lines += file.source.split('\n').length;
  }
  return { files: files.length, lines, functions, ms: performance.now() - started };
}

/** The peer: read and parse every file with tree-sitter directly, nothing cached. */
async function directParse(root: string, files: string[]): Promise<number> {
  const started = performance.now();
  for (const path of files) {
    const tree = parseSource(path, await readFile(join(root, path), 'utf8')).tree;
    tree.rootNode.descendantsOfType(FUNCTIONS);
  }
  return performance.now() - started;
}

/**
 * The same reuse as the daemon gets it: analysis.complexity as job steps in the engine's warm worker
 * thread (a fresh engine, so its thread starts cold). Job 1 is cold; job 2 (two steps) and job 3 reuse
 * what job 1 parsed and measured. Returns each step's wall time in ms, by job.
 */
async function throughEngine(root: string): Promise<number[][]> {
  const engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }) });
  await engine.start();
  const limits = { maxMemoryMB: 2048, maxExecutionTimeMin: 10, maxToolCalls: 1_000_000 };
  const step = { capability: 'analysis.complexity', input: { include: ['**/*.js'] } };
  const jobs: number[][] = [];
  try {
    for (const [jobId, steps] of [
      ['engine-1', [step]],
      ['engine-2', [step, step]],
      ['engine-3', [step]],
    ] as const) {
      const outcome = await engine.run({ jobId, root, steps: [...steps], limits, apply: false });
      if (outcome.status !== 'succeeded') throw new Error(`${jobId} ${outcome.status}: ${outcome.error?.message}`);
      jobs.push(outcome.steps.map((s) => Date.parse(s.finishedAt!) - Date.parse(s.startedAt!)));
    }
  } finally {
    await engine.close();
  }
  return jobs;
}

function line(label: string, pass: Pass): string {
  const kloc = (pass.lines / 1000).toFixed(1);
  return `${label.padEnd(44)} ${pass.ms.toFixed(1).padStart(8)} ms  (${pass.files} files, ${kloc} kLOC, ${pass.functions} functions)`;
}

export async function run(): Promise<void> {
  const require = createRequire(import.meta.url);
  const source = join(dirname(require.resolve('eslint/package.json')), 'lib');
  const root = await mkdtemp(join(tmpdir(), 'agentd-bench-cache-'));
  try {
    await cp(source, root, { recursive: true });
    clearCaches();
    parseSource('warm-up.js', 'let grammarLoaded = true;');
    const cold = await analyse(root, 'job-1');
    const coldStats = cacheStats();
    resetCacheStats();
    const warm = await analyse(root, 'job-2');
    const warmStats = cacheStats();
    const listed = await (await createLocalContext({ root, limits: { maxToolCalls: 10 } })).ctx.workspace.list({ extensions: ['.js'] });
    const direct = await directParse(root, listed);
    await appendFile(join(root, 'linter/linter.js'), '\n// touched by the cache-reuse bench\n');
    resetCacheStats();
    const touched = await analyse(root, 'job-3');
    const touchedStats = cacheStats();

    console.log(`code base: ${source} (copied to a temp folder)`);
    console.log(line('first analysis (cold caches)', cold), `parse misses ${coldStats.parse.misses}`);
    console.log(
      line('second analysis, unchanged (warm caches)', warm),
      `parse hits ${warmStats.parse.hits}, misses ${warmStats.parse.misses}`,
    );
    console.log(
      line('third analysis, one file changed', touched),
      `parse hits ${touchedStats.parse.hits}, misses ${touchedStats.parse.misses}`,
    );
    console.log(`${'peer: tree-sitter, direct parse, no cache'.padEnd(44)} ${direct.toFixed(1).padStart(8)} ms`);
    const speedUp = cold.ms / warm.ms;
    console.log(`speed-up of the unchanged second analysis: ${speedUp.toFixed(1)}x (required >= 5x: ${speedUp >= 5 ? 'met' : 'NOT met'})`);
    console.log(`warm analysis vs the uncached peer: ${(direct / warm.ms).toFixed(1)}x faster`);
    const [first, second, third] = await throughEngine(root);
    const ms = (steps: number[] | undefined): string => (steps ?? []).map((value) => `${value} ms`).join(' + ');
    console.log(`through the engine (analysis.complexity as job steps in the warm worker thread):`);
    console.log(`  job 1, cold: ${ms(first)}; job 2, two steps: ${ms(second)}; job 3: ${ms(third)}`);
    console.log(
      `  speed-up of job 2's first step over job 1: ${(first![0]! / second![0]!).toFixed(1)}x (across jobs); its second step: ${(first![0]! / second![1]!).toFixed(1)}x (across steps)`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
