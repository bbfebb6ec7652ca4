import { expect } from 'chai';
import path from 'node:path';
import type { TestDaemon } from '../support/daemon-harness.js';
import { agentDaemon, followUp, snapshot, submitTask } from './agent-support.js';

/**
 * maxToolCalls is the task job's limit: planning, the plan's steps and verification run as separate
 * engine runs, and together they may not use more than the job's limit. Each test first measures what
 * the task needs with a generous limit, then runs it again with one call less.
 */
describe('daemon/agent: limits.maxToolCalls holds for the whole task job, not for each run inside it', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('legacy-js-package', { linkNodeModules: true });
  });
  after(async () => {
    await t.close();
  });

  it("an analysis task never uses more tool calls than the job allows, and fails with the job's own limit when it runs out", async () => {
    const measured = await submitTask(t, 'find code smells', { limits: { maxToolCalls: 100 } });
    expect(measured.status).to.equal('succeeded');
    const needed = measured.usage.toolCalls;
    // Planning (indexing the project) and the smells step both read files.
    expect(needed).to.be.greaterThan(2);
    const outcomes: string[] = [];
    for (let limit = 1; limit < needed; limit++) {
      const job = await submitTask(t, 'find code smells', { limits: { maxToolCalls: limit } });
      outcomes.push(job.status);
      expect(job.usage.toolCalls, `limit ${limit}`).to.be.at.most(limit);
      if (job.status === 'failed') {
        expect(job.error).to.deep.include({ code: 'tool_call_limit' });
        expect(job.error!.message).to.include(`all ${limit} tool calls of limits.maxToolCalls`);
      }
    }
    expect(outcomes).to.include('failed');
  });

  it('an approved change whose verification would pass the limit is not written, and the job says why', async () => {
    const root = path.join(t.workspace, 'project');
    const staged = await submitTask(t, 'rename padLeft to padTo', { limits: { maxToolCalls: 100 } });
    expect(staged.status).to.equal('awaiting_approval');
    const stagingCalls = staged.usage.toolCalls;
    // Enough for planning and staging, none left for verification.
    const before = await snapshot(root);
    const tight = await submitTask(t, 'rename padLeft to padTo', { limits: { maxToolCalls: stagingCalls } });
    expect(tight.status).to.equal('awaiting_approval');
    const approved = await followUp(t, tight.id, { action: 'approve' });
    expect(approved.status).to.equal('failed');
    expect(approved.error).to.deep.include({ code: 'tool_call_limit' });
    expect(approved.turns.at(-1)!.message).to.include('The workspace is unchanged.');
    expect(await snapshot(root)).to.deep.equal(before);
  });
});
