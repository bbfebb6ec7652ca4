/**
 * A plan with steps whose capability is not built ends `incomplete` (never `succeeded`): the REST
 * record lists the steps that did not run, the SSE `done` event carries the same list, GET /jobs
 * filters on the status and /stats counts it.
 */
import { expect } from 'chai';
import type { TestDaemon } from '../support/daemon-harness.js';
import { get, post, readSse } from '../support/http-client.js';
import { agentDaemon, submitTask } from './agent-support.js';

describe('daemon/agent: a plan whose steps did not all run ends incomplete', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('express-ts-api');
  });
  after(async () => t?.close());

  it('records status incomplete with the steps not run and why, over REST and in the SSE done event', async () => {
    // Without the project-code permission testing.e2e starts nothing: its generation does not run.
    const submitted = await post(t.url, '/jobs', { task: 'write end-to-end tests with playwright', workspace: 'project' });
    expect(submitted.status).to.equal(202);
    expect(submitted.body.notRun).to.deep.equal([]);
    const events = await readSse(t.url, `/jobs/${submitted.body.id}/events`, undefined, { timeoutMs: 120_000 });
    const done = events.at(-1)!;
    expect(done.event).to.equal('done');
    const { body: job } = await get(t.url, `/jobs/${submitted.body.id}`);
    expect(job.status).to.equal('incomplete');
    expect(job.error).to.equal(null);
    expect(job.plan.steps.every((step: { available: boolean }) => step.available)).to.equal(true);
    expect(job.notRun).to.deep.equal([
      {
        index: 0,
        capability: 'testing.e2e',
        reason: "generation not run: project code not allowed (the project's server is started and its pages opened in Chromium)",
      },
    ]);
    expect(done.data).to.deep.include({ status: 'incomplete', notRun: job.notRun });
    expect(job.turns.at(-1).message).to.include(`Incomplete: ${job.notRun.length} planned step(s) did not run`);
    expect(job.progress.message).to.match(/did not run$/);

    const listed = (await get(t.url, '/jobs?status=incomplete')).body as { id: string; status: string }[];
    expect(listed.map((row) => row.id)).to.include(job.id);
    expect(listed.every((row) => row.status === 'incomplete')).to.equal(true);
    const stats = (await get(t.url, '/stats')).body;
    expect(stats.incomplete).to.be.at.least(1);
    const openapi = (await get(t.url, '/openapi.json')).body;
    expect(openapi.components.schemas.Job.properties.status.enum).to.include('incomplete');
    expect(openapi.components.schemas.Job.required).to.include('notRun');
  });

  it('a plan whose steps all ran still succeeds, with an empty notRun', async () => {
    const job = await submitTask(t, 'audit security of src');
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.notRun).to.deep.equal([]);
  });
});
