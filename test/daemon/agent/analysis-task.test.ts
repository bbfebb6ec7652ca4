import { expect } from 'chai';
import type { TestDaemon } from '../support/daemon-harness.js';
import { get, post } from '../support/http-client.js';
import { agentDaemon, followUp, submitTask } from './agent-support.js';
import { loadHistory } from '../../../daemon/jobs/job-result-parts.js';
import { PLAN_STEP_ID } from '../../../daemon/agent/plan-step.js';

const RANK = { info: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;

describe('daemon/agent: analysis tasks, questions and unsupported tasks over REST', function () {
  this.timeout(180_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('vulnerable-app');
  });
  after(async () => {
    await t.close();
  });

  it('"audit the security of this project" records the plan, succeeds with findings and ends with a summary turn', async () => {
    const job = await submitTask(t, 'audit the security of this project');
    expect(job.status).to.equal('succeeded');
    expect(job.plan!.intent).to.equal('audit-security');
    expect(job.plan!.steps.map((step) => step.capability)).to.deep.equal(['analysis.security']);
    expect(job.steps.map((step) => [step.capability, step.status])).to.deep.equal([['analysis.security', 'succeeded']]);
    expect(job.result!.findings.length).to.be.greaterThan(0);
    expect(job.result!.changes).to.deep.equal([]);
    const last = job.turns.at(-1)!;
    expect(last.role).to.equal('agent');
    expect(last.message).to.include(`${job.result!.findings.length} finding(s)`).and.include('Changed files: none').and.include('Next:');
    expect(job.question).to.equal(null);
  });

  it('a follow-up "only high severity" refines the previous plan and result, and the run sees the earlier results', async () => {
    const first = await submitTask(t, 'audit the security of this project');
    const lower = first.result!.findings.filter((finding) => RANK[finding.severity] < RANK.high);
    expect(lower.length, 'the fixture has findings below high to drop').to.be.greaterThan(0);
    const refined = await followUp(t, first.id, { message: 'only high severity' });
    expect(refined.status).to.equal('succeeded');
    expect(refined.plan!.filters).to.deep.equal({ minSeverity: 'high' });
    expect(refined.plan!.steps.map((step) => step.capability)).to.deep.equal(['analysis.security']);
    const kept = first.result!.findings.filter((finding) => RANK[finding.severity] >= RANK.high);
    expect(refined.result!.findings).to.have.length(kept.length);
    expect(refined.result!.findings.every((finding) => RANK[finding.severity] >= RANK.high)).to.equal(true);
    expect(refined.turns.map((turn) => turn.role)).to.deep.equal(['user', 'agent', 'user', 'agent']);
    expect(refined.turns.at(-1)!.message).to.include('severity high and above');
    // The session's earlier step results (kept beside the record) are what RunRequest.previous hands the refined run.
    const stored = await t.daemon.store.get(first.id);
    expect(await loadHistory(t.daemon.store, stored!)).to.have.length(2);
  });

  it('an unclear task gets a question with options; answering it produces a plan that runs', async () => {
    const asked = await submitTask(t, 'make it better');
    expect(asked.status).to.equal('succeeded');
    expect(asked.plan).to.equal(null);
    expect(asked.question!.options).to.include('audit security');
    expect(asked.result!.summary).to.equal(asked.question!.message);
    expect(asked.turns.at(-1)!.message).to.include(asked.question!.message).and.include('audit security');
    const answered = await followUp(t, asked.id, { message: 'audit security' });
    expect(answered.status).to.equal('succeeded');
    expect(answered.question).to.equal(null);
    expect(answered.plan!.steps.map((step) => step.capability)).to.include('analysis.security');
    expect(answered.result!.findings.length).to.be.greaterThan(0);
  });

  it('a task outside the catalogue fails with unsupported_task and an agent turn listing what agentd can do', async () => {
    const job = await submitTask(t, 'book me a flight to paris');
    expect(job.status).to.equal('failed');
    expect(job.error!.code).to.equal('unsupported_task');
    expect(job.plan).to.equal(null);
    expect(job.steps).to.deep.equal([]);
    const turn = job.turns.at(-1)!.message;
    expect(turn)
      .to.include('outside agentd')
      .and.include('What agentd can do:')
      .and.include('analysis.security')
      .and.include('refactoring.rename');
  });

  it('plans in an internal step that /capabilities does not list and jobs cannot name', async () => {
    const capabilities = await get(t.url, '/capabilities');
    expect(capabilities.body.map((meta: { id: string }) => meta.id)).to.not.include(PLAN_STEP_ID);
    const named = await post(t.url, '/jobs', { capability: PLAN_STEP_ID, workspace: 'project' });
    expect(named.status).to.equal(422);
    expect(named.body.error.code).to.equal('unknown_capability');
  });
});
