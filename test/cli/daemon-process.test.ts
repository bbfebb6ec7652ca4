import { expect } from 'chai';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentdProcess, cleanEnv, freePort, REPO_ROOT, runAgentd } from './support/agentd-process.js';

const LISTENING = /agentd listening on http:\/\/127\.0\.0\.1:\d+/;

/** `agentd start`, `status` and `logs` as separate real processes talking over HTTP. */
describe('agentd start / status / logs (real processes)', function () {
  this.timeout(60_000);
  let workspace: string;
  let port: number;
  let apiUrl: string;
  let daemon: AgentdProcess;

  before(async () => {
    workspace = mkdtempSync(path.join(os.tmpdir(), 'agentd-cli-ws-'));
    cpSync(path.join(REPO_ROOT, 'fixtures', fixtureName()), path.join(workspace, 'project'), { recursive: true });
    port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    daemon = new AgentdProcess(['start', '-p', String(port), '--workspace', workspace], cleanEnv({ LOG_FORMAT: 'json' }));
    await daemon.waitForOutput(LISTENING);
  });

  after(async () => {
    await daemon?.kill();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('serves GET /health once it says it is listening', async () => {
    const response = await fetch(`${apiUrl}/health`);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { status: string }).status).to.equal('healthy');
  });

  it('status: reports a running, healthy daemon and exits 0', async () => {
    const result = await runAgentd(['status', '--api-url', apiUrl], cleanEnv());
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout)
      .to.match(/Daemon:\s+running/)
      .and.match(/Health:\s+healthy/)
      .and.match(/Jobs:\s+\d+ queued, \d+ running, \d+ total/);
    expect(result.stdout)
      .to.match(/Last check:\s+\d{4}-\d\d-\d\dT/)
      .and.match(/Version:\s+\d+\.\d+\.\d+/)
      .and.match(/Uptime:\s+\d+[smhd]/);
  });

  it('status --json: a machine-readable report', async () => {
    const result = await runAgentd(['status', '--api-url', apiUrl, '--json'], cleanEnv());
    expect(result.code, result.stderr).to.equal(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).to.include({ running: true, reachable: true, healthy: true, status: 'healthy', error: null });
    expect(report.jobs).to.have.keys('queued', 'running', 'total');
    expect(report.uptimeSeconds).to.be.a('number');
  });

  it('start: a taken port fails with one line on stderr and exit 1', async () => {
    const second = await runAgentd(['start', '-p', String(port), '--workspace', workspace], cleanEnv());
    expect(second.code).to.equal(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0])
      .to.match(/^agentd: /)
      .and.include(String(port))
      .and.include('in use');
  });

  it("logs: shows the daemon's recent structured lines, filtered by level and text", async () => {
    const all = await runAgentd(['logs', '--api-url', apiUrl], cleanEnv());
    expect(all.code, all.stderr).to.equal(0);
    expect(all.stdout).to.match(/Z INFO {2}agentd listening on http:\/\/127\.0\.0\.1:\d+ host=127\.0\.0\.1/);
    expect(all.stdout).to.match(/Z INFO {2}dashboard at http:\/\/127\.0\.0\.1:\d+\/ui\//);
    const none = await runAgentd(['logs', '--api-url', apiUrl, '--level', 'error'], cleanEnv());
    expect(none.stdout).to.not.include('listening');
    const grep = await runAgentd(['logs', '--api-url', apiUrl, '--grep', 'LISTENING ON', '--json'], cleanEnv());
    const records = grep.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(records.length).to.be.greaterThan(0);
    for (const record of records) expect(record.msg.toLowerCase()).to.include('listening on');
  });

  it('logs --job: follows an analysis.complexity job to its end and exits 0', async () => {
    const submitted = await fetch(`${apiUrl}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capability: 'analysis.complexity', workspace: 'project' }),
    });
    expect(submitted.status).to.equal(202);
    const { id } = (await submitted.json()) as { id: string };
    const result = await runAgentd(['logs', '--api-url', apiUrl, '--job', id], cleanEnv());
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout)
      .to.include(`job ${id} succeeded`)
      .and.match(/Measured \d+ functions/);
  });

  it("logs --job: an unknown job fails with the daemon's message and exit 1", async () => {
    const result = await runAgentd(['logs', '--api-url', apiUrl, '--job', 'no-such-job'], cleanEnv());
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^agentd: .*no-such-job/);
  });

  it('logs --follow: streams new lines live until Ctrl-C, then exits 0', async () => {
    const submit = async (): Promise<string> => {
      const response = await fetch(`${apiUrl}/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ capability: 'analysis.complexity', workspace: 'project' }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const marker = await submit();
    const follower = new AgentdProcess(['logs', '--api-url', apiUrl, '--follow', '--grep', 'job submitted', '--limit', '1'], cleanEnv());
    try {
      await follower.waitForOutput(new RegExp(marker)); // the recent lines are out; the live stream comes next
      // Jobs submitted from now on can only reach the output through the stream.
      const live: string[] = [];
      while (!live.some((id) => follower.stdout.includes(id))) {
        live.push(await submit());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      follower.child.kill('SIGINT');
      const result = await follower.exited;
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(/INFO {2}job submitted jobId=/);
    } finally {
      await follower.kill();
    }
  });

  it('start: SIGTERM shuts the daemon down gracefully with exit 0, after which status exits 1', async () => {
    daemon.child.kill('SIGTERM');
    const result = await daemon.exited;
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('received SIGTERM');
    const status = await runAgentd(['status', '--api-url', apiUrl], cleanEnv());
    expect(status.code).to.equal(1);
    expect(status.stdout).to.match(/Daemon:\s+not running/);
  });
});

/** The brief's fixture is express-ts-api; fall back to another real fixture while that one is being written. */
function fixtureName(): string {
  const name = ['express-ts-api', 'react-ts-app'].find((candidate) =>
    existsSync(path.join(REPO_ROOT, 'fixtures', candidate, 'package.json')),
  );
  if (!name) throw new Error('no fixture project under fixtures/ to run analysis.complexity on');
  return name;
}
