import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { SIMPLE, complexFunction, copyFixture, git, makeProject, makeRepo, tempDir, writeFiles } from '../core/scan/sample-project.js';
import { sarifValidator } from '../core/report/sarif-schema.js';

describe('agentd scan (CLI)', function () {
  this.timeout(60_000);

  describe('exit codes', () => {
    it('exits 0 on a clean project and prints the text report', async () => {
      const root = makeProject({ 'src/add.ts': SIMPLE });
      const result = await runAgentd(['scan', root, '--checks', 'complexity']);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.contain('0 findings in 1 file (3 lines');
      expect(result.stderr).to.equal('');
    });

    it('exits 1 when a finding is at or above --fail-on, 0 below it, and 0 with --fail-on none', async () => {
      const root = copyFixture();
      const low = await runAgentd(['scan', root, '--checks', 'complexity', '--fail-on', 'low']);
      expect(low.code, low.stderr).to.equal(1);
      expect(low.stdout).to.contain('src/services/pricing.ts');
      const high = await runAgentd(['scan', root, '--checks', 'complexity']); // default --fail-on high; complexity tops out at medium here
      expect(high.code, high.stderr).to.equal(0);
      const none = await runAgentd(['scan', root, '--checks', 'complexity', '--fail-on', 'none']);
      expect(none.code).to.equal(0);
    });

    it('exits 2 with one line on stderr for an unknown check, naming the closest one', async () => {
      const result = await runAgentd(['scan', makeProject({ 'a.ts': SIMPLE }), '--checks', 'complexty']);
      expect(result.code).to.equal(2);
      expect(result.stderr.trim().split('\n')).to.have.length(1);
      expect(result.stderr).to.contain('did you mean "complexity"?');
      expect(result.stdout).to.equal('');
    });

    it('exits 2 for a bad option value, a missing folder and a bad --changed-since ref, without a stack', async () => {
      const format = await runAgentd(['scan', '.', '--format', 'xml']);
      expect(format.code).to.equal(2);
      expect(format.stderr.split('\n')[0]).to.contain('Invalid values').and.to.contain('xml');
      const missing = await runAgentd(['scan', path.join(tempDir(), 'nope')]);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.contain('is not a folder');
      const repo = makeRepo({ 'a.ts': SIMPLE });
      const ref = await runAgentd(['scan', repo, '--checks', 'complexity', '--changed-since', 'no-such-ref']);
      expect(ref.code).to.equal(2);
      expect(ref.stderr.trim().split('\n')).to.have.length(1);
      expect(ref.stderr).to.contain('no-such-ref');
      for (const r of [format, missing, ref]) expect(r.stderr).to.not.match(/\n\s+at /);
    });
  });

  describe('formats and output', () => {
    it('writes valid SARIF to --output atomically and nothing to stdout', async () => {
      const root = copyFixture();
      const out = path.join(tempDir(), 'reports', 'agentd.sarif');
      const result = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'sarif', '--output', out]);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.contain(`sarif report written to ${out}`);
      const log = JSON.parse(readFileSync(out, 'utf8'));
      const validate = sarifValidator();
      expect(validate(log), JSON.stringify(validate.errors)).to.equal(true);
      expect(log.runs[0].results.length).to.be.greaterThan(0);
      // No temporary file is left beside the report.
      expect(readdirSync(path.dirname(out))).to.deep.equal(['agentd.sarif']);
    });

    it('prints JSON, Markdown and HTML reports to stdout', async () => {
      const root = copyFixture();
      const json = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'json']);
      const parsed = JSON.parse(json.stdout) as { format: string; findings: { file: string }[] };
      expect(parsed.format).to.equal('agentd-scan');
      expect(parsed.findings.map((f) => f.file)).to.include('src/services/pricing.ts');
      const markdown = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'markdown']);
      expect(markdown.stdout)
        .to.match(/^# agentd scan report/)
        .and.to.contain('## Findings');
      const html = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'html']);
      expect(html.stdout)
        .to.match(/^<!doctype html>/)
        .and.to.contain('<svg');
    });
  });

  describe('--baseline and --changed-since', () => {
    it('reports only findings that are new since the baseline, even after code moved', async () => {
      const root = makeProject({ 'src/rules.ts': complexFunction('classify') });
      const baseline = path.join(tempDir(), 'baseline.json');
      const first = await runAgentd(['scan', root, '--checks', 'complexity', '--format', 'json', '--output', baseline, '--fail-on', 'low']);
      expect(first.code).to.equal(1);
      writeFiles(root, { 'src/rules.ts': `// moved\n// down\n${complexFunction('classify')}` });
      const same = await runAgentd(['scan', root, '--checks', 'complexity', '--baseline', baseline, '--fail-on', 'low']);
      expect(same.code, same.stdout).to.equal(0);
      expect(same.stdout).to.contain('already in the baseline were left out');
      writeFiles(root, { 'src/more.ts': complexFunction('grade') });
      const fresh = await runAgentd([
        'scan',
        root,
        '--checks',
        'complexity',
        '--baseline',
        baseline,
        '--fail-on',
        'low',
        '--format',
        'json',
      ]);
      expect(fresh.code).to.equal(1);
      const files = (JSON.parse(fresh.stdout) as { findings: { file: string }[] }).findings.map((f) => f.file);
      expect([...new Set(files)]).to.deep.equal(['src/more.ts']);
    });

    it('scans only the files changed since a git ref', async () => {
      const root = makeRepo({ 'src/old.ts': complexFunction('old'), 'src/b.ts': SIMPLE });
      git(root, 'checkout', '-q', '-b', 'feature');
      writeFiles(root, { 'src/new.ts': complexFunction('fresh') });
      git(root, 'add', '-A');
      git(root, 'commit', '-q', '-m', 'add new');
      const result = await runAgentd(['scan', root, '--checks', 'complexity', '--changed-since', 'main', '--format', 'json']);
      expect(result.code, result.stderr).to.equal(0);
      const report = JSON.parse(result.stdout) as { findings: { file: string }[]; stats: { filesScanned: number } };
      expect([...new Set(report.findings.map((f) => f.file))]).to.deep.equal(['src/new.ts']);
      expect(report.stats.filesScanned).to.equal(1);
    });
  });

  describe('progress', () => {
    it('is silent on stderr in CI, and prints each check with --verbose', async () => {
      const root = makeProject({ 'src/add.ts': SIMPLE });
      const quiet = await runAgentd(['scan', root, '--checks', 'complexity'], cleanEnv({ CI: 'true' }));
      expect(quiet.stderr).to.equal('');
      const verbose = await runAgentd(['scan', root, '--checks', 'complexity', '--verbose'], cleanEnv({ CI: 'true' }));
      expect(verbose.stderr).to.contain('agentd scan: analysis.complexity: starting').and.to.contain('analysis.complexity: done');
      expect(existsSync(root)).to.equal(true);
    });
  });
});
