/**
 * What the plugin sandbox costs. Peer: the same capability logic (an example plugin's index.js, its SDK
 * import pointed at the host SDK) run as a first-party capability would be — in process, with the same
 * local context — on the same ~100k-line project, in the same run, for two examples: license-header
 * (reads every file, a few string tests each: the I/O-bound worst case, where the copy into the isolate
 * is most of the work) and migrate-call (finds the 100 files that mention the old function with one
 * search, parses them in one parseMany call and stages the rewrites with one writeMany (the peer: the
 * same done in process, write() in a loop): the parse crossing; the
 * peer's tools.parse answers the same `nodes` and `tree` a plugin gets), as the example reads the tree
 * (`file.tree`) and as it read `file.nodes` before (one object per node). Also
 * the cold start of a plugin step (isolate, context, prelude, SDK and plugin modules) against a warm one
 * (a pooled isolate whose fresh context, prelude and SDK were made ready while it was idle, only the
 * plugin's module left; plugins/sandbox/isolate-pool.ts), and the bare isolate costs.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createLocalContext } from '../core/context/local-context.js';
import type { CapabilityContext, ListOptions, ReadManyResult, StepResult } from '../core/index.js';
import { readPlugin } from '../plugins/manifest/index.js';
import { drainPool } from '../plugins/sandbox/isolate-pool.js';
import { plainParse } from '../plugins/sandbox/crossing.js';
import { isolatedVm, runPluginStep, type PluginStepStats } from '../plugins/sandbox/run-plugin-step.js';

const EXAMPLE = fileURLToPath(new URL('../../plugins/examples/license-header', import.meta.url));
const MIGRATE_CALL = fileURLToPath(new URL('../../plugins/examples/migrate-call', import.meta.url));
const SDK = pathToFileURL(fileURLToPath(new URL('../plugins/sdk/index.js', import.meta.url))).href;
const FILES = 1_000;
const LINES_PER_FILE = 100;
const RUNS = 15;
const START_RUNS = 40;

const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
/** The machine's load average (1, 5, 15 min): the figures are only comparable within one run and one load. */
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-bench-'));
  for (let f = 0; f < FILES; f++) {
    const folder = path.join(root, 'src', `m${f % 20}`);
    await mkdir(folder, { recursive: true });
    const header = f % 3 === 0 ? '' : '// SPDX-License-Identifier: MIT\n';
    // Every tenth file calls the deprecated function the migrate-call example rewrites (three calls).
    const lines = Array.from({ length: LINES_PER_FILE - 1 }, (_, i) => `export const v${i} = ${i} + ${f};`);
    if (f % 10 === 0) lines.splice(10, 3, ...[0, 1, 2].map((k) => `export const r${k} = legacyFetch('/api/${f}/${k}');`));
    const body = lines.join('\n');
    await writeFile(path.join(folder, `file${f}.ts`), `${header}${body}\n`);
  }
  return root;
}

interface Example {
  folder: string;
  /** How the bench names it, when not by its capability. */
  label?: string;
  capability: string;
  input: Record<string, unknown>;
  /** What the first-party peer's ctx gives for tools.parse: the same plain data the plugin gets. */
  plainParse: boolean;
  describe: (result: StepResult) => string;
}

const EXAMPLES: Example[] = [
  {
    folder: EXAMPLE,
    capability: 'analysis.license-header',
    input: {},
    plainParse: false,
    describe: (r) => `${r.findings!.length} findings`,
  },
  {
    folder: MIGRATE_CALL,
    capability: 'refactoring.migrate-call',
    input: { from: 'legacyFetch', to: 'fetchJson' },
    plainParse: true,
    describe: (r) => `${(r.data as { calls: number }).calls} calls rewritten`,
  },
];

/** The same code imported into this process against the host SDK: the first-party peer. */
async function peerOf(example: Example, root: string): Promise<{ run(input: unknown, ctx: unknown): Promise<StepResult> }> {
  const peerFile = path.join(root, '..', `${path.basename(example.folder)}-peer-${process.pid}.mjs`);
  await writeFile(
    peerFile,
    (await readFile(path.join(example.folder, 'index.js'), 'utf8')).replace("'@agentd/cli/sdk'", JSON.stringify(SDK)),
  );
  const module = (await import(pathToFileURL(peerFile).href)) as {
    capabilities: Record<string, { run(input: unknown, ctx: unknown): Promise<StepResult> }>;
  };
  await rm(peerFile, { force: true });
  return module.capabilities[example.capability]!;
}

/**
 * A local context for the first-party peer: `workspace.writeMany` and `workspace.search` (plugin SDK
 * only; the first-party workspace has neither) do in process what a first-party capability does:
 * write() in a loop; list, readMany and a text test. For the peer of a parsing plugin,
 * tools.parse/parseMany answer the plugin's plain data.
 */
async function contextFor(root: string, plain: boolean): Promise<CapabilityContext> {
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 5_000 } });
  const writeMany = async (files: { path: string; content: string }[]): Promise<void> => {
    for (const file of files) await ctx.workspace.write(file.path, file.content);
  };
  const search = async (text: string, options?: ListOptions): Promise<{ paths: string[]; skipped: ReadManyResult['skipped'] }> => {
    const read = await ctx.workspace.readMany(await ctx.workspace.list(options));
    return { paths: read.files.filter((file) => file.content.includes(text)).map((file) => file.path), skipped: read.skipped };
  };
  const workspace = new Proxy(ctx.workspace, {
    get: (target, key) => {
      if (key === 'writeMany') return writeMany;
      if (key === 'search') return search;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  if (!plain) return { ...ctx, workspace };
  return {
    ...ctx,
    workspace,
    tools: {
      ...ctx.tools,
      parse: async (file: string) => plainParse(await ctx.tools.parse(file)) as never,
      parseMany: async (files: string[]) => {
        const parsed = await ctx.tools.parseMany(files);
        return { files: parsed.files.map(plainParse), skipped: parsed.skipped } as never;
      },
    },
  };
}

/**
 * The migrate-call example as it was written before `file.tree` (PluginTree): the same search over
 * `file.nodes`, one object per node, which in the isolate costs most of the step (making and keeping
 * 120,000 objects in its small heap). Written next to the project at bench time, so the two readings
 * are measured in the same run.
 */
async function nodesVariant(root: string): Promise<Example> {
  const folder = path.join(root, '..', `migrate-call-nodes-${process.pid}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'package.json'), await readFile(path.join(MIGRATE_CALL, 'package.json'), 'utf8'));
  const source = await readFile(path.join(MIGRATE_CALL, 'index.js'), 'utf8');
  const search = /function calleeRanges\(file, name\) \{[\s\S]*?\n\}\n/;
  if (!search.test(source)) throw new Error('the migrate-call example has no calleeRanges(file, name) to replace');
  const byNodes = `function calleeRanges(file, name) {
  const ranges = [];
  for (const node of file.nodes) {
    if (node.field !== 'function' || node.type !== 'identifier' || node.parent < 0) continue;
    if (file.nodes[node.parent].type !== 'call_expression') continue;
    if (file.source.slice(node.start, node.end) === name) ranges.push([node.start, node.end]);
  }
  return ranges;
}
`;
  await writeFile(path.join(folder, 'index.js'), source.replace(search, byNodes));
  return { ...EXAMPLES[1]!, folder, label: 'refactoring.migrate-call reading file.nodes' };
}

async function compare(example: Example, root: string): Promise<void> {
  const plugin = await readPlugin(example.folder, process.cwd());
  const declared = plugin.capabilities.find((c) => c.binding.capability === example.capability)!;
  const binding = { ...declared.binding, limits: { ...declared.binding.limits, cpuMs: 60_000, wallMs: 120_000 } };
  const peer = await peerOf(example, root);
  const sandboxed: number[] = [];
  const direct: number[] = [];
  const stats: PluginStepStats[] = [];
  let outcome = ['', ''];
  for (let i = 0; i < RUNS; i++) {
    // Alternate, so both see the same warm file cache and machine load.
    const { ctx: a } = await createLocalContext({ root, limits: { maxToolCalls: 5_000 } });
    let start = performance.now();
    const inIsolate = await runPluginStep(binding, example.input, a, (s) => stats.push(s));
    sandboxed.push(performance.now() - start);
    const b = await contextFor(root, example.plainParse);
    start = performance.now();
    const inProcess = await peer.run(example.input, b);
    direct.push(performance.now() - start);
    outcome = [example.describe(inIsolate), example.describe(inProcess)];
  }
  if (outcome[0] !== outcome[1]) throw new Error(`the sandboxed and direct runs disagree: ${outcome[0]} vs ${outcome[1]}`);
  console.log(
    `${example.label ?? example.capability} on ${FILES} files / ${FILES * LINES_PER_FILE} lines (${outcome[0]}), median of ${RUNS}:`,
  );
  console.log(
    `  plugin in isolate       ${ms(median(sandboxed))}   (isolate CPU ${ms(median(stats.map((s) => s.cpuMs)))}, start ${ms(median(stats.map((s) => s.startMs)))}, ${stats.filter((s) => s.reused).length} of ${RUNS} on a warm isolate, ${median(stats.map((s) => s.toolCalls))} tool calls)`,
  );
  console.log(`  first-party in process  ${ms(median(direct))}   (peer: same code, same ctx)`);
  console.log(`  ratio                   ${(median(sandboxed) / median(direct)).toFixed(2)}x   (goal: within 2x)`);
}

export async function run(): Promise<void> {
  const root = await project();
  const plugin = await readPlugin(EXAMPLE, process.cwd());
  const binding = {
    ...plugin.capabilities[0]!.binding,
    limits: { ...plugin.capabilities[0]!.binding.limits, cpuMs: 60_000, wallMs: 120_000 },
  };
  console.log(`load average at start: ${load()}`);
  let byNodes: Example | undefined;
  try {
    byNodes = await nodesVariant(root);
    for (const example of [...EXAMPLES, byNodes]) await compare(example, root);

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
        `plugin step ${warm ? 'warm start (pooled isolate, a fresh context with prelude + SDK made ready while idle' : 'cold start (new isolate, context + prelude + SDK'} + plugin module), median of ${START_RUNS}: ${ms(median(starts))}; whole one-file step ${ms(median(steps))}`,
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
    console.log(`load average at the end: ${load()}`);
  } finally {
    if (byNodes) await rm(byNodes.folder, { recursive: true, force: true });
    await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
