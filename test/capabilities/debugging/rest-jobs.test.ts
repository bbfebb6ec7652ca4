import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startTestDaemon, FIXTURES, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { post, waitForStatus } from '../../daemon/support/http-client.js';
import type { JobRecord } from '../../../daemon/jobs/job-record.js';

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
    expect(data.location).to.deep.equal({
      file: 'src/orders.ts',
      line: 16,
      column: 23,
      generated: { file: 'lib/orders.js', line: 4, column: 24 },
    });
    expect(data.category).to.equal('null-access');
    expect(job.result!.findings[0]).to.deep.include({ ruleId: 'debugging/null-access', file: 'src/orders.ts' });
  });

  it('refuses an input the schema does not accept with a JSON error', async () => {
    const submitted = await post(t.url, '/jobs', {
      capability: 'debugging.diagnose',
      workspace: 'project',
      input: { error: crash, stack: 'x' },
    });
    expect(submitted.status).to.equal(422);
    expect(submitted.body.error.code).to.equal('invalid_input');
  });

  it('plans "why does this throw?" with a pasted log as diagnose then explain, and runs both', async () => {
    const submitted = await post(t.url, '/jobs', { task: `why does this throw?\n${crash}`, workspace: 'project' });
    expect(submitted.status).to.equal(202);
    const job = await waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed', 'awaiting_approval'], 120_000);
    expect(job.plan!.steps.map((s) => [s.capability, s.available])).to.deep.equal([
      ['debugging.diagnose', true],
      ['debugging.explain', true],
    ]);
    expect(job.status).to.equal('succeeded');
    expect(job.steps.map((s) => s.status)).to.deep.equal(['succeeded', 'succeeded']);
    expect(job.steps[0]!.summary).to.include('src/orders.ts:16:23');
    expect(job.steps[1]!.summary).to.match(/^Reading a property of undefined\/null \[null-access\]/);
  });
});

describe('debugging tasks through the agent over REST (real daemon, type-errors sample)', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  before(async () => {
    t = await startTestDaemon({ fixture: 'debugging-samples/type-errors' });
  });
  after(async () => {
    await t.close();
  });
  const task = async (text: string): Promise<JobRecord> => {
    const submitted = await post(t.url, '/jobs', { task: text, workspace: 'project' });
    expect(submitted.status).to.equal(202);
    return waitForStatus(t.url, submitted.body.id, ['succeeded', 'failed', 'awaiting_approval'], 120_000);
  };

  it('"type-check the project" runs debugging.typecheck over both tsconfig projects', async () => {
    const job = await task('type-check the project');
    expect(job.plan!.steps.map((s) => s.capability)).to.deep.equal(['debugging.typecheck']);
    expect(job.status).to.equal('succeeded');
    expect(job.steps[0]!.summary).to.match(/^5 type error\(s\) in 5 file\(s\) across 2 tsconfig project\(s\)/);
  });

  it('"who calls cartTotal?" runs debugging.trace', async () => {
    const job = await task('who calls cartTotal?');
    expect(job.plan!.steps.map((s) => [s.capability, s.input.symbol])).to.deep.equal([['debugging.trace', 'cartTotal']]);
    expect(job.status).to.equal('succeeded');
    expect(job.steps[0]!.summary).to.include('cartLabel (src/cart.ts:14) → cartTotal');
  });

  it('"fix the type errors" stages verified fixes for approval, and approve writes them after refactoring.verify', async () => {
    const root = path.join(t.workspace, 'project');
    const before = await readFile(path.join(root, 'src/cart.ts'), 'utf8');
    const job = await task('fix the type errors');
    expect(job.status).to.equal('awaiting_approval');
    expect(job.plan!.steps.map((s) => s.capability)).to.deep.equal(['debugging.fix', 'refactoring.verify']);
    expect(job.steps[0]!.status).to.equal('succeeded');
    expect(job.result!.changes.map((c) => c.path).sort()).to.deep.equal(['src/cart.ts', 'src/stats.ts', 'src/users.ts']);
    expect(await readFile(path.join(root, 'src/cart.ts'), 'utf8'), 'nothing is written before approval').to.equal(before);
    const reply = await post(t.url, `/jobs/${job.id}/followup`, { action: 'approve' });
    expect(reply.status).to.equal(202);
    const done = await waitForStatus(t.url, job.id, ['succeeded', 'failed'], 120_000);
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    expect(done.steps.find((s) => s.capability === 'refactoring.verify')!.status).to.equal('succeeded');
    expect(await readFile(path.join(root, 'src/cart.ts'), 'utf8')).to.include("import { formatCount, formatPrice } from './format.js';");
    expect(await readFile(path.join(root, 'src/users.ts'), 'utf8')).to.include('const user = await fetchUser(id);');
  });
});
