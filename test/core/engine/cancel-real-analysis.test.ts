import { expect } from 'chai';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';
import { DEFAULT_LIMITS, type RunOutcome } from '../../../core/contracts/index.js';

/**
 * Cancelling a step busy in tree-sitter must not take other jobs down: terminating a thread inside
 * tree-sitter's native code aborts the whole executor process, so a cancelled analysis has to stop
 * itself (the shared stop flag polled at every tool call and memo) instead of being terminated.
 */
describe('pipeline engine: cancelling a real analysis spares the jobs beside it', function () {
  this.timeout(180_000);
  const eslintLib = path.join(path.dirname(createRequire(import.meta.url).resolve('eslint/package.json')), 'lib');
  let engine: PipelineEngine;
  let base: string;

  before(async function () {
    base = await mkdtemp(path.join(os.tmpdir(), 'agentd-cancel-real-'));
    engine = createEngine({ registry: await loadRegistry({ roots: defaultRoots() }), poolOptions: { maxThreads: 3 } });
  });
  after(async () => {
    await engine.close();
    await rm(base, { recursive: true, force: true });
  });

  /** A fresh copy per round, so every round parses cold (the parse cache is keyed by absolute path). */
  async function freshRoot(round: number): Promise<string> {
    const root = path.join(base, `round-${round}`);
    await cp(eslintLib, path.join(root, 'lib'), { recursive: true });
    return root;
  }

  const job = (root: string, jobId: string, signal?: AbortSignal): Promise<RunOutcome> =>
    engine.run(
      {
        jobId,
        root,
        apply: false,
        limits: { ...DEFAULT_LIMITS, maxExecutionTimeMin: 3 },
        steps: [{ capability: 'analysis.complexity' }, { capability: 'analysis.duplication' }, { capability: 'analysis.smells' }],
      },
      { signal },
    );

  it('cancels one of three running jobs within a second and the other two succeed', async () => {
    for (let round = 0; round < 4; round++) {
      const root = await freshRoot(round);
      const controller = new AbortController();
      const runs = [job(root, `keep-a-${round}`), job(root, `cancel-${round}`, controller.signal), job(root, `keep-b-${round}`)];
      // Early enough to land while the three threads are still parsing (the dangerous moment).
      await new Promise((resolve) => setTimeout(resolve, 150 + round * 100));
      const abortedAt = Date.now();
      controller.abort();
      const cancelled = await runs[1]!;
      const settleMs = Date.now() - abortedAt;
      const [a, b] = await Promise.all([runs[0]!, runs[2]!]);
      expect(cancelled.status, `round ${round}`).to.be.oneOf(['cancelled', 'succeeded']);
      if (cancelled.status === 'cancelled') expect(settleMs, `round ${round} settle`).to.be.below(1000);
      expect([a.status, a.error?.code, b.status, b.error?.code], `round ${round}`).to.deep.equal([
        'succeeded',
        undefined,
        'succeeded',
        undefined,
      ]);
    }
  });
});
