import { expect } from 'chai';
import { startTestDaemon, type TestDaemon } from '../support/daemon-harness.js';
import { del, get, post, readSse, waitForStatus } from '../support/http-client.js';

/** The spec promises a running step stops within one second; allow scheduling noise on a shared machine. */
const SETTLE_BOUND_MS = 1500;

describe('daemon cancellation', function () {
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ configure: (config) => (config.server.maxConcurrent = 1) });
  });
  after(async () => {
    await t.close();
  });

  async function cancelRunning(capability: string, input: unknown): Promise<void> {
    const id = (await post(t.url, '/jobs', { capability, input })).body.id;
    await waitForStatus(t.url, id, ['running']);
    const events = readSse(t.url, `/jobs/${id}/events`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the step get going
    const started = Date.now();
    const reply = await del(t.url, `/jobs/${id}`);
    expect(reply.status).to.equal(200);
    expect(reply.body.status).to.equal('cancelled');
    const done = (await events).at(-1)!;
    expect(Date.now() - started).to.be.below(SETTLE_BOUND_MS);
    expect(done.event).to.equal('done');
    expect(done.data.status).to.equal('cancelled');
    const job = (await get(t.url, `/jobs/${id}`)).body;
    expect(job.status).to.equal('cancelled');
    expect(job.error.code).to.equal('cancelled');
    expect(job.steps[0].status).to.equal('cancelled');
    // The slot is free again: the next job runs.
    const next = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    expect((await waitForStatus(t.url, next, ['succeeded', 'failed'])).status).to.equal('succeeded');
  }

  it('cancels a running job that waits, and it settles as cancelled within a second', async () => {
    await cancelRunning('analysis.test-slow', { ms: 60000 });
  });

  it('cancels a running job that loops forever on the CPU, and it settles within a second', async () => {
    await cancelRunning('analysis.test-loop-forever', {});
  });

  it('cancels a queued job, which then never runs', async () => {
    const blocker = (await post(t.url, '/jobs', { capability: 'analysis.test-slow', input: { ms: 300 } })).body.id;
    const waiting = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    const reply = await del(t.url, `/jobs/${waiting}`);
    expect(reply.status).to.equal(200);
    expect(reply.body).to.include({ status: 'cancelled', attempts: 0, startedAt: null });
    await waitForStatus(t.url, blocker, ['succeeded']);
    const after = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    await waitForStatus(t.url, after, ['succeeded']);
    const job = (await get(t.url, `/jobs/${waiting}`)).body;
    expect(job).to.include({ status: 'cancelled', attempts: 0, startedAt: null });
    expect(job.steps[0].status).to.equal('pending');
  });

  it('refuses to cancel a finished job with 409 job_finished', async () => {
    const id = (await post(t.url, '/jobs', { capability: 'analysis.test-empty' })).body.id;
    await waitForStatus(t.url, id, ['succeeded']);
    const reply = await del(t.url, `/jobs/${id}`);
    expect(reply.status).to.equal(409);
    expect(reply.body.error.code).to.equal('job_finished');
  });

  it('counts cancelled jobs in agentd_jobs_total', async () => {
    const text = (await get(t.url, '/metrics')).body as string;
    expect(text).to.include('agentd_jobs_total{status="cancelled"} 3');
  });
});
