/**
 * The testing capabilities through a real daemon (REST, queue, executor, sandbox) on the mocha fixture:
 * a testing.run job with per-test data, the agent's "what is the coverage" and "which code is untested"
 * plans running testing.coverage and testing.gaps, and a job without the project-code permission ending
 * incomplete with the tests listed as not run.
 */
import { expect } from 'chai';
import type { TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';
import { agentDaemon, SETTLED, submitTask } from '../../daemon/agent/agent-support.js';

describe('capabilities/testing over REST and the agent', function () {
  this.timeout(240_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('testing/mocha-project', { linkNodeModules: true });
  });
  after(async () => t?.close());

  const job = async (body: Record<string, unknown>): Promise<Awaited<ReturnType<typeof waitForStatus>>> => {
    const submitted = await post(t.url, '/jobs', { workspace: 'project', ...body });
    expect(submitted.status, JSON.stringify(submitted.body)).to.equal(202);
    return waitForStatus(t.url, submitted.body.id, SETTLED, 180_000);
  };

  it('POST /jobs testing.run with a title filter: succeeded, each test in the step data', async () => {
    const done = await job({ capability: 'testing.run', input: { title: 'lineTotal' } });
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    const data = (done.result as { data: { totals: unknown; tests: { id: string }[] }[] }).data[0]!;
    expect(data.totals).to.deep.equal({ passed: 2, failed: 0, skipped: 0, todo: 0 });
    expect(data.tests.map((x) => x.id)).to.deep.equal([
      'test/cart.test.js › cart lineTotal multiplies price by quantity',
      'test/cart.test.js › cart lineTotal refuses a negative quantity',
    ]);
  });

  it('without the project-code permission the job ends incomplete and names the tests as not run', async () => {
    const done = await job({ capability: 'testing.run', allowProjectCode: false });
    expect(done.status).to.equal('incomplete');
    expect((done as unknown as { notRun: { capability: string; reason: string }[] }).notRun).to.deep.equal([
      {
        index: 0,
        capability: 'testing.run',
        reason:
          'tests not run: project code not allowed ("mocha test/**/*.test.js" runs the project\'s code; allow project code for this workspace to run it)',
      },
    ]);
  });

  it('the agent: "what is the coverage" runs testing.coverage, "which code is untested" runs testing.gaps', async () => {
    const coverage = await submitTask(t, 'what is the coverage');
    expect(coverage.plan!.steps.map((s) => [s.capability, s.available])).to.deep.equal([['testing.coverage', true]]);
    expect(coverage.status, JSON.stringify(coverage.error)).to.equal('succeeded');
    expect(coverage.steps[0]!.summary).to.match(/^Coverage of 2 file\(s\) under mocha test\/\*\*\/\*\.test\.js: statements/);
    const gaps = await submitTask(t, 'which code is untested');
    expect(gaps.plan!.steps.map((s) => s.capability)).to.deep.equal(['testing.gaps']);
    expect(gaps.status, JSON.stringify(gaps.error)).to.equal('succeeded');
    expect(gaps.steps[0]!.summary).to.match(/^1 exported function\(s\) no test reaches/);
    expect(gaps.steps[0]!.summary).to.include('freeShipping in lib/shipping.js:7');
  });
});
