import { expect } from 'chai';
import type { EngineEvent } from '../../../core/index.js';
import { toPlanProgress } from '../../../daemon/agent/plan-progress.js';
import type { JobEvent } from '../../../daemon/events/job-events.js';
import type { TestDaemon } from '../support/daemon-harness.js';
import { agentDaemon, submitTask } from './agent-support.js';

type ProgressEvent = Extract<EngineEvent, { type: 'progress' }>;
const progress = (completedSteps: number, totalSteps: number, percent: number, message: string): ProgressEvent => ({
  type: 'progress',
  completedSteps,
  totalSteps,
  percent,
  message,
  at: '2026-01-01T00:00:00.000Z',
});

describe("daemon/agent: progress counted in the plan's steps, not the run's", function () {
  this.timeout(180_000);

  it('maps a staging run that covers steps 0 and 2 of a 4-step plan onto the plan', () => {
    const indices = [0, 2];
    expect(toPlanProgress(progress(0, 2, 25, 'step 0 at 50%'), indices, 4)).to.include({
      completedSteps: 0,
      totalSteps: 4,
      percent: 12.5,
      message: 'step 1/4 at 50%',
    });
    // Run step 1 is plan step 2: plan step 1 (not built, skipped) counts as done before it.
    expect(toPlanProgress(progress(1, 2, 50, 'step 0 (analysis.structure) done'), indices, 4)).to.include({
      completedSteps: 2,
      totalSteps: 4,
      percent: 50,
      message: 'step 1/4 (analysis.structure) done',
    });
    expect(toPlanProgress(progress(2, 2, 100, 'step 1 (analysis.security) done'), indices, 4)).to.include({
      completedSteps: 4,
      totalSteps: 4,
      percent: 100,
      message: 'step 3/4 (analysis.security) done',
    });
  });

  it('maps the verify run (one step) onto the verify step of the plan', () => {
    expect(toPlanProgress(progress(0, 1, 0, 'verifying'), [1], 2)).to.include({
      completedSteps: 1,
      totalSteps: 2,
      percent: 50,
      message: 'verifying',
    });
  });

  describe('over REST, a build task some of whose parts are not built yet', () => {
    let t: TestDaemon;
    before(async () => {
      t = await agentDaemon('express-ts-api');
    });
    after(async () => {
      await t.close();
    });

    it("reports progress out of all the plan's steps, and suggests nothing that does not apply to a build", async () => {
      const seen: JobEvent[] = [];
      const stop = t.daemon.bus.subscribeAll((event) => seen.push(event));
      let job;
      try {
        // "without docs" and auto: the built parts apply (api-route writes new invoices files), testing.integration does not start TypeScript apps yet (its step is not run): incomplete; "without docs" leaves the documentation and examples steps out.
        job = await submitTask(t, 'add a REST endpoint for invoices without docs', { mode: 'auto' });
      } finally {
        stop();
      }
      expect(job.status).to.equal('incomplete');
      const planned = job.plan!.steps.length;
      expect(planned).to.be.greaterThan(1);
      const totals = seen
        .filter((event) => event.jobId === job.id && event.type === 'progress')
        .map((event) => (event as { totalSteps: number }).totalSteps);
      expect(totals.length, 'the structure step reports progress').to.be.greaterThan(0);
      expect(new Set(totals)).to.deep.equal(new Set([planned]));
      const next = job.turns
        .at(-1)!
        .message.split('\n')
        .find((line) => line.startsWith('Next: '));
      // The applied parts are on disk: the suggestion is to review and commit them.
      expect(next).to.equal('Next: review the diff in your editor and commit it.');
    });
  });
});
