/**
 * What analysis.security decides beyond single rules: the audit profile (sinks reached by any
 * non-constant value, at low severity, default profile quiet), code only tests reach (test findings),
 * the project's own wrappers (object literal methods, class instances) followed as summaries, and the
 * SARIF rule metadata (CWE tag, help text) of every rule. Real temp workspaces, the real capability.
 */
import { expect } from 'chai';
import { meta } from '../../../../capabilities/analysis/security.js';
import { sarifRule } from '../../../../core/report/sarif-rules.js';
import { ruleCatalog } from '../../../../core/report/rule-catalog.js';
import { scan } from './security-tester.js';

const LIBRARY = {
  'src/lib.js': `const { exec } = require('child_process');
const fs = require('fs');
exports.run = (cmd) => exec('git ' + cmd);
exports.read = (p) => fs.readFileSync(p, 'utf8');
exports.status = () => exec('git status');
exports.count = (db, id) => db.query('SELECT count(*) FROM t WHERE id = ' + parseInt(id, 10));
`,
};

const lines = (findings: { ruleId: string; range: { startLine: number }; file: string }[]): string[] =>
  findings.map((f) => `${f.file}:${f.range.startLine} ${f.ruleId}`).sort();

describe('analysis.security profiles and reach', () => {
  it('default profile: a library whose parameters reach sinks reports nothing (no input is visible)', async () => {
    const result = await scan(LIBRARY);
    expect(result.findings).to.deep.equal([]);
  });

  it('audit profile: sinks reached by non-constant values (parameters included) are reported at low severity with the profile named; constants and sanitised values are not', async () => {
    const result = await scan(LIBRARY, { profile: 'audit' });
    expect(lines(result.findings!)).to.deep.equal(['src/lib.js:3 security/command-injection', 'src/lib.js:4 security/path-traversal']);
    for (const f of result.findings!) {
      expect(f.severity).to.equal('low');
      expect(f.data!.profile).to.equal('audit');
      const evidence = f.data!.evidence as { label: string }[];
      expect(evidence[0]!.label).to.match(/^source: parameter 1/);
      expect(evidence.at(-1)!.label).to.match(/^sink: /);
    }
  });

  it('audit profile: a real source keeps its own evidence and severity', async () => {
    const result = await scan(
      { 'src/app.js': "const { exec } = require('child_process');\napp.get('/x', (req, res) => exec('ls ' + req.query.d));\n" },
      { profile: 'audit' },
    );
    expect(result.findings!.map((f) => [f.ruleId, f.severity, f.data!.profile])).to.deep.equal([
      ['security/command-injection', 'critical', undefined],
    ]);
  });

  it('code only tests reach: a non-test helper imported only by tests reports as test code (info)', async () => {
    const result = await scan({
      'src/test-server.js': "const { exec } = require('child_process');\nexports.start = (req) => exec('node ' + req.query.script);\n",
      'src/app.js': "const { exec } = require('child_process');\nexports.run = (req) => exec('ls ' + req.query.dir);\n",
      'test/app.test.js': "const { start } = require('../src/test-server');\nconst { run } = require('../src/app');\n",
      'src/main.js': "require('./app');\n",
    });
    const bySeverity = Object.fromEntries(result.findings!.map((f) => [f.file, [f.severity, f.data!.context]]));
    expect(bySeverity['src/test-server.js']).to.deep.equal(['info', 'test']);
    expect(bySeverity['src/app.js']).to.deep.equal(['critical', undefined]);
  });

  it("follows the project's own wrappers: an object literal's method and a class instance's method", async () => {
    const result = await scan({
      'src/app.js': `const { Pool } = require('pg');
const pool = new Pool();
const db = { run(sql) { return pool.query(sql); } };
class Repo {
  find(name) { return pool.query("SELECT * FROM t WHERE name = '" + name + "'"); }
}
const repo = new Repo();
app.get('/a', (req, res) => { repo.find(req.query.name); db.run('DELETE FROM t WHERE id = ' + req.query.id); res.end(); });
`,
    });
    expect(lines(result.findings!)).to.deep.equal(['src/app.js:3 security/sql-injection', 'src/app.js:5 security/sql-injection']);
  });

  it('gives every rule SARIF metadata with its CWE tag and help text (why, fix, examples)', () => {
    // The catalogue a report builds from the metas: analysis.security's meta says its findings are vulnerabilities.
    for (const entry of ruleCatalog([meta], [])) {
      const doc = entry.doc!;
      const rule = sarifRule(entry);
      expect(rule.help.text, doc.id).to.contain(doc.fix);
      if (doc.cwe) expect(rule.properties.tags, doc.id).to.include(`external/cwe/cwe-${doc.cwe.replace('CWE-', '')}`);
      expect(rule.properties.tags).to.include('security');
    }
  });
});
