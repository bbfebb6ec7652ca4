import { expect } from 'chai';
import { toMarkdown, toText, toJsonObject } from '../../../core/report/index.js';
import { complexityFinding, sampleReport, sqlFinding } from './sample-report.js';

describe('core/report toMarkdown, toText and toJson', () => {
  const markdown = toMarkdown(sampleReport());

  it('summarises counts by severity, category and check', () => {
    expect(markdown).to.contain('2 findings (1 critical, 1 medium)');
    expect(markdown).to.contain('| Critical | 1 |');
    expect(markdown).to.contain('| High | 0 |');
    expect(markdown).to.contain('| injection | 1 |');
    expect(markdown).to.match(/\| analysis\.security \| 1 \| 0\.01 s \| One injection\. \|/);
  });

  it('shows the finding with its excerpt, the range marked, a CWE link and the rule help', () => {
    expect(markdown).to.contain('### 1. Critical: Request input "req.query.id" reaches a SQL query.');
    expect(markdown).to.contain(
      '`security/sql-injection` · [src/routes/orders.ts:8](src/routes/orders.ts#L8) · col 22 · [CWE-89](https://cwe.mitre.org/data/definitions/89.html)',
    );
    expect(markdown).to.contain('>  8 |   const rows = await db.query(`SELECT * FROM orders WHERE id = ${id}`);');
    expect(markdown).to.contain(`     | ${' '.repeat(21)}${'^'.repeat(49)}`);
    expect(markdown).to.contain('   5 | ');
    expect(markdown).to.contain('**How to fix.** Use a parameterised query.');
    // The excerpt contains backticks, so its fence is longer than any run inside it.
    expect(markdown).to.contain('```ts\n');
  });

  it('escapes Markdown and HTML in messages', () => {
    const page = toMarkdown(sampleReport([sqlFinding('Bad <script>x</script> in *name* | col'), complexityFinding()]));
    expect(page).to.contain('Bad &lt;script&gt;x&lt;/script&gt; in \\*name\\* \\| col');
    expect(page).to.not.contain('<script>');
  });

  it('prints findings by file in the text format, with the counts last', () => {
    const text = toText(sampleReport());
    expect(text.split('\n')[0]).to.equal('src/routes/orders.ts');
    expect(text).to.match(/ {2}8:22 +critical +Request input "req.query.id" reaches a SQL query\. \(CWE-89\) {2}security\/sql-injection/);
    expect(text.trim().split('\n').pop()).to.equal('2 findings (1 critical, 1 medium) in 3 files (40 lines, 0.02 s).');
  });

  it("writes the contract findings with fingerprints and counts in JSON, without the checks' raw data", () => {
    const report = sampleReport();
    report.runs[0] = { ...report.runs[0]!, data: { huge: true } };
    const json = toJsonObject(report) as {
      format: string;
      findings: { fingerprint: string; ruleId: string }[];
      runs: object[];
      summary: { bySeverity: object };
    };
    expect(json.format).to.equal('agentd-scan');
    expect(json.findings.map((f) => f.ruleId)).to.deep.equal(['complexity/cyclomatic', 'security/sql-injection']);
    expect(json.findings.every((f) => /^[0-9a-f]{32}$/.test(f.fingerprint))).to.equal(true);
    expect(json.runs[0]).to.not.have.property('data');
    expect(json.summary.bySeverity).to.deep.equal({ critical: 1, high: 0, medium: 1, low: 0, info: 0 });
  });
});
