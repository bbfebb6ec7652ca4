import { expect } from 'chai';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

/**
 * Limits and crashes. Every failure is followed by a normal job on the same engine, proving the pool
 * (or the restarted executor) runs the next job. The engine's executor is forked while NODE_OPTIONS
 * carries --max-old-space-size, which would silently disable worker memory limits if inherited.
 */
describe('pipeline engine: limits and crashes', function () {
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;

  async function expectNextJobSucceeds(): Promise<void> {
    const next = await engine.run(request(workspace.root, [{ capability: 'analysis.test-reader', input: { path: 'a.txt' } }]));
    expect(next.status, JSON.stringify(next.error)).to.equal('succeeded');
    expect(next.steps[0]!.result?.data).to.deep.include({ content: 'a\n' });
  }

  before(async function () {
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = `${saved ?? ''} --max-old-space-size=4096`.trim();
    try {
      engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { warmMemoryMB: [64] } });
      await engine.start();
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
  });
  after(async function () {
    await engine.close();
    await workspace.cleanup();
  });

  it('gives a worker the heap limit of maxMemoryMB even though NODE_OPTIONS asked for 4096 MB', async function () {
    const outcome = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-heap-limit' }], { limits: { maxMemoryMB: 64 } }),
    );
    const { heapLimitMB } = outcome.steps[0]!.result!.data as { heapLimitMB: number };
    // V8 adds the young generation on top of maxOldGenerationSizeMb; 4096 would mean the flag leaked through.
    expect(heapLimitMB).to.be.at.least(64).and.below(256);
  });

  it('fails a flood of small allocations with memory_limit, then runs the next job', async function () {
    const outcome = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-alloc-flood' }], { limits: { maxMemoryMB: 64 } }),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('memory_limit');
    expect(outcome.error!.message).to.contain('analysis.test-alloc-flood').and.to.contain('64 MB');
    await expectNextJobSucceeds();
  });

  it('fails one huge allocation with capability_crashed, restarts the executor, then runs the next job', async function () {
    const pidBefore = engine.executor.pid;
    const restartsBefore = engine.executor.restarts;
    const outcome = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-alloc-huge' }], { limits: { maxMemoryMB: 64 } }),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('capability_crashed');
    expect(outcome.error!.message).to.contain('analysis.test-alloc-huge');
    await expectNextJobSucceeds();
    expect(engine.executor.restarts).to.equal(restartsBefore + 1);
    expect(engine.executor.pid).to.be.a('number').and.not.equal(pidBefore);
  });

  it('fails a step that calls process.exit with capability_crashed, runs the independent step after it, then the next job', async function () {
    const pidBefore = engine.executor.pid;
    const outcome = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-exits' }, { capability: 'analysis.test-empty' }]),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('capability_crashed');
    expect(outcome.error!.message).to.contain('analysis.test-exits');
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['failed', 'succeeded']);
    // process.exit in a worker ends only that thread: the executor process lives on.
    expect(engine.executor.pid).to.equal(pidBefore);
    await expectNextJobSucceeds();
  });

  it("fails a loop that never yields with time_limit when the job's wall clock runs out, then runs the next job", async function () {
    // 0.01 min = 600 ms
    const outcome = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-loop-forever' }, { capability: 'analysis.test-empty' }], {
        limits: { maxExecutionTimeMin: 0.01 },
      }),
    );
    expect(outcome.status).to.equal('failed');
    expect(outcome.error!.code).to.equal('time_limit');
    expect(outcome.steps.map((step) => step.status)).to.deep.equal(['failed', 'skipped']);
    expect(outcome.steps[1]!.summary).to.match(/^skipped: .*time limit/);
    await expectNextJobSucceeds();
  });

  it('fails every step in flight with capability_crashed when the executor dies, and runs later jobs normally', async function () {
    let markRunning!: () => void;
    const running = new Promise<void>((resolve) => (markRunning = resolve));
    // Far longer than the crash can take on a loaded machine: the step must still be running when the executor dies.
    const bystander = engine.run(request(workspace.root, [{ capability: 'analysis.test-slow', input: { ms: 120_000 } }]), {
      onEvent: (event) => event.type === 'step' && event.status === 'running' && markRunning(),
    });
    await running;
    const crasher = await engine.run(
      request(workspace.root, [{ capability: 'analysis.test-alloc-huge' }], { limits: { maxMemoryMB: 64 } }),
    );
    const inFlight = await bystander;
    expect(crasher.error!.code).to.equal('capability_crashed');
    expect(inFlight.status).to.equal('failed');
    expect(inFlight.error!.code).to.equal('capability_crashed');
    expect(inFlight.error!.message).to.contain('analysis.test-slow');
    await expectNextJobSucceeds();
  });
});
