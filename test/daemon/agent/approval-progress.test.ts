/**
 * An approval continues the run that staged the changes: it does not count as another attempt, and the
 * job's progress, as a client reads it over SSE from submission to `done`, never goes backwards.
 */
import { expect } from 'chai';
import type { TestDaemon } from '../support/daemon-harness.js';
import { get, post, readSse, waitForStatus, type SseEvent } from '../support/http-client.js';
import { agentDaemon, SETTLED } from './agent-support.js';

function percents(events: SseEvent[]): number[] {
  return events.filter((event) => event.event === 'progress').map((event) => event.data.percent as number);
}

function expectNeverBackwards(values: number[]): void {
  values.forEach((value, i) => {
    if (i > 0) expect(value, `progress ${values.join(' -> ')}`).to.be.at.least(values[i - 1]!);
  });
}

describe('daemon/agent: approval keeps attempts and progress only goes forward (HTTP + SSE)', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('legacy-js-package', { linkNodeModules: true });
  });
  after(async () => t?.close());

  it('stage -> awaiting_approval -> approve -> verified and written: one attempt, progress never decreases on one SSE stream', async () => {
    const submitted = await post(t.url, '/jobs', { task: 'rename fullName to displayName', workspace: 'project' });
    expect(submitted.status).to.equal(202);
    const id = submitted.body.id as string;
    let approved = false;
    // One stream from the submission to the end: it stays open while the job waits for approval.
    const events = await readSse(
      t.url,
      `/jobs/${id}/events`,
      (event) => {
        if (!approved && event.event === 'status' && event.data.status === 'awaiting_approval') {
          approved = true;
          void post(t.url, `/jobs/${id}/followup`, { action: 'approve' });
        }
        return event.event === 'done';
      },
      { timeoutMs: 240_000 },
    );
    expect(approved, 'the stream saw awaiting_approval').to.equal(true);
    expect(events.at(-1)!.data.status, JSON.stringify(events.at(-1)!.data)).to.equal('succeeded');
    const seen = percents(events);
    expect(seen.length).to.be.greaterThan(2);
    expectNeverBackwards(seen);
    const job = (await get(t.url, `/jobs/${id}`)).body;
    expect(job.status).to.equal('succeeded');
    expect(job.attempts, 'the approval is not another attempt').to.equal(1);
    expect(job.progress.percent).to.equal(100);
    expect(job.steps.map((step: { status: string }) => step.status)).to.deep.equal(['succeeded', 'succeeded']);
  });

  it('while awaiting approval the record shows the verification still to come, not 100 %', async () => {
    const submitted = await post(t.url, '/jobs', { task: 'rename padLeft to leftPad', workspace: 'project' });
    const job = await waitForStatus(t.url, submitted.body.id, SETTLED, 120_000);
    expect(job.status).to.equal('awaiting_approval');
    expect(job.progress).to.include({ completedSteps: 1, totalSteps: 2, percent: 50, message: 'awaiting approval' });
    expect(job.attempts).to.equal(1);
    // A follow-up message is new work: that one is another attempt.
    const refined = await post(t.url, `/jobs/${job.id}/followup`, { message: 'call it padStartWith instead' });
    expect(refined.status).to.equal(202);
    expect(refined.body.status).to.equal('queued');
    const restaged = await waitForStatus(t.url, job.id, ['awaiting_approval', 'failed'], 120_000);
    expect(restaged.attempts).to.equal(2);
    await post(t.url, `/jobs/${job.id}/followup`, { action: 'reject' });
  });

  it('auto mode: stage, verify and apply in one run whose progress never decreases', async () => {
    const submitted = await post(t.url, '/jobs', { task: 'rename quoted to inQuotes', workspace: 'project', mode: 'auto' });
    const events = await readSse(t.url, `/jobs/${submitted.body.id}/events`, undefined, { timeoutMs: 240_000 });
    expect(events.at(-1)!.data.status).to.equal('succeeded');
    expectNeverBackwards(percents(events));
    expect((await get(t.url, `/jobs/${submitted.body.id}`)).body.attempts).to.equal(1);
  });
});
