import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestDaemon, type TestDaemon } from '../../daemon/support/daemon-harness.js';
import { REPO_ROOT, cleanEnv, runAgentd, type RunResult } from '../support/agentd-process.js';
import { writeProject } from './project.js';

/** Runs the launcher in `cwd` (the embedded engine works in the current folder). */
function runIn(cwd: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'agentd.js'), ...args], {
      cwd,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** `agentd agent universal-agent "<task>"` as a script runs it: no terminal, against a real daemon or embedded. */
describe('agentd agent universal-agent "<task>" (one-shot)', function () {
  this.timeout(60_000);
  let harness: TestDaemon;

  before(async () => {
    harness = await startTestDaemon();
    await writeProject(harness.workspace);
  });
  after(async () => harness?.close());

  it('without a terminal, prints the plan and the diffs and exits 3, leaving the job awaiting approval', async () => {
    const result = await runAgentd(['agent', 'universal-agent', 'rename greet to welcome in src/greet.ts', '--api-url', harness.url]);
    expect(result.code, result.stderr).to.equal(3);
    expect(result.stdout).to.include(`connected to daemon at ${harness.url}`);
    expect(result.stdout).to.match(/ 1\. refactoring\.rename src\/greet\.ts#greet — Rename function greet/);
    expect(result.stdout).to.include('--- a/src/greet.ts\n+++ b/src/greet.ts');
    expect(result.stdout).to.include('+export function welcome(name: string): string {');
    expect(result.stdout).not.to.include('\x1b['); // no colour in a pipe
    const id = /job ([0-9a-f-]{36})/.exec(result.stdout)![1]!;
    const job = (await (await fetch(`${harness.url}/jobs/${id}`)).json()) as { status: string };
    expect(job.status).to.equal('awaiting_approval');
    expect(await readFile(path.join(harness.workspace, 'src/greet.ts'), 'utf8')).to.include('function greet(');
  });

  it('with --json prints the final job record on stdout and exits 0; the human summary goes to stderr', async () => {
    const result = await runAgentd(['agent', 'universal-agent', 'audit security of src', '--json', '--api-url', harness.url]);
    expect(result.code, result.stderr).to.equal(0);
    const job = JSON.parse(result.stdout) as { status: string; kind: string; result: { findings: { severity: string }[] } };
    expect(job.status).to.equal('succeeded');
    expect(job.kind).to.equal('task');
    expect(job.result.findings.map((f) => f.severity).sort()).to.deep.equal(['high', 'low', 'medium']);
    expect(result.stderr).to.include('3 finding(s): 1 high, 1 medium, 1 low');
  });

  it('exits 1 when the task fails (outside the catalogue) and says what agentd can do', async () => {
    const result = await runAgentd(['agent', 'universal-agent', 'order me a pizza', '--api-url', harness.url]);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.match(/✗ failed.*unsupported_task/);
    expect(result.stdout).to.include('What agentd can do:');
  });

  it('exits 2 on usage errors: an unknown agent, a missing task, --json without a task', async () => {
    for (const args of [
      ['agent', 'other-agent', 'x'],
      ['agent', 'universal-agent'],
      ['agent', '--json'],
      ['agent', '--no-such-flag'],
    ]) {
      const result = await runAgentd([...args, '--api-url', harness.url]);
      expect(result.code, args.join(' ')).to.equal(2);
      expect(result.stderr, args.join(' ')).to.match(/^agentd( agent)?: /);
    }
  });

  it('runs the engine embedded in the current folder with --embedded, with --auto writing the changes', async () => {
    const project = await mkdtemp(path.join(os.tmpdir(), 'agentd-embedded-'));
    try {
      await writeProject(project);
      const result = await runIn(project, ['agent', 'universal-agent', 'rename greet to welcome in src/greet.ts', '--auto', '--embedded']);
      expect(result.code, result.stderr + result.stdout).to.equal(0);
      expect(result.stdout).to.include(`embedded engine (--embedded); working in ${project}`);
      expect(result.stdout).to.include('Changed files (3):');
      expect(await readFile(path.join(project, 'src/greet.ts'), 'utf8')).to.include('export function welcome(name: string)');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
