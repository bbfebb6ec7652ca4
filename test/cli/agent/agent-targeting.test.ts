/**
 * Where `agentd agent` sends its jobs: the daemon named by --api-url or AGENTD_API_URL (which must
 * answer: no silent embedded run), the workspace named by --workspace, or an embedded engine in the
 * --workspace folder.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { agentDaemon } from '../../daemon/agent/agent-support.js';
import type { TestDaemon } from '../../daemon/support/daemon-harness.js';
import { cleanEnv, freePort, runAgentd } from '../support/agentd-process.js';
import { writeProject } from './project.js';

describe('agentd agent: targeting (--api-url, AGENTD_API_URL, --workspace, --embedded)', function () {
  this.timeout(120_000);
  let t: TestDaemon;
  before(async () => {
    t = await agentDaemon('express-ts-api');
  });
  after(async () => t?.close());

  it('a daemon named by --api-url that does not answer fails with that message (exit 1), no embedded engine', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const result = await runAgentd(['agent', 'universal-agent', 'audit security', '--api-url', nobody]);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include(`no agentd daemon answers at ${nobody} (given by --api-url)`);
    expect(result.stdout).not.to.include('embedded engine');
  });

  it('AGENTD_API_URL names the daemon: used when it answers, an error when it does not', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const down = await runAgentd(['agent', 'universal-agent', 'audit security'], cleanEnv({ AGENTD_API_URL: nobody }));
    expect(down.code).to.equal(1);
    expect(down.stderr).to.include(`no agentd daemon answers at ${nobody} (given by AGENTD_API_URL)`);

    const up = await runAgentd(
      ['agent', 'universal-agent', 'audit security of src', '--workspace', 'project', '--json'],
      cleanEnv({ AGENTD_API_URL: t.url }),
    );
    expect(up.code, up.stderr).to.equal(0);
    expect(up.stderr).to.include(`connected to daemon at ${t.url}`);
    const job = JSON.parse(up.stdout) as { workspace: string; status: string };
    expect(job.workspace).to.equal('project');
    expect(job.status).to.equal('succeeded');
  });

  it("--workspace with a daemon that does not have it: the daemon's invalid_workspace, exit 1", async () => {
    const result = await runAgentd(['agent', 'universal-agent', 'audit security', '--workspace', 'no-such-folder', '--api-url', t.url]);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('Workspace "no-such-folder" does not exist');
  });

  it('--embedded --workspace <folder>: the embedded engine works in that folder, whatever the current one', async () => {
    const project = await mkdtemp(path.join(os.tmpdir(), 'agentd-target-'));
    try {
      await writeProject(project);
      const result = await runAgentd([
        'agent',
        'universal-agent',
        'rename greet to welcome in src/greet.ts',
        '--auto',
        '--embedded',
        '--workspace',
        project,
      ]);
      expect(result.code, result.stderr + result.stdout).to.equal(0);
      expect(result.stdout).to.include(`embedded engine (--embedded); working in ${project}`);
      expect(await readFile(path.join(project, 'src/greet.ts'), 'utf8')).to.include('export function welcome(');
      const missing = await runAgentd([
        'agent',
        'universal-agent',
        'audit security',
        '--embedded',
        '--workspace',
        path.join(project, 'nope'),
      ]);
      expect(missing.code).to.equal(1);
      expect(missing.stderr).to.include('is not a folder');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('embedded sessions are kept on disk: a later --embedded --resume <id> reopens the job awaiting approval', async () => {
    const project = await mkdtemp(path.join(os.tmpdir(), 'agentd-resume-'));
    try {
      await writeProject(project);
      const first = await runAgentd([
        'agent',
        'universal-agent',
        'rename greet to welcome in src/greet.ts',
        '--embedded',
        '--workspace',
        project,
      ]);
      expect(first.code, first.stderr + first.stdout).to.equal(3);
      const id = /agentd agent --embedded --resume ([0-9a-f-]{36}) from the same project folder/.exec(first.stdout)?.[1];
      expect(id, first.stdout).to.be.a('string');
      // A new process, a new embedded engine: the session comes from ~/.agentd/sessions (the tests' HOME).
      const resumed = await runAgentd(['agent', '--embedded', '--workspace', project, '--resume', id!]);
      expect(resumed.stdout).to.include(`Session ${id}: rename greet to welcome in src/greet.ts`);
      expect(resumed.stdout).to.include('3 staged change(s) in 3 file(s); nothing is written until you approve.');
      expect(resumed.stdout).to.include('[y] approve');
      expect(await readFile(path.join(project, 'src/greet.ts'), 'utf8')).to.include('export function greet(');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
