/**
 * The warm isolate pool (plugins/sandbox/isolate-pool.ts): a plugin's next step reuses the isolate of
 * its last clean step with a fresh context (nothing of the earlier step is visible), and an isolate is
 * never reused after a step that was killed, ran out of memory, overflowed the stack, left a host call
 * in flight (tool calls fired without await, still running when it returned) or used an API whose
 * callbacks run later.
 */
import { expect } from 'chai';
import { createLocalContext } from '../../core/context/local-context.js';
import type { PluginBinding } from '../../plugins/sandbox/binding.js';
import { drainPool, poolStats } from '../../plugins/sandbox/isolate-pool.js';
import { runPluginStep, type PluginStepStats } from '../../plugins/sandbox/run-plugin-step.js';
import { abuseWorkspace, pluginWith } from './support/sandbox-fixture.js';

/** One plugin whose behaviour the input chooses; it reports what the previous step left on globalThis. */
const BODY = `
const seen = typeof globalThis.leftBehind === 'string' ? globalThis.leftBehind : null;
globalThis.leftBehind = 'secret of an earlier step';
if (input.mode === 'who') return { summary: 'ok', data: { seen, jobId: ctx.jobId, stepIndex: ctx.stepIndex } };
switch (input.mode) {
  case 'loop': for (;;) {}
  case 'memory': { const kept = []; for (;;) kept.push('x'.repeat(1024) + kept.length); }
  case 'recurse': { const f = (n) => f(n + 1) + 1; return f(0); }
  case 'unawaited': ctx.workspace.read('src/a.ts'); break;
  case 'finalizer': new FinalizationRegistry(() => {}).register({}, 1); break;
}
return { summary: 'ok', data: { seen } };
`;

describe('plugin sandbox: the warm isolate pool', function () {
  this.timeout(60_000);
  let root: string;
  let binding: PluginBinding;
  let memoryBound: PluginBinding;

  before(async () => {
    root = await abuseWorkspace();
    binding = await pluginWith(BODY, { limits: { memoryMB: 16, cpuMs: 1_500, wallMs: 10_000 } });
    // Near its heap limit V8 collects garbage over and over: the memory case gets CPU time to reach the limit.
    memoryBound = await pluginWith(BODY, { limits: { memoryMB: 16, cpuMs: 20_000, wallMs: 30_000 } });
  });
  beforeEach(() => drainPool());
  after(() => drainPool());

  const step = async (mode?: string, plugin = binding): Promise<{ stats: PluginStepStats; code: string; seen?: unknown }> => {
    const handle = await createLocalContext({ root, limits: { maxToolCalls: 100 } });
    // "unawaited" needs its read still running when the step returns: the real workspace, behind a slow disk.
    const workspace = Object.create(handle.ctx.workspace) as typeof handle.ctx.workspace;
    workspace.read = async (file) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return handle.ctx.workspace.read(file);
    };
    const ctx = mode === 'unawaited' ? { ...handle.ctx, workspace } : handle.ctx;
    let stats: PluginStepStats | undefined;
    try {
      const result = await runPluginStep(plugin, mode ? { mode } : {}, ctx, (s) => (stats = s));
      return { stats: stats!, code: 'ok', seen: (result.data as { seen: unknown }).seen };
    } catch (error) {
      return { stats: stats!, code: String((error as { code?: unknown }).code) };
    }
  };

  it('reuses the isolate of a clean step with a fresh context: nothing of the earlier step is visible', async () => {
    const first = await step();
    const second = await step();
    const third = await step();
    expect([first.stats.reused, second.stats.reused, third.stats.reused]).to.deep.equal([false, true, true]);
    // The fresh context of a warm step was made ready while the isolate was idle.
    expect([first.stats.prepared, second.stats.prepared, third.stats.prepared]).to.deep.equal([false, true, true]);
    expect([first.seen, second.seen, third.seen]).to.deep.equal([null, null, null]);
    expect(poolStats().idle).to.equal(1);
  });

  it("gives a context made ready before its step the step's own job and index", async () => {
    for (const [jobId, stepIndex] of [
      ['job-a', 0],
      ['job-b', 3],
    ] as const) {
      const handle = await createLocalContext({ root, jobId, stepIndex });
      let stats: PluginStepStats | undefined;
      const result = await runPluginStep(binding, { mode: 'who' }, handle.ctx, (s) => (stats = s));
      expect(result.data).to.deep.equal({ seen: null, jobId, stepIndex });
      expect(stats!.prepared).to.equal(jobId === 'job-b');
    }
  });

  for (const [mode, code] of [
    ['loop', 'plugin_cpu_limit'],
    ['memory', 'plugin_memory_limit'],
    ['recurse', 'plugin_stack_overflow'],
    ['unawaited', 'ok'],
    ['finalizer', 'ok'],
  ] as const) {
    it(`does not reuse the isolate after a step that ended "${mode}" (${code})`, async () => {
      const plugin = mode === 'memory' ? memoryBound : binding;
      expect((await step(undefined, plugin)).stats.reused).to.equal(false);
      const bad = await step(mode, plugin);
      expect(bad.code).to.equal(code);
      expect(bad.stats.reused, 'the bad step itself ran on the warm isolate').to.equal(true);
      const after = await step(undefined, plugin);
      expect(after.code).to.equal('ok');
      expect(after.stats.reused, `an isolate was reused after "${mode}"`).to.equal(false);
      expect(after.seen).to.equal(null);
    });
  }
});
