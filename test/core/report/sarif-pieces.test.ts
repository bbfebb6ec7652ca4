/** toSarifPieces: the same text as toSarif, the log around the results and each result apart. */
import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { toSarif, toSarifPieces } from '../../../core/report/index.js';
import { runScan } from '../../../core/scan/index.js';
import { copyFixture } from '../scan/sample-project.js';
import { largeReport } from './large-report.js';
import { sampleReport, sqlFinding } from './sample-report.js';

function expectSameText(report: Parameters<typeof toSarif>[0]): string[] {
  const pieces = toSarifPieces(report);
  expect(pieces.join('')).to.equal(toSarif(report));
  return pieces;
}

describe('core/report toSarifPieces', () => {
  it('gives the text of toSarif, each result a piece of its own', () => {
    const report = sampleReport([sqlFinding('Input\n"reaches" a query \u2014 \ud83d\ude00 \\ here'), sqlFinding()]);
    expect(expectSameText(report)).to.have.length(report.findings.length + 2);
    expect(expectSameText(largeReport(300))).to.have.length(302);
  });

  it('gives one piece, the whole text, when there is no result', () => {
    expect(expectSameText(sampleReport([]))).to.have.length(1);
  });

  it("gives the text of a real scan's log, suppressed findings (with their suppressions) included", async () => {
    const root = copyFixture();
    const first = await runScan({ root, checks: ['all'] });
    expect(first.findings.length).to.be.greaterThan(0);
    const finding = first.findings.find((f) => f.range.startLine > 1)!;
    const file = path.join(root, finding.file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(finding.range.startLine - 1, 0, `// agentd-ignore-next-line ${finding.ruleId} -- kept on purpose`);
    writeFileSync(file, lines.join('\n'));
    const report = await runScan({ root, checks: ['all'] });
    expect(report.suppressed?.length ?? 0).to.be.greaterThan(0);
    expect(expectSameText(report).length).to.equal(report.findings.length + (report.suppressed?.length ?? 0) + 2);
  });
});
