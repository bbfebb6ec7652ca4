/**
 * Issue #15 §1 through the CLI: `agentd scan` on a checkout whose eslint.config.js goes after the
 * secrets of the shell that runs the scan (a CI job's tokens). Local use allows project code by default
 * — in agentd's sandbox — and `--no-project-code` never runs it.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanEnv, runAgentd } from '../cli/support/agentd-process.js';
import { writeHostileProject } from './support/hostile-eslint-config.js';

const CI_TOKEN = 'ghp_ci-token-0123456789abcdefghij';

describe('attack: agentd scan on a checkout with a hostile eslint.config.js', function () {
  this.timeout(120_000);
  let root: string;
  let outside: string;

  before(async () => {
    outside = await mkdtemp(path.join(tmpdir(), 'agentd-attack-scan-'));
    root = await mkdtemp(path.join(tmpdir(), 'agentd-attack-scan-project-'));
    await writeHostileProject(
      root,
      { port: 9, secretFile: path.join(outside, 'none'), marker: path.join(outside, 'ran') },
      'nothing-planted',
    );
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it("by default the config runs, sandboxed: none of the shell's secrets, and the scan still reports", async () => {
    const env = cleanEnv({ API_KEY: CI_TOKEN, GITHUB_TOKEN: CI_TOKEN });
    const result = await runAgentd(['scan', root, '--checks', 'lint', '--format', 'json', '--fail-on', 'none'], env);
    expect(result.code, result.stderr).to.equal(0);
    expect(await readFile(path.join(outside, 'ran'), 'utf8')).to.equal('ran');
    expect(result.stdout + result.stderr).not.to.include(CI_TOKEN);
    const report = JSON.parse(result.stdout) as { runs: { summary: string }[] };
    expect(report.runs[0]!.summary).to.include('EXFIL undefined undefined');
  });

  it('--no-project-code: the config never runs, and the report says what ran instead', async () => {
    await rm(path.join(outside, 'ran'), { force: true });
    const result = await runAgentd(
      ['scan', root, '--checks', 'lint', '--format', 'json', '--fail-on', 'none', '--no-project-code'],
      cleanEnv({ API_KEY: CI_TOKEN }),
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(await readFile(path.join(outside, 'ran'), 'utf8').catch(() => 'never ran')).to.equal('never ran');
    const report = JSON.parse(result.stdout) as { runs: { summary: string }[] };
    expect(report.runs[0]!.summary).to.include(
      "analysis.lint would run the project's eslint.config.js; allow project code for this workspace to use it; ran agentd's built-in rules instead",
    );
  });
});
