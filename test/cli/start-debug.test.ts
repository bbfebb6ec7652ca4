import { expect } from 'chai';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentdProcess, cleanEnv, freePort, REPO_ROOT, runAgentd } from './support/agentd-process.js';

const LISTENING = /agentd listening on http:\/\/127\.0\.0\.1:\d+/;

interface Line {
  level: string;
  msg: string;
  [field: string]: unknown;
}

function records(stdout: string): Line[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

/** `agentd start --debug`: the debug level must carry something (requests, job steps), not only raise the level. */
describe('agentd start --debug (real process)', function () {
  this.timeout(60_000);
  let workspace: string;

  before(() => {
    workspace = mkdtempSync(path.join(os.tmpdir(), 'agentd-debug-ws-'));
    cpSync(path.join(REPO_ROOT, 'fixtures', 'express-ts-api'), path.join(workspace, 'project'), { recursive: true });
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  async function runOneJob(extraArgs: string[]): Promise<{ lines: Line[]; id: string }> {
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const daemon = new AgentdProcess(
      ['start', '-p', String(port), '--workspace', workspace, ...extraArgs],
      cleanEnv({ LOG_FORMAT: 'json' }),
    );
    try {
      await daemon.waitForOutput(LISTENING);
      expect((await fetch(`${apiUrl}/stats`)).status).to.equal(200);
      const submitted = await fetch(`${apiUrl}/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ capability: 'analysis.complexity', workspace: 'project' }),
      });
      const { id } = (await submitted.json()) as { id: string };
      const followed = await runAgentd(['logs', '--api-url', apiUrl, '--job', id], cleanEnv());
      expect(followed.code, followed.stderr).to.equal(0);
      daemon.child.kill('SIGTERM');
      const result = await daemon.exited;
      expect(result.code).to.equal(0);
      return { lines: records(result.stdout), id };
    } finally {
      await daemon.kill();
    }
  }

  it('logs each request and each step of a job at debug level', async () => {
    const { lines, id } = await runOneJob(['--debug']);
    const requests = lines.filter((line) => line.level === 'debug' && line.msg === 'request');
    expect(requests.find((line) => line.path === '/stats')).to.include({ method: 'GET', status: 200 });
    expect(requests.find((line) => line.path === '/jobs')).to.include({ method: 'POST', status: 202 });
    const steps = lines.filter((line) => line.level === 'debug' && line.msg === 'job step' && line.jobId === id);
    expect(steps.map((line) => line.status)).to.include.members(['running', 'succeeded']);
    expect(steps[0]).to.include({ capability: 'analysis.complexity', step: 0 });
  });

  it('writes no debug lines without --debug', async () => {
    const { lines } = await runOneJob([]);
    expect(lines.filter((line) => line.msg === 'job succeeded')).to.have.length(1);
    expect(lines.filter((line) => line.level === 'debug')).to.deep.equal([]);
  });
});
