import { expect } from 'chai';
import path from 'node:path';
import type { TestDaemon } from '../support/daemon-harness.js';
import { agentDaemon, snapshot, submitTask } from './agent-support.js';

/**
 * "run the tests" plans testing.run alone: the step is the check the task asks for, so it runs on the
 * project as it is (in a temp copy, in the sandbox), with nothing staged and nothing written.
 */
describe('daemon/agent: a plan whose only built step is the verification runs it', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('legacy-js-package', { linkNodeModules: true });
  });
  after(async () => {
    await t.close();
  });

  it('"run the tests" runs the package tests and reports them, instead of "nothing ran"', async () => {
    const root = path.join(t.workspace, 'project');
    const before = await snapshot(root);
    const job = await submitTask(t, 'run the tests');
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.plan!.steps.map((step) => [step.capability, step.available])).to.deep.equal([['testing.run', true]]);
    expect(job.steps).to.have.length(1);
    expect(job.steps[0]).to.include({ capability: 'testing.run', status: 'succeeded' });
    expect(job.steps[0]!.summary).to.match(/^mocha \(mocha\): 19 test\(s\), 19 passed, 0 failed in [\d.]+ s\.$/);
    expect(job.turns.at(-1)!.message).to.include('Steps: 1 run, 0 skipped');
    expect(job.turns.at(-1)!.message).not.to.include('Nothing ran');
    expect(await snapshot(root)).to.deep.equal(before);
  });
});
