/**
 * Honest outcomes through the real CLI: a task whose plan has steps that cannot run ends `incomplete`
 * with exit code 4 (agentd agent, text and --json, and agentd logs --job), never `succeeded` / exit 0.
 */
import { expect } from 'chai';
import { agentDaemon } from '../../daemon/agent/agent-support.js';
import { startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { runAgentd } from '../support/agentd-process.js';
import { writeProject } from './project.js';

describe('agentd agent: outcomes of plans with steps that did not run', function () {
  this.timeout(120_000);
  let harness: TestDaemon;

  before(async () => {
    harness = await startTestDaemon();
    await writeProject(harness.workspace);
  });
  after(async () => harness?.close());

  it('--json: the record says incomplete and lists the steps not run; exit 4', async () => {
    const result = await runAgentd([
      'agent',
      'universal-agent',
      'write end-to-end tests with playwright',
      '--json',
      '--api-url',
      harness.url,
    ]);
    expect(result.code, result.stderr).to.equal(4);
    const job = JSON.parse(result.stdout) as {
      status: string;
      notRun: { index: number; capability: string; reason: string }[];
      plan: { steps: { available: boolean }[] };
    };
    expect(job.status).to.equal('incomplete');
    // Every step is built; testing.e2e does not start the project's server without the project-code permission.
    expect(job.plan.steps.every((step) => step.available)).to.equal(true);
    expect(job.notRun.map((n) => n.capability)).to.deep.equal(['testing.e2e']);
    expect(job.notRun[0]!.reason).to.match(/^generation not run: project code not allowed/);
    expect(result.stderr).to.include(`! incomplete`);
  });

  it('text: prints "! incomplete" and each step that did not run with its reason; exit 4, and logs --job exits 4 too', async () => {
    const result = await runAgentd(['agent', 'universal-agent', 'write end-to-end tests with playwright', '--api-url', harness.url]);
    expect(result.code, result.stderr).to.equal(4);
    expect(result.stdout).to.match(/! incomplete.*planned step\(s\) did not run/);
    expect(result.stdout).to.include('Did not run:');
    expect(result.stdout).to.match(/ {2}\d+\. testing\.e2e — generation not run: project code not allowed/);
    expect(result.stdout).not.to.include('✓ succeeded');
    const id = /job ([0-9a-f-]{36})/.exec(result.stdout)![1]!;
    const followed = await runAgentd(['logs', '--job', id, '--api-url', harness.url]);
    expect(followed.code, followed.stderr).to.equal(4);
    expect(followed.stdout).to.match(new RegExp(`job ${id} incomplete.*did not run: step \\d+ `));
  });

  it('"verify the project" where project code is not allowed: the type-check runs, the tests do not; "Verification incomplete", exit 4', async () => {
    const untrusted = await agentDaemon('express-ts-api');
    try {
      const result = await runAgentd([
        'agent',
        'universal-agent',
        'verify the project',
        '--workspace',
        'project',
        '--api-url',
        untrusted.url,
      ]);
      expect(result.code, result.stderr + result.stdout).to.equal(4);
      expect(result.stdout).to.include('refactoring.verify').and.include('Verification incomplete');
      expect(result.stdout).not.to.include('Verification passed');
    } finally {
      await untrusted.close();
    }
  });

  it('"run the tests" where project code is not allowed: says the tests were not run, never "passed"; incomplete, exit 4', async () => {
    const untrusted = await agentDaemon('express-ts-api');
    try {
      // testing.run plans the tests; without the project-code permission it lists what it would run and
      // reports the step as not run, so the job is incomplete (docs/testing.md, docs/agent.md).
      const result = await runAgentd(['agent', 'universal-agent', 'run the tests', '--workspace', 'project', '--api-url', untrusted.url]);
      expect(result.code, result.stderr + result.stdout).to.equal(4);
      expect(result.stdout).to.include(`connected to daemon at ${untrusted.url}`).and.include('workspace "project"');
      expect(result.stdout).to.include('The tests were NOT run').and.include('Did not run:').and.include('project code not allowed');
      expect(result.stdout).not.to.include('Verification passed');
    } finally {
      await untrusted.close();
    }
  });
});
