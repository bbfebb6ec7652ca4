import { expect } from 'chai';
import { realpath } from 'node:fs/promises';
import { createLocalContext } from '../../../core/context/index.js';
import { codeOf, makeTree, removeTree } from '../workspace/temp-tree.js';

const allowed = { projectCode: true };

describe('ctx.tools.runCommand', () => {
  let root: string;
  before(async () => {
    root = await makeTree({ 'hello.txt': 'hi\n' });
  });
  after(() => removeTree(root));

  it('is refused with project_code_not_allowed unless the job has the project-code permission, and the attempt counts', async () => {
    const { ctx, budget } = await createLocalContext({ root });
    expect(await codeOf(() => ctx.tools.runCommand(process.execPath, ['-e', '1']))).to.equal('project_code_not_allowed');
    expect(budget.used).to.equal(1);
  });

  it('runs a program without a shell in the workspace root and reports exit code and output', async () => {
    const { ctx } = await createLocalContext({ root, permissions: allowed });
    const script =
      "process.stdout.write(process.cwd() + '|' + require('fs').readFileSync('hello.txt','utf8')); console.error('warn $HOME'); process.exit(3)";
    const result = await ctx.tools.runCommand(process.execPath, ['-e', script]);
    expect(result.exitCode).to.equal(3);
    expect(result.stdout).to.equal(`${await realpath(root)}|hi\n`);
    // no shell: "$HOME" is passed through literally
    expect(result.stderr).to.equal('warn $HOME\n');
    expect(result.timedOut).to.equal(false);
  });

  it('passes stdin to the program and closes it', async () => {
    const { ctx } = await createLocalContext({ root, permissions: allowed });
    const result = await ctx.tools.runCommand(
      process.execPath,
      ['-e', "let t='';process.stdin.on('data',d=>t+=d).on('end',()=>process.stdout.write(t.toUpperCase()))"],
      { stdin: 'shout' },
    );
    expect(result.stdout).to.equal('SHOUT');
  });

  it('kills a command that runs past its timeout and says so', async () => {
    const { ctx } = await createLocalContext({ root, permissions: allowed });
    const result = await ctx.tools.runCommand(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { timeoutMs: 200 });
    expect(result.exitCode).to.equal(124);
    expect(result.timedOut).to.equal(true);
    expect(result.stderr).to.include('killed after 200 ms');
  });

  it('stops a running command when the job is aborted, rejecting with the abort reason within one second', async () => {
    const controller = new AbortController();
    const { ctx } = await createLocalContext({ root, permissions: allowed, signal: controller.signal });
    const started = Date.now();
    const pending = ctx.tools.runCommand(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    setTimeout(() => controller.abort(new Error('cancelled by test')), 100);
    const error = await pending.catch((e: Error) => e);
    expect((error as Error).message).to.equal('cancelled by test');
    expect(Date.now() - started).to.be.below(1000);
  });

  it('reports a program that does not exist with file_not_found', async () => {
    const { ctx } = await createLocalContext({ root, permissions: allowed });
    expect(await codeOf(() => ctx.tools.runCommand('agentd-no-such-program', []))).to.equal('file_not_found');
  });
});
