/**
 * What the plugin sandbox costs. Peer: the same capability logic (the license-header example's
 * index.js, its SDK import pointed at the host SDK) run as a first-party capability would be — in
 * process, with the same local context — on the same ~100k-line project, in the same run. Also the
 * cold start of a plugin step (isolate, context, prelude, SDK and plugin modules) against a warm one
 * (a fresh context on a pooled isolate, plugins/sandbox/isolate-pool.ts), and the bare isolate costs.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createLocalContext } from '../core/context/local-context.js';
import type { StepResult } from '../core/index.js';
import { readPlugin } from '../plugins/manifest/index.js';
import { drainPool } from '../plugins/sandbox/isolate-pool.js';
import { isolatedVm, runPluginStep, type PluginStepStats } from '../plugins/sandbox/run-plugin-step.js';

const EXAMPLE = fileURLToPath(new URL('../../plugins/examples/license-header', import.meta.url));
const SDK = pathToFileURL(fileURLToPath(new URL('../plugins/sdk/index.js', import.meta.url))).href;
const FILES = 1_000;
const LINES_PER_FILE = 100;
const RUNS = 15;
const START_RUNS = 40;

const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ms = (value: number): string => `${value.toFixed(2)} ms`;

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-bench-'));
  for (let f = 0; f < FILES; f++) {
    const folder = path.join(root, 'src', `m${f % 20}`);
    await mkdir(folder, { recursive: true });
    const header = f % 3 === 0 ? '' : '// SPDX-License-Identifier: MIT\n';
    const body = Array.from({ length: LINES_PER_FILE - 1 }, (_, i) => `export const v${i} = ${i} + ${f};`).join('\n');
    await writeFile(path.join(folder, `file${f}.ts`), `${header}${body}\n`);
  }
  return root;
}

export async function run(): Promise<void> {
  const root = await project();
  const plugin = await readPlugin(EXAMPLE, process.cwd());
  const binding = {
    ...plugin.capabilities[0]!.binding,
    limits: { ...plugin.capabilities[0]!.binding.limits, cpuMs: 60_000, wallMs: 120_000 },
  };
  // The peer: the same code imported into this process against the host SDK.
  const peerFile = path.join(root, '..', `license-peer-${process.pid}.mjs`);
  await writeFile(peerFile, (await readFile(path.join(EXAMPLE, 'index.js'), 'utf8')).replace("'@agentd/cli/sdk'", JSON.stringify(SDK)));
  const peer = (await import(pathToFileURL(peerFile).href)) as {
    capabilities: Record<string, { run(input: unknown, ctx: unknown): Promise<StepResult> }>;
  };
  try {
    const sandboxed: number[] = [];
    const direct: number[] = [];
    const stats: PluginStepStats[] = [];
    let findings = [0, 0];
    for (let i = 0; i < RUNS; i++) {
      // Alternate, so both see the same warm file cache and machine load.
      const a = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
      let start = performance.now();
      const inIsolate = await runPluginStep(binding, {}, a.ctx, (s) => stats.push(s));
      sandboxed.push(performance.now() - start);
      const b = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
      start = performance.now();
      const inProcess = await peer.capabilities['analysis.license-header']!.run({}, b.ctx);
      direct.push(performance.now() - start);
      findings = [inIsolate.findings!.length, inProcess.findings!.length];
    }
    if (findings[0] !== findings[1]) throw new Error(`the sandboxed and direct runs disagree: ${findings[0]} vs ${findings[1]} findings`);
    const lines = FILES * LINES_PER_FILE;
    console.log(`license-header on ${FILES} files / ${lines} lines (${findings[0]} findings), median of ${RUNS}:`);
    console.log(
      `  plugin in isolate       ${ms(median(sandboxed))}   (isolate CPU ${ms(median(stats.map((s) => s.cpuMs)))}, start ${ms(median(stats.map((s) => s.startMs)))}, ${stats.filter((s) => s.reused).length} of ${RUNS} on a warm isolate)`,
    );
    console.log(`  first-party in process  ${ms(median(direct))}   (peer: same code, same ctx)`);
    console.log(`  ratio                   ${(median(sandboxed) / median(direct)).toFixed(2)}x   (goal: within 2x)`);

    // Cold start of a plugin step on a tiny workspace: everything runPluginStep does before run().
    const tiny = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-bench-tiny-'));
    await writeFile(path.join(tiny, 'a.ts'), '// SPDX-License-Identifier: MIT\n');
    for (const warm of [false, true]) {
      const starts: number[] = [];
      const steps: number[] = [];
      drainPool();
      for (let i = 0; i < START_RUNS; i++) {
        if (!warm) drainPool();
        const handle = await createLocalContext({ root: tiny });
        const begin = performance.now();
        await runPluginStep(binding, {}, handle.ctx, (s) => starts.push(s.startMs));
        steps.push(performance.now() - begin);
      }
      console.log(
        `plugin step ${warm ? 'warm start (pooled isolate, fresh context' : 'cold start (new isolate, context'} + prelude + SDK + plugin module), median of ${START_RUNS}: ${ms(median(starts))}; whole one-file step ${ms(median(steps))}`,
      );
    }

    // The bare figures under those: new isolate + context vs a fresh context on a reused isolate.
    const ivm = isolatedVm();
    const cold: number[] = [];
    const warm: number[] = [];
    const reused = new ivm.Isolate({ memoryLimit: 64 });
    for (let i = 0; i < START_RUNS; i++) {
      let begin = performance.now();
      const isolate = new ivm.Isolate({ memoryLimit: 64 });
      (await isolate.createContext()).release();
      cold.push(performance.now() - begin);
      isolate.dispose();
      begin = performance.now();
      (await reused.createContext()).release();
      warm.push(performance.now() - begin);
    }
    reused.dispose();
    console.log(
      `isolate: new isolate + context ${ms(median(cold))}; fresh context on a warm isolate ${ms(median(warm))} (anchor: isolate platforms quote ~5 ms per fresh isolate)`,
    );
    await rm(tiny, { recursive: true, force: true });
  } finally {
    await rm(peerFile, { force: true });
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
