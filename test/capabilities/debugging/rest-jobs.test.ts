import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, FIXTURES, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';

describe('debugging capabilities over REST (real daemon)', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  let crash: string;
  before(async () => {
    t = await startTestDaemon({ fixture: 'debugging-samples/shop-api' });
    crash = await readFile(path.join(FIXTURES, 'debugging-samples/shop-api/captured-logs/report-crash.txt'), 'utf8');
  });
  after(async () => {
    await t.close();
  });

  it('runs a debugging.diagnose job on a captured crash log: the TypeScript line through the source map', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'debugging.diagnose', workspace: 'project', input: { error: crash } });
    expect(submitted.status).to.equal(202);
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed']);
    expect(job.error).to.equal(null);
    expect(job.steps[0]).to.include({ capability: 'debugging.diagnose', status: 'succeeded' });
    const data = (job.result!.data as { location: unknown; category: string }[])[0]!;
    expect(data.location).to.deep.equal({ file: 'src/orders.ts', line: 16, column: 23, generated: { file: 'lib/orders.js', line: 4, column: 24 } });
    expect(data.category).to.equal('null-access');
    expect(job.result!.findings[0]).to.deep.include({ ruleId: 'debugging/null-access', file: 'src/orders.ts' });
  });

  it('refuses an input the schema does not accept with a JSON error', async () => {
    const submitted = await post(t.url, '/jobs', { capability: 'debugging.diagnose', workspace: 'project', input: { error: crash, stack: 'x' } });
    expect(submitted.status).to.equal(422);
    expect(submitted.body.error.code).to.equal('invalid_input');
  });

  it('plans "why does this throw?" with a pasted log as diagnose then explain, and runs both', async () => {
    const submitted = await post(t.url, '/jobs', { task: `why does this throw?\n${crash}`, workspace: 'project' });
    expect(submitted.status).to.equal(202);
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed', 'awaiting_approval'], 120_000);
    expect(job.plan!.steps.map((s) => [s.capability, s.available])).to.deep.equal([['debugging.diagnose', true], ['debugging.explain', true]]);
    expect(job.status).to.equal('succeeded');
    expect(job.steps.map((s) => s.status)).to.deep.equal(['succeeded', 'succeeded']);
    expect(job.steps[0]!.summary).to.include('src/orders.ts:16:23');
    expect(job.steps[1]!.summary).to.match(/^Reading a property of undefined\/null \[null-access\]/);
  });
});
