import { expect } from 'chai';
import { parseDirectives } from '../../../core/project-config/suppressions.js';
import { loadAnalysisCatalog, planFixes, runScan, type AnalysisCatalog } from '../../../core/scan/index.js';
import { makeProject } from '../scan/sample-project.js';

const APP = [
  "const express = require('express');", // 1
  'const app = express();', // 2
  "app.get('/u', (req, res) => {", // 3
  '  // agentd-ignore-next-line security/sql-injection -- the id is checked by the router', // 4
  "  db.query('SELECT * FROM users WHERE id = ' + req.query.id);", // 5
  '  // agentd-ignore-next-line security/reflected-xss', // 6
  "  res.send('<p>' + req.query.name + '</p>');", // 7
  '});', // 8
  'function pay(total) {', // 9
  '  // agentd-ignore-next-line smells/magic-number -- a stale one: nothing on the next line', // 10
  '  const fee = 0;', // 11
  '  /* agentd-ignore-next-line smells/magic-numbr -- typo */', // 12
  '  return total * 1.19 + fee;', // 13
  '}', // 14
  'module.exports = { pay };', // 15
  '',
].join('\n');

describe('core/project-config: agentd-ignore comments', function () {
  this.timeout(60_000);

  describe('parseDirectives', () => {
    it('reads next-line and file directives with their rules and reason, in // and /* */ comments, CRLF too', () => {
      const source = [
        '// agentd-ignore-file smells/magic-number, naming/* -- protocol constants',
        'a();',
        '/* agentd-ignore-next-line security/sql-injection -- constant table */',
        'q();',
        '',
      ].join('\r\n');
      const [file, next] = parseDirectives('a.ts', source);
      expect(file).to.deep.include({ kind: 'file', line: 1, rules: ['smells/magic-number', 'naming/*'], reason: 'protocol constants' });
      expect(next).to.deep.include({ kind: 'next-line', line: 3, target: 4, rules: ['security/sql-injection'], reason: 'constant table' });
      expect(source.slice(next!.span.start, next!.span.end)).to.equal(
        '/* agentd-ignore-next-line security/sql-injection -- constant table */',
      );
    });

    it('lets directives stack above one line, and has no reason without " -- "', () => {
      const [a, b] = parseDirectives('a.ts', '// agentd-ignore-next-line a/b\n// agentd-ignore-next-line c/d -- why\nx();\n');
      expect([a!.target, b!.target]).to.deep.equal([3, 3]);
      expect(a!.reason).to.equal(undefined);
    });

    it('costs nothing in a file without the marker', () => {
      expect(parseDirectives('a.ts', 'const a = 1; // eslint-disable-line\n')).to.deep.equal([]);
    });
  });

  describe('in a scan', () => {
    let catalog: AnalysisCatalog;
    before(async () => {
      catalog = await loadAnalysisCatalog();
    });

    it('suppresses the findings they name on the next line, reports unexplained, unused and invalid ones, and lists the suppressed apart', async () => {
      const root = makeProject({ 'src/app.js': APP });
      const report = await runScan({ root, checks: ['security', 'smells'], catalog });
      const rules = report.findings.map((f) => `${f.ruleId}@${f.range.startLine}`);
      expect(rules).to.not.include('security/sql-injection@5');
      expect(rules).to.not.include('security/reflected-xss@7');
      expect(rules).to.include.members([
        'agentd/suppression-without-reason@6',
        'agentd/unused-suppression@10',
        'agentd/invalid-suppression@12',
        'smells/magic-number@13',
      ]);
      const invalid = report.findings.find((f) => f.ruleId === 'agentd/invalid-suppression')!;
      expect(invalid.message).to.contain('no check reports "smells/magic-numbr" (did you mean "smells/magic-number"?)');
      expect(report.suppressed!.map((f) => [f.ruleId, f.range.startLine, f.suppression.justification])).to.deep.equal([
        ['security/sql-injection', 5, 'the id is checked by the router'],
        ['security/reflected-xss', 7, undefined],
      ]);
      const run = report.runs.find((r) => r.capability === 'agentd.suppressions')!;
      expect(run.summary).to.equal('4 agentd-ignore comments suppressed 2 findings; 1 unused, 1 without a reason, 1 invalid.');
      expect(run.findings).to.equal(3);
      const security = report.runs.find((r) => r.capability === 'analysis.security')!;
      expect(security.summary).to.contain('(left out: 2 suppressed in source)');
      expect(report.capabilities.map((m) => m.id)).to.include('agentd.suppressions');
    });

    it('does not call a suppression unused when its check did not look at the file', async () => {
      const root = makeProject({ 'src/app.js': APP });
      const report = await runScan({ root, checks: ['security'], catalog });
      expect(report.findings.map((f) => f.ruleId)).to.not.include('agentd/unused-suppression');
    });

    it('fixes an unused suppression by removing its comment line', async () => {
      const root = makeProject({ 'src/app.js': APP });
      const report = await runScan({ root, checks: ['security', 'smells'], catalog });
      const plan = planFixes(report);
      expect(plan.fixed.map((f) => f.ruleId)).to.deep.equal(['agentd/unused-suppression']);
      expect(plan.changes[0]!.after).to.equal(
        APP.replace('  // agentd-ignore-next-line smells/magic-number -- a stale one: nothing on the next line\n', ''),
      );
    });

    it('suppresses every finding of a rule in a file with a file directive', async () => {
      const root = makeProject({
        'src/rates.js':
          '// agentd-ignore-file smells/magic-number -- VAT rates as the law writes them\nmodule.exports = { de: 1.19, fr: 1.2, at: 1.2 * 1.0 };\n',
      });
      const report = await runScan({ root, checks: ['smells'], catalog });
      expect(report.findings.filter((f) => f.ruleId === 'smells/magic-number')).to.deep.equal([]);
      expect(report.suppressed!.length).to.be.greaterThan(1);
    });
  });
});
