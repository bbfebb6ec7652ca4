import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { AgentdError } from '../../../core/errors/index.js';
import type { RunOutcome } from '../../../core/contracts/index.js';
import { EventLog, loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

/** Cancels the run once its last step is running; resolves with the outcome and how long settling took. */
async function cancelWhenRunning(
  engine: PipelineEngine,
  root: string,
  steps: Parameters<typeof request>[1],
  reason?: unknown,
): Promise<{ outcome: RunOutcome; settleMs: number; log: EventLog }> {
  const controller = new AbortController();
  const log = new EventLog();
  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  const outcomePromise = engine.run(request(root, steps), {
    signal: controller.signal,
    onEvent: (event) => {
      log.listener(event);
      if (event.type === 'step' && event.status === 'running' && event.index === steps.length - 1) markRunning();
    },
  });
  await running;
  // Give the worker time to really start spinning before the abort.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const abortedAt = Date.now();
  controller.abort(reason);
  const outcome = await outcomePromise;
  return { outcome, settleMs: Date.now() - abortedAt, log };
}

describe('pipeline engine: cancellation', function () {
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;

  before(async function () {
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    // One thread per pool: a cancelled step whose thread was not stopped would block every later job.
    engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { maxThreads: 1, warmMemoryMB: [256] } });
    await engine.start();
  });
  after(async function () {
    await engine.close();
    await workspace.cleanup();
  });

  it('cancels a running loop that never yields within one second, with status cancelled', async function () {
    const { outcome, settleMs, log } = await cancelWhenRunning(engine, workspace.root, [{ capability: 'analysis.test-loop-forever' }]);
    expect(settleMs).to.be.below(1000);
    expect(outcome.status).to.equal('cancelled');
    expect(outcome.error!.code).to.equal('cancelled');
    expect(outcome.steps[0]!.status).to.equal('cancelled');
    expect(log.events.at(-1)).to.include({ type: 'done', status: 'cancelled' });
    // The only thread was spinning; a next job that runs proves the loop was stopped.
    const next = await engine.run(request(workspace.root, [{ capability: 'analysis.test-empty' }]));
    expect(next.status).to.equal('succeeded');
  });

  it('cancels a slow step within one second and discards what earlier steps staged', async function () {
    const { outcome, settleMs } = await cancelWhenRunning(engine, workspace.root, [
      { capability: 'refactoring.test-writer', input: { path: 'a.txt', content: 'never written\n' } },
      { capability: 'analysis.test-slow', input: { ms: 60_000 } },
    ]);
    expect(settleMs).to.be.below(1000);
    expect(outcome.status).to.equal('cancelled');
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'cancelled']);
    expect(outcome.result).to.equal(null);
    expect(await readFile(join(workspace.root, 'a.txt'), 'utf8')).to.equal('a\n');
  });

  it('takes the error code from an AgentdError reason (shutdown)', async function () {
    const reason = new AgentdError('shutdown', 'The daemon shut down before the job finished.');
    const { outcome } = await cancelWhenRunning(
      engine,
      workspace.root,
      [{ capability: 'analysis.test-slow', input: { ms: 60_000 } }],
      reason,
    );
    expect(outcome.status).to.equal('cancelled');
    expect(outcome.error).to.deep.equal({ code: 'shutdown', message: reason.message });
  });

  it('does not start any step when the signal is already aborted', async function () {
    const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-empty' }]), { signal: AbortSignal.abort() });
    expect(outcome.status).to.equal('cancelled');
    expect(outcome.steps[0]!.status).to.equal('skipped');
  });

  it('runs the next job normally after cancellations', async function () {
    const outcome = await engine.run(request(workspace.root, [{ capability: 'analysis.test-slow', input: { ms: 10 } }]));
    expect(outcome.status).to.equal('succeeded');
    expect(outcome.steps[0]!.summary).to.equal('waited 10 ms');
  });
});
