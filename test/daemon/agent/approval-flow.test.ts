import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestDaemon } from '../support/daemon-harness.js';
import { post } from '../support/http-client.js';
import { agentDaemon, followUp, snapshot, submitTask } from './agent-support.js';

describe('daemon/agent: plan, stage, approve, reject and auto mode on legacy-js-package', function () {
  this.timeout(300_000);
  let t: TestDaemon;
  let root: string;
  before(async () => {
    // agentd's node_modules (mocha) linked in, so refactoring.verify can run the package's own tests.
    t = await agentDaemon('legacy-js-package', { linkNodeModules: true });
    root = path.join(t.workspace, 'project');
  });
  after(async () => {
    await t.close();
  });

  it('a rename stops in awaiting_approval with per-step diffs and writes nothing', async () => {
    const before = await snapshot(root);
    const job = await submitTask(t, 'rename fullName to displayName');
    expect(job.status).to.equal('awaiting_approval');
    expect(job.plan!.steps.map((step) => step.capability)).to.deep.equal(['refactoring.rename', 'refactoring.verify']);
    const [rename, verify] = job.steps;
    expect(rename!.status).to.equal('succeeded');
    expect(verify!.status, 'verification waits for the approval').to.equal('pending');
    const format = rename!.changes!.find((change) => change.path === 'lib/format.js')!;
    expect(format.diff).to.include('-function fullName(person) {').and.include('+function displayName(person) {');
    expect(job.result!.changes.map((change) => change.path)).to.include('lib/format.js');
    expect(job.turns.at(-1)!.message).to.include('await approval').and.include('"action":"approve"');
    expect(await snapshot(root)).to.deep.equal(before);
  });

  it('approve verifies the staged changes with the package tests, writes them and succeeds', async () => {
    const [waiting] = (await (await fetch(`${t.url}/jobs?status=awaiting_approval`)).json()) as { id: string }[];
    const done = await followUp(t, waiting!.id, { action: 'approve' });
    expect(done.status, JSON.stringify(done.error)).to.equal('succeeded');
    const verify = done.steps.find((step) => step.capability === 'refactoring.verify')!;
    expect(verify.status).to.equal('succeeded');
    // Only the test files that import the staged module run (refactoring.verify tests: "affected"), so the label may name them.
    expect(verify.summary).to.match(
      /tests \(npm test, mocha per test(, \d+ of \d+ test file\(s\): those importing the staged modules)?\): \d+ of \d+ test\(s\) pass, none that passed before fails/,
    );
    // The exported property keeps its name (callers use format.fullName); only the function is renamed.
    expect(await readFile(path.join(root, 'lib/format.js'), 'utf8'))
      .to.include('function displayName(person)')
      .and.not.include('function fullName');
    const turn = done.turns.at(-1)!.message;
    expect(turn).to.include('Applied').and.include('lib/format.js').and.include('Verification:');
  });

  it('a message while awaiting approval refines the plan and re-stages; reject then cancels and writes nothing', async () => {
    const before = await snapshot(root);
    const job = await submitTask(t, 'rename padLeft to leftPad');
    expect(job.status).to.equal('awaiting_approval');
    const refined = await followUp(t, job.id, { message: 'call it padStartWith instead' });
    expect(refined.status).to.equal('awaiting_approval');
    expect(refined.plan!.steps[0]!.input).to.include({ symbol: 'padLeft', newName: 'padStartWith' });
    expect(refined.steps[0]!.changes!.find((change) => change.path === 'lib/format.js')!.diff).to.include('+function padStartWith(');
    const rejected = await post(t.url, `/jobs/${job.id}/followup`, { action: 'reject' });
    expect(rejected.status).to.equal(202);
    expect(rejected.body.status).to.equal('cancelled');
    expect(await snapshot(root)).to.deep.equal(before);
  });

  it('auto mode plans, stages, verifies and applies without stopping', async () => {
    const job = await submitTask(t, 'rename quoted to inQuotes', { mode: 'auto' });
    expect(job.status, JSON.stringify(job.error)).to.equal('succeeded');
    expect(job.mode).to.equal('auto');
    expect(job.turns.map((turn) => turn.role)).to.deep.equal(['user', 'agent']);
    expect(job.steps.map((step) => step.status)).to.deep.equal(['succeeded', 'succeeded']);
    expect(await readFile(path.join(root, 'lib/format.js'), 'utf8'))
      .to.include('function inQuotes(')
      .and.not.include('function quoted(');
  });

  describe('on a workspace not trusted with project code', () => {
    let untrusted: TestDaemon;
    before(async () => {
      untrusted = await agentDaemon('legacy-js-package');
    });
    after(() => untrusted.close());

    it('the plan marks the verification as not allowed; approving writes nothing, and the job says why and how to allow it', async () => {
      const project = path.join(untrusted.workspace, 'project');
      const before = await snapshot(project);
      const job = await submitTask(untrusted, 'rename fullName to displayName');
      expect(job.status).to.equal('awaiting_approval');
      expect(job.permissions).to.deep.equal({ projectCode: false });
      expect(job.plan!.steps.find((step) => step.capability === 'refactoring.verify')!.projectCode).to.equal('not_allowed');
      expect(job.plan!.notes.join(' ')).to.include('project code is not allowed for this job');
      const done = await followUp(untrusted, job.id, { action: 'approve' });
      expect(done.status).to.equal('failed');
      expect(done.error!.code).to.equal('project_code_not_allowed');
      expect(done.turns.at(-1)!.message).to.include('security.trustedWorkspaces').and.include('The workspace is unchanged.');
      expect(await snapshot(project)).to.deep.equal(before);
    });
  });
});
