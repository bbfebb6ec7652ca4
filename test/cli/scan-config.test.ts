import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, runAgentd } from './support/agentd-process.js';
import { makeRepo, writeFiles } from '../core/scan/sample-project.js';

const VULNERABLE = [
  "const express = require('express');",
  'const app = express();',
  "app.get('/u', (req, res) => {",
  '  // agentd-ignore-next-line security/sql-injection -- the id is an integer checked by the router',
  "  db.query('SELECT * FROM users WHERE id = ' + req.query.id);",
  '  if (!!req.query.ok) res.json({ ok: true });',
  '});',
  'function charge(total) {',
  '  // agentd-ignore-next-line smells/magic-number -- stale: nothing magic on the next line',
  '  const rate = total;',
  '  return rate * 1.19;',
  '}',
  'module.exports = { app, charge };',
  '',
].join('\n');

describe('agentd scan with agentd.config.json (CLI)', function () {
  this.timeout(90_000);

  it('finds the file above the scanned folder and takes checks, failOn and the rules from it; flags win', async () => {
    const root = makeRepo({
      'packages/api/src/app.js': VULNERABLE,
      'agentd.config.json': JSON.stringify({ checks: ['security', 'smells'], failOn: 'low', rules: { 'smells/magic-number': 'medium' } }),
    });
    const api = path.join(root, 'packages/api');
    const gated = await runAgentd(['scan', api, '--format', 'json'], cleanEnv({ CI: 'true' }));
    expect(gated.code, gated.stderr).to.equal(1);
    const report = JSON.parse(gated.stdout) as {
      runs: { capability: string }[];
      findings: { ruleId: string; severity: string }[];
      suppressed: { ruleId: string }[];
    };
    expect(report.runs.map((r) => r.capability)).to.deep.equal(['analysis.security', 'analysis.smells', 'agentd.suppressions']);
    expect(report.findings.filter((f) => f.ruleId === 'smells/magic-number').map((f) => f.severity)).to.deep.equal(['medium']);
    expect(report.suppressed.map((f) => f.ruleId)).to.deep.equal(['security/sql-injection']);
    const flagged = await runAgentd(
      ['scan', api, '--checks', 'security', '--fail-on', 'none', '--format', 'json'],
      cleanEnv({ CI: 'true' }),
    );
    expect(flagged.code, flagged.stderr).to.equal(0);
    expect((JSON.parse(flagged.stdout) as { runs: { capability: string }[] }).runs.map((r) => r.capability)).to.deep.equal([
      'analysis.security',
      'agentd.suppressions',
    ]);
  });

  it('reads the baseline the file names, relative to the file', async () => {
    const root = makeRepo({ 'src/app.js': VULNERABLE });
    const first = await runAgentd([
      'scan',
      root,
      '--checks',
      'smells',
      '--format',
      'json',
      '-o',
      path.join(root, 'ci/baseline.json'),
      '--fail-on',
      'none',
    ]);
    expect(first.code, first.stderr).to.equal(0);
    writeFiles(root, { 'agentd.config.json': JSON.stringify({ baseline: 'ci/baseline.json', failOn: 'low' }) });
    const second = await runAgentd(['scan', root, '--checks', 'smells']);
    expect(second.code, second.stdout).to.equal(0);
    expect(second.stdout).to.match(/\d+ findings already in the baseline were left out/);
  });

  it('exits 2 with one line naming the file, the key, its value and the closest valid key', async () => {
    const root = makeRepo({
      'src/a.js': 'module.exports = 1;\n',
      'agentd.config.json': JSON.stringify({ failOn: 'high', thresholds: { complexity: { cyclomatc: 12 } } }),
    });
    const result = await runAgentd(['scan', root], cleanEnv({ CI: 'true' }));
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).to.have.length(1);
    expect(lines[0])
      .to.contain(path.join(root, 'agentd.config.json'))
      .and.to.contain('unknown key "thresholds.complexity.cyclomatc" (value 12); did you mean "cyclomatic"?');
  });

  it('--fix-dry-run prints the diff and changes nothing; --fix applies the safe fixes atomically and reports what is left', async () => {
    const root = makeRepo({
      'src/app.js': VULNERABLE,
      'agentd.config.json': JSON.stringify({ checks: ['smells', 'lint'], options: { lint: { engine: 'eslint' } }, failOn: 'none' }),
    });
    const file = path.join(root, 'src/app.js');
    const dry = await runAgentd(['scan', root, '--fix-dry-run'], cleanEnv({ CI: 'true' }));
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.stdout)
      .to.contain('--- a/src/app.js')
      .and.to.contain('-  // agentd-ignore-next-line smells/magic-number')
      .and.to.contain('-  if (!!req.query.ok) res.json({ ok: true });')
      .and.to.contain('+  if (req.query.ok) res.json({ ok: true });');
    expect(dry.stderr).to.match(/--fix would fix 2 findings in 1 file: src\/app\.js \(2\); nothing was written\./);
    expect(readFileSync(file, 'utf8')).to.equal(VULNERABLE);
    const fixed = await runAgentd(['scan', root, '--fix', '--format', 'json'], cleanEnv({ CI: 'true' }));
    expect(fixed.code, fixed.stderr).to.equal(0);
    expect(fixed.stderr).to.equal('agentd scan: fixed 2 findings in 1 file: src/app.js (2).\n');
    const after = readFileSync(file, 'utf8');
    expect(after).to.not.contain('smells/magic-number -- stale');
    const report = JSON.parse(fixed.stdout) as { stats: { fixed: number }; findings: { ruleId: string }[] };
    expect(report.stats.fixed).to.equal(2);
    expect(report.findings.map((f) => f.ruleId)).to.not.include('agentd/unused-suppression');
    const again = await runAgentd(['scan', root, '--fix'], cleanEnv({ CI: 'true' }));
    expect(again.stderr).to.contain('no finding has a safe fix; nothing was changed');
  });

  it('--format github writes workflow commands relative to the repository root', async () => {
    const root = makeRepo({ 'packages/api/src/app.js': VULNERABLE });
    const result = await runAgentd(
      ['scan', path.join(root, 'packages/api'), '--checks', 'smells', '--format', 'github', '--fail-on', 'none'],
      cleanEnv({
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: root,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_SHA: 'abc',
      }),
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(
      /^::notice file=packages\/api\/src\/app\.js,line=11,endLine=11,col=\d+,endColumn=\d+,title=smells\/magic-number \(low\)::Magic number 1\.19/m,
    );
  });
});
