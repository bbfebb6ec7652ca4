/**
 * `agentd scan` in CI (CI=true) without --verbose: the report (stdout, or the --output file) is the whole
 * output and stderr stays empty, whether the gate passes (exit 0) or fails on findings (exit 1). Only a
 * scan that cannot do its job (exit 2) says why. The real launcher runs every check as a child process,
 * with Node's warnings left on as a CI runner has them.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { SIMPLE, copyFixture, makeProject, tempDir } from '../core/scan/sample-project.js';

const VULNERABLE_APP = fileURLToPath(new URL('../../../fixtures/vulnerable-app/', import.meta.url));

/** A CI runner's environment: CI=true and, unlike the other CLI tests, Node's own warnings not silenced. */
function ciEnv(): NodeJS.ProcessEnv {
  const env = cleanEnv({ CI: 'true' });
  delete env.NODE_NO_WARNINGS;
  return env;
}

describe('agentd scan in CI (CI=true)', function () {
  this.timeout(120_000);

  it('exit 0: the text report on stdout, nothing on stderr', async () => {
    const root = makeProject({ 'src/add.ts': SIMPLE });
    const result = await runAgentd(['scan', root], ciEnv());
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/\d+ findings? (\([^)]*\) )?in 1 file/);
    expect(result.stderr).to.equal('');
  });

  it('exit 1: findings at or above --fail-on, the report on stdout, nothing on stderr', async () => {
    const result = await runAgentd(['scan', copyFixture(VULNERABLE_APP), '--format', 'json'], ciEnv());
    expect(result.code, result.stderr).to.equal(1);
    const report = JSON.parse(result.stdout) as { findings: { severity: string }[] };
    expect(report.findings.some((f) => f.severity === 'critical' || f.severity === 'high')).to.equal(true);
    expect(result.stderr).to.equal('');
  });

  it('with --output: the report in the file, nothing on stdout or stderr, for exit 1 and exit 0', async () => {
    const out = path.join(tempDir(), 'agentd.sarif');
    const failing = await runAgentd(['scan', copyFixture(VULNERABLE_APP), '--format', 'sarif', '-o', out], ciEnv());
    expect(failing.code, failing.stderr).to.equal(1);
    expect(failing.stdout).to.equal('');
    expect(failing.stderr).to.equal('');
    expect((JSON.parse(readFileSync(out, 'utf8')) as { runs: { results: unknown[] }[] }).runs[0]!.results.length).to.be.above(0);

    const text = path.join(tempDir(), 'report.txt');
    const passing = await runAgentd(['scan', makeProject({ 'src/add.ts': SIMPLE }), '-o', text], ciEnv());
    expect(passing.code, passing.stderr).to.equal(0);
    expect(passing.stdout).to.equal('');
    expect(passing.stderr).to.equal('');
    expect(readFileSync(text, 'utf8')).to.match(/\d+ findings? (\([^)]*\) )?in 1 file/);
  });

  it('--verbose brings back progress and the closing note; outside CI the note is there without it', async () => {
    const root = makeProject({ 'src/add.ts': SIMPLE });
    const out = path.join(tempDir(), 'r.json');
    const verbose = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'json', '-o', out, '--verbose'], ciEnv());
    expect(verbose.code, verbose.stderr).to.equal(0);
    expect(verbose.stderr).to.contain('analysis.complexity: done').and.to.contain(`json report written to ${out}`);
    const local = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'json', '-o', out], cleanEnv());
    expect(local.stderr).to.equal(`agentd scan: 0 findings; json report written to ${out}\n`);
  });

  it('exit 2 still says why on stderr, in one line', async () => {
    const result = await runAgentd(['scan', makeProject({ 'a.ts': SIMPLE }), '--checks', 'complexty'], ciEnv());
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr.trim().split('\n')).to.have.length(1);
    expect(result.stderr).to.contain('complexity');
  });
});
