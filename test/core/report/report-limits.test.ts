import { expect } from 'chai';
import {
  escapeData,
  escapeProperty,
  githubCommand,
  toGithub,
  toJsonObject,
  toMarkdown,
  toSarif,
  toSarifLog,
} from '../../../core/report/index.js';
import { kindOf, largeReport } from './large-report.js';
import { sampleReport, sqlFinding } from './sample-report.js';
import { sarifValidator } from './sarif-schema.js';

type Json = Record<string, any>;

describe('core/report for pull requests: Markdown size, GitHub annotations, suppressions', function () {
  this.timeout(60_000);

  describe('Markdown of a large project', () => {
    const report = largeReport(20_000);
    const markdown = toMarkdown(report, {
      linkBase: 'https://github.com/o/r/blob/abc',
      moreAt: 'the workflow run: https://github.com/o/r/actions/runs/1',
    });

    it('stays within a pull-request comment (65,536 characters) and says how many are left out and where they are', () => {
      expect(markdown.length).to.be.at.most(65_536);
      const shown = (markdown.match(/^### \d+\. /gm) ?? []).length + (markdown.match(/^- \*\*/gm) ?? []).length;
      const left = report.findings.length - shown;
      expect(left).to.be.greaterThan(0);
      expect(markdown).to.contain(`…and ${left.toLocaleString('en-US')} more findings not shown`);
      expect(markdown).to.contain('(the workflow run: https://github.com/o/r/actions/runs/1)');
    });

    it('keeps the whole summary: counts per severity and check, and the most severe findings first with file:line links', () => {
      const critical = report.findings.filter((f) => f.severity === 'critical').length;
      expect(markdown).to.contain(`| Critical | ${critical} |`);
      for (const run of report.runs) expect(markdown).to.contain(`| ${run.capability} | ${run.findings} |`);
      expect(markdown).to.match(/### 1\. Critical: /);
      expect(markdown).to.match(/\[src\/module-0\/file-0\.ts:1\]\(https:\/\/github\.com\/o\/r\/blob\/abc\/src\/module-0\/file-0\.ts#L1\)/);
      expect(markdown).to.contain('suppressed by agentd-ignore comments');
    });

    it('holds a small report whole, with no "more" line', () => {
      const small = toMarkdown(sampleReport());
      expect(small).to.not.contain('more findings not shown');
      expect((small.match(/^### \d+\. /gm) ?? []).length).to.equal(2);
    });

    it('stays under any smaller limit asked for', () => {
      expect(toMarkdown(report, { maxChars: 10_000 }).length).to.be.at.most(10_000);
    });
  });

  describe('--format github', () => {
    it('escapes data and properties as @actions/core does', () => {
      expect(escapeData('50% done\r\nnext')).to.equal('50%25 done%0D%0Anext');
      expect(escapeProperty('a:b,c%')).to.equal('a%3Ab%2Cc%25');
    });

    it('writes one workflow command per finding: error for critical/high, warning for medium, notice below', () => {
      const finding = { ...sampleReport().findings.find((f) => f.ruleId === 'security/sql-injection')!, message: 'Bad: x, y\nz 100%' };
      expect(githubCommand(finding)).to.equal(
        '::error file=src/routes/orders.ts,line=8,endLine=8,col=22,endColumn=70,title=security/sql-injection (critical)::Bad: x, y%0Az 100%25 (CWE-89)',
      );
      expect(githubCommand(finding, 'packages/api')).to.contain('file=packages/api/src/routes/orders.ts,');
      const lines = toGithub(sampleReport()).trim().split('\n');
      expect(lines[0]).to.match(/^::error file=src\/routes\/orders\.ts,/);
      expect(lines[1]).to.match(/^::warning file=src\/routes\/orders\.ts,line=6,endLine=10,title=complexity\/cyclomatic \(medium\)::/);
      expect(lines[2]).to.equal('agentd scan: 2 findings (1 critical, 1 medium) in 3 files.');
    });
  });

  describe('suppressed findings', () => {
    const report = sampleReport([sqlFinding()]);
    report.suppressed = [
      {
        ...report.findings[0]!,
        suppression: { kind: 'inSource', justification: 'ids are validated upstream', file: 'src/routes/orders.ts', line: 7 },
      },
    ];
    report.findings = [];

    it('are SARIF results with an in-source suppression and its justification, valid against the schema', () => {
      const log = toSarifLog(report) as Json;
      const [result] = log.runs[0].results as Json[];
      expect(result!.suppressions).to.deep.equal([
        {
          kind: 'inSource',
          status: 'accepted',
          justification: 'ids are validated upstream',
          location: {
            physicalLocation: { artifactLocation: { uri: 'src/routes/orders.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 7 } },
          },
        },
      ]);
      const validate = sarifValidator();
      expect(validate(JSON.parse(toSarif(report))), JSON.stringify(validate.errors)).to.equal(true);
    });

    it('are listed apart in JSON and not counted', () => {
      const json = toJsonObject(report) as Json;
      expect(json.summary.total).to.equal(0);
      expect(json.stats.suppressedInSource).to.equal(1);
      expect(json.suppressed[0].suppression.justification).to.equal('ids are validated upstream');
    });

    it('carry their safe fixes into SARIF as replacements', () => {
      const fixed = sampleReport([{ ...sqlFinding(), fix: { description: 'Remove it.', edits: [{ start: 10, end: 14, text: 'x' }] } }]);
      const [result] = (toSarifLog(fixed) as Json).runs[0].results as Json[];
      expect(result!.fixes[0].artifactChanges[0].replacements).to.deep.equal([
        { deletedRegion: { charOffset: 10, charLength: 4 }, insertedContent: { text: 'x' } },
      ]);
    });
  });

  it('the large report follows its pattern (a check of the test data itself)', () => {
    expect(kindOf(0).severity).to.equal('critical');
    expect(largeReport(1000).findings.length + (largeReport(1000).suppressed?.length ?? 0)).to.equal(1000);
  });
});
