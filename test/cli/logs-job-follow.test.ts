import { expect } from 'chai';
import { startTestDaemon, type TestDaemon } from '../daemon/support/daemon-harness.js';
import { AgentdProcess, cleanEnv } from './support/agentd-process.js';

interface JobBody {
  id: string;
  status: string;
}

/**
 * `agentd logs --job` as a real process following a real daemon (in this process, with the engine's
 * test capabilities so a job can be held in a known state: awaiting approval, or running until cancelled).
 */
describe('agentd logs --job (live job events)', function () {
  this.timeout(60_000);
  let harness: TestDaemon;
  const followers: AgentdProcess[] = [];

  before(async () => {
    harness = await startTestDaemon();
  });
  after(async () => {
    for (const follower of followers) await follower.kill();
    await harness?.close();
  });

  async function api(method: string, path: string, body?: unknown): Promise<JobBody> {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${path}`).to.be.lessThan(300);
    return (await response.json()) as JobBody;
  }

  async function waitForStatus(id: string, status: string): Promise<void> {
    for (;;) {
      if ((await api('GET', `/jobs/${id}`)).status === status) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  function follow(id: string): AgentdProcess {
    const follower = new AgentdProcess(['logs', '--api-url', harness.url, '--job', id], cleanEnv());
    followers.push(follower);
    return follower;
  }

  it('follows a job through approval to success, printing each status and step, and exits 0', async () => {
    const job = await api('POST', '/jobs', {
      pipeline: [{ capability: 'refactoring.test-writer', input: { path: 'notes/a.txt', content: 'hello\n' } }],
      mode: 'approval',
    });
    await waitForStatus(job.id, 'awaiting_approval');
    const follower = follow(job.id);
    await follower.waitForOutput(/status awaiting_approval/);
    // Waiting silently would look like a hang: the follower says how to decide.
    await follower.waitForOutput(new RegExp(`waiting for approval: .*POST /jobs/${job.id}/followup \\{"action":"approve"\\}`));
    await api('POST', `/jobs/${job.id}/followup`, { action: 'approve' });
    const result = await follower.exited;
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.match(/step 1\/1 refactoring\.test-writer succeeded/);
    expect(result.stdout).to.include(`job ${job.id} succeeded`);
  });

  it('shows the running step and exits 1 when the job is cancelled', async () => {
    const job = await api('POST', '/jobs', { pipeline: [{ capability: 'analysis.test-slow', input: { ms: 600_000 } }] });
    const follower = follow(job.id);
    await follower.waitForOutput(/step 1\/1 analysis\.test-slow running/);
    await follower.waitForOutput(/progress 0% waiting 600000 ms/);
    await api('DELETE', `/jobs/${job.id}`);
    const result = await follower.exited;
    expect(result.code).to.equal(1);
    expect(result.stdout).to.match(/progress 0% waiting 600000 ms/);
    expect(result.stdout).to.include(`job ${job.id} cancelled`);
  });

  it('stops following on SIGINT with exit 130, leaving the job running', async () => {
    const job = await api('POST', '/jobs', { pipeline: [{ capability: 'analysis.test-slow', input: { ms: 600_000 } }] });
    const follower = follow(job.id);
    await follower.waitForOutput(/analysis\.test-slow running/);
    follower.child.kill('SIGINT');
    const result = await follower.exited;
    expect(result.code).to.equal(130);
    expect(result.stdout).to.include('keeps running');
    expect((await api('GET', `/jobs/${job.id}`)).status).to.equal('running');
    await api('DELETE', `/jobs/${job.id}`);
  });
});
