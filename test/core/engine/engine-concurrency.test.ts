import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';
import { loadTestRegistry, makeWorkspace, request } from './engine-harness.js';

/**
 * Jobs the daemon runs at once (server.maxConcurrent, 3 by default) must each get a worker thread at
 * once: a step queued inside the pool would count as running while it waits, and its wall clock would
 * tick. Each rendezvous step waits for the others; one queued behind a busy pool never meets them.
 */
describe('pipeline engine: concurrent jobs', function () {
  this.timeout(60_000);
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let markers: string;

  before(async function () {
    workspace = await makeWorkspace({ 'a.txt': 'a\n' });
    markers = await mkdtemp(join(tmpdir(), 'agentd-rendezvous-'));
    // The engine's own default pool, as the daemon creates it.
    engine = createEngine({ registry: await loadTestRegistry(), poolOptions: { warmMemoryMB: [256] } });
    await engine.start();
  });
  after(async function () {
    await engine.close();
    await workspace.cleanup();
    await rm(markers, { recursive: true, force: true });
  });

  it('runs the steps of four concurrent jobs at the same time on the default pool', async function () {
    const jobs = 4;
    const step = { capability: 'analysis.test-rendezvous', input: { dir: markers, expect: jobs, waitMs: 15_000 } };
    const outcomes = await Promise.all(Array.from({ length: jobs }, () => engine.run(request(workspace.root, [step]))));
    for (const outcome of outcomes) {
      expect(outcome.status, JSON.stringify(outcome.error)).to.equal('succeeded');
      expect(outcome.steps[0]!.result!.data).to.deep.include({ met: true });
    }
  });
});
