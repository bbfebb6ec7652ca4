/** The runner contract suite against the plugin sandbox runner (isolated-vm), with plugin scripts for each case. */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type { StepTask } from '../../core/executor/index.js';
import { RUNNER_MODULE } from '../../plugins/sandbox/bind-capability.js';
import { createSandboxRunner } from '../../plugins/sandbox/sandbox-runner.js';
import { runnerContract } from '../core/executor/runner-contract.js';
import { abuseWorkspace, pluginWith } from './support/sandbox-fixture.js';

let counter = 0;

function taskOf(root: string, binding: unknown): StepTask {
  return {
    jobId: `sandbox-${++counter}`,
    stepIndex: 0,
    capabilityId: 'test/analysis.case',
    modulePath: fileURLToPath(RUNNER_MODULE),
    input: {},
    root,
    staged: [],
    previous: [],
    maxToolCalls: 1000,
    toolCallsUsed: 0,
    maxMemoryMB: 256,
    permissions: { projectCode: false },
    binding,
  };
}

let root = '';
const plugin = (body: string, options?: Parameters<typeof pluginWith>[1]) => async (): Promise<StepTask> =>
  taskOf(root, await pluginWith(body, options));

runnerContract('plugin sandbox runner (isolated-vm)', async () => {
  root = await abuseWorkspace();
  return {
    runner: createSandboxRunner(),
    ok: plugin(`return { summary: 'fine', data: { text: await ctx.workspace.read('src/a.ts') } };`),
    tasks: {
      loopForever: plugin('while (true) {}'),
      // Many small allocations: one single huge one aborts the process hosting the isolate before
      // isolated-vm can act (docs/plugins.md); in the daemon that process is the executor.
      hugeAllocation: plugin('const kept = []; for (;;) kept.push({ n: kept.length, s: "x".repeat(64) });', {
        limits: { memoryMB: 16, cpuMs: 20_000, wallMs: 30_000 },
      }),
      throws: plugin('throw new Error("boom");'),
      exits: plugin('process.exit(1);'),
      cancellable: plugin('while (true) {}', { limits: { cpuMs: 30_000, wallMs: 30_000 } }),
    },
    codes: {
      loopForever: ['plugin_cpu_limit', 'plugin_timeout'],
      hugeAllocation: ['plugin_memory_limit'],
      throws: ['plugin_error'],
      exits: ['plugin_error'],
    },
    deadlineMs: 30_000,
    close: async () => undefined,
  };
});

describe('plugin sandbox runner', function () {
  it('refuses a task without a plugin binding: first-party code never runs in it', async function () {
    const reply = await createSandboxRunner().run({ ...taskOf(root || '/tmp', undefined), capabilityId: 'analysis.complexity' });
    expect(reply.ok).to.equal(false);
    if (!reply.ok) expect(reply.error.code).to.equal('invalid_capability');
  });
});
